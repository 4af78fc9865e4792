"""Reversi's and Othello's value of a position for the analysis (``ai.analysis``), in discs:
the endgame solver's exact final difference when it proves it within part of the budget,
else the expert search's (a proved difference when it searched to the end, else the expert
evaluation's predicted final difference, ``reversi_eval.SCALE`` units a disc).

The budget is kept, however small: on a 26x26 board a position has up to a hundred moves and
more, each valued in its share of the position's second. A search the clock stops before it
finished one ply (or that had one reply only, and searched nothing) gives the evaluation of
the position itself."""

from __future__ import annotations

import time

from games.rules.base import Seat, State
from games.rules.reversi import PLAYERS
from games.rules.reversi_bits import WIN, from_board

from .reversi import solve_state
from .reversi_eval import SCALE, shipped
from .reversi_expert import expert_search

SOLVE_EMPTIES = 24  # the solver is tried from this many empty cells (within its share)
SOLVE_SHARE = 0.6


def analysis_value(state: State, mover: Seat, budget: float) -> tuple[bool, float] | None:
    """(proved, value) of the position for ``mover``, the seat to move; None when it has no
    legal move (the analysis plays the pass first)."""
    start = time.perf_counter()
    if sum(row.count(".") for row in state["board"]) <= SOLVE_EMPTIES:
        proof = solve_state(state, mover, budget * SOLVE_SHARE)
        if proof.proved:
            return True, proof.value
    _, result = expert_search(state, mover, None, max(0.0, budget - (time.perf_counter() - start)))
    if result is None:
        return None
    if result.exact:
        return True, result.score // WIN
    score = result.score if result.depth else evaluation(state, mover)
    return False, round(score / SCALE, 1)


def evaluation(state: State, mover: Seat) -> int:
    """The expert evaluation of the position for ``mover`` (``SCALE`` units a disc), no search."""
    g, mine, theirs = from_board(state["board"], PLAYERS[mover])
    return shipped()(mine, theirs, g.playable & ~(mine | theirs), g)
