"""An exact Connect Four solver (drops only, no pop-out) with a node and time budget.

Pascal Pons's method ("Solving Connect 4", github PascalPons/connect4), written afresh over
our bitboards (``games/catalog/connect_four/bits.py``): negamax with alpha-beta, searched
with null windows around a guess that bisects the possible scores, a transposition table
of bounds, moves that lose at once never played (and a forced block played alone), and
the moves that make the most threats searched first.

Scores are Pons's: 0 a draw; a win for the side to move is ``1 +`` the stones the winner
still holds when it makes its four, so a sooner win scores more (on 6x7, a win with one's
4th stone scores 18, with the 21st and last scores 1); a loss is the opposite. On any board
size: a win made after ``n`` stones were played (``n`` counted before the winning stone)
scores ``(cells + 1 - n) // 2``.

>>> from games.catalog.connect_four.bits import geometry
>>> solver = Solver(geometry(4, 4))
>>> solver.solve(0, 0)  # the empty 4x4 board is a draw
0
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from operator import itemgetter

from . import _core
from .bits import Geometry, threats

CLOCK = time.perf_counter
TT_LIMIT = 4_000_000  # entries; the table is cleared beyond this (memory stays near 1 GB)
_first = itemgetter(0)
LOWER_TAG = 1000  # a stored lower bound is kept as ``value + LOWER_TAG`` (upper bounds as is)


class OutOfBudget(Exception):
    """The solver used its nodes or time before it proved the value."""


def _half(x: int) -> int:
    """``x / 2`` rounded towards zero (C's division, as in Pons's bisection)."""
    return x // 2 if x >= 0 else -((-x) // 2)


@dataclass(frozen=True)
class Proof:
    """A proved value for the side to move: ``score`` in Pons's convention (see the module),
    ``move`` a column keeping it (None when the game is over or no move is asked for)."""

    score: int
    move: int | None = None

    @property
    def outcome(self) -> str:
        return "win" if self.score > 0 else "loss" if self.score < 0 else "draw"


class Solver:
    """Solves positions of one board size; its table is kept between calls (same budget rules)."""

    def __init__(self, g: Geometry, max_nodes: int | None = None, deadline: float | None = None) -> None:
        self.g = g
        self.max_nodes = max_nodes
        self.deadline = deadline
        self.nodes = 0
        self.tt: dict[int, int] = {}
        # The geometry's figures the search reads at every node, as plain attributes.
        self.h, self.cells, self.board, self.bottom_all = g.height, g.cells, g.board, g.bottom_all
        self.columns = tuple(g.column[c] for c in g.order)  # centre first

    # -- the budget ----------------------------------------------------------------------
    def _over(self) -> None:
        if self.max_nodes is not None and self.nodes > self.max_nodes:
            raise OutOfBudget
        if self.deadline is not None and CLOCK() > self.deadline:
            raise OutOfBudget

    # -- the search ----------------------------------------------------------------------
    def _negamax(self, cur: int, mask: int, n: int, alpha: int, beta: int) -> int:
        """The value for the side to move (stones ``cur``, ``n`` stones played), exact
        within (alpha, beta), a bound outside. The side to move has no win in one."""
        self.nodes += 1
        if not self.nodes & 1023:
            self._over()
        h, cells, board = self.h, self.cells, self.board
        empty = board ^ mask
        possible = (mask + self.bottom_all) & board
        opp = cur ^ mask
        opp_wins = threats(opp, empty, h)
        forced = possible & opp_wins
        if forced:
            if forced & (forced - 1):  # two threats to block: lost at their next move
                return -((cells - n) // 2)
            possible = forced
        moves = possible & ~(opp_wins >> 1)  # never play right under their threat
        if not moves:
            return -((cells - n) // 2)
        if n >= cells - 2:  # neither side can make four in the two last cells
            return 0
        low = -((cells - 2 - n) // 2)  # they cannot win at their next move
        if alpha < low:
            alpha = low
            if alpha >= beta:
                return alpha
        high = (cells - 1 - n) // 2  # nor can we at this one
        key = cur + mask
        tt = self.tt
        stored = tt.get(key)
        if stored is not None:
            if stored > LOWER_TAG // 2:
                low = stored - LOWER_TAG
                if alpha < low:
                    alpha = low
                    if alpha >= beta:
                        return alpha
            elif stored < high:
                high = stored
        if beta > high:
            beta = high
            if alpha >= beta:
                return beta
        # The moves, most threats made first (centre first among equals: the sort is stable).
        bits = [bit for column in self.columns if (bit := moves & column)]
        if len(bits) > 1:
            ordered = [((threats(cur | bit, empty ^ bit, h)).bit_count(), bit) for bit in bits]
            ordered.sort(key=_first, reverse=True)
            bits = [bit for _, bit in ordered]
        if len(tt) >= TT_LIMIT:
            tt.clear()
        for bit in bits:
            score = -self._negamax(opp, mask | bit, n + 1, -beta, -alpha)
            if score >= beta:
                tt[key] = score + LOWER_TAG
                return score
            if score > alpha:
                alpha = score
        tt[key] = alpha
        return alpha

    def solve(self, cur: int, mask: int, weak: bool = False) -> int:
        """The exact score of the position for the side to move (``cur``: its stones), or
        with ``weak`` only its sign (1 win, 0 draw, -1 loss). The game must not be over.
        Raises ``OutOfBudget`` when the budget runs out first."""
        g = self.g
        n = mask.bit_count()
        empty = g.board ^ mask
        possible = (mask + g.bottom_all) & g.board
        if threats(cur, empty, g.height) & possible:
            return 1 if weak else (g.cells + 1 - n) // 2
        low, high = -((g.cells - n) // 2), (g.cells + 1 - n) // 2
        if weak:
            low, high = max(low, -1), min(high, 1)
        while low < high:  # null windows narrow [low, high] around a guess
            med = low + (high - low) // 2
            if med <= 0 and _half(low) < med:
                med = _half(low)
            elif med >= 0 and _half(high) > med:
                med = _half(high)
            r = self._negamax(cur, mask, n, med, med + 1)
            if r <= med:
                high = r
            else:
                low = r
        if weak:  # a null window may return a bound beyond [-1, 1]: only its sign is proved
            return (low > 0) - (low < 0)
        return low

    def children(self, cur: int, mask: int) -> list[tuple[int, int | None]]:
        """Every legal column with the exact score it leaves for the side to move now (a
        win made by the move itself scores as such; None: not proved within the budget)."""
        g = self.g
        n = mask.bit_count()
        empty = g.board ^ mask
        possible = (mask + g.bottom_all) & g.board
        wins = threats(cur, empty, g.height) & possible
        out: list[tuple[int, int | None]] = []
        for c in g.order:
            bit = possible & g.column[c]
            if not bit:
                continue
            if bit & wins:
                out.append((c, (g.cells + 1 - n) // 2))
            elif mask | bit == g.board:
                out.append((c, 0))
            else:
                out.append((c, -self.solve(cur ^ mask, mask | bit)))
        return out

    def best(self, cur: int, mask: int, weak: bool = False) -> Proof:
        """The exact score and a move keeping it (the fastest win, else the slowest loss).
        With ``weak``, only the outcome (score 1 win, 0 draw, -1 loss) and a move keeping
        it: far cheaper near the start; a lost position then gives no move (all lose)."""
        g = self.g
        score = self.solve(cur, mask, weak)
        n = mask.bit_count()
        empty = g.board ^ mask
        possible = (mask + g.bottom_all) & g.board
        wins = threats(cur, empty, g.height) & possible
        if wins:
            return Proof(score, next(c for c in g.order if wins & g.column[c]))
        if weak and score < 0:
            return Proof(score)
        opp = cur ^ mask
        candidates = []
        for c in g.order:
            bit = possible & g.column[c]
            if bit:
                t = threats(cur | bit, empty ^ bit, g.height).bit_count()
                candidates.append((t, c, bit))
        candidates.sort(key=lambda m: -m[0])
        for _, c, bit in candidates:
            if mask | bit == g.board:
                if score == 0:
                    return Proof(0, c)
                continue
            # Does this move keep ``score``? One null window: its value is at least score.
            if threats(opp, empty ^ bit, g.height) & ((mask | bit) + g.bottom_all) & g.board:
                value = -((g.cells - n) // 2)  # they win at once
            else:
                value = -self._negamax(opp, mask | bit, n + 1, -score, -score + 1)
            if value >= score:
                return Proof(score, c)
        raise AssertionError("no move keeps the solved score")  # pragma: no cover


class CoreSolver(Solver):
    """The same solver with its negamax in C (``_core.c``): what the site plays with on the
    boards whose bitboard fits 64 bits. Its table is the calling thread's, kept between
    solvers of the same board size."""

    def _negamax(self, cur: int, mask: int, n: int, alpha: int, beta: int) -> int:
        nodes = 0 if self.max_nodes is None else max(1, self.max_nodes - self.nodes)
        seconds = -1.0 if self.deadline is None else max(0.0, self.deadline - CLOCK())
        value, used, done = _core.bound(self.g.rows, self.g.cols, cur, mask, alpha, beta, nodes, seconds)
        self.nodes += used
        if not done:
            raise OutOfBudget
        return value


def fits_core(g: Geometry) -> bool:
    """Does the C core solve this board size (its bitboard within 64 bits)?"""
    return g.cols * g.height <= 64


def solver_for(g: Geometry, max_nodes: int | None = None, deadline: float | None = None) -> Solver:
    """The site's solver for a board size: the C core where the board fits it, else the
    pure-Python reference (the boards beyond 64 bits, which only late positions prove)."""
    return (CoreSolver if fits_core(g) else Solver)(g, max_nodes, deadline)


def solve_position(
    g: Geometry,
    cur: int,
    mask: int,
    budget: float | None = None,
    max_nodes: int | None = None,
    weak: bool = False,
) -> Proof | None:
    """The proved score and best move of a position (drops only), or None when ``budget``
    seconds or ``max_nodes`` nodes do not suffice; with ``weak``, only its outcome (see
    ``Solver.best``)."""
    solver = solver_for(g, max_nodes, None if budget is None else CLOCK() + budget)
    try:
        return solver.best(cur, mask, weak)
    except OutOfBudget:
        return None
