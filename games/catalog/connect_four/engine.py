"""The site's engine of Connect Four (slug ``connect_four``), built from the seed's
functions in :mod:`games.rules.connect_four`: rows x columns from 4 to 12, R (seat 0)
first, an optional pop-out rule and an optional start position typed in the seed's text
format.

State: ``{"board": [row strings], "turn": seat, "pop_out": bool, "last": {"seat", "action",
"column", "row"} or None}``; a move is ``{"action": "drop" | "pop", "column": <0-based>}``.

>>> state = GAME.setup(GAME.clean_options({"rows": 4, "columns": 4}), seed=0)
>>> GAME.play(state, 0, {"action": "drop", "column": 2})["board"]
['....', '....', '....', '..R.']
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from games.rules.base import (
    Game,
    IllegalMove,
    Move,
    Option,
    Outcome,
    Seat,
    State,
    Words,
)
from games.rules.connect_four import (
    CHECKS,
    COLOURS,
    EMPTY,
    RUN,
    Board,
    Colour,
    check_winner,
    count_pieces_by_color,
    get_size,
    init_board,
    is_column_full,
    place_one,
    pop_out,
    show_board,
    winning_move,
)
from games.rules.records import column_record, column_refusal, column_tokens, play_tokens
from games.rules.words import gettext_noop

from .positions import MAX_SIZE, MIN_SIZE, edited_position, side_to_move, start_board

ACTIONS = ("drop", "pop")


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
    """The transcript line of a move, its column counted from 1 as on the board a person
    sees (the protocol's 0-based ``column`` 3 is column 4): ``R drops in column 4``,
    ``Y pops column 1``."""
    if move["action"] == "pop":
        return f"{colour} pops column {move['column'] + 1}"
    return f"{colour} drops in column {move['column'] + 1}"


def move_words(move: Move) -> str:
    """A move in a move list, its column counted from 1 (as the replay's renderer words it):
    ``{"action": "drop", "column": 3}`` -> ``"column 4"``; a pop -> ``"pop column 4"``."""
    column = move.get("column")
    if not isinstance(column, int) or isinstance(column, bool):
        return move_notation(move)
    return f"{'pop ' if move.get('action') == 'pop' else ''}column {column + 1}"


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


def _rows(state: State) -> Board:
    return [list(row) for row in state["board"]]


def _status(state: State) -> str:
    return _board_status(tuple(state["board"]))


@lru_cache(maxsize=4096)
def _board_status(board: tuple[str, ...]) -> str:
    """The seed's ``check_winner`` of a board, once per board: it scans every cell and line
    (0.1 ms on 6x7), and one move asks it of the same board several times (``play``,
    ``to_move``, ``legal_moves``, ``outcome``): a puzzle's checked move took 4 ms in it."""
    return check_winner([list(row) for row in board])


def hint(state: State, seat: Seat) -> int | None:
    """The "show winning move" hint: the leftmost column where a drop wins at once for
    ``seat``'s colour (``winning_move``), or None. Pops are not considered."""
    if seat not in (0, 1):
        return None
    return winning_move(_rows(state), COLOURS[seat])


class ConnectFour(Game):
    """Connect Four on a rows x columns board, R (seat 0) first, with optional pop-out."""

    slug = "connect_four"
    name = gettext_noop("Connect Four")  # said in the reader's language
    description = gettext_noop(
        "Drop discs to line up four in a row; boards from 4x4 to 12x12, with an optional pop-out rule."
    )
    seats = (2, 2)
    seat_names = (gettext_noop("Red (R)"), gettext_noop("Yellow (Y)"))
    score_decides = False  # the discs on the board: no measure of a four in a row
    start_option = "start"  # a match from a typed position is never rated
    options = {
        "rows": Option("int", 6, label=gettext_noop("Rows"), min=MIN_SIZE, max=MAX_SIZE),
        "columns": Option("int", 7, label=gettext_noop("Columns"), min=MIN_SIZE, max=MAX_SIZE),
        "pop_out": Option(
            "bool",
            False,
            label=gettext_noop("Pop-out"),
            help=gettext_noop("A turn may instead remove your own disc from the bottom."),
        ),
        "start": Option(
            "text",
            "",
            label=gettext_noop("Start position"),
            max=1000,
            help=gettext_noop(
                # Translators: keep '.', 'R' and 'Y' as they are: the site reads them so.
                "Optional: rows of '.', 'R' and 'Y', top row first; its size replaces rows and columns."
            ),
            lines=7,
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
            raise IllegalMove(gettext_noop("The game is over."))
        if seat not in self.to_move(state):
            raise IllegalMove(gettext_noop("It is not your turn."))
        shape = gettext_noop('A move is {"action": "drop" or "pop", "column": <0-based column number>}.')
        if not isinstance(move, dict) or set(move) != {"action", "column"}:
            raise IllegalMove(shape)
        action, c = move["action"], move["column"]
        if action not in ACTIONS or type(c) is not int:  # bool is an int subclass: refuse it
            raise IllegalMove(shape)
        board, colour = _rows(state), COLOURS[seat]
        n_rows, n_cols = get_size(board)
        if not 0 <= c < n_cols:
            raise IllegalMove(
                gettext_noop("There is no column %(column)s: columns are 0 to %(last)s."),
                column=c,
                last=n_cols - 1,
            )
        if action == "drop":
            if not place_one(board, c, colour):
                raise IllegalMove(gettext_noop("Column %(column)s is full."), column=c)
            row = next(r for r in range(n_rows) if board[r][c] != state["board"][r][c])
        else:
            if not state["pop_out"]:
                raise IllegalMove(gettext_noop("Popping out is not allowed in this match."))
            bottom = board[n_rows - 1][c]
            if not pop_out(board, c, colour):
                if bottom == EMPTY:
                    raise IllegalMove(
                        gettext_noop("Column %(column)s is empty: there is no disc to pop."), column=c
                    )
                raise IllegalMove(
                    gettext_noop(
                        "The bottom disc of column %(column)s is %(disc)s: you may only pop your own."
                    ),
                    column=c,
                    disc=bottom,
                )
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

    position_help = gettext_noop(
        # Translators: keep '.', 'R' and 'Y' as they are: the site reads them so.
        "'.' empty, 'R' red, 'Y' yellow; every disc rests on the bottom or on a disc."
    )

    def start_options(self, options: dict[str, Any], state: State) -> dict[str, Any] | None:
        """The position as the start option (the discs say who moves), pop-out as it was."""
        return {**options, "start": "\n".join(state["board"])}

    def position(
        self, options: dict[str, Any], board: Any, to_move: Seat | None
    ) -> tuple[State, list[Words]]:
        """An edited position, read and checked: ``positions.edited_position``."""
        return edited_position(options, board, to_move)

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
        return move_words(move) if isinstance(move, dict) else str(move)

    def record(self, options: dict[str, Any], moves: list[tuple[Seat, Move]]) -> str | None:
        """``4453`` (``p4`` a pop), 1-based columns (``games.rules.records``)."""
        return column_record(moves, len(self.setup(options, seed=0)["board"][0]))

    def parse_record(self, options: dict[str, Any], text: str) -> list[tuple[Seat, Move]]:
        columns = len(self.setup(options, seed=0)["board"][0])  # a start position sets the size
        return play_tokens(self, options, column_tokens(text, columns), column_refusal(EMPTY, COLOURS))

    def transcript(self, options: dict[str, Any], states: list[State], moves: list[tuple[Seat, Move]]) -> str:
        # The seed prints boards with print(show_board(board)): the rows, then a blank line.
        text = show_board(_rows(states[0])) + "\n"
        for after, (seat, move) in zip(states[1:], moves, strict=False):
            text += move_text(COLOURS[seat], move) + "\n" + show_board(_rows(after)) + "\n"
        final = states[len(moves)]
        return text + result_text(_status(final), COLOURS[final["turn"]]) + "\n"


GAME = ConnectFour()
