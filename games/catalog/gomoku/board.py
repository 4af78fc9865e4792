"""The computer players' board: a position kept up to date move by move, so that the search
never scans the whole board.

Every *window* (k cells in a line) keeps how many stones of each side it holds. A window
with stones of one side only is *live* for that side and is worth ``weights[count]`` to it;
the evaluation is the difference of the two sides' totals. Windows holding k - 1 stones of
one side (a *four*, in Gomoku's words) give that side a winning cell; windows of k - 2 (a
*three*) give the cells that make a four. Free-style needs nothing more: a line of k or more
contains a full window, so a side wins exactly when it fills one.

The board is a flat list with a border (one column and a row above and below), so a line
stepping off the board meets the border instead of wrapping round.

>>> pos = Position.from_rows(["XX.", "OO.", "..."], 3)
>>> sorted(pos.cell_name(c) for c in pos.win_cells(0)), sorted(pos.cell_name(c) for c in pos.win_cells(1))
(['C1'], ['C2'])
"""

from __future__ import annotations

import random
from functools import cache

BORDER = 3  # cells: 0 empty, 1 black (seat 0), 2 white (seat 1), 3 off the board
NEAR = 2  # candidate moves are the empty cells within this many steps of a stone
BASE = 8  # a live window holding one stone more is worth this many times more


class Geometry:
    """What depends only on the board's size and k: windows, neighbours, hash keys."""

    def __init__(self, rows: int, cols: int, k: int) -> None:
        self.rows, self.cols, self.k = rows, cols, k
        self.width = cols + 1  # one border column, shared by both sides of a row
        self.size = (rows + 2) * self.width
        self.cells = rows * cols
        self.interior = [self.index(y, x) for y in range(rows) for x in range(cols)]
        self.centre = self.index(rows // 2, cols // 2)
        windows: list[tuple[int, ...]] = []
        for y in range(rows):
            for x in range(cols):
                for dy, dx in ((0, 1), (1, 0), (1, 1), (1, -1)):
                    ey, ex = y + (k - 1) * dy, x + (k - 1) * dx
                    if 0 <= ey < rows and 0 <= ex < cols:
                        windows.append(tuple(self.index(y + i * dy, x + i * dx) for i in range(k)))
        self.windows = windows
        by_cell: list[list[int]] = [[] for _ in range(self.size)]
        for n, window in enumerate(windows):
            for c in window:
                by_cell[c].append(n)
        self.cell_windows = [tuple(ws) for ws in by_cell]
        self.neighbours: list[tuple[int, ...]] = [()] * self.size
        steps = [(dy, dx) for dy in range(-NEAR, NEAR + 1) for dx in range(-NEAR, NEAR + 1) if dy or dx]
        for c in self.interior:
            y, x = self.coords(c)
            self.neighbours[c] = tuple(
                self.index(y + dy, x + dx) for dy, dx in steps if 0 <= y + dy < rows and 0 <= x + dx < cols
            )
        # Live windows: nothing for none, then BASE times more for each stone; a full window
        # is a win, scored by the search itself.
        self.weights = [0] + [BASE ** (n - 1) for n in range(1, k + 1)]
        self.grow = [self.weights[n + 1] - self.weights[n] for n in range(k)] + [0]
        # What a window holding ``a`` stones of a side and ``b`` of the other adds to the
        # gain of a stone of that side on one of its empty cells: growth while it is live
        # for the side, the other's weight while it is live for the other (a block), else 0.
        self.table = [
            [self.grow[a] if b == 0 else self.weights[b] if a == 0 else 0 for b in range(k + 1)]
            for a in range(k + 1)
        ]
        rng = random.Random(rows * 10_000 + cols * 100 + k)  # fixed: the same hashes every run
        self.keys = [[rng.getrandbits(64) for _ in range(self.size)] for _ in range(2)]

    def index(self, y: int, x: int) -> int:
        return (y + 1) * self.width + x

    def coords(self, c: int) -> tuple[int, int]:
        return c // self.width - 1, c % self.width


@cache
def geometry(rows: int, cols: int, k: int) -> Geometry:
    """The geometry of a board size and k, built once a process."""
    return Geometry(rows, cols, k)


class Position:
    """A board under search: ``make`` and ``unmake`` keep every count up to date."""

    def __init__(self, g: Geometry) -> None:
        self.g = g
        self.cells = [BORDER] * g.size
        for c in g.interior:
            self.cells[c] = 0
        n = len(g.windows)
        self.count = ([0] * n, [0] * n)  # stones of each seat in each window
        self.score = [0, 0]  # the live windows' weights, by seat
        self.fours: tuple[set[int], set[int]] = (set(), set())  # live windows with k - 1 stones
        self.threes: tuple[set[int], set[int]] = (set(), set())  # live windows with k - 2 stones
        self.near = [0] * g.size  # stones within NEAR steps
        empty = g.table[0][0]  # what each window adds to a cell's gain on the empty board
        self.gain_at = tuple([len(g.cell_windows[c]) * empty for c in range(g.size)] for _ in range(2))
        self.stones = 0
        self.hash = 0

    @classmethod
    def from_rows(cls, rows: list[str], k: int) -> Position:
        """The position of a state's board (``.``, ``X``, ``O`` rows, top first)."""
        pos = cls(geometry(len(rows), len(rows[0]), k))
        for y, row in enumerate(rows):
            for x, stone in enumerate(row):
                if stone != ".":
                    pos.make(pos.g.index(y, x), 0 if stone == "X" else 1)
        return pos

    def cell_name(self, c: int) -> str:
        y, x = self.g.coords(c)
        return f"{chr(ord('A') + x)}{y + 1}"

    def make(self, c: int, p: int, full: bool = True) -> None:
        """Put a stone of seat ``p`` on the empty cell ``c``. ``full=False`` leaves the cells'
        gains and stones near as they were (the search's leaves ask for neither, and most of
        its moves lead to leaves); the ``unmake`` must then say the same."""
        g = self.g
        self.cells[c] = p + 1
        self.stones += 1
        self.hash ^= g.keys[p][c]
        mine, theirs = self.count[p], self.count[1 - p]
        mine_at, theirs_at = self.gain_at[p], self.gain_at[1 - p]
        table, windows, weights, k = g.table, g.windows, g.weights, g.k
        gain = lost = 0
        for w in g.cell_windows[c]:
            a = mine[w]
            mine[w] = a + 1
            b = theirs[w]
            if b == 0:  # still live for p: one stone more
                gain += g.grow[a]
                if a == k - 3:
                    self.threes[p].add(w)
                elif a == k - 2:
                    self.threes[p].discard(w)
                    self.fours[p].add(w)
                elif a == k - 1:
                    self.fours[p].discard(w)
            elif a == 0:  # live for the other side until now: blocked
                lost += weights[b]
                if b == k - 2:
                    self.threes[1 - p].discard(w)
                elif b == k - 1:
                    self.fours[1 - p].discard(w)
            else:  # dead before and after: no gain changes
                continue
            if not full:
                continue
            dp, dq = table[a + 1][b] - table[a][b], table[b][a + 1] - table[b][a]
            for x in windows[w]:
                mine_at[x] += dp
                theirs_at[x] += dq
        self.score[p] += gain
        self.score[1 - p] -= lost
        if full:
            near = self.near
            for n in g.neighbours[c]:
                near[n] += 1

    def unmake(self, c: int, p: int, full: bool = True) -> None:
        """Take back the stone of seat ``p`` on ``c`` (the exact inverse of ``make``)."""
        g = self.g
        self.cells[c] = 0
        self.stones -= 1
        self.hash ^= g.keys[p][c]
        mine, theirs = self.count[p], self.count[1 - p]
        mine_at, theirs_at = self.gain_at[p], self.gain_at[1 - p]
        table, windows, weights, k = g.table, g.windows, g.weights, g.k
        gain = lost = 0
        for w in g.cell_windows[c]:
            a = mine[w] - 1
            mine[w] = a
            b = theirs[w]
            if b == 0:
                gain += g.grow[a]
                if a == k - 3:
                    self.threes[p].discard(w)
                elif a == k - 2:
                    self.fours[p].discard(w)
                    self.threes[p].add(w)
                elif a == k - 1:
                    self.fours[p].add(w)
            elif a == 0:  # live again for the other side
                lost += weights[b]
                if b == k - 2:
                    self.threes[1 - p].add(w)
                elif b == k - 1:
                    self.fours[1 - p].add(w)
            else:
                continue
            if not full:
                continue
            dp, dq = table[a][b] - table[a + 1][b], table[b][a] - table[b][a + 1]
            for x in windows[w]:
                mine_at[x] += dp
                theirs_at[x] += dq
        self.score[p] -= gain
        self.score[1 - p] += lost
        if full:
            near = self.near
            for n in g.neighbours[c]:
                near[n] -= 1

    def win_cells(self, p: int) -> set[int]:
        """The empty cells where a stone of ``p`` completes k in a row."""
        cells, windows = self.cells, self.g.windows
        return {c for w in self.fours[p] for c in windows[w] if not cells[c]}

    def four_cells(self, p: int) -> set[int]:
        """The empty cells where a stone of ``p`` makes a four (a winning cell next move)."""
        cells, windows = self.cells, self.g.windows
        return {c for w in self.threes[p] for c in windows[w] if not cells[c]}

    def gain(self, c: int, p: int) -> int:
        """What a stone of ``p`` on the empty cell ``c`` adds to p's evaluation: its own live
        windows grow (attack) and the other side's live windows through ``c`` die (defence).
        Kept up to date by ``make`` and ``unmake`` (for every cell: an occupied cell's is
        ready for when it is empty again)."""
        return self.gain_at[p][c]

    def candidates(self) -> list[int]:
        """The empty cells near a stone (every empty cell on an empty board), row-major."""
        cells, near = self.cells, self.near
        found = [c for c in self.g.interior if not cells[c] and near[c]]
        return found or [c for c in self.g.interior if not cells[c]]

    def empties(self) -> list[int]:
        """Every empty cell, row-major."""
        cells = self.cells
        return [c for c in self.g.interior if not cells[c]]
