"""Connect Four computer players: ``random``, ``medium`` (a plain depth-4 minimax, in
``connect_four_minimax.py``) and ``strong``; ``expert`` is ``connect_four_expert.py``.

``strong`` is an iterative-deepening negamax with alpha-beta on bitboards, a transposition
table, centre-first move ordering (refined by the threats a move creates), immediate wins
and forced blocks at every node, within ``TIME_BUDGET`` seconds per move; with the pop-out
option it also searches pops. Every board size the rules allow (4..12 x 4..12) works.

The positions are bitboards (``games/catalog/connect_four/bits.py``). The move returned is always
one of ``GAME.legal_moves(state, seat)``.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from typing import Any

from games.rules.base import Game, Move, Seat, State

from .bits import (  # noqa: F401 (position, status: the tests' view of the bitboards)
    Geometry,
    children,
    has_four,
    move_of,
    open_windows,
    position,
    status,
    threats,
)

TIME_BUDGET = 1.0  # seconds per move at ``strong`` (the platform's bar: at most 1 s)
CLOCK = time.perf_counter  # the budget's clock (benchmarks on a shared machine may count CPU time)
SAFETY = 0.92  # the part of the budget the search may use (the rest: conversion, slack)
MIN_DEPTH = 2  # plies always searched whatever the clock says (sees every win and block)
MAX_DEPTH = 64  # with pop-out a game has no fixed length

WIN = 1_000_000  # a win at ply p (from the root) scores WIN - p: sooner is better
MATE = WIN - 10_000  # scores beyond +-MATE are proven wins or losses
INF = 10 * WIN
EXACT, LOWER, UPPER = 0, 1, 2
TT_LIMIT = 3_000_000  # entries; the table is cleared if it grows beyond this
# The evaluation's weights: all threats, low threats, open windows of two or more, stacked
# low threats, low threats of the right parity, centre (tuned against the depth-4 minimax).
WEIGHTS = (2, 8, 4, 40, 16, 1)


class _Timeout(Exception):
    """The clock ran out inside an iteration: its partial result is discarded."""


# -- strong -------------------------------------------------------------------------------
class Search:
    """One move's search: a transposition table, a node counter and the clock."""

    def __init__(self, g: Geometry, pop_out: bool, deadline: float) -> None:
        self.g = g
        self.pop_out = pop_out
        self.deadline = deadline
        self.clock = False  # the deadline applies only beyond MIN_DEPTH
        self.tt: dict[int, tuple[int, int, int, int]] = {}
        self.nodes = 0
        self.shift = g.height * g.cols + 1  # key = mask << shift | cur

    def _tick(self) -> None:
        self.nodes += 1
        if self.clock and not self.nodes & 1023 and CLOCK() > self.deadline:
            raise _Timeout

    def evaluate(self, cur: int, opp: int, mask: int, mt: int, ot: int) -> int:
        """A heuristic score for the side to move, whose threats (empty cells completing a
        four) are ``mt`` and the opponent's ``ot`` (weights: ``WEIGHTS``).

        - threats, and much more the *low* ones: below every threat of the other side in
          their column (a threat above the opponent's, or on the same cell, rarely comes
          true: the column is blocked before it is reached);
        - a low threat with another of the same side right above it (whoever fills the
          lower cell's column first loses);
        - on boards with an even number of rows, low threats of the right parity: the
          first player's on odd rows (1, 3, 5... from the bottom), the second player's on
          even rows, which zugzwang gives to them when the board fills up;
        - windows of four holding two or more of one side's stones and none of the other's;
        - stones near the centre (they take part in more fours).
        """
        g = self.g
        h = g.height
        w_all, w_low, w_two, w_stack, w_parity, w_centre = WEIGHTS
        # Low threats: strictly below every threat of the other side in their column (a
        # threat above another, or on the same cell, rarely survives the endgame).
        s = ot | g.sentinels
        mt_low = mt & (s - g.bottom_all) & ~s
        s = mt | g.sentinels
        ot_low = ot & (s - g.bottom_all) & ~s
        score = w_all * (mt.bit_count() - ot.bit_count()) + w_low * (mt_low.bit_count() - ot_low.bit_count())
        score += w_stack * ((mt_low & (mt >> 1)).bit_count() - (ot_low & (ot >> 1)).bit_count())
        score += w_two * (open_windows(cur, g.board ^ opp, h) - open_windows(opp, g.board ^ cur, h))
        if g.parity:
            if mask.bit_count() & 1:  # the second player (Y) to move
                score += w_parity * ((mt_low & g.even_rows).bit_count() - (ot_low & g.odd_rows).bit_count())
            else:
                score += w_parity * ((mt_low & g.odd_rows).bit_count() - (ot_low & g.even_rows).bit_count())
        for w, m in g.centre:
            score += w_centre * w * ((cur & m).bit_count() - (opp & m).bit_count())
        return score

    def _probe(
        self, key: int, depth: int, alpha: int, beta: int, ply: int
    ) -> tuple[int | None, int, int, int]:
        """(value or None, best move, alpha, beta) from the table."""
        entry = self.tt.get(key)
        if entry is None:
            return None, -1, alpha, beta
        e_depth, flag, val, move = entry
        if e_depth >= depth:
            if val > MATE:
                val -= ply
            elif val < -MATE:
                val += ply
            if flag == EXACT:
                return val, move, alpha, beta
            if flag == LOWER:
                alpha = max(alpha, val)
            else:
                beta = min(beta, val)
            if alpha >= beta:
                return val, move, alpha, beta
        return None, move, alpha, beta

    def _store(self, key: int, depth: int, best: int, alpha0: int, beta: int, move: int, ply: int) -> None:
        flag = UPPER if best <= alpha0 else LOWER if best >= beta else EXACT
        val = best + ply if best > MATE else best - ply if best < -MATE else best
        if len(self.tt) > TT_LIMIT:
            self.tt.clear()
        self.tt[key] = (depth, flag, val, move)

    # Drops only: Pons's tricks (immediate win, forced block, never under a threat).
    def drops(
        self, cur: int, mask: int, depth: int, alpha: int, beta: int, ply: int, mt: int, ot: int
    ) -> int:
        """Negamax value for the side to move (stones ``cur``), whose threats are ``mt``
        and the opponent's ``ot`` (each parent computes them for its children)."""
        self.nodes += 1
        if self.clock and not self.nodes & 1023 and CLOCK() > self.deadline:
            raise _Timeout
        g = self.g
        possible = (mask + g.bottom_all) & g.board
        if not possible:
            return 0
        if mt & possible:
            return WIN - ply - 1
        forced = ot & possible
        candidates = possible & ~(ot >> 1)
        if forced:
            if forced & (forced - 1):
                return -(WIN - ply - 2)
            candidates &= forced
        if not candidates:
            return -(WIN - ply - 2)
        single = not candidates & (candidates - 1)
        opp = cur ^ mask
        if depth <= 0 and not single:
            return self.evaluate(cur, opp, mask, mt, ot)
        # Bounds: no win before ply + 3; no loss before ply + 4 (ply + 2 is blocked).
        hi = WIN - ply - 3
        lo = -(WIN - ply - 4)
        if beta > hi:
            beta = hi
        if alpha < lo:
            alpha = lo
        if alpha >= beta:
            return alpha
        key = (mask << self.shift) | cur
        alpha0 = alpha
        val, tt_move, alpha, beta = self._probe(key, depth, alpha, beta, ply)
        if val is not None:
            return val
        h = g.height
        empty = g.board ^ mask
        next_depth = depth if single else depth - 1
        best, best_move = -INF, 0
        if tt_move > 0 and tt_move & candidates:
            # The table's best move first, before the others are even generated.
            t = threats(cur | tt_move, empty ^ tt_move, h)
            best = -self.drops(opp, mask | tt_move, next_depth, -beta, -alpha, ply + 1, ot & ~tt_move, t)
            best_move = tt_move
            if best > alpha:
                alpha = best
                if alpha >= beta:
                    self._store(key, depth, best, alpha0, beta, best_move, ply)
                    return best
            candidates ^= tt_move
        moves = []
        if next_depth > 0:
            for c in g.order:
                bit = candidates & g.column[c]
                if bit:
                    t = threats(cur | bit, empty ^ bit, h)  # my threats after the move
                    moves.append((t.bit_count(), bit, t))
            if len(moves) > 1:
                moves.sort(key=lambda m: -m[0])  # stable: centre-first among equals
        else:  # the children are leaves: centre-first, threats computed only when visited
            moves = [(0, bit, -1) for c in g.order if (bit := candidates & g.column[c])]
        for _, bit, t in moves:
            if t < 0:
                t = threats(cur | bit, empty ^ bit, h)
            if best == -INF:
                v = -self.drops(opp, mask | bit, next_depth, -beta, -alpha, ply + 1, ot & ~bit, t)
            else:  # principal variation search: prove the rest worse with a null window
                v = -self.drops(opp, mask | bit, next_depth, -alpha - 1, -alpha, ply + 1, ot & ~bit, t)
                if alpha < v < beta:
                    v = -self.drops(opp, mask | bit, next_depth, -beta, -v, ply + 1, ot & ~bit, t)
            if v > best:
                best, best_move = v, bit
                if v > alpha:
                    alpha = v
                    if alpha >= beta:
                        break
        self._store(key, depth, best, alpha0, beta, best_move, ply)
        return best

    # With pop-out: every drop and pop, each result judged like check_winner.
    def pops(self, cur: int, mask: int, depth: int, alpha: int, beta: int, ply: int) -> int:
        self._tick()
        g = self.g
        h = g.height
        opp = cur ^ mask
        if depth <= 0:
            possible = (mask + g.bottom_all) & g.board
            empty = g.board ^ mask
            mt = threats(cur, empty, h)
            if mt & possible:
                return WIN - ply - 1
            return self.evaluate(cur, opp, mask, mt, threats(opp, empty, h))
        key = (mask << self.shift) | cur
        alpha0 = alpha
        val, tt_move, alpha, beta = self._probe(key, depth, alpha, beta, ply)
        if val is not None:
            return val
        scored = []
        best, best_move = -INF, -1
        for move_id, me, op, nmask in children(g, cur, mask, True):
            m4 = has_four(me, h)
            o4 = has_four(op, h)
            if m4 and not o4:
                return WIN - ply - 1
            if o4 or m4:  # o4 alone: a losing pop; both: a tie
                v = 0 if m4 else -(WIN - ply - 1)
                if v > best:
                    best, best_move = v, move_id
                continue
            if nmask == g.board:  # the board is full: a draw
                if 0 > best:
                    best, best_move = 0, move_id
                continue
            if move_id == tt_move:
                prio = 1000
            else:
                prio = threats(me, g.board ^ nmask, h).bit_count() - (move_id >= g.cols)
            scored.append((prio, move_id, me, op, nmask))
        if best > alpha:
            alpha = best
        if alpha < beta and scored:
            scored.sort(key=lambda m: -m[0])
            for _, move_id, _me, op, nmask in scored:
                v = -self.pops(op, nmask, depth - 1, -beta, -alpha, ply + 1)
                if v > best:
                    best, best_move = v, move_id
                    if v > alpha:
                        alpha = v
                        if alpha >= beta:
                            break
        self._store(key, depth, best, alpha0, beta, best_move, ply)
        return best

    def root(self, cur: int, mask: int, depth: int, first: int | None) -> tuple[int, int]:
        """The best (value, move id) at ``depth``; ``first`` (the previous best) is searched
        first. Raises _Timeout; ``self.partial`` keeps the best fully searched move so far."""
        g = self.g
        moves = []
        for move_id, me, op, nmask in children(g, cur, mask, self.pop_out):
            end = status(g, me, op, nmask)
            prio = 10_000 if move_id == first else threats(me, g.board ^ nmask, g.height).bit_count()
            moves.append((prio, move_id, me, op, nmask, end))
        moves.sort(key=lambda m: -m[0])
        alpha, beta = -INF, INF
        best, best_move = -INF, moves[0][1]
        self.partial = None
        h = g.height
        for _, move_id, me, op, nmask, end in moves:
            if end is not None:
                v = end * (WIN - 1)
            elif self.pop_out:
                v = -self.pops(op, nmask, depth - 1, -beta, -alpha, 1)
            else:
                empty = g.board ^ nmask
                t_op, t_me = threats(op, empty, h), threats(me, empty, h)
                if best == -INF:
                    v = -self.drops(op, nmask, depth - 1, -beta, -alpha, 1, t_op, t_me)
                else:  # a null window first: most moves are only proved worse
                    v = -self.drops(op, nmask, depth - 1, -alpha - 1, -alpha, 1, t_op, t_me)
                    if v > alpha:
                        v = -self.drops(op, nmask, depth - 1, -beta, -alpha, 1, t_op, t_me)
            if v > best:
                best, best_move = v, move_id
                self.partial = (v, move_id)
                alpha = max(alpha, v)
        return best, best_move


def search(
    state: State, seat: Seat, budget: float, max_depth: int = MAX_DEPTH
) -> tuple[Move, dict[str, Any]]:
    """The strong move for ``seat`` and the search's figures (depth, value, nodes), within
    ``budget`` seconds (beyond ``MIN_DEPTH`` plies) and ``max_depth`` plies."""
    start = CLOCK()
    g, cur, mask = position(state, seat)
    pop_out = bool(state.get("pop_out"))
    s = Search(g, pop_out, start + budget * SAFETY)
    info: dict[str, Any] = {"depth": 0, "value": 0, "nodes": 0}
    # A win in one is taken at once (centre-first among several); a lone move is played.
    moves = children(g, cur, mask, pop_out)
    for move_id, me, op, nmask in moves:
        if status(g, me, op, nmask) == 1:
            info.update(value=WIN - 1, reason="win in one")
            return move_of(g, move_id), info
    if len(moves) == 1:
        info.update(reason="only move")
        return move_of(g, moves[0][0]), info
    empties = g.cells - mask.bit_count()
    best_move: int | None = None
    depth = 0
    while depth < max_depth:
        depth += 1
        s.clock = depth > MIN_DEPTH
        try:
            value, move_id = s.root(cur, mask, depth, best_move)
        except _Timeout:
            # A move searched in full at this depth that beat the previous best is better.
            # (The previous best is searched first, so any other move kept beat it.)
            if s.partial is not None and best_move is not None and s.partial[1] != best_move:
                best_move = s.partial[1]
            break
        best_move = move_id
        info.update(depth=depth, value=value)
        if abs(value) > MATE or (not pop_out and depth >= empties):
            break  # proven, or searched to the end of the game
        if CLOCK() > s.deadline:
            break
    info["nodes"] = s.nodes
    assert best_move is not None
    return move_of(g, best_move), info


def legal(game: Game, state: State, seat: Seat, move: Move) -> Move:
    """``move`` if the rules allow it, else their first legal move (a guard: never used)."""
    allowed = game.legal_moves(state, seat)
    if not allowed:
        raise ValueError("There is no legal move: the game is over or it is not this seat's turn.")
    return move if move in allowed else allowed[0]


def strong(game: Game, state: State, seat: Seat, rng: random.Random) -> Move:
    """Iterative-deepening alpha-beta within ``TIME_BUDGET`` seconds (deterministic: ``rng``
    is not used; only the clock decides how deep it looks)."""
    if not game.legal_moves(state, seat):
        return legal(game, state, seat, {})
    move, _ = search(state, seat, TIME_BUDGET)
    return legal(game, state, seat, move)


def random_move(game: Game, state: State, seat: Seat, rng: random.Random) -> Move:
    """The seed's computer: a uniformly random legal move."""
    return game.random_move(state, seat, rng)


def strong_with_budget(budget: float) -> Callable[[Game, State, Seat, random.Random], Move]:
    """``strong`` searching ``budget`` seconds a move (the site's: 1 s; ``rate_levels``: less)."""

    def chooser(game: Game, state: State, seat: Seat, rng: random.Random) -> Move:
        legal = game.legal_moves(state, seat)
        move, _ = search(state, seat, budget)
        return move if move in legal else legal[0]

    return chooser
