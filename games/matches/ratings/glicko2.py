"""Glicko-2 (Mark Glickman, "Example of the Glicko-2 system", 2022 revision), pure Python.

A rating is (rating, deviation, volatility) on the Glicko scale; new players start at
1500 / 350 / 0.06. Every rated match is its own rating period for both players.

The paper's worked example (1500 / 200 / 0.06 beats 1400 / 30, loses to 1550 / 100 and to
1700 / 300; system constant 0.5) ends at 1464.06 / 151.52 / 0.05999. The paper rounds
mu' to -0.2069 before scaling back; unrounded, the same steps give 1464.0507:

>>> opponents = [(Rating(1400, 30), 1), (Rating(1550, 100), 0), (Rating(1700, 300), 0)]
>>> after = update(Rating(1500, 200, 0.06), opponents)
>>> round(after.rating, 4), round(after.deviation, 4), round(after.volatility, 6)
(1464.0507, 151.5165, 0.059996)
"""

from __future__ import annotations

import math
from dataclasses import dataclass

SCALE = 173.7178  # Glicko-2 works on (rating - 1500) / SCALE
TAU = 0.5  # the system constant: how much volatility may change (Glickman: 0.3 to 1.2)
EPSILON = 0.000001
START = (1500.0, 350.0, 0.06)
PROVISIONAL_DEVIATION = 110.0  # above this a rating is shown with a "?"


@dataclass(frozen=True)
class Rating:
    rating: float = START[0]
    deviation: float = START[1]
    volatility: float = START[2]

    @property
    def provisional(self) -> bool:
        return self.deviation > PROVISIONAL_DEVIATION


def _g(phi: float) -> float:
    return 1 / math.sqrt(1 + 3 * phi * phi / (math.pi * math.pi))


def _expected(mu: float, mu_j: float, phi_j: float) -> float:
    return 1 / (1 + math.exp(-_g(phi_j) * (mu - mu_j)))


def update(player: Rating, results: list[tuple[Rating, float]], tau: float = TAU) -> Rating:
    """``player`` after one rating period of ``results`` (opponent, score: 1 win, 0.5 draw,
    0 loss); with no results only the deviation grows (step 6 of the paper)."""
    mu, phi, sigma = (player.rating - 1500) / SCALE, player.deviation / SCALE, player.volatility
    if not results:
        return Rating(player.rating, min(350.0, math.sqrt(phi * phi + sigma * sigma) * SCALE), sigma)
    games = [((o.rating - 1500) / SCALE, o.deviation / SCALE, s) for o, s in results]
    v = 1 / sum(
        _g(phi_j) ** 2 * _expected(mu, mu_j, phi_j) * (1 - _expected(mu, mu_j, phi_j))
        for mu_j, phi_j, _ in games
    )
    gain = sum(_g(phi_j) * (s - _expected(mu, mu_j, phi_j)) for mu_j, phi_j, s in games)
    delta = v * gain
    sigma = _volatility(phi, sigma, v, delta, tau)
    phi_star = math.sqrt(phi * phi + sigma * sigma)
    phi_new = 1 / math.sqrt(1 / (phi_star * phi_star) + 1 / v)
    mu_new = mu + phi_new * phi_new * gain
    return Rating(mu_new * SCALE + 1500, phi_new * SCALE, sigma)


def _volatility(phi: float, sigma: float, v: float, delta: float, tau: float) -> float:
    """Step 5 of the paper: the new volatility by the Illinois algorithm."""
    a = math.log(sigma * sigma)

    def f(x: float) -> float:
        ex = math.exp(x)
        return ex * (delta * delta - phi * phi - v - ex) / (2 * (phi * phi + v + ex) ** 2) - (x - a) / (
            tau * tau
        )

    big_a = a
    if delta * delta > phi * phi + v:
        big_b = math.log(delta * delta - phi * phi - v)
    else:
        k = 1
        while f(a - k * tau) < 0:
            k += 1
        big_b = a - k * tau
    f_a, f_b = f(big_a), f(big_b)
    while abs(big_b - big_a) > EPSILON:
        big_c = big_a + (big_a - big_b) * f_a / (f_b - f_a)
        f_c = f(big_c)
        if f_c * f_b <= 0:
            big_a, f_a = big_b, f_b
        else:
            f_a /= 2
        big_b, f_b = big_c, f_c
    return math.exp(big_a / 2)


def after_match(a: Rating, b: Rating, score_a: float) -> tuple[Rating, Rating]:
    """Both players after one match between them (``score_a``: 1, 0.5 or 0 for ``a``)."""
    return update(a, [(b, score_a)]), update(b, [(a, 1 - score_a)])
