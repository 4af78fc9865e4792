"""Connect Four's ``expert`` level: exact where it can prove, the strong search elsewhere.

On each move, within ``TIME_BUDGET`` seconds:

1. 6x7 without pop-out: the opening book (``connect_four_book.py``), when it holds the position;
2. without pop-out, any size, once at most ``SOLVE_EMPTIES`` cells are empty: the exact solver
   (``connect_four_solver.py``) with ``SOLVE_SHARE`` of the budget and at most ``LIVE_NODES``
   nodes; a proved position is played perfectly (the move keeps the proved score: the
   fastest win, else the slowest loss);
3. otherwise (pop-out, or a position too deep to prove) the ``strong`` search with the time
   left.

The judge of draw offers uses the solver too: a proved value is the game's value.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from games.rules.base import Game, Move, Seat, State

from . import search as strong_ai
from .bits import Geometry, position
from .book import lookup
from .solver import solve_position

TIME_BUDGET = 1.0  # seconds per move (the platform's bar: at most 1 s)
SOLVE_SHARE = 0.5  # the part of the budget the solver may use before the search takes over
LIVE_NODES = 60_000  # the solver's nodes per move (about half a second here): deterministic
# Earlier than this the solver hardly ever proves a 6x7 position in half a second (the bench:
# none of its games' positions with 30 empty cells, most with 28), and the half second
# is worth more to the search in the middle game, where games are decided.
SOLVE_EMPTIES = 28


def solver_first(g: Geometry, mask: int) -> bool:
    """Does the expert try its solver before searching (few enough empty cells)?"""
    return g.cells - mask.bit_count() <= SOLVE_EMPTIES


WIN = strong_ai.WIN


def decide(state: State, seat: Seat, budget: float = TIME_BUDGET) -> tuple[Move, dict[str, Any]]:
    """The expert's move for ``seat`` and how it was found: ``source`` (book, solver or
    search), ``proved`` and, when proved, ``score`` (Pons's convention, ``seat``'s side)."""
    start = strong_ai.CLOCK()
    g, cur, mask = position(state, seat)
    if not state.get("pop_out"):
        entry = lookup(g.rows, g.cols, cur, mask)
        if entry is not None:
            info = {"source": "book", "proved": entry.score is not None, "score": entry.score}
            return {"action": "drop", "column": entry.column}, info
        proof = (
            solve_position(g, cur, mask, budget * SOLVE_SHARE, LIVE_NODES) if solver_first(g, mask) else None
        )
        if proof is not None and proof.move is not None:
            return {"action": "drop", "column": proof.move}, {
                "source": "solver",
                "proved": True,
                "score": proof.score,
            }
    left = budget - (strong_ai.CLOCK() - start)
    move, info = strong_ai.search(state, seat, max(left, 0.05))
    info.update(source="search", proved=False)
    return move, info


def expert(game: Game, state: State, seat: Seat, rng: random.Random) -> Move:
    """Book, solver, then search, within ``TIME_BUDGET`` (deterministic: ``rng`` unused)."""
    return with_budget(TIME_BUDGET)(game, state, seat, rng)


def with_budget(budget: float) -> Callable[[Game, State, Seat, random.Random], Move]:
    """The expert searching ``budget`` seconds a move (the level ratings' short games)."""

    def chooser(game: Game, state: State, seat: Seat, rng: random.Random) -> Move:
        if not game.legal_moves(state, seat):
            return strong_ai.legal(game, state, seat, {})
        move, _ = decide(state, seat, budget)
        return strong_ai.legal(game, state, seat, move)

    return chooser


def mover_value(state: State, mover: Seat, budget: float) -> int:
    """The value for the seat to move (``ai.judge``): the solver's proof where it finds one
    (drops only): ``WIN`` a proved win, 0 a proved draw, ``-WIN`` a proved loss; else the
    strong search's estimate (beyond ``MATE``: a win or loss it proved)."""
    start = strong_ai.CLOCK()
    g, cur, mask = position(state, mover)
    if not state.get("pop_out") and solver_first(g, mask):
        proof = solve_position(g, cur, mask, budget * SOLVE_SHARE, LIVE_NODES)
        if proof is not None:
            return WIN * ((proof.score > 0) - (proof.score < 0))
    left = budget - (strong_ai.CLOCK() - start)
    return strong_ai.search(state, mover, max(left, 0.05))[1]["value"]
