"""Alpha Battle (seed: Question 1 of assignment 2): two secret setups, then 16 letter duels.

Each player sets a permutation of the 26 letters A-Z and 10 distinct indices 0..25. A
player's indices remove letters from the OPPONENT's string, leaving 16 letters each in
their order; round ``k`` compares the ``k``-th letters, and the greater letter scores the
difference of the ASCII codes for its owner (equal letters score nothing). More points
wins; equal points draw. Player P is seat 0, player Q is seat 1.

>>> p, pi = "MZNHUVIOEPTWFJCBXKALSDQGYR", [1, 3, 2, 8, 10, 12, 9, 7, 4, 22]
>>> q, qi = "YFTUCSQOMGKPXNDWHIVJRABZEL", [21, 24, 25, 3, 4, 1, 8, 9, 10, 17]
>>> remove_letters(p, qi), remove_letters(q, pi)
('MNVIOWFJCBXALSQG', 'YSQPNDWHIVJRAZEL')
>>> alpha_battle(p, pi, q, qi)
{'P': 64, 'Q': 96}

The site's engine (secret setups, the seeded deal) is :mod:`games.catalog.alpha_battle.engine`;
``python -m games.rules.alpha_battle`` runs the seed program.
"""

from __future__ import annotations

import random
import string
from typing import Any

LETTERS = string.ascii_uppercase
N_INDICES = 10
PLAYERS = ("P", "Q")


# -- the seed's functions ---------------------------------------------------------------
def remove_letters(s: str, indices: list[int]) -> str:
    """``s`` without the letters at ``indices``, the rest in their order.

    >>> remove_letters("ABCDE", [3, 0])
    'BCE'
    """
    gone = set(indices)
    return "".join(c for i, c in enumerate(s) if i not in gone)


def battle_rounds(p: str, q: str) -> list[dict[str, Any]]:
    """The rounds of a battle between the reduced strings ``p`` (seat 0) and ``q`` (seat 1).

    Each round: its number, both letters and ASCII codes, the winning seat (None when
    equal), the points won and the running score.

    >>> first, second = battle_rounds("MN", "YN")
    >>> first["letters"], first["ascii"], first["winner"], first["points"], first["score"]
    (['M', 'Y'], [77, 89], 1, 12, {'P': 0, 'Q': 12})
    >>> second["winner"] is None, second["points"], second["score"]
    (True, 0, {'P': 0, 'Q': 12})
    """
    score = {"P": 0, "Q": 0}
    rounds = []
    for number, (a, b) in enumerate(zip(p, q, strict=False), start=1):
        diff = ord(a) - ord(b)
        winner = None if diff == 0 else 0 if diff > 0 else 1
        if winner is not None:
            score[PLAYERS[winner]] += abs(diff)
        rounds.append(
            {
                "round": number,
                "letters": [a, b],
                "ascii": [ord(a), ord(b)],
                "winner": winner,
                "points": abs(diff),
                "score": dict(score),
            }
        )
    return rounds


def alpha_battle(p: str, pi: list[int], q: str, qi: list[int]) -> dict[str, int]:
    """The scores ``{"P": n, "Q": m}`` of P (letters ``p``, indices ``pi`` removing from
    ``q``) against Q (``q``, ``qi`` removing from ``p``). Never modifies its arguments."""
    rounds = battle_rounds(remove_letters(p, qi), remove_letters(q, pi))
    return dict(rounds[-1]["score"]) if rounds else {"P": 0, "Q": 0}


def random_setup(seed: int) -> tuple[str, list[int], str, list[int]]:
    """``(p, pi, q, qi)`` as the seed program deals them: ``random.seed(seed)`` then
    ``random.sample`` for p, q, pi, qi in that order (a private generator with the same
    sequence, so the global one is left alone).

    >>> p, pi, q, qi = random_setup(1)
    >>> sorted(p) == sorted(q) == list(string.ascii_uppercase), len(set(pi)), len(set(qi))
    (True, 10, 10)
    """
    rng = random.Random(seed)
    p = "".join(rng.sample(LETTERS, 26))
    q = "".join(rng.sample(LETTERS, 26))
    pi = rng.sample(range(26), N_INDICES)
    qi = rng.sample(range(26), N_INDICES)
    return p, pi, q, qi


def result_message(score: dict[str, int]) -> str:
    """``Player P wins!``, ``Player Q wins!`` or ``Draw game!``."""
    if score["P"] == score["Q"]:
        return "Draw game!"
    return "Player P wins!" if score["P"] > score["Q"] else "Player Q wins!"


def result_lines(p: str, pi: list[int], q: str, qi: list[int]) -> list[str]:
    """The lines the seed program prints after reading the seed."""
    score = alpha_battle(p, pi, q, qi)
    return [
        f"Player P: {p} {list(pi)}",
        f"Player Q: {q} {list(qi)}",
        f"Score: {score}",
        result_message(score),
    ]


def console_text(p: str, pi: list[int], q: str, qi: list[int], seed: int | None = None) -> str:
    """The seed program's console output for these setups, a blank line between lines;
    with ``seed``, headed by the prompt line as typed (``Enter seed: <seed>``).

    >>> print(console_text("ABCDEFGHIJKLMNOPQRSTUVWXYZ", list(range(10)),
    ...                    "ABCDEFGHIJKLMNOPQRSTUVWXYZ", list(range(10))), end="")
    Player P: ABCDEFGHIJKLMNOPQRSTUVWXYZ [0, 1, 2, 3, 4, 5, 6, 7, 8, 9]
    <BLANKLINE>
    Player Q: ABCDEFGHIJKLMNOPQRSTUVWXYZ [0, 1, 2, 3, 4, 5, 6, 7, 8, 9]
    <BLANKLINE>
    Score: {'P': 0, 'Q': 0}
    <BLANKLINE>
    Draw game!
    """
    lines = ([] if seed is None else [f"Enter seed: {seed}"]) + result_lines(p, pi, q, qi)
    return "\n\n".join(lines) + "\n"


def main() -> None:
    """The seed program: read a seed, deal, battle, print."""
    seed = int(input("Enter seed: "))
    print()
    print("\n\n".join(result_lines(*random_setup(seed))))


if __name__ == "__main__":
    main()
