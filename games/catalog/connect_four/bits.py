"""Connect Four positions as bitboards, for the computer players (``games/catalog/connect_four/search.py``).

A position is two Python ints, ``cur`` (the stones of the side to move) and
``mask`` (every stone). Bit ``c * H + h`` is column ``c``, height ``h`` (0 = bottom) with
``H = rows + 1``: each column keeps one always-empty bit on top (a sentinel) so that the
shifts that look for fours never wrap from one column into the next. ``status`` agrees
with the rules' ``check_winner`` (a pop that makes fours for both sides is a tie, a draw).
"""

from __future__ import annotations

from functools import cache

from games.rules.base import Move, Seat, State
from games.rules.connect_four import COLOURS, EMPTY


class Geometry:
    """Bit masks of one board size."""

    def __init__(self, rows: int, cols: int) -> None:
        h = rows + 1
        self.rows, self.cols, self.height = rows, cols, h
        self.bottom = [1 << (c * h) for c in range(cols)]
        self.top = [1 << (c * h + rows - 1) for c in range(cols)]
        self.column = [((1 << rows) - 1) << (c * h) for c in range(cols)]
        self.bottom_all = sum(self.bottom)
        self.board = sum(self.column)
        self.sentinels = sum(1 << (c * h + rows) for c in range(cols))
        self.cells = rows * cols
        # Centre first; of two columns equally far from the centre, the left one first.
        self.order = sorted(range(cols), key=lambda c: (abs(2 * c - (cols - 1)), c))
        # Centre weights for the evaluation: column c weighs min(c, cols - 1 - c) + 1,
        # grouped in one mask per weight.
        weights: dict[int, int] = {}
        for c in range(cols):
            w = min(c, cols - 1 - c) + 1
            weights[w] = weights.get(w, 0) | self.column[c]
        self.centre = tuple(sorted(weights.items()))
        # Every window of four cells (for the minimax opponent's classic evaluation).
        windows = []
        for c in range(cols):
            for r in range(rows):
                for dc, dr in ((1, 0), (0, 1), (1, 1), (1, -1)):
                    cells = [(c + k * dc, r + k * dr) for k in range(4)]
                    if all(0 <= x < cols and 0 <= y < rows for x, y in cells):
                        windows.append(sum(1 << (x * h + y) for x, y in cells))
        self.windows = tuple(windows)
        # Rows 1, 3, 5... counted from 1 at the bottom (heights 0, 2, 4...), and rows 2, 4, 6...
        self.odd_rows = sum(1 << (c * h + k) for c in range(cols) for k in range(0, rows, 2))
        self.even_rows = self.board ^ self.odd_rows
        self.parity = rows % 2 == 0
        centre = cols // 2
        self.centre_column = self.column[centre] | (self.column[centre - 1] if cols % 2 == 0 else 0)


@cache
def geometry(rows: int, cols: int) -> Geometry:
    return Geometry(rows, cols)


def has_four(b: int, h: int) -> bool:
    """Does the stone set ``b`` hold four in a row (vertical, horizontal, both diagonals)?"""
    m = b & (b >> 1)
    if m & (m >> 2):
        return True
    m = b & (b >> h)
    if m & (m >> (2 * h)):
        return True
    s = h + 1
    m = b & (b >> s)
    if m & (m >> (2 * s)):
        return True
    s = h - 1
    m = b & (b >> s)
    return bool(m & (m >> (2 * s)))


def threats(p: int, empty: int, h: int) -> int:
    """The empty cells (of ``empty``) that would complete a four for the stones ``p``,
    playable now or not (Pascal Pons's ``compute_winning_position``, any height)."""
    r = (p << 1) & (p << 2) & (p << 3)
    for s in (h, h + 1, h - 1):
        a = (p << s) & (p << (2 * s))
        r |= a & (p << (3 * s))
        r |= a & (p >> s)
        a = (p >> s) & (p >> (2 * s))
        r |= a & (p << s)
        r |= a & (p >> (3 * s))
    return r & empty


def open_windows(p: int, free: int, h: int) -> int:
    """How many windows of four hold at least two of the stones ``p`` and otherwise only
    cells of ``free`` (the board cells the opponent does not hold)."""
    n = 0
    for s in (1, h, h + 1, h - 1):
        f = free & (free >> s)
        f &= f >> (2 * s)  # the first cells of the windows inside ``free``
        if f:
            # at least two of p, p >> s, p >> 2s, p >> 3s
            a = p & (p >> s)
            o = p | (p >> s)
            n += (f & (a | (a >> (2 * s)) | (o & (o >> (2 * s))))).bit_count()
    return n


def position(state: State, seat: Seat) -> tuple[Geometry, int, int]:
    """``(geometry, cur, mask)`` of the state's board with ``seat``'s stones as ``cur``."""
    board = state["board"]
    rows, cols = len(board), len(board[0])
    g = geometry(rows, cols)
    mine = COLOURS[seat]
    cur = mask = 0
    h = g.height
    for r, line in enumerate(board):
        height = rows - 1 - r
        for c, ch in enumerate(line):
            if ch != EMPTY:
                bit = 1 << (c * h + height)
                mask |= bit
                if ch == mine:
                    cur |= bit
    return g, cur, mask


def status(g: Geometry, me: int, opp: int, mask: int) -> int | None:
    """The end of the game as ``check_winner`` sees it, from ``me``'s side: 1 win, -1 loss,
    0 tie or full board; None when the game goes on."""
    m4, o4 = has_four(me, g.height), has_four(opp, g.height)
    if m4 or o4:
        return 0 if m4 and o4 else 1 if m4 else -1
    return 0 if mask == g.board else None


def children(g: Geometry, cur: int, mask: int, pop_out: bool) -> list[tuple[int, int, int, int]]:
    """Every move of the side to move: ``(move id, my stones, their stones, mask)`` after it.
    Move ids: ``c`` drops in column ``c``, ``cols + c`` pops column ``c``."""
    opp = cur ^ mask
    out = []
    for c in g.order:
        if not mask & g.top[c]:
            bit = (mask & g.column[c]) + g.bottom[c]
            out.append((c, cur | bit, opp, mask | bit))
    if pop_out:
        for c in g.order:
            if cur & g.bottom[c]:
                col = g.column[c]
                me = (cur & ~col) | (((cur & col) >> 1) & col)
                op = (opp & ~col) | (((opp & col) >> 1) & col)
                out.append((g.cols + c, me, op, (mask & ~col) | (((mask & col) >> 1) & col)))
    return out


def move_of(g: Geometry, move_id: int) -> Move:
    if move_id >= g.cols:
        return {"action": "pop", "column": move_id - g.cols}
    return {"action": "drop", "column": move_id}
