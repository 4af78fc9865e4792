"""Reversi with blocked cells (seed: Question 3 of assignment 2): the seed's functions and
the board helpers they share with the site's engine (:mod:`games.catalog.reversi.engine`).

Boards are lists of rows, ``board[row][col]``, cells ``.`` empty, ``X`` black (seat 0),
``O`` white (seat 1), ``#`` block. Addresses are a column letter and a 1-based row:
``A1`` is ``board[0][0]`` and ``C10`` is ``board[9][2]``.

>>> board = initial_board(4)
>>> valid_move(board, "X", 0, 2)
True
>>> valid_move(board, "X", 0, 1)
False
>>> valid_move(board, "X", 0, 2, flip=True) is None
True
>>> board[1][2]
'X'
"""

from __future__ import annotations

import string

from .base import OptionError, Refusal
from .words import gettext_noop

Board = list[list[str]]
EMPTY, BLACK, WHITE, BLOCK = ".", "X", "O", "#"
PLAYERS = (BLACK, WHITE)
DIRECTIONS = ((-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1))
LETTERS = string.ascii_uppercase


# -- the seed's functions ---------------------------------------------------------------
def _opponent(p: str) -> str:
    return WHITE if p == BLACK else BLACK


def flips(board: Board, p: str, y: int, x: int) -> list[tuple[int, int]]:
    """The cells a disc of ``p`` placed at (y, x) would flip, in all 8 directions, line by
    line; empty when (y, x) is off the board or taken (the move is invalid then too).

    >>> flips(initial_board(4), "X", 0, 2), flips(initial_board(4), "X", 1, 1)
    ([(1, 2)], [])
    """
    if not (0 <= y < len(board) and 0 <= x < len(board[y])) or board[y][x] != EMPTY:
        return []
    n_rows, n_cols = len(board), len(board[0])
    other = _opponent(p)
    cells: list[tuple[int, int]] = []
    for dy, dx in DIRECTIONS:
        ry, rx = y + dy, x + dx
        line: list[tuple[int, int]] = []
        while 0 <= ry < n_rows and 0 <= rx < n_cols and board[ry][rx] == other:
            line.append((ry, rx))
            ry += dy
            rx += dx
        if line and 0 <= ry < n_rows and 0 <= rx < n_cols and board[ry][rx] == p:
            cells.extend(line)
    return cells


def valid_move(board: Board, p: str, y: int, x: int, flip: bool = False) -> bool | None:
    """Is the move of player ``p`` at row ``y``, column ``x`` valid?

    With ``flip=True`` the move is carried out on ``board`` (the disc is placed and every
    closed line flipped) and None is returned; an invalid move leaves the board as it is.
    """
    cells = flips(board, p, y, x)
    if not flip:
        return bool(cells)
    if cells:
        board[y][x] = p
        for fy, fx in cells:
            board[fy][fx] = p
    return None


def has_valid_moves(board: Board, p: str) -> bool:
    """True if player ``p`` has at least one valid move on ``board``."""
    return any(
        cell == EMPTY and flips(board, p, y, x) for y, row in enumerate(board) for x, cell in enumerate(row)
    )


def has_empty_cells(board: Board) -> bool:
    """True if the board has at least one empty cell."""
    return any(EMPTY in row for row in board)


# -- board helpers ----------------------------------------------------------------------
def centre_cells(n: int) -> dict[tuple[int, int], str]:
    """The four starting discs of an ``n`` x ``n`` Reversi board: (row, col) -> disc."""
    h = n // 2
    return {(h - 1, h - 1): BLACK, (h, h): BLACK, (h - 1, h): WHITE, (h, h - 1): WHITE}


def initial_board(n: int, blocks: list[tuple[int, int]] = (), start: dict | None = None) -> Board:
    """An ``n`` x ``n`` board with the starting discs and the given block cells."""
    board = [[EMPTY] * n for _ in range(n)]
    for (y, x), disc in (start or centre_cells(n)).items():
        board[y][x] = disc
    for y, x in blocks:
        board[y][x] = BLOCK
    return board


def parse_cell(text: str, n: int) -> tuple[int, int]:
    """``"C10"`` -> (9, 2); raise a ``Refusal`` (a ValueError: the reason, no full stop)
    unless it is a cell of an n x n board."""
    ascii_only = text.isascii()  # "A-Z or a-z" and "1-26": no look-alikes such as "ı1" or "A١"
    text = text.strip().upper()
    if not ascii_only or len(text) < 2 or text[0] not in LETTERS or not text[1:].isdigit() or text[1] == "0":
        # Translators: the reasons said after "Invalid position! " (capitalised) or "Invalid move: ".
        if not text:
            raise Refusal(gettext_noop("an empty address is not a cell address"))
        raise Refusal(gettext_noop("%(text)s is not a cell address"), text=text)
    y, x = int(text[1:]) - 1, LETTERS.index(text[0])
    if not (0 <= y < n and 0 <= x < n):
        raise Refusal(gettext_noop("%(cell)s is off the board"), cell=text)
    return y, x


def cell_name(y: int, x: int) -> str:
    """(9, 2) -> ``"C10"``."""
    return f"{LETTERS[x]}{y + 1}"


def parse_blocks(text: str, n: int, start: dict | None = None) -> list[tuple[int, int]]:
    """Parse block addresses like ``"A1 b2, C3"`` with the seed's rules. A refusal starts with
    the seed's console message ("Too many blocks!", "Invalid position!", as protocol.md's
    examples) and goes on with the cell and why, as a person reads it."""
    tokens = text.replace(",", " ").replace(";", " ").split()
    if len(tokens) > n * n // 2:
        raise OptionError(
            gettext_noop("Too many blocks! At most %(most)s on a %(size)sx%(size)s board."),
            "blocks",
            most=n * n // 2,
            size=n,
        )
    taken = start or centre_cells(n)
    blocks: list[tuple[int, int]] = []
    for token in tokens:
        try:
            cell = parse_cell(token, n)
        except ValueError as exc:
            said = str(exc)
            capital = said[:1].upper() + said[1:]  # the address's refusal (it starts with it)
            raise OptionError(
                gettext_noop("Invalid position! %(why)s: the cells go from A1 to %(corner)s."),
                "blocks",
                why=exc if capital == said else capital,
                corner=cell_name(n - 1, n - 1),
            ) from None
        if cell in taken:
            raise OptionError(
                gettext_noop("Invalid position! %(cell)s holds a starting disc: a block cannot go there."),
                "blocks",
                cell=token.upper(),
            )
        if cell in blocks:
            raise OptionError(
                gettext_noop("Invalid position! %(cell)s is listed twice."), "blocks", cell=token.upper()
            )
        blocks.append(cell)
    return blocks


def board_text(board: Board) -> str:
    """The seed's console print: column letters, then rows numbered right-aligned in 2."""
    lines = ["   " + " ".join(LETTERS[: len(board[0])])]
    lines += [f"{y + 1:>2} " + " ".join(row) for y, row in enumerate(board)]
    return "\n".join(lines)


def print_board(board: Board) -> None:
    """Print the board as the seed's program does."""
    print(board_text(board))


def count(board: Board) -> dict[str, int]:
    """Discs of each colour: ``{"X": n, "O": m}``."""
    return {p: sum(row.count(p) for row in board) for p in PLAYERS}
