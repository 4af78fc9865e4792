"""Connect Four's ``expert`` level: exact where it can prove, the strong search elsewhere.

On each move, within ``TIME_BUDGET`` seconds:

1. 6x7 without pop-out: the opening book (``book.py``), when it holds the position (the first
   player's positions before the solver takes over, each move a proved win);
2. without pop-out, once few enough cells are empty (``solver_use``): the exact solver
   (``solver.py``, its C core where the board fits it) with part of the budget and at most
   a number of nodes (deterministic on a machine that is not overloaded); a proved position
   is played perfectly (the move keeps the proved score: the fastest win, else the slowest
   loss; with many empty cells, the proved outcome);
3. otherwise (pop-out, or a position too deep to prove) the ``strong`` search with the time
   left.

The judge of draw offers uses the solver too: a proved value is the game's value.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from games.rules.base import Game, Move, Seat, State

from . import search as strong_ai
from .bits import Geometry, position
from .book import lookup
from .solver import Proof, fits_core, solve_position

TIME_BUDGET = 1.0  # seconds per move (the platform's bar: at most 1 s)


@dataclass(frozen=True)
class SolverUse:
    """When and how long the expert tries its solver before searching."""

    empties: int  # at most this many empty cells
    share: float  # of the move's budget
    nodes: int  # and at most this many nodes
    exact_empties: int  # with more empty cells, only the outcome is proved (far cheaper)


# The C core proves most 6x7 positions from 8 stones (34 empty cells) within a few million
# nodes, the outcome (win, draw or loss) about three times as fast as the exact score
# (bench/connect_four_engines.py): before 12 stones it proves the outcome and keeps it. The
# hardest positions the benches met need up to 22.5 million nodes; its 25 million take about
# 0.85 s on the machine of the benches (2 cores) on a fast day (29 M nodes a second); on a
# slower one its share of the second ends the solve first. The pure-Python reference, on the
# boards beyond the core's 64 bits, hardly ever proves a position with more than 28 empty
# cells in half a second, and that half second is worth more to the search in the middle game.
CORE = SolverUse(empties=34, share=0.85, nodes=25_000_000, exact_empties=30)
PURE = SolverUse(empties=28, share=0.5, nodes=60_000, exact_empties=28)


def solver_use(g: Geometry) -> SolverUse:
    """How the expert uses its solver on this board size."""
    return CORE if fits_core(g) else PURE


def solve_in_play(
    g: Geometry, cur: int, mask: int, budget: float | None, nodes: int | None = None
) -> Proof | None:
    """The expert's solve of a position (drops only; None: not proved within the budget and
    its nodes, or too many empty cells): the exact score and a move keeping it, or with many
    empty cells the outcome (1, 0, -1) and a move keeping it (none when lost)."""
    use = solver_use(g)
    empties = g.cells - mask.bit_count()
    if empties > use.empties:
        return None
    nodes = use.nodes if nodes is None else nodes
    return solve_position(
        g, cur, mask, None if budget is None else budget * use.share, nodes, empties > use.exact_empties
    )


WIN = strong_ai.WIN


def decide(state: State, seat: Seat, budget: float = TIME_BUDGET) -> tuple[Move, dict[str, Any]]:
    """The expert's move for ``seat`` and how it was found: ``source`` (book, solver or
    search), ``proved`` and, when proved, ``score`` (Pons's convention, ``seat``'s side; the
    outcome 1, 0 or -1 where the solver proves only the outcome; None from the book)."""
    start = strong_ai.CLOCK()
    g, cur, mask = position(state, seat)
    if not state.get("pop_out"):
        entry = lookup(g.rows, g.cols, cur, mask)
        if entry is not None:
            info = {"source": "book", "proved": True, "score": entry.score}
            return {"action": "drop", "column": entry.column}, info
        proof = solve_in_play(g, cur, mask, budget)
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
