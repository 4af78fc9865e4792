"""The computer's judgement of a position, for answering a draw offer: is it won, drawn or
lost for a seat? The same searches the levels play with, on a short budget.

``judge`` returns a number whose sign says it from ``seat``'s side (above 0: better for it,
0: drawn or even, below 0: worse), a proven result where the search finds one, else the
search's estimate; None where it has no judgement (a game without a search, a seat that must
pass). Pure Python, no Django: it runs in the search process.
"""

from __future__ import annotations

from .registry import KITS

BUDGET = 0.5  # seconds: an answer to a draw offer is not worth a move's whole second


def judge(slug: str, state: dict, seat: int, budget: float = BUDGET) -> int | None:
    """How the position stands for ``seat`` (see the module); None when it cannot say."""
    kit = KITS[slug]
    to_move, value_of = kit.game.to_move(state), kit.judge
    if len(to_move) != 1 or value_of is None:
        return None
    mover = to_move[0]
    try:
        value = value_of(state, mover, budget)
    except ValueError:  # no legal move for the mover: nothing to search
        return None
    if value is None:
        return None
    return value if mover == seat else -value


def accepts_draw(slug: str, state: dict, seat: int, budget: float = BUDGET) -> bool:
    """Does the computer in ``seat`` accept a draw? When it judges the position drawn or
    lost for itself; not when it has no judgement."""
    value = judge(slug, state, seat, budget)
    return value is not None and value <= 0
