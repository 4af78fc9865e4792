"""Connect Four with the pop-out variant: the seed's functions (seed: ``connect-four.txt``).

Boards are lists of rows, ``board[row][col]``, row 0 at the top; cells are ``.`` (empty)
or an upper-case colour letter. On the site the colours are ``R`` (seat 0, first) and ``Y``;
its engine (4x4 to 12x12, start positions, pop-out) is :mod:`games.catalog.connect_four.engine`.

>>> board = read_board("....\\n....\\n.R..\\nYRY.\\n")
>>> place_one(board, 1, "R"), place_one(board, 1, "R"), place_one(board, 1, "Y")
(True, True, False)
>>> print(show_board(board))
.R..
.R..
.R..
YRY.
<BLANKLINE>
>>> check_winner(board)
'R'
>>> winning_move(read_board("....\\n.R..\\n.R..\\nYRYY"), "R")
1
"""

from __future__ import annotations

import string
from collections.abc import Callable

Board = list[list[str]]
Colour = str  # one upper-case letter
EMPTY = "."
COLOURS = ("R", "Y")  # seat 0, seat 1
LETTERS = string.ascii_uppercase
RUN = 4


# -- the seed's functions ---------------------------------------------------------------
def init_board(num_rows: int, num_cols: int) -> Board:
    """An empty board of ``num_rows`` x ``num_cols``.

    >>> init_board(2, 3)
    [['.', '.', '.'], ['.', '.', '.']]
    """
    return [[EMPTY] * num_cols for _ in range(num_rows)]


def show_board(board: Board) -> str:
    """The board as text: one line per row, each line ending with a newline.

    >>> show_board([['.', '.', '.'], ['A', 'B', 'A']])
    '...\\nABA\\n'
    """
    return "".join("".join(row) + "\n" for row in board)


def read_board(s: str) -> Board | None:
    """The board written in ``s`` (one line per row), or None if it is not rectangular or
    holds characters other than ``.`` and A-Z. Blank (empty or all-whitespace) lines are
    ignored; any other whitespace is a bad character.

    >>> read_board("...\\nABA\\n")
    [['.', '.', '.'], ['A', 'B', 'A']]
    >>> read_board("....\\n..\\nNOO\\n") is None
    True
    """
    board = [list(line) for line in s.splitlines() if line.strip()]
    if any(cell != EMPTY and cell not in LETTERS for row in board for cell in row):
        return None
    if any(len(row) != len(board[0]) for row in board):
        return None
    return board


def get_size(board: Board) -> tuple[int, int]:
    """``(number of rows, number of columns)``.

    >>> get_size([['.', '.', '.'], ['.', '.', '.']])
    (2, 3)
    """
    return len(board), len(board[0]) if board else 0


def is_valid_coord(board: Board, r: int, c: int) -> bool:
    """Is (r, c) a cell of the board? Negative indexes are not.

    >>> is_valid_coord([["B", ".", "R"], ["R", "R", "B"]], 1, 2), is_valid_coord([["B"]], -1, 0)
    (True, False)
    """
    return 0 <= r < len(board) and 0 <= c < len(board[r])


def get_coords_by_color(board: Board, color: Colour) -> list[tuple[int, int]]:
    """Every (row, col) holding ``color``, in row-major order.

    >>> get_coords_by_color([['.', 'X'], ['Y', 'X']], "X")
    [(0, 1), (1, 1)]
    """
    return [(r, c) for r, row in enumerate(board) for c, cell in enumerate(row) if cell == color]


def get_colors(board: Board) -> list[Colour]:
    """The colours on the board in order of first appearance (row-major).

    >>> get_colors([['.', 'Y'], ['Y', 'X']])
    ['Y', 'X']
    """
    seen: list[Colour] = []
    for row in board:
        for cell in row:
            if cell != EMPTY and cell not in seen:
                seen.append(cell)
    return seen


def count_pieces_by_color(board: Board, color: Colour) -> int:
    """How many pieces of ``color`` are on the board.

    >>> count_pieces_by_color([['.', 'Y'], ['Y', 'X']], 'Y')
    2
    """
    return sum(row.count(color) for row in board)


def any_floating(board: Board) -> bool:
    """Does any piece have an empty cell right below it?

    >>> any_floating([['X', 'Y'], ['.', '.'], ['X', 'Y']])
    True
    """
    return any(
        board[r][c] != EMPTY and board[r + 1][c] == EMPTY
        for r in range(len(board) - 1)
        for c in range(len(board[r]))
    )


def is_column_full(board: Board, c: int) -> bool:
    """Is column ``c`` entirely filled with pieces? (False when there is no such column.)

    >>> is_column_full([['.', 'Y'], ['Y', 'X']], 1), is_column_full([['.', 'Y'], ['Y', 'X']], 99)
    (True, False)
    """
    if not is_valid_coord(board, 0, c):
        return False
    return all(row[c] != EMPTY for row in board)


def place_one(board: Board, c: int, color: Colour) -> bool:
    """Drop a piece of ``color`` into column ``c`` (it lands on the lowest empty cell).

    Modifies ``board`` and returns True; returns False and leaves the board alone when the
    column does not exist or is full.

    >>> b = [['.', '.'], ['.', 'A']]
    >>> place_one(b, 1, 'B'), b
    (True, [['.', 'B'], ['.', 'A']])
    >>> place_one(b, 1, 'A'), place_one(b, 2, 'A'), b
    (False, False, [['.', 'B'], ['.', 'A']])
    """
    if not is_valid_coord(board, 0, c) or is_column_full(board, c):
        return False
    r = max(r for r in range(len(board)) if board[r][c] == EMPTY)
    board[r][c] = color
    return True


def pop_out(board: Board, c: int, color: Colour) -> bool:
    """Remove the bottom piece of column ``c`` if it is ``color``; the pieces above drop.

    Modifies ``board`` and returns True; returns False and changes nothing when the column
    does not exist, is empty at the bottom, or its bottom piece is another colour.

    >>> b = [['A', 'B'], ['B', 'A']]
    >>> pop_out(b, 0, 'B'), b
    (True, [['.', 'B'], ['A', 'A']])
    >>> pop_out(b, 1, 'B'), pop_out(b, 2, 'A'), b
    (False, False, [['.', 'B'], ['A', 'A']])
    """
    bottom = len(board) - 1
    if not is_valid_coord(board, bottom, c) or board[bottom][c] == EMPTY or board[bottom][c] != color:
        return False
    for r in range(bottom, 0, -1):
        board[r][c] = board[r - 1][c]
    board[0][c] = EMPTY
    return True


def _run_from(board: Board, r: int, c: int, dr: int, dc: int) -> bool:
    """Do four pieces of one colour start at (r, c) and go in direction (dr, dc)?"""
    if not is_valid_coord(board, r, c) or board[r][c] == EMPTY:
        return False
    return all(
        is_valid_coord(board, r + k * dr, c + k * dc) and board[r + k * dr][c + k * dc] == board[r][c]
        for k in range(1, RUN)
    )


def check_horizontal(board: Board, r: int, c: int) -> bool:
    """Does a run start at (r, c) and go right?

    >>> check_horizontal([['A', 'A', 'A', 'A', 'A', 'B', 'B', 'B']], 0, 1)
    True
    """
    return _run_from(board, r, c, 0, 1)


def check_vertical(board: Board, r: int, c: int) -> bool:
    """Does a run start at (r, c) and go down?

    >>> check_vertical([['A'], ['A'], ['A'], ['A'], ['A']], 3, 0)
    False
    """
    return _run_from(board, r, c, 1, 0)


def check_major_diagonal(board: Board, r: int, c: int) -> bool:
    """Does a run start at (r, c) and go down and to the right?

    >>> check_major_diagonal([['A', '.'], ['.', 'A']], 0, 0)
    False
    """
    return _run_from(board, r, c, 1, 1)


def check_minor_diagonal(board: Board, r: int, c: int) -> bool:
    """Does a run start at (r, c) and go up and to the right?

    >>> check_minor_diagonal(read_board("...A\\n..A.\\n.A..\\nAAAA"), 3, 0)
    True
    """
    return _run_from(board, r, c, -1, 1)


# Each check with the direction it walks, so the winning cells can be listed too.
CHECKS: tuple[tuple[Callable[[Board, int, int], bool], int, int], ...] = (
    (check_horizontal, 0, 1),
    (check_vertical, 1, 0),
    (check_major_diagonal, 1, 1),
    (check_minor_diagonal, -1, 1),
)


def check_winner(board: Board) -> str:
    """The colour with a run; ``"tie!"`` if several colours have one; else ``"draw"`` when
    no empty cell is left, ``"pending"`` otherwise.

    >>> check_winner([['A', 'B']]), check_winner(read_board("AAAABBBB\\n")), check_winner([['.']])
    ('draw', 'tie!', 'pending')
    """
    winners = {
        board[r][c]
        for r in range(len(board))
        for c in range(len(board[r]))
        for check, _, _ in CHECKS
        if check(board, r, c)
    }
    if len(winners) == 1:
        return winners.pop()
    if winners:
        return "tie!"
    return "pending" if any(EMPTY in row for row in board) else "draw"


def winning_move(board: Board, color: Colour) -> int | None:
    """The leftmost column where dropping ``color`` wins at once; None if there is none or
    the game is already over. Pops are not considered. Never modifies ``board``.

    >>> winning_move([['.', '.', '.', '.'], ['A', 'A', 'A', '.']], 'A'), winning_move([['A'] * 4], 'B')
    (3, None)
    """
    if check_winner(board) != "pending":
        return None
    for c in range(get_size(board)[1]):
        trial = [list(row) for row in board]
        if place_one(trial, c, color) and check_winner(trial) == color:
            return c
    return None
