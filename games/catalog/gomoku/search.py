"""The strong player's search (shared with the analysis): negamax with alpha-beta, principal
variation search, a transposition table and iterative deepening against the clock.

At every node the threats come first, as a player reads the board: a side with a winning
cell wins; a side facing two winning cells of the other loses; a side facing one must block
it, and that forced block costs no depth (so runs of fours are read to their end). Other
moves are ordered by what they gain (``Position.gain``: one's own lines grown, the other's
lines blocked).

Small boards (``EXACT_CELLS`` cells or fewer) are searched full width, every empty cell at
every node: a search that reaches the end of the game, or finds a win, is exact (*proved*).
Bigger boards keep the best ``LIMIT`` cells near the stones; there the mover first looks for
a *VCF* (victory by continuous fours: every move a four, every answer forced), a proof
whatever the other side tries, and the move found last is checked against the other side's
VCF (a move that lets one through is replaced by one that does not).
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from .board import Position

CLOCK = time.perf_counter  # the budget's clock
SAFETY = 0.85  # the part of the budget the search may use (the rest: building, converting, slack)
VCF_SHARE = 0.15  # of the usable budget: the mover's own VCF at the root
DEFENCE_SHARE = 0.8  # the alpha-beta stops here; the rest checks the other side's VCF
MIN_DEPTH = 1  # plies always searched whatever the clock says (sees every win and block)
MAX_DEPTH = 64
EXACT_CELLS = 25  # boards up to 5x5 are searched full width
ROOT_LIMIT, LIMIT = 16, 9  # the cells kept at the root and below, best gain first (9 and 13 played even)
VCF_DEPTH = 12  # fours in a row a VCF may take
DEFENCE_TRIES = 8  # moves tried against the other side's VCF

WIN = 10**12  # a win at ply p (from the root) scores WIN - p: sooner is better
MATE = WIN - 10_000  # scores beyond +-MATE are wins or losses found by the search
INF = 10 * WIN
EXACT, LOWER, UPPER = 0, 1, 2
TT_LIMIT = 1_000_000
SIDE = (0, 0x9E3779B97F4A7C15)  # hashed in for the side to move
TEMPO = 3, 2  # the side to move's lines count 3/2 (it moves first): beat 1/1 and 2/1


class _Timeout(Exception):
    """The clock ran out: the search in progress is abandoned (its board left half-played)."""


@dataclass
class Result:
    """A search's answer: the move (a cell name), its value for the mover (``WIN`` scale),
    whether that value is proved, and figures (depth, nodes, why)."""

    cell: str
    value: int
    proved: bool
    depth: int = 0
    nodes: int = 0
    reason: str = ""


class Search:
    """One position's search: the board under search, the table, the clock."""

    def __init__(self, rows: list[str], k: int, deadline: float) -> None:
        self.rows, self.k = rows, k
        self.pos = Position.from_rows(rows, k)
        self.exact = self.pos.g.cells <= EXACT_CELLS
        self.deadline = deadline
        self.clock = False  # the deadline applies only beyond MIN_DEPTH
        self.nodes = 0
        self.tt: dict[int, tuple[int, int, int, int]] = {}
        self.failed: dict[int, int] = {}  # VCF: position -> depth it was refuted at
        self.partial: tuple[int, int] | None = None

    def reset(self) -> None:
        """A fresh board after a timeout (which leaves the stones of the abandoned line)."""
        self.pos = Position.from_rows(self.rows, self.k)

    def evaluate(self, p: int) -> int:
        """The live lines' weights, the mover's counting ``TEMPO`` times: it moves first.
        (Looking for cells that make two winning cells at once played worse: the search
        reads them anyway, and the time it took cost a ply.)"""
        score = self.pos.score
        return (TEMPO[0] * score[p]) // TEMPO[1] - score[1 - p]

    def moves(self, p: int, ply: int, first: int = -1) -> list[int]:
        """The cells searched for ``p``, best gain first (``first``, the table's, before all)."""
        pos = self.pos
        cells = pos.empties() if self.exact else pos.candidates()
        cells.sort(key=pos.gain_at[p].__getitem__, reverse=True)  # stable: row-major among equals
        if not self.exact:
            cells = cells[: ROOT_LIMIT if ply == 0 else LIMIT]
        if first >= 0 and first in cells and cells[0] != first:
            cells.remove(first)
            cells.insert(0, first)
        return cells

    def negamax(self, p: int, depth: int, alpha: int, beta: int, ply: int) -> int:
        """The value for ``p``, to move, within (alpha, beta)."""
        self.nodes += 1
        if self.clock and not self.nodes & 7 and CLOCK() > self.deadline:
            raise _Timeout
        pos = self.pos
        if pos.fours[p]:
            return WIN - ply - 1
        if pos.stones == pos.g.cells:
            return 0
        threats = pos.win_cells(1 - p)
        if threats:
            if len(threats) > 1:
                return -(WIN - ply - 2)
            (c,) = threats  # the one move: it costs no depth
            pos.make(c, p, depth > 0)
            value = -self.negamax(1 - p, depth, -beta, -alpha, ply + 1)
            pos.unmake(c, p, depth > 0)
            return value
        if depth <= 0:
            return self.evaluate(p)
        key = pos.hash ^ SIDE[p]
        alpha0 = alpha
        entry = self.tt.get(key)
        first = -1
        if entry is not None:
            e_depth, flag, value, first = entry
            if e_depth >= depth:
                value = value - ply if value > MATE else value + ply if value < -MATE else value
                if flag == EXACT:
                    return value
                if flag == LOWER:
                    alpha = max(alpha, value)
                else:
                    beta = min(beta, value)
                if alpha >= beta:
                    return value
        best, best_move = -INF, -1
        full = depth > 1  # below, only leaves: no cell's gain nor neighbours asked for
        for c in self.moves(p, ply, first):
            pos.make(c, p, full)
            if best == -INF:
                value = -self.negamax(1 - p, depth - 1, -beta, -alpha, ply + 1)
            else:  # a null window first: most moves are only proved worse
                value = -self.negamax(1 - p, depth - 1, -alpha - 1, -alpha, ply + 1)
                if alpha < value < beta:
                    value = -self.negamax(1 - p, depth - 1, -beta, -value, ply + 1)
            pos.unmake(c, p, full)
            if value > best:
                best, best_move = value, c
                if value > alpha:
                    alpha = value
                    if alpha >= beta:
                        break
        flag = UPPER if best <= alpha0 else LOWER if best >= beta else EXACT
        stored = best + ply if best > MATE else best - ply if best < -MATE else best
        if len(self.tt) > TT_LIMIT:
            self.tt.clear()
        self.tt[key] = (depth, flag, stored, best_move)
        return best

    def root(self, p: int, depth: int, moves: list[int]) -> tuple[int, int]:
        """(value, move) of a full-width search of ``moves`` to ``depth``; ``partial`` keeps
        the best move searched in full so far, should the clock stop it."""
        pos = self.pos
        alpha, beta = -INF, INF
        best, best_move = -INF, moves[0]
        self.partial = None
        for c in moves:
            pos.make(c, p)
            if best == -INF:
                value = -self.negamax(1 - p, depth - 1, -beta, -alpha, 1)
            else:
                value = -self.negamax(1 - p, depth - 1, -alpha - 1, -alpha, 1)
                if value > alpha:
                    value = -self.negamax(1 - p, depth - 1, -beta, -alpha, 1)
            pos.unmake(c, p)
            if value > best:
                best, best_move = value, c
                self.partial = (value, c)
                alpha = max(alpha, value)
        return best, best_move

    def vcf(self, p: int, depth: int) -> int | None:
        """The first move of a victory by continuous fours for ``p`` (to move), or None. Each
        four leaves one answer (the other side has no four: it cannot win first), so a line
        found is a proof; a block that makes a four of the other side ends the line."""
        self.nodes += 1
        if not self.nodes & 7 and CLOCK() > self.deadline:
            raise _Timeout
        pos = self.pos
        wins = pos.win_cells(p)
        if wins:
            return min(wins)
        if depth <= 0 or pos.fours[1 - p]:
            return None
        key = pos.hash ^ SIDE[p]
        if self.failed.get(key, -1) >= depth:
            return None
        fours = sorted(pos.four_cells(p))
        fours.sort(key=pos.gain_at[p].__getitem__, reverse=True)  # stable: row-major among equals
        for c in fours:
            pos.make(c, p)
            wins = pos.win_cells(p)
            found = len(wins) > 1  # two winning cells: one block is not enough
            if len(wins) == 1:
                (block,) = wins
                pos.make(block, 1 - p)
                found = not pos.fours[1 - p] and self.vcf(p, depth - 1) is not None
                pos.unmake(block, 1 - p)
            pos.unmake(c, p)
            if found:
                return c
        self.failed[key] = depth
        return None

    def safe(self, p: int, c: int) -> bool:
        """After ``p`` plays ``c``, has the other side no VCF (as far as the clock lets us see)?"""
        self.pos.make(c, p)
        try:
            return self.vcf(1 - p, VCF_DEPTH) is None
        finally:
            self.pos.unmake(c, p)


def search(
    rows: list[str], k: int, p: int, budget: float, max_depth: int = MAX_DEPTH, *, analyse: bool = False
) -> Result:
    """The strong move for seat ``p`` (to move) on ``rows`` (a state's board, k in a row),
    within ``budget`` seconds (beyond ``MIN_DEPTH`` plies) and ``max_depth`` plies. A forced
    block is played at once unless ``analyse`` asks for the value of the position too."""
    start = CLOCK()
    end = start + budget * SAFETY
    s = Search(rows, k, start + (end - start) * VCF_SHARE)
    pos, g = s.pos, s.pos.g
    name = pos.cell_name
    if pos.stones == 0 and not analyse:
        return Result(name(g.centre), 0, False, reason="centre")
    wins = pos.win_cells(p)
    if wins:
        return Result(name(min(wins)), WIN - 1, True, reason="win")
    threats = sorted(pos.win_cells(1 - p))
    if len(threats) > 1:
        return Result(name(max(threats, key=lambda c: pos.gain(c, p))), -(WIN - 2), True, reason="lost")
    if threats and not analyse:
        return Result(name(threats[0]), 0, False, reason="block")
    if not s.exact and not threats:
        try:
            first = s.vcf(p, VCF_DEPTH)
        except _Timeout:
            first = None
            s.reset()
        if first is not None:
            return Result(name(first), MATE + 1, True, nodes=s.nodes, reason="vcf")
    s.deadline = start + (end - start) * (1.0 if s.exact else DEFENCE_SHARE)
    moves = threats or s.moves(p, 0)
    empties = g.cells - s.pos.stones
    best_move, value, depth, done = moves[0], 0, 0, 0
    complete = True  # ``value`` is a whole iteration's (else a lower bound: one move's)
    while depth < min(max_depth, empties):
        depth += 1
        s.clock = depth > MIN_DEPTH
        try:
            value, best_move = s.root(p, depth, moves)
        except _Timeout:
            s.reset()
            # A move searched in full at this depth that beat the previous best is better (the
            # previous best is searched first, so any other move kept beat it).
            if s.partial is not None and (done == 0 or s.partial[1] != best_move):
                value, best_move = s.partial
                complete = False
            break
        done = depth
        moves.remove(best_move)
        moves.insert(0, best_move)
        if abs(value) > MATE or CLOCK() > s.deadline:
            break
    # Full width, a win found is a proof; a loss only when every move was searched.
    proved = s.exact and (value > MATE or (complete and (value < -MATE or done >= empties)))
    if not s.exact and not threats and abs(value) <= MATE:
        s.deadline = end
        try:
            tries = [best_move] + [c for c in moves if c != best_move][: DEFENCE_TRIES - 1]
            best_move = next((c for c in tries if s.safe(p, c)), best_move)
        except _Timeout:
            pass
    return Result(name(best_move), value, proved, done, s.nodes, "search")
