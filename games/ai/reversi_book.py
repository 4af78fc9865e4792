"""The ``expert`` level's opening book for 8x8 boards without blocks (Othello, and Reversi's
8x8 start, which is Othello's mirrored): a few standard Othello lines shipped as data in
``games/ai/data/reversi_book.json``, each replayed on the board's 8 symmetries so that
whichever first move Black chooses the line applies.

The lines are replayed with the rules' own functions when the book is first read; a move
that is not legal where the line puts it is an error in the data (a test reads the book).

>>> from games.catalog.othello.engine import start_board
>>> sorted(book_moves(start_board(), "X"))  # f5 and its three symmetric images
[(2, 3), (3, 2), (4, 5), (5, 4)]
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from functools import lru_cache
from pathlib import Path

from games.catalog.othello.engine import start_board
from games.rules.reversi import BLACK, WHITE, parse_cell, valid_move

BOOK_FILE = Path(__file__).with_name("data") / "reversi_book.json"
SIZE = 8
Key = tuple[str, str]  # the board's rows joined, the colour to move
Cell = tuple[int, int]

SYMMETRIES: tuple[Callable[[int, int], Cell], ...] = (
    lambda r, c: (r, c),
    lambda r, c: (c, r),
    lambda r, c: (SIZE - 1 - r, c),
    lambda r, c: (r, SIZE - 1 - c),
    lambda r, c: (SIZE - 1 - r, SIZE - 1 - c),
    lambda r, c: (SIZE - 1 - c, SIZE - 1 - r),
    lambda r, c: (c, SIZE - 1 - r),
    lambda r, c: (SIZE - 1 - c, r),
)


def _key(board: Sequence[Sequence[str]], color: str) -> Key:
    return "".join("".join(row) for row in board), color


def read_lines(path: Path = BOOK_FILE) -> dict[str, list[Cell]]:
    """The book's lines: name -> cells (row, col) from the Othello start."""
    lines = json.loads(path.read_text())["lines"]
    return {name: [parse_cell(move, SIZE) for move in text.split()] for name, text in lines.items()}


@lru_cache(maxsize=1)
def book() -> dict[Key, frozenset[Cell]]:
    """Every position of every line on every symmetry -> the lines' next moves there."""
    found: dict[Key, set[Cell]] = {}
    start = start_board()
    for name, line in read_lines().items():
        for symmetry in SYMMETRIES:
            board = [["."] * SIZE for _ in range(SIZE)]
            for r in range(SIZE):
                for c in range(SIZE):
                    y, x = symmetry(r, c)
                    board[y][x] = start[r][c]
            color = BLACK
            for r, c in line:
                y, x = symmetry(r, c)
                found.setdefault(_key(board, color), set()).add((y, x))
                if not valid_move(board, color, y, x):
                    raise ValueError(f"the book's line {name!r} plays an illegal move at {(r, c)}")
                valid_move(board, color, y, x, flip=True)
                color = WHITE if color == BLACK else BLACK
    return {key: frozenset(moves) for key, moves in found.items()}


def book_moves(board: Sequence[Sequence[str]], color: str) -> frozenset[Cell]:
    """The book's moves (row, col) for ``color`` on ``board``; empty when out of book."""
    if len(board) != SIZE:
        return frozenset()
    return book().get(_key(board, color), frozenset())
