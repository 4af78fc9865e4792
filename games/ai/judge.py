"""The computer's judgement of a position, for answering a draw offer: is it won, drawn or
lost for a seat? The same searches the levels play with, on a short budget.

``judge`` returns a number whose sign says it from ``seat``'s side (above 0: better for it,
0: drawn or even, below 0: worse), a proven result where the search finds one, else the
search's estimate; None where it has no judgement (a game without a search, a seat that must
pass). Pure Python, no Django: it runs in the search process.
"""

from __future__ import annotations

from games.rules import GAMES

from . import connect_four, reversi, reversi_1d

BUDGET = 0.5  # seconds: an answer to a draw offer is not worth a move's whole second


def _mover_value(slug: str, state: dict, mover: int, budget: float) -> int | None:
    """The value of the position for the seat to move, or None."""
    if slug in ("reversi", "othello"):
        _, result = reversi.strong_search(state, mover, None, budget)
        return None if result is None else result.score
    if slug == "connect_four":
        _, info = connect_four.search(state, mover, budget)
        return info["value"]
    if slug == "reversi_1d":
        p, o = reversi_1d.masks(state["board"], reversi_1d.PLAYERS[mover])
        return reversi_1d.value(p, o)
    return None


def judge(slug: str, state: dict, seat: int, budget: float = BUDGET) -> int | None:
    """How the position stands for ``seat`` (see the module); None when it cannot say."""
    to_move = GAMES[slug].to_move(state)
    if len(to_move) != 1:
        return None
    mover = to_move[0]
    try:
        value = _mover_value(slug, state, mover, budget)
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
