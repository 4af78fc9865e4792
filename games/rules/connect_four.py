"""Connect Four with the pop-out variant (seed: ``connect-four.txt``), boards 4x4 to 12x12.

Boards are lists of rows, ``board[row][col]``, row 0 at the top; cells are ``.`` (empty)
or an upper-case colour letter. On the site the colours are ``R`` (seat 0, first) and ``Y``.

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
from typing import Any

from .base import Game, IllegalMove, Move, Option, OptionError, Outcome, Seat, State

Board = list[list[str]]
Colour = str  # one upper-case letter
EMPTY = "."
COLOURS = ("R", "Y")  # seat 0, seat 1
LETTERS = string.ascii_uppercase
RUN = 4
ACTIONS = ("drop", "pop")
MIN_SIZE, MAX_SIZE = 4, 12


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


# -- helpers for the site ---------------------------------------------------------------
def winning_cells(board: Board) -> list[list[int]]:
    """Every cell of every run on the board, as sorted ``[row, col]`` pairs (to highlight).

    >>> winning_cells([['.', '.', '.', '.', '.'], ['R', 'R', 'R', 'R', 'Y']])
    [[1, 0], [1, 1], [1, 2], [1, 3]]
    """
    cells = {
        (r + k * dr, c + k * dc)
        for r in range(len(board))
        for c in range(len(board[r]))
        for check, dr, dc in CHECKS
        if check(board, r, c)
        for k in range(RUN)
    }
    return [[r, c] for r, c in sorted(cells)]


def start_board(text: str) -> Board | None:
    """Parse and check a start position typed in ``read_board``'s format.

    Each line is stripped first (so indentation and Windows line ends are fine). Returns
    None for blank text (no start position), else a board ready to play from; raises
    OptionError (field ``start``) with the reason when it is not one.

    >>> start_board("  .... \\n ....\\n....\\n.R.Y\\n")
    [['.', '.', '.', '.'], ['.', '.', '.', '.'], ['.', '.', '.', '.'], ['.', 'R', '.', 'Y']]
    >>> start_board("....\\n....\\n..R.\\n.R.Y")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    games.rules.base.OptionError: Start position: line 3, character 3 is a disc above an empty cell...
    """
    # (line number in the text typed, stripped line) for the messages
    numbered = [(n, line.strip()) for n, line in enumerate(text.splitlines(), start=1) if line.strip()]
    if not numbered:
        return None
    board = read_board("\n".join(line for _, line in numbered))
    if board is None:
        for number, line in numbered:
            bad = next((ch for ch in line if ch != EMPTY and ch not in LETTERS), None)
            if bad is not None:
                raise _start_error(f"{bad!r} on line {number} is not allowed; use '.', 'R' and 'Y'.")
        lengths = sorted({len(line) for _, line in numbered})
        raise _start_error(f"every line must have the same length (found {lengths[0]} and {lengths[-1]}).")
    others = [colour for colour in get_colors(board) if colour not in COLOURS]
    if others:
        raise _start_error(f"the discs are R and Y only (found {others[0]!r}).")
    rows, cols = get_size(board)
    if not (MIN_SIZE <= rows <= MAX_SIZE and MIN_SIZE <= cols <= MAX_SIZE):
        raise _start_error(
            f"the board must be {MIN_SIZE} to {MAX_SIZE} rows and columns (it is {rows} x {cols})."
        )
    if any_floating(board):
        r, c = next((r, c) for r in range(rows - 1) for c in range(cols) if _floats(board, r, c))
        line = numbered[r][0]
        raise _start_error(f"line {line}, character {c + 1} is a disc above an empty cell (floating).")
    red, yellow = (count_pieces_by_color(board, colour) for colour in COLOURS)
    if red not in (yellow, yellow + 1):
        raise _start_error(
            f"R has {red} discs and Y has {yellow}; R (who starts) must have as many as Y or one more."
        )
    status = check_winner(board)
    if status in COLOURS:
        raise _start_error(f"{status} already has four in a row.")
    if status == "tie!":
        raise _start_error("R and Y already have four in a row.")
    if status == "draw":
        raise _start_error("the board is full; there is nothing left to play.")
    return board


def _floats(board: Board, r: int, c: int) -> bool:
    return board[r][c] != EMPTY and board[r + 1][c] == EMPTY


def _start_error(reason: str) -> OptionError:
    return OptionError(f"Start position: {reason}", "start")


def side_to_move(board: Board) -> Seat:
    """Who moves next in a drops-only position: R when the counts are equal, else Y.

    >>> side_to_move([['.', '.'], ['R', '.']])
    1
    """
    return 0 if count_pieces_by_color(board, COLOURS[0]) == count_pieces_by_color(board, COLOURS[1]) else 1


def move_notation(move: Move) -> str:
    """``{"action": "drop", "column": 3}`` -> ``"drop 3"`` (the inverse of ``parse_move``)."""
    return f"{move.get('action', '?')} {move.get('column', '?')}"


def parse_move(text: str) -> Move:
    """``"drop 3"`` or ``"pop 0"`` -> the move; raise ValueError otherwise.

    >>> parse_move(" Pop 0 ")
    {'action': 'pop', 'column': 0}
    """
    parts = text.strip().lower().split()
    if len(parts) != 2 or parts[0] not in ACTIONS or not (parts[1].isascii() and parts[1].isdigit()):
        raise ValueError(f"{text!r} is not a move such as 'drop 3' or 'pop 0'")
    return {"action": parts[0], "column": int(parts[1])}


def move_text(colour: Colour, move: Move) -> str:
    """The transcript line of a move: ``R drops in column 3`` or ``Y pops column 0``."""
    if move["action"] == "pop":
        return f"{colour} pops column {move['column']}"
    return f"{colour} drops in column {move['column']}"


def result_text(status: str, to_move: Colour) -> str:
    """The last transcript line for a ``check_winner`` result, ``to_move`` moving next.

    >>> result_text("Y", "R"), result_text("pending", "R")
    ('Y wins!', 'R to move.')
    """
    if status in COLOURS:
        return f"{status} wins!"
    if status == "tie!":
        return "Tie! R and Y both have four in a row."
    if status == "draw":
        return "Draw! The board is full."
    return f"{to_move} to move."


# -- the engine -------------------------------------------------------------------------
def _rows(state: State) -> Board:
    return [list(row) for row in state["board"]]


def _status(state: State) -> str:
    return check_winner(_rows(state))


def hint(state: State, seat: Seat) -> int | None:
    """The "show winning move" hint: the leftmost column where a drop wins at once for
    ``seat``'s colour (``winning_move``), or None. Pops are not considered."""
    if seat not in (0, 1):
        return None
    return winning_move(_rows(state), COLOURS[seat])


class ConnectFour(Game):
    """Connect Four on a rows x columns board, R (seat 0) first, with optional pop-out."""

    slug = "connect_four"
    name = "Connect Four"
    description = (
        "Drop discs to line up four in a row; boards from 4x4 to 12x12, with an optional pop-out rule."
    )
    seats = (2, 2)
    seat_names = ("Red (R)", "Yellow (Y)")
    options = {
        "rows": Option("int", 6, label="Rows", min=MIN_SIZE, max=MAX_SIZE),
        "columns": Option("int", 7, label="Columns", min=MIN_SIZE, max=MAX_SIZE),
        "pop_out": Option(
            "bool", False, label="Pop-out", help="A turn may instead remove your own disc from the bottom."
        ),
        "start": Option(
            "text",
            "",
            label="Start position",
            max=1000,
            help="Optional: rows of '.', 'R' and 'Y', top row first; its size replaces rows and columns.",
        ),
    }

    def check_options(self, options: dict[str, Any]) -> None:
        board = start_board(options.get("start") or "")
        if board is not None:
            options["rows"], options["columns"] = get_size(board)
        options["start"] = show_board(board) if board else ""

    def setup(self, options: dict[str, Any], seed: int) -> State:
        board = start_board(options.get("start") or "")
        if board is None:
            board = init_board(options.get("rows", 6), options.get("columns", 7))
        return {
            "board": ["".join(row) for row in board],
            "turn": side_to_move(board),
            "pop_out": bool(options.get("pop_out", False)),
            "last": None,
        }

    def to_move(self, state: State) -> list[Seat]:
        return [] if self.outcome(state) else [state["turn"]]

    def legal_moves(self, state: State, seat: Seat) -> list[Move]:
        if seat not in self.to_move(state):
            return []
        board, colour = _rows(state), COLOURS[seat]
        columns = range(get_size(board)[1])
        moves = [{"action": "drop", "column": c} for c in columns if not is_column_full(board, c)]
        if state["pop_out"]:
            moves += [{"action": "pop", "column": c} for c in columns if pop_out(_rows(state), c, colour)]
        return moves

    def play(self, state: State, seat: Seat, move: Move) -> State:
        if self.outcome(state) is not None:
            raise IllegalMove("The game is over.")
        if seat not in self.to_move(state):
            raise IllegalMove("It is not your turn.")
        shape = 'A move is {"action": "drop" or "pop", "column": <0-based column number>}.'
        if not isinstance(move, dict) or set(move) != {"action", "column"}:
            raise IllegalMove(shape)
        action, c = move["action"], move["column"]
        if action not in ACTIONS or type(c) is not int:  # bool is an int subclass: refuse it
            raise IllegalMove(shape)
        board, colour = _rows(state), COLOURS[seat]
        n_rows, n_cols = get_size(board)
        if not 0 <= c < n_cols:
            raise IllegalMove(f"There is no column {c}: columns are 0 to {n_cols - 1}.")
        if action == "drop":
            if not place_one(board, c, colour):
                raise IllegalMove(f"Column {c} is full.")
            row = next(r for r in range(n_rows) if board[r][c] != state["board"][r][c])
        else:
            if not state["pop_out"]:
                raise IllegalMove("Popping out is not allowed in this match.")
            bottom = board[n_rows - 1][c]
            if not pop_out(board, c, colour):
                if bottom == EMPTY:
                    raise IllegalMove(f"Column {c} is empty: there is no disc to pop.")
                raise IllegalMove(f"The bottom disc of column {c} is {bottom}: you may only pop your own.")
            row = n_rows - 1  # the cell the popped disc left
        return {
            **state,
            "board": ["".join(r) for r in board],
            "turn": 1 - seat,
            "last": {"seat": seat, "action": action, "column": c, "row": row},
        }

    def outcome(self, state: State) -> Outcome | None:
        status = _status(state)
        if status == "pending":
            return None
        board = _rows(state)
        score = {colour: count_pieces_by_color(board, colour) for colour in COLOURS}
        if status in COLOURS:
            return Outcome(COLOURS.index(status), "four in a row", score)
        if status == "tie!":
            return Outcome(None, "both have four in a row", score)
        return Outcome(None, "board full", score)

    def hint(self, state: State, seat: Seat) -> int | None:
        """See the module function ``hint``."""
        return hint(state, seat)

    def view(self, state: State, seat: Seat | None) -> dict[str, Any]:
        board = _rows(state)
        status = check_winner(board)
        n_rows, n_cols = get_size(board)
        over = status != "pending"
        return {
            "board": list(state["board"]),
            "rows": n_rows,
            "columns": n_cols,
            "colours": list(COLOURS),
            "turn": None if over else state["turn"],
            "colour_to_move": None if over else COLOURS[state["turn"]],
            "pop_out": state["pop_out"],
            "last": dict(state["last"]) if state["last"] else None,
            "status": status,
            "winning_cells": winning_cells(board),
            "count": {colour: count_pieces_by_color(board, colour) for colour in COLOURS},
        }

    def player_label(self, seat: Seat) -> str:
        return f"Player {COLOURS[seat]}"

    def move_label(self, state: State, seat: Seat, move: Move) -> str:
        return move_notation(move) if isinstance(move, dict) else str(move)

    def transcript(self, options: dict[str, Any], states: list[State], moves: list[tuple[Seat, Move]]) -> str:
        # The seed prints boards with print(show_board(board)): the rows, then a blank line.
        text = show_board(_rows(states[0])) + "\n"
        for after, (seat, move) in zip(states[1:], moves, strict=False):
            text += move_text(COLOURS[seat], move) + "\n" + show_board(_rows(after)) + "\n"
        final = states[len(moves)]
        return text + result_text(_status(final), COLOURS[final["turn"]]) + "\n"


GAME = ConnectFour()
