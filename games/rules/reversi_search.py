"""The search behind the strongest Reversi/Othello computer player (standard library only).

The seed's :func:`games.rules.othello.selectNextPlay` calls :func:`best_move` (games.md: the
strongest computer player's move), and the rules import nothing of ``games.ai``: that is why
this search, unlike the others, is in ``games.rules``. ``games.ai.reversi`` wraps it for the
site's ``strong`` level. It knows no other rules module: positions are the bitboards of
:mod:`.reversi_bits`.

The search is iterative-deepening negamax with alpha-beta, a transposition table, move
ordering (the table's best move first, then corners, then the fewest replies for the
opponent), an evaluation of mobility, corners, stability, frontier and parity, and an exact
solve of the disc difference once few empties are left; all within a time budget.

>>> from games.catalog.othello.engine import start_board
>>> best_move(start_board(), "X", budget=0.05) in [(2, 3), (3, 2), (4, 5), (5, 4)]
True
>>> best_move([["X", "O"], [".", "."]], "O") is None
True
"""

from __future__ import annotations

import gc
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from .reversi_bits import BLACK, WHITE, WIN, Geometry, evaluate, flips_of, from_board, moves_of
from .reversi_endgame import Endgame, Timeout

DEFAULT_BUDGET = 0.8  # seconds per move: the strongest level must stay under 1 s
INFINITY = 10**9
CHECK_EVERY = 64  # nodes between two looks at the clock


_Timeout = Timeout  # the budget ran out in the middle of a search (or of a solve)
Evaluation = Callable[[int, int, int, Geometry], int]


# -- the search --------------------------------------------------------------------------
@dataclass
class SearchResult:
    """What one search found: the move (a one-bit mask), its score and how deep it looked."""

    move: int
    score: int
    depth: int
    exact: bool  # the score is the proven final disc difference (times WIN)
    nodes: int
    seconds: float


class Search:
    """One move's search: a transposition table, a node counter and a deadline."""

    def __init__(
        self,
        g: Geometry,
        budget: float,
        rng: random.Random | None = None,
        evaluation: Evaluation = evaluate,
        endgame_empties: int | None = None,
        deepen_share: float = 0.3,
        endgame: type[Endgame] = Endgame,
    ) -> None:
        """``evaluation`` scores a position for the side to move (|value| < WIN; the
        ``expert`` level brings its fitted one); the exact solve starts at
        ``endgame_empties`` empties (default: the geometry's); a deeper iteration starts
        while less than ``deepen_share`` of the budget is spent (one that the clock stops
        still counts: its root moves searched so far are compared with the last best);
        ``endgame`` is the exact solver's class (``games.ai`` brings one whose search is in C)."""
        self.g = g
        self.budget = budget
        self.rng = rng
        self.evaluation = evaluation
        self.endgame_empties = g.endgame_empties if endgame_empties is None else endgame_empties
        self.deepen_share = deepen_share
        self.table: dict[tuple[int, int], tuple[int, int, int, int]] = {}  # depth, lower, upper, move
        self.endgame = endgame(g)
        self.partial: tuple[int, int] | None = None
        self.nodes = 0
        self.deadline = 0.0
        self.started = 0.0

    # The clock: checked every CHECK_EVERY nodes.
    def _tick(self) -> None:
        if time.perf_counter() > self.deadline:
            raise _Timeout

    def _ordered(self, p: int, o: int, empty: int, moves: int, first: int, careful: bool) -> list[int]:
        """The moves as one-bit masks, best guesses first."""
        g = self.g
        priority = g.priority
        shifts = g.shifts
        keyed = []
        while moves:
            b = moves & -moves
            moves ^= b
            if b == first:
                rank = 1_000_000
            else:
                rank = priority[b.bit_length() - 1] * 1000
                if careful:
                    f = flips_of(b, p, o, shifts)
                    rank -= 40 * moves_of(o & ~f, p | f | b, empty & ~b, shifts).bit_count()
            keyed.append((rank, b))
        keyed.sort(reverse=True)
        return [b for _, b in keyed]

    def negamax(self, p: int, o: int, depth: int, alpha: int, beta: int) -> int:
        """The heuristic value of the position for the side to move, ``depth`` plies ahead."""
        self.nodes += 1
        if not self.nodes % CHECK_EVERY:
            self._tick()
        g = self.g
        empty = g.playable & ~(p | o)
        if depth <= 0 and empty:
            return self.evaluation(p, o, empty, g)
        moves = moves_of(p, o, empty, g.shifts)
        if not moves:
            if not empty or not moves_of(o, p, empty, g.shifts):
                return WIN * (p.bit_count() - o.bit_count())
            return -self.negamax(o, p, depth, -beta, -alpha)  # a pass costs no depth
        key = (p, o)
        entry = self.table.get(key)
        first = 0
        if entry is not None:
            first = entry[3]
            if entry[0] >= depth:
                lower, upper = entry[1], entry[2]
                if lower >= beta:
                    return lower
                if upper <= alpha:
                    return upper
                if lower == upper:
                    return lower
                alpha = max(alpha, lower)
                beta = min(beta, upper)
        if moves & (moves - 1) == 0:
            ordered = [moves]
        else:
            ordered = self._ordered(p, o, empty, moves, first, depth >= 3)
        alpha0 = alpha
        best, best_move = -INFINITY, ordered[0]
        shifts = g.shifts
        for b in ordered:
            f = flips_of(b, p, o, shifts)
            if best == -INFINITY:
                value = -self.negamax(o & ~f, p | f | b, depth - 1, -beta, -alpha)
            else:  # principal variation search: a null window first
                value = -self.negamax(o & ~f, p | f | b, depth - 1, -alpha - 1, -alpha)
                if alpha < value < beta:
                    value = -self.negamax(o & ~f, p | f | b, depth - 1, -beta, -value)
            if value > best:
                best, best_move = value, b
                if value > alpha:
                    alpha = value
                    if alpha >= beta:
                        break
        if best >= beta:
            self.table[key] = (depth, best, INFINITY, best_move)
        elif best <= alpha0:
            self.table[key] = (depth, -INFINITY, best, best_move)
        else:
            self.table[key] = (depth, best, best, best_move)
        return best

    def solve(self, p: int, o: int, alpha: int, beta: int) -> int:
        """The exact final disc difference for the side to move (alpha-beta bounded): the
        one endgame solver, :mod:`.reversi_endgame`, on this search's clock."""
        return self.endgame.solve(p, o, alpha, beta)

    def _root(
        self,
        p: int,
        o: int,
        ordered: list[int],
        depth: int,
        exact: bool,
        alpha: int = -INFINITY,
        beta: int = INFINITY,
    ) -> tuple[int, int]:
        """Search the root moves in order (principal variation search); return the best
        move and its score. ``self.partial`` follows the best move fully searched so far,
        for when the clock stops the search half-way."""
        shifts = self.g.shifts
        # With an rng, equal moves are told apart exactly (a window one wider) and one of
        # them is drawn: the same position does not always give the same game.
        tie = 1 if self.rng is not None and beta == INFINITY else 0
        best, best_move = -INFINITY, ordered[0]
        ties: list[int] = []
        for b in ordered:
            f = flips_of(b, p, o, shifts)
            q, r = o & ~f, p | f | b
            if exact:
                if best == -INFINITY:
                    value = -self.solve(q, r, -beta, -alpha)
                else:
                    value = -self.solve(q, r, -alpha - 1, -alpha + tie)
                    if alpha < value < beta:
                        value = -self.solve(q, r, -beta, -alpha + tie)
            elif best == -INFINITY:
                value = -self.negamax(q, r, depth - 1, -beta, -alpha)
            else:
                value = -self.negamax(q, r, depth - 1, -alpha - 1, -alpha + tie)
                if alpha < value < beta:
                    value = -self.negamax(q, r, depth - 1, -beta, -alpha + tie)
            if value > best:
                best, best_move, ties = value, b, [b]
                self.partial = (best_move, best)
                if value > alpha:
                    alpha = value
                    if alpha >= beta:
                        break
            elif value == best:
                ties.append(b)
        if self.rng is not None and len(ties) > 1:
            best_move = self.rng.choice(ties)
        return best_move, best

    def run(self, p: int, o: int, max_depth: int | None = None) -> SearchResult | None:
        """The best move for the side owning ``p``, or None when it has no move.

        Iterative deepening of the middle-game search until about a third of the budget is
        spent; with few empties (``Geometry.endgame_empties``) a shorter middle-game search,
        then an exact solve: win/draw/loss first, then the disc difference. When the clock
        stops a search, the last finished result stands (or a move the unfinished search
        already proved better). ``max_depth`` fixes the depth instead (no endgame solve).
        """
        collecting = gc.isenabled()
        gc.disable()  # the tables hold many small tuples: no collector pause mid-search
        try:
            return self._run(p, o, max_depth)
        finally:
            if collecting:
                gc.enable()

    def _run(self, p: int, o: int, max_depth: int | None) -> SearchResult | None:
        self.started = time.perf_counter()
        self.deadline = self.started + self.budget
        self.endgame.deadline = self.deadline
        g = self.g
        empty = g.playable & ~(p | o)
        moves = moves_of(p, o, empty, g.shifts)
        if not moves:
            return None
        n_empty = empty.bit_count()
        ordered = self._ordered(p, o, empty, moves, 0, True)
        result = SearchResult(ordered[0], 0, 0, False, 0, 0.0)
        if len(ordered) == 1:
            result.seconds = time.perf_counter() - self.started
            return result
        solve = max_depth is None and n_empty <= self.endgame_empties
        limit = max_depth if max_depth is not None else n_empty
        self.partial = None
        try:
            depth = 0
            while depth < limit:
                depth += 1
                exact = depth >= n_empty
                self.partial = None
                move, score = self._root(p, o, ordered, depth, exact)
                result = SearchResult(move, score * WIN if exact else score, depth, exact, 0, 0.0)
                ordered.remove(move)
                ordered.insert(0, move)
                elapsed = time.perf_counter() - self.started
                if (
                    exact
                    or elapsed > self.budget * self.deepen_share
                    or (solve and (depth >= 6 or elapsed > self.budget * 0.1))
                ):
                    break
            if solve and not result.exact:
                self.partial = None
                move, score = self._root(p, o, ordered, 0, True, -1, 1)  # win, draw or loss
                result = SearchResult(move, max(-1, min(1, score)) * WIN, result.depth, False, 0, 0.0)
                ordered.remove(move)
                ordered.insert(0, move)
                self.partial = None
                move, score = self._root(p, o, ordered, 0, True)  # the exact disc difference
                result = SearchResult(move, score * WIN, n_empty, True, 0, 0.0)
        except _Timeout:
            if self.partial is not None:
                # The unfinished search looked at the previous choice first: the best of
                # the moves it finished is that choice or a move proved better than it.
                result.move = self.partial[0]
        result.nodes = self.nodes + self.endgame.nodes
        result.seconds = time.perf_counter() - self.started
        return result


def search(
    board: Sequence[Sequence[str]],
    color: str,
    budget: float = DEFAULT_BUDGET,
    rng: random.Random | None = None,
    max_depth: int | None = None,
) -> SearchResult | None:
    """Search the position for ``color`` (None: it has no move and must pass)."""
    g, mine, theirs = from_board(board, color)
    return Search(g, budget, rng).run(mine, theirs, max_depth)


def best_move(
    board: Sequence[Sequence[str]],
    color: str,
    budget: float = DEFAULT_BUDGET,
    rng: random.Random | None = None,
) -> tuple[int, int] | None:
    """The strongest player's ``(row, col)`` for ``color``, or None when it must pass.

    ``board`` is never modified. ``rng`` breaks ties between equally good moves (without
    one the first of them is played).
    """
    if color not in (BLACK, WHITE):
        return None
    g, mine, theirs = from_board(board, color)
    result = Search(g, budget, rng).run(mine, theirs)
    return None if result is None else g.cell(result.move)
