"""The computer's judgement of a position, for answering a draw offer: is it won, drawn or
lost for a seat? The game's own valuation (its kit's ``judge``, in the analysis' unit) on a
short budget.

``judgement`` returns ``(proved, value)`` from ``seat``'s side (value above 0: better for it,
0: drawn or even, below 0: worse), proved where the search finds the result, else the
search's estimate; None where it has no judgement (a game without one, a seat that must
pass). A draw is accepted when the result is proved drawn or lost, or when the estimate is
as far behind as a blunder loses (the analysis' largest mark): an open game is declined,
whatever the game. Pure Python, no Django: it runs in the search process.
"""

from __future__ import annotations

from .registry import KITS

BUDGET = 0.5  # seconds: an answer to a draw offer is not worth a move's whole second


def judgement(slug: str, state: dict, seat: int, budget: float = BUDGET) -> tuple[bool, float] | None:
    """(proved, value) of the position for ``seat`` (see the module); None when it cannot say."""
    kit = KITS[slug]
    to_move, value_of = kit.game.to_move(state), kit.judge
    if len(to_move) != 1 or value_of is None:
        return None
    mover = to_move[0]
    try:
        found = value_of(state, mover, budget)
    except ValueError:  # no legal move for the mover: nothing to search
        return None
    if found is None:
        return None
    proved, value = found
    return proved, value if mover == seat else -value


def judge(slug: str, state: dict, seat: int, budget: float = BUDGET) -> float | None:
    """How the position stands for ``seat``: the value of its ``judgement``, or None."""
    found = judgement(slug, state, seat, budget)
    return None if found is None else found[1]


def accepts_draw(slug: str, state: dict, seat: int, budget: float = BUDGET) -> bool:
    """Does the computer in ``seat`` accept a draw? When the position is proved drawn or lost
    for it, or its estimate is a blunder's worth behind; not in an open game, nor when it has
    no judgement."""
    found = judgement(slug, state, seat, budget)
    if found is None:
        return False
    proved, value = found
    if proved:
        return value <= 0
    analysis = KITS[slug].analysis
    return analysis is not None and value <= -analysis.thresholds[-1]
