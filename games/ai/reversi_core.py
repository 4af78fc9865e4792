"""The Reversi family's exact endgame solver with its search in C (``_reversi_core.c``).

:class:`CoreEndgame` is :class:`games.rules.reversi_endgame.Endgame` with its search in C: the
same values, found faster, on boards of up to 8x8 (in 64 bits: the core lays a board out 8
cells a row, where ``reversi_bits`` gives each row ``cols + 1`` bits; larger boards keep the
reference). The pure-Python ``Endgame`` stays the reference the tests compare it with, and
the seed's ``selectNextPlay`` keeps it (the rules are pure Python); the site's ``expert``,
the draw-offer judge and the analysis solve with this one.

>>> from games.rules.reversi_bits import from_board
>>> g, p, o = from_board(["XO..", "XOO.", "XXO.", "...."], "X")
>>> solve(g, p, o).value
12
"""

from __future__ import annotations

import time
from functools import lru_cache

from games.rules.reversi_bits import Geometry
from games.rules.reversi_endgame import INFINITY, Endgame, Solution, Timeout
from games.rules.reversi_endgame import solve as reference_solve

from . import _reversi_core


def fits_core(g: Geometry) -> bool:
    """Does the C core take this board (at most 8 rows and 8 columns)?"""
    return g.rows <= 8 and g.cols <= 8


def dense(g: Geometry, mask: int) -> int:
    """A mask of ``g``'s layout (rows of ``cols + 1`` bits) in the core's (rows of 8)."""
    row = (1 << g.cols) - 1
    return sum(((mask >> (r * g.width)) & row) << (8 * r) for r in range(g.rows))


@lru_cache(maxsize=64)
def board_masks(g: Geometry, quadrants: tuple[int, ...]) -> tuple:
    """The core's arguments that depend only on the board: its shape, playable cells,
    anchors, edges and parity regions, in the core's layout."""
    edges = tuple(dense(g, e) for e in g.edges)
    regions = tuple(dense(g, q) for q in quadrants)
    return g.rows, g.cols, dense(g, g.playable), dense(g, g.anchors), edges, regions


class CoreEndgame(Endgame):
    """The endgame solver whose ``solve`` searches in C, within the same budget (the C table
    is the calling thread's, kept between solves of the same board shape)."""

    def __init__(self, g: Geometry, deadline: float = float("inf"), max_nodes: int | None = None) -> None:
        super().__init__(g, deadline, max_nodes)
        self.board = board_masks(g, self.quadrants)  # once a solver, not at every call

    def solve(self, p: int, o: int, alpha: int, beta: int) -> int:
        g = self.g
        nodes = 0 if self.max_nodes is None else max(1, self.max_nodes - self.nodes)
        seconds = -1.0 if self.deadline == float("inf") else max(0.0, self.deadline - time.perf_counter())
        value, used, done = _reversi_core.solve(
            *self.board, dense(g, p), dense(g, o), alpha, beta, nodes, seconds
        )
        self.nodes += used
        if not done:
            raise Timeout
        return value


def endgame_for(g: Geometry) -> type[Endgame]:
    """The site's endgame solver for a board: the C core where it fits, else the reference."""
    return CoreEndgame if fits_core(g) else Endgame


def solve(
    g: Geometry,
    p: int,
    o: int,
    budget: float | None = None,
    max_nodes: int | None = None,
    all_values: bool = False,
) -> Solution:
    """:func:`games.rules.reversi_endgame.solve` with the site's solver (the C core where the
    board fits it). With the core, the position's value is solved first, in C by null
    windows, and a move keeping it is then found with one narrow window a move, which the
    table filled by the first solve makes cheap (every move's value, with ``all_values``,
    comes as the reference finds them)."""
    if all_values or not fits_core(g):
        return reference_solve(g, p, o, budget, max_nodes, all_values, endgame=endgame_for(g))
    started = time.perf_counter()
    solver = CoreEndgame(g, float("inf") if budget is None else started + budget, max_nodes)
    try:
        value = solver.solve(p, o, -INFINITY, INFINITY)  # a pass, or the end, included
        move = next(
            (
                b
                for b, q, r in solver.root_moves(p, o)
                if -solver.solve(q, r, -value - 1, -value + 1) == value
            ),
            0,
        )
    except Timeout:
        return Solution(None, 0, False, solver.nodes, time.perf_counter() - started)
    return Solution(value, move, True, solver.nodes, time.perf_counter() - started)
