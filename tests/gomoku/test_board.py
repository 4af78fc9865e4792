"""The search's board (games/catalog/gomoku/board.py): every count kept move by move equals
the same board built from scratch, and the gains equal an independent count of the windows."""

from __future__ import annotations

import random

import pytest

from games.catalog.gomoku.board import Position


def brute_gain(pos: Position, c: int, p: int) -> int:
    total = 0
    for w in pos.g.cell_windows[c]:
        mine = sum(pos.cells[x] == p + 1 for x in pos.g.windows[w])
        theirs = sum(pos.cells[x] == 2 - p for x in pos.g.windows[w])
        total += pos.g.table[mine][theirs]
    return total


def rows_of(pos: Position) -> list[str]:
    g = pos.g
    return ["".join(".XO"[pos.cells[g.index(y, x)]] for x in range(g.cols)) for y in range(g.rows)]


@pytest.mark.parametrize("rows,cols,k", [(3, 3, 3), (6, 7, 4), (15, 15, 5), (5, 19, 8), (10, 4, 3)])
def test_make_and_unmake_keep_every_count(rows, cols, k):
    rng = random.Random(rows * cols * k)
    pos = Position.from_rows(["." * cols] * rows, k)
    played: list[tuple[int, int]] = []
    for step in range(240):
        if played and rng.random() < 0.35:
            pos.unmake(*played.pop())
        elif pos.empties():
            c, p = rng.choice(pos.empties()), rng.randrange(2)
            pos.make(c, p)
            played.append((c, p))
        if step % 12 == 0:
            fresh = Position.from_rows(rows_of(pos), k)
            assert (fresh.score, fresh.fours, fresh.threes) == (pos.score, pos.fours, pos.threes)
            assert (fresh.near, fresh.hash, fresh.stones) == (pos.near, pos.hash, pos.stones)
            for c in pos.empties():
                assert pos.gain(c, 0) == fresh.gain(c, 0) == brute_gain(pos, c, 0)
                assert pos.gain(c, 1) == fresh.gain(c, 1) == brute_gain(pos, c, 1)


def test_a_light_move_leaves_gains_and_neighbours_as_they_were():
    pos = Position.from_rows(["....", ".X..", "..O.", "...."], 3)
    gains, near, score = [list(g) for g in pos.gain_at], list(pos.near), list(pos.score)
    c = pos.g.index(0, 0)
    pos.make(c, 0, full=False)
    assert [list(g) for g in pos.gain_at] == gains and pos.near == near and pos.score != score
    pos.unmake(c, 0, full=False)
    assert pos.score == score and rows_of(pos) == ["....", ".X..", "..O.", "...."]
