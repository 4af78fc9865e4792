"""The exact Reversi/Othello endgame solver (standard library only): the final disc
difference for the side to move under perfect play by both sides, empties not counted.

One solver serves every player that solves: the ``strong`` search (:mod:`.reversi_search`,
under ``games.rules`` because the seed's ``selectNextPlay`` uses it), and, with its search
in C (``games.ai.reversi_core``, of which this module is the reference the tests compare it
with), ``games.ai``'s ``expert`` level, the draw-offer judge and the analysis. Positions are
the bitboards of :mod:`.reversi_bits`, so any board size and any blocked cells work.

What makes it fast enough in pure Python (measured by ``bench/reversi_engines.py``):

- flips along precomputed rays (per cell, only the directions with room for a flip), and a
  neighbour mask that rejects most empties before any ray is walked;
- with many empties: the transposition table's move first, then "fastest first" (the move
  leaving the opponent the fewest replies; corners favoured), the table keeping bounds;
- with few empties: no table and no mobility count (they cost more than they save there),
  moves in regions (board quarters) holding an odd number of empties first (parity: the
  side that moves last in a region usually gains there), and the last empty counted
  directly without generating the position after it.

``solve`` answers within a budget of time or nodes, and says whether it proved the value.

>>> from .reversi_bits import from_board
>>> g, p, o = from_board(["XO..", "XOO.", "XXO.", "...."], "X")
>>> result = solve(g, p, o)
>>> result.proved, result.value
(True, 12)
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from functools import lru_cache

from .reversi_bits import Geometry, moves_of

INFINITY = 10**9
SHALLOW = 6  # empties from which the table and the mobility ordering pay for themselves
CHECK_EVERY = 256  # nodes between two looks at the clock (a node with many empties costs ~0.1 ms)


class Timeout(Exception):
    """The budget (time or nodes) ran out in the middle of a solve."""


@dataclass(frozen=True)
class Rays:
    """Per bit index of one geometry: the rays a flip can run along, and the neighbours."""

    rays: tuple[tuple[tuple[int, ...], ...], ...]
    neighbours: tuple[int, ...]
    quadrants: tuple[int, ...]  # masks of the board's quarters (parity regions)


@lru_cache(maxsize=64)
def rays_of(g: Geometry) -> Rays:
    """The rays, neighbour masks and parity regions of a geometry (cached per shape)."""
    size = g.rows * g.width
    rays, neighbours = [], []
    for index in range(size):
        cell = 1 << index
        around, found = 0, []
        if cell & g.playable:
            for s in g.shifts:
                for step in (s, -s):
                    ray = []
                    at = index + step
                    while 0 <= at < size and (1 << at) & g.playable:
                        ray.append(1 << at)
                        at += step
                    if ray:
                        around |= ray[0]
                    if len(ray) >= 2:  # a flip needs an opponent disc and one of the mover's beyond
                        found.append(tuple(ray))
        rays.append(tuple(found))
        neighbours.append(around)
    half_r, half_c = (g.rows + 1) // 2, (g.cols + 1) // 2
    quadrants = []
    for rows in (range(half_r), range(half_r, g.rows)):
        for cols in (range(half_c), range(half_c, g.cols)):
            mask = 0
            for r in rows:
                for c in cols:
                    mask |= 1 << (r * g.width + c)
            quadrants.append(mask & g.playable)
    return Rays(tuple(rays), tuple(neighbours), tuple(q for q in quadrants if q))


def _flips(rays: tuple[tuple[int, ...], ...], p: int, o: int) -> int:
    """The discs of ``o`` a disc of ``p`` flips on a cell with these ``rays``."""
    flipped = 0
    for ray in rays:
        line = 0
        for b in ray:
            if b & o:
                line |= b
            else:
                if b & p:
                    flipped |= line
                break
    return flipped


@dataclass
class Solution:
    """What a budgeted solve found: the value for the side to move (final disc difference,
    empties not counted) and a move keeping it (a one-bit mask, 0 when it must pass), or
    ``proved`` False and value None when the budget ran out first."""

    value: int | None
    move: int
    proved: bool
    nodes: int
    seconds: float
    values: dict[int, int] = field(default_factory=dict)  # root move -> its exact value, when asked


class Endgame:
    """One solve's state: the geometry's rays, a transposition table and the budget."""

    def __init__(self, g: Geometry, deadline: float = float("inf"), max_nodes: int | None = None) -> None:
        self.g = g
        r = rays_of(g)
        self.rays, self.neighbours, self.quadrants = r.rays, r.neighbours, r.quadrants
        self.table: dict[tuple[int, int], tuple[int, int, int]] = {}  # lower, upper, best move
        self.deadline = deadline
        self.max_nodes = max_nodes
        self.nodes = 0
        self._next_check = CHECK_EVERY

    def _check(self) -> None:
        self._next_check = self.nodes + CHECK_EVERY
        if time.perf_counter() > self.deadline or (
            self.max_nodes is not None and self.nodes > self.max_nodes
        ):
            raise Timeout

    def solve(self, p: int, o: int, alpha: int, beta: int) -> int:
        """The exact value for the side owning ``p`` when it lies in (alpha, beta); else a
        bound beyond the window on the same side (fail-soft alpha-beta)."""
        empty = self.g.playable & ~(p | o)
        n = empty.bit_count()
        if n <= SHALLOW:
            return self._shallow(p, o, empty, n, alpha, beta, False)
        return self._deep(p, o, empty, n, alpha, beta, False)

    # -- many empties: table and fastest-first ----------------------------------------------
    def _deep(self, p: int, o: int, empty: int, n: int, alpha: int, beta: int, passed: bool) -> int:
        self.nodes += 1
        if self.nodes >= self._next_check:
            self._check()
        key = (p, o)
        entry = self.table.get(key)
        first = 0
        if entry is not None:
            lower, upper, first = entry
            if lower >= beta:
                return lower
            if upper <= alpha:
                return upper
            if lower == upper:
                return lower
            if lower > alpha:
                alpha = lower
            if upper < beta:
                beta = upper
        rays, neighbours = self.rays, self.neighbours
        shifts, anchors = self.g.shifts, self.g.anchors
        children = []
        e = empty
        while e:
            b = e & -e
            e ^= b
            i = b.bit_length() - 1
            if not neighbours[i] & o:
                continue
            f = _flips(rays[i], p, o)
            if f:
                q, r = o & ~f, p | f | b
                if b == first:
                    rank = -100
                else:
                    rank = moves_of(q, r, empty & ~b, shifts).bit_count() * 4
                    if b & anchors:
                        rank -= 6
                children.append((rank, b, q, r))
        if not children:
            if passed:
                return p.bit_count() - o.bit_count()
            return -self._deep(o, p, empty, n, -beta, -alpha, True)
        children.sort()
        alpha0 = alpha
        best, best_move = -INFINITY, children[0][1]
        child_n = n - 1
        for _, b, q, r in children:
            child_empty = empty & ~b
            if child_n <= SHALLOW:
                if best == -INFINITY:
                    value = -self._shallow(q, r, child_empty, child_n, -beta, -alpha, False)
                else:
                    value = -self._shallow(q, r, child_empty, child_n, -alpha - 1, -alpha, False)
                    if alpha < value < beta:
                        value = -self._shallow(q, r, child_empty, child_n, -beta, -value, False)
            elif best == -INFINITY:
                value = -self._deep(q, r, child_empty, child_n, -beta, -alpha, False)
            else:  # principal variation search: prove the others worse with a null window
                value = -self._deep(q, r, child_empty, child_n, -alpha - 1, -alpha, False)
                if alpha < value < beta:
                    value = -self._deep(q, r, child_empty, child_n, -beta, -value, False)
            if value > best:
                best, best_move = value, b
                if value > alpha:
                    alpha = value
                    if alpha >= beta:
                        break
        if best >= beta:
            self.table[key] = (best, INFINITY, best_move)
        elif best <= alpha0:
            self.table[key] = (-INFINITY, best, best_move)
        else:
            self.table[key] = (best, best, best_move)
        return best

    # -- few empties: parity order, no table -----------------------------------------------
    def _shallow(self, p: int, o: int, empty: int, n: int, alpha: int, beta: int, passed: bool) -> int:
        self.nodes += 1
        if n == 1:
            return self._last(p, o, empty)
        if self.nodes >= self._next_check:
            self._check()
        rays, neighbours = self.rays, self.neighbours
        odd = even = 0
        for quadrant in self.quadrants:
            inside = empty & quadrant
            if inside.bit_count() & 1:
                odd |= inside
            else:
                even |= inside
        best = -INFINITY
        moved = False
        for group in (odd, even):
            while group:
                b = group & -group
                group ^= b
                i = b.bit_length() - 1
                if not neighbours[i] & o:
                    continue
                f = _flips(rays[i], p, o)
                if not f:
                    continue
                moved = True
                value = -self._shallow(o & ~f, p | f | b, empty & ~b, n - 1, -beta, -alpha, False)
                if value > best:
                    best = value
                    if value > alpha:
                        alpha = value
                        if alpha >= beta:
                            return best
        if moved:
            return best
        if passed:
            return p.bit_count() - o.bit_count()
        return -self._shallow(o, p, empty, n, -beta, -alpha, True)

    def _last(self, p: int, o: int, empty: int) -> int:
        """One empty left: count its flips for the mover, else for the other side."""
        i = empty.bit_length() - 1
        rays = self.rays[i]
        f = _flips(rays, p, o).bit_count()
        if f:
            return p.bit_count() - o.bit_count() + 2 * f + 1
        f = _flips(rays, o, p).bit_count()
        if f:
            return p.bit_count() - o.bit_count() - 2 * f - 1
        return p.bit_count() - o.bit_count()

    # -- the root ------------------------------------------------------------------------
    def root_moves(self, p: int, o: int) -> list[tuple[int, int, int]]:
        """(move, the opponent's discs after it, the mover's discs after it), fastest first."""
        empty = self.g.playable & ~(p | o)
        found = []
        e = empty
        while e:
            b = e & -e
            e ^= b
            f = _flips(self.rays[b.bit_length() - 1], p, o)
            if f:
                q, r = o & ~f, p | f | b
                found.append((moves_of(q, r, empty & ~b, self.g.shifts).bit_count(), b, q, r))
        found.sort()
        return [(b, q, r) for _, b, q, r in found]


def solve(
    g: Geometry,
    p: int,
    o: int,
    budget: float | None = None,
    max_nodes: int | None = None,
    all_values: bool = False,
    endgame: type[Endgame] = Endgame,
) -> Solution:
    """Solve the position of the side owning ``p`` within ``budget`` seconds and/or
    ``max_nodes`` nodes (None: no limit). With ``all_values`` every root move's exact value
    is proved too (tests, analysis), not only the best one's. ``endgame``: the solver's class
    (``games.ai`` brings one whose search is in C)."""
    started = time.perf_counter()
    deadline = float("inf") if budget is None else started + budget
    solver = endgame(g, deadline, max_nodes)
    move, value = 0, None
    values: dict[int, int] = {}
    try:
        children = solver.root_moves(p, o)
        if not children:
            value = -solver.solve(o, p, -INFINITY, INFINITY)  # a pass, or the end of the game
        else:
            alpha = -INFINITY
            for b, q, r in children:
                if all_values:
                    v = -solver.solve(q, r, -INFINITY, INFINITY)
                    values[b] = v
                elif alpha == -INFINITY:
                    v = -solver.solve(q, r, -INFINITY, INFINITY)
                else:
                    v = -solver.solve(q, r, -alpha - 1, -alpha)
                    if v > alpha:
                        v = -solver.solve(q, r, -INFINITY, -alpha)
                if v > alpha:
                    alpha, move = v, b
            value = alpha
    except Timeout:
        return Solution(None, 0, False, solver.nodes, time.perf_counter() - started)
    return Solution(value, move, True, solver.nodes, time.perf_counter() - started, values)
