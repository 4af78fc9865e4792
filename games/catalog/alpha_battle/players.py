"""Alpha Battle computer players: ``random`` (the rules' random setup) and ``strong``.

What a setup can achieve against a random opponent (the issue asks ``strong`` to maximise
its expected score against one). Round ``k`` scores ``|a_k - b_k|`` for the greater
letter, so P's margin is the sum of the differences::

    margin = sum(P's 16 surviving letters) - sum(Q's 16 surviving letters)
           = sum(q[i] for i in pi) - sum(p[i] for i in qi)

(each string loses exactly the 10 letters the other side strikes; the order of the
survivors, and so the pairing of the rounds, does not matter). Against a uniformly random
opponent ``(q, qi)``, ``q[pi]`` is a uniformly random 10-letter subset of the alphabet
whatever ``pi`` is, and ``p[qi]`` is one whatever ``p`` is, the two independent: the
margin has the same distribution for EVERY setup. So every setup maximises the expected
margin (it is 0), the expected points (each surviving letter is a uniform letter met by a
uniform one) and the chance of winning; no setup does better than another against random.

A setup fixed in advance (precomputed "optimal" constants) is therefore no better against
random, and it is much worse against anyone else: the setups are shown after every battle,
and whoever has seen it strikes its 10 highest letters and puts A..J at its indices:
``margin = sum(A..J) - sum(Q..Z) = 45 - 205 = -160`` every game. ``strong`` plays the
game's equilibrium instead: a uniformly random permutation and uniformly random indices.
Against ANY opponent, human or program, ``q[pi]`` and ``p[qi]`` are then uniformly random
10-subsets, so its expected margin is exactly 0 and a win is exactly as likely as a loss:
it cannot be exploited, which in this symmetric game is the best any setup can guarantee.
(``bench/ai_alpha_battle.py`` measures it against random, the "best" fixed setups a search
can find, and the exploit.)

Neither player looks at the other seat's setup, even when the state holds it (the platform
passes the whole state; the opponent may have committed first).
"""

from __future__ import annotations

import random

from games.catalog.alpha_battle.engine import check_setup
from games.catalog.alpha_battle.engine import random_move as random_setup
from games.rules.alpha_battle import LETTERS, N_INDICES
from games.rules.base import Game, Move, Seat, State


def _check_turn(game: Game, state: State, seat: Seat) -> None:
    if seat not in game.to_move(state):
        raise ValueError("This seat has no setup to make: it has committed, or the battle is over.")


def random_move(game: Game, state: State, seat: Seat, rng: random.Random) -> Move:
    """The seed's computer: a random setup (the rules' helper)."""
    _check_turn(game, state, seat)
    return random_setup(rng)


def strong(game: Game, state: State, seat: Seat, rng: random.Random) -> Move:
    """The equilibrium setup: every letter order and every set of indices equally likely
    (see the module's docstring: against a random opponent no setup scores more, and
    against any other opponent this one cannot be exploited). Never reads the opponent's
    setup from ``state``."""
    _check_turn(game, state, seat)
    letters = "".join(rng.sample(LETTERS, len(LETTERS)))
    indices = sorted(rng.sample(range(len(LETTERS)), N_INDICES))
    return check_setup({"letters": letters, "indices": indices})


def margin(p: str, pi: list[int], q: str, qi: list[int]) -> int:
    """P's points minus Q's, as the closed form above (``alpha_battle`` plays the rounds).

    >>> margin("ABCDEFGHIJKLMNOPQRSTUVWXYZ", list(range(10)), "ZYXWVUTSRQPONMLKJIHGFEDCBA", list(range(10)))
    160
    """
    return sum(ord(q[i]) for i in pi) - sum(ord(p[i]) for i in qi)


def decided_margin(state: State, seat: Seat) -> int | None:
    """The battle's exact result for ``seat`` (its points minus the other's) once both
    setups are known, by the closed form above: the battle is decided then, nothing is left
    to search. None while a setup is still secret (no setup beats another in expectation
    then: the game is decided by the setups alone). Used by the tests and the bench to
    check the rules' rounds; the draw-offer judge has nothing to ask, as the match ends the
    moment the second setup is in."""
    setups = state["setups"]
    if setups[0] is None or setups[1] is None:
        return None
    p, q = setups
    value = margin(p["letters"], p["indices"], q["letters"], q["indices"])
    return value if seat == 0 else -value


def best_response(p: str, pi: list[int]) -> Move:
    """The setup that beats a KNOWN setup ``(p, pi)`` by the most (160 points): strike its
    10 highest letters, and hold A..J at the positions it strikes."""
    strike = sorted(sorted(range(len(p)), key=lambda i: p[i])[-N_INDICES:])
    low = iter(LETTERS[:N_INDICES])
    high = iter(LETTERS[N_INDICES:])
    struck = set(pi)
    letters = "".join(next(low) if i in struck else next(high) for i in range(len(LETTERS)))
    return {"letters": letters, "indices": strike}


# -- analysis (``games.catalog.analysis``, ``games.catalog.review``): a setup judged in hindsight -------
# Once the battle is over both setups are public, and each is judged against the other's:
# its value is the margin it got, the best is ``best_response`` to the other's setup, which
# always wins by MOST (the other's 10 highest letters are Q..Z whatever its order, and A..J
# are left to be struck), so a setup's loss is MOST minus its margin.
MOST = sum(map(ord, LETTERS[-N_INDICES:])) - sum(map(ord, LETTERS[:N_INDICES]))  # 855 - 695 = 160


def analysis_value(state: State, seat: Seat, budget: float) -> tuple[bool, float] | None:
    """(proved, value) of a position for ``seat``: the battle's margin once both setups are
    in, the best reply's (MOST) once only the other's is; None while nothing is public."""
    decided = decided_margin(state, seat)
    if decided is not None:
        return True, decided
    other = state["setups"][1 - seat]
    if other is None or state["setups"][seat] is not None:
        return None
    reply = best_response(other["letters"], other["indices"])
    return True, margin(reply["letters"], reply["indices"], other["letters"], other["indices"])


def candidates(state: State, seat: Seat) -> list[Move]:
    """The setups the analysis values for ``seat`` (``legal_moves`` only describes the
    26! x 26!/16! of them): the best reply to the other seat's setup once it is public."""
    other = state["setups"][1 - seat]
    return [] if other is None else [best_response(other["letters"], other["indices"])]


def hindsight(states: list[State], index: int, seat: Seat) -> State:
    """The position the setup of ``seat`` (move ``index``) is judged in: the finished game's
    with the other seat's setup in and this seat's not, whichever committed first."""
    setups = list(states[-1]["setups"])
    setups[seat] = None
    return {**states[-1], "setups": setups}


def setup_label(move: Move) -> str:
    """A setup in a line of text: ``ABC…XYZ, strikes 0 1 2 …``."""
    return f"{move['letters']}, strikes {' '.join(map(str, sorted(move['indices'])))}"


# Review's marks in letter points: a setup that wins by more than 3/4 of MOST is unmarked,
# by more than half an inaccuracy, by half or less a mistake, and one that gives the whole
# win away (a draw or a loss) a blunder; so a setup's accuracy is the share of MOST it won by.
THRESHOLDS = (MOST // 4, MOST // 2, MOST)
