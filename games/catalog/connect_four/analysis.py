"""Connect Four's value of a position for the analysis (``ai.analysis``): the expert's own
means, in Pons's scale (``connect_four_solver``: 0 a draw, a win ``1 +`` the stones the winner
still holds when it makes its four).

Proved where the solver proves it within part of the budget (drops only), or where the
strong search finds a forced win or loss (the sooner, the more it scores); otherwise the
strong search's estimate, one unit a low threat's weight in its evaluation, kept within the
scores a game could still reach.
"""

from __future__ import annotations

from games.rules.base import Seat, State

from .bits import position
from .search import CLOCK, MATE, WEIGHTS, WIN, search
from .solver import solve_position

SOLVE_SHARE = 0.6  # of the budget, for the solver (drops only)
UNIT = WEIGHTS[1]  # the evaluation's weight of one low threat: one unit of the estimate


def analysis_value(state: State, mover: Seat, budget: float) -> tuple[bool, float]:
    """(proved, value) of the position for ``mover``, the seat to move."""
    start = CLOCK()
    g, cur, mask = position(state, mover)
    played = mask.bit_count()
    pop_out = bool(state.get("pop_out"))
    if not pop_out:
        proof = solve_position(g, cur, mask, budget * SOLVE_SHARE)
        if proof is not None:
            return True, proof.score
    # The search's first MIN_DEPTH plies are always searched; beyond them, the budget is kept.
    _, info = search(state, mover, max(0.0, budget - (CLOCK() - start)))
    value = info["value"]
    if abs(value) >= MATE and not pop_out:  # a forced four at ``ply`` plies from here
        ply = WIN - abs(value)
        score = (g.cells + 1 - (played + ply - 1)) // 2
        return True, score if value > 0 else -score
    bound = (g.cells - played + 1) // 2
    return False, max(-bound, min(bound, round(value / UNIT, 1)))


def pons_win(state: State) -> float:
    """The score of a win made by the move from ``state`` (Pons's: 1 + the stones the winner
    still holds when it makes its four)."""
    cells = sum(len(row) for row in state["board"])
    before = sum(len(row) - row.count(".") for row in state["board"])
    return (cells + 1 - before) // 2
