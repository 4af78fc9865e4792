"""Connect Four positions typed by people: a start position in the options (the seed's text
format, ``start_board``) and a position edited on the analysis board (``edited_position``),
each read and checked, its refusal worded for people (``games.rules.base.Refusal``)."""

from __future__ import annotations

from typing import Any

from games.rules.base import OptionError, Refusal, Seat, State, Words, check_rows
from games.rules.connect_four import (
    COLOURS,
    EMPTY,
    LETTERS,
    Board,
    any_floating,
    check_winner,
    count_pieces_by_color,
    get_colors,
    get_size,
    read_board,
)
from games.rules.words import gettext_noop

MIN_SIZE, MAX_SIZE = 4, 12


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
                raise _start_error(
                    gettext_noop(
                        "Start position: %(symbol)s on line %(line)s is not allowed; use '.', 'R' and 'Y'."
                    ),
                    symbol=repr(bad),
                    line=number,
                )
        lengths = sorted({len(line) for _, line in numbered})
        raise _start_error(
            gettext_noop(
                "Start position: every line must have the same length (found %(shortest)s and %(longest)s)."
            ),
            shortest=lengths[0],
            longest=lengths[-1],
        )
    others = [colour for colour in get_colors(board) if colour not in COLOURS]
    if others:
        raise _start_error(
            gettext_noop("Start position: the discs are R and Y only (found %(disc)s)."), disc=repr(others[0])
        )
    rows, cols = get_size(board)
    if not (MIN_SIZE <= rows <= MAX_SIZE and MIN_SIZE <= cols <= MAX_SIZE):
        raise _start_error(
            gettext_noop(
                "Start position: the board must be %(low)s to %(high)s rows and columns"
                " (it is %(rows)s x %(columns)s)."
            ),
            low=MIN_SIZE,
            high=MAX_SIZE,
            rows=rows,
            columns=cols,
        )
    if any_floating(board):
        r, c = next((r, c) for r in range(rows - 1) for c in range(cols) if _floats(board, r, c))
        line = numbered[r][0]
        raise _start_error(
            gettext_noop(
                "Start position: line %(line)s, character %(character)s is a disc above an empty cell"
                " (floating)."
            ),
            line=line,
            character=c + 1,
        )
    red, yellow = (count_pieces_by_color(board, colour) for colour in COLOURS)
    if red not in (yellow, yellow + 1):
        raise _start_error(
            gettext_noop(
                "Start position: R has %(red)s discs and Y has %(yellow)s;"
                " R (who starts) must have as many as Y or one more."
            ),
            red=red,
            yellow=yellow,
        )
    status = check_winner(board)
    if status in COLOURS:
        raise _start_error(
            gettext_noop("Start position: %(colour)s already has four in a row."), colour=status
        )
    if status == "tie!":
        raise _start_error(gettext_noop("Start position: R and Y already have four in a row."))
    if status == "draw":
        raise _start_error(gettext_noop("Start position: the board is full; there is nothing left to play."))
    return board


def _floats(board: Board, r: int, c: int) -> bool:
    return board[r][c] != EMPTY and board[r + 1][c] == EMPTY


def _start_error(template: str, /, **values: Any) -> OptionError:
    """The refusal of a start position: ``template`` (marked, "Start position: ...") and its values."""
    return OptionError(template, "start", **values)


def side_to_move(board: Board) -> Seat:
    """Who moves next in a drops-only position: R when the counts are equal, else Y.

    >>> side_to_move([['.', '.'], ['R', '.']])
    1
    """
    return 0 if count_pieces_by_color(board, COLOURS[0]) == count_pieces_by_color(board, COLOURS[1]) else 1


def edited_position(options: dict[str, Any], board: Any, to_move: Seat | None) -> tuple[State, list[Words]]:
    """Discs of R and Y on the options' rows x columns, top row first ('.' empty): none
    floating, nobody four in a row yet, not full. Without pop-out R has as many discs as
    Y or one more, which says who moves; with it (a pop takes a disc away) any counts,
    and ``to_move`` says who moves (default: as without)."""
    rows, cols = options.get("rows", 6), options.get("columns", 7)
    check_rows(board, rows, cols)
    grid = [list(row) for row in board]
    for r, row in enumerate(grid):
        for c, cell in enumerate(row):
            if cell not in (EMPTY, *COLOURS):
                raise Refusal(
                    gettext_noop("Row %(row)s, column %(column)s holds %(symbol)s: use '.', 'R' and 'Y'."),
                    row=r + 1,
                    column=c + 1,
                    symbol=repr(cell),
                )
            if r + 1 < rows and cell != EMPTY and grid[r + 1][c] == EMPTY:
                raise Refusal(
                    gettext_noop("The disc in row %(row)s, column %(column)s floats above an empty cell."),
                    row=r + 1,
                    column=c + 1,
                )
    status = check_winner(grid)
    if status in COLOURS:
        raise Refusal(gettext_noop("%(colour)s already has four in a row: the game is over."), colour=status)
    if status == "tie!":
        raise Refusal(gettext_noop("R and Y already have four in a row: the game is over."))
    if status == "draw":
        raise Refusal(gettext_noop("The board is full: there is nothing left to play."))
    red, yellow = (count_pieces_by_color(grid, colour) for colour in COLOURS)
    usual = side_to_move(grid) if red in (yellow, yellow + 1) else None
    pop = bool(options.get("pop_out", False))
    if not pop and usual is None:
        raise Refusal(
            gettext_noop("R has %(red)s discs and Y %(yellow)s: R starts, so has as many as Y or one more."),
            red=red,
            yellow=yellow,
        )
    if not pop and to_move is not None and to_move != usual:
        raise Refusal(
            gettext_noop("With R %(red)s and Y %(yellow)s discs it is %(colour)s to move."),
            red=red,
            yellow=yellow,
            colour=COLOURS[usual],
        )
    seat = to_move if to_move is not None else usual
    if seat not in (0, 1):
        raise Refusal(gettext_noop("Say who moves: 0 (R) or 1 (Y)."))
    return {"board": list(board), "turn": seat, "pop_out": pop, "last": None}, []
