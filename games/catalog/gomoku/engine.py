"""The engine of Gomoku and the m,n,k-games (slug ``gomoku``): k stones in a row on an
m x n board, from tic-tac-toe (3 x 3, three in a row) to free-style Gomoku (15 x 15, five in
a row, where a line longer than five wins too). Black (X, seat 0) moves first.

State: ``{"board": [row strings, top first], "turn": seat, "in_a_row": k, "last": "H8" or
None, "line": [cells of the winning line, row-major]}``; ``.`` is empty, ``X`` black, ``O``
white. A move is ``{"cell": "H8"}``: a column letter (A from the left) and a row number (1 at
the top), as Reversi and Othello name cells (``notation.py``).

>>> state = GAME.setup(GAME.clean_options({"rows": 3, "columns": 3, "in_a_row": 3}), seed=0)
>>> for cell in ("A1", "A2", "B1", "B2", "C1"):
...     state = GAME.play(state, state["turn"], {"cell": cell})
>>> state["board"], state["line"], GAME.outcome(state).reason
(['XXX', 'OO.', '...'], ['A1', 'B1', 'C1'], 'three in a row')
"""

from __future__ import annotations

from typing import Any

from games.rules.base import (
    Game,
    IllegalMove,
    Move,
    Option,
    OptionError,
    Outcome,
    Refusal,
    Seat,
    State,
    Words,
    check_rows,
)
from games.rules.records import cell_record, cell_refusal, play_tokens
from games.rules.words import gettext_noop

from .notation import board_text, cell_name, cell_tokens, parse_cell

Board = list[str]
EMPTY, BLACK, WHITE = ".", "X", "O"
STONES = (BLACK, WHITE)  # by seat
MIN_SIZE, MAX_SIZE = 3, 19
MIN_RUN, MAX_RUN = 3, 8
DIRECTIONS = ((0, 1), (1, 0), (1, 1), (1, -1))  # across, down, both diagonals
# A win's words by its length: the outcome's reason, marked so that a sentence says it translated.
RUNS = {
    3: gettext_noop("three in a row"),
    4: gettext_noop("four in a row"),
    5: gettext_noop("five in a row"),
    6: gettext_noop("six in a row"),
    7: gettext_noop("seven in a row"),
    8: gettext_noop("eight in a row"),
}
SHAPE = gettext_noop('A move is {"cell": "H8"}: a column letter and a row number.')


def runs_through(board: Board, y: int, x: int, k: int) -> list[tuple[int, int]]:
    """The cells of every run of ``k`` or more stones through the stone at (y, x), sorted; a
    stone only ever wins along its own four lines, so this is the whole win check of a move.

    >>> runs_through(["XXXXXX", "......"], 0, 2, 5)
    [(0, 0), (0, 1), (0, 2), (0, 3), (0, 4), (0, 5)]
    """
    stone, rows, cols = board[y][x], len(board), len(board[0])
    if stone == EMPTY:
        return []
    cells: set[tuple[int, int]] = set()
    for dy, dx in DIRECTIONS:
        run = [(y, x)]
        for sign in (1, -1):
            ry, rx = y + sign * dy, x + sign * dx
            while 0 <= ry < rows and 0 <= rx < cols and board[ry][rx] == stone:
                run.append((ry, rx))
                ry, rx = ry + sign * dy, rx + sign * dx
        if len(run) >= k:
            cells.update(run)
    return sorted(cells)


def all_runs(board: Board, k: int) -> list[tuple[int, int]]:
    """The cells of every run of ``k`` or more stones on the board (a full scan: for a typed
    position, whose last move is unknown), sorted."""
    return sorted(
        {
            cell
            for y, row in enumerate(board)
            for x in range(len(row))
            for cell in runs_through(board, y, x, k)
        }
    )


def run_words(k: int) -> str:
    """The outcome's reason for a win: ``"five in a row"`` (free-style: five or more)."""
    return RUNS.get(k) or f"{k} in a row"


class Gomoku(Game):
    """The m,n,k-game: ``in_a_row`` or more stones in a line win; a full board is a draw."""

    slug = "gomoku"
    name = gettext_noop("Gomoku")  # said in the reader's language
    description = gettext_noop(
        "Five in a row on a 15x15 board, or any k in a row from tic-tac-toe (3x3) up to 19x19."
    )
    seats = (2, 2)
    seat_names = (gettext_noop("Black (X)"), gettext_noop("White (O)"))
    score_decides = False  # the stones on the board measure nothing of a win
    position_help = gettext_noop(
        # Translators: keep '.', 'X' and 'O' as they are: the site reads them so.
        "'.' empty, 'X' black, 'O' white; Black has as many stones as White or one more."
    )
    options = {
        "rows": Option("int", 15, label=gettext_noop("Rows"), min=MIN_SIZE, max=MAX_SIZE),
        "columns": Option("int", 15, label=gettext_noop("Columns"), min=MIN_SIZE, max=MAX_SIZE),
        "in_a_row": Option(
            "int",
            5,
            label=gettext_noop("In a row"),
            min=MIN_RUN,
            max=MAX_RUN,
            help=gettext_noop(
                "Stones in a line that win (a longer line wins too): 5 for Gomoku, 3 for tic-tac-toe."
            ),
        ),
    }

    def check_options(self, options: dict[str, Any]) -> None:
        rows, columns, k = options["rows"], options["columns"], options["in_a_row"]
        if k > max(rows, columns):
            raise OptionError(
                gettext_noop(
                    "In a row must be at most %(most)s: a line of %(length)s does not fit"
                    " on a board of %(rows)s rows and %(columns)s columns."
                ),
                "in_a_row",
                most=max(rows, columns),
                length=k,
                rows=rows,
                columns=columns,
            )

    def setup(self, options: dict[str, Any], seed: int) -> State:
        rows, columns = options.get("rows", 15), options.get("columns", 15)
        return {
            "board": [EMPTY * columns for _ in range(rows)],
            "turn": 0,
            "in_a_row": options.get("in_a_row", 5),
            "last": None,
            "line": [],
        }

    def to_move(self, state: State) -> list[Seat]:
        return [] if self.outcome(state) else [state["turn"]]

    def legal_moves(self, state: State, seat: Seat) -> list[Move]:
        if seat not in self.to_move(state):
            return []
        return [
            {"cell": cell_name(y, x)}
            for y, row in enumerate(state["board"])
            for x, c in enumerate(row)
            if c == EMPTY
        ]

    def canonical(self, state: State, seat: Seat, move: Move) -> Move:
        """``{"cell": " h8 "}`` -> ``{"cell": "H8"}``."""
        board = state["board"]
        return {"cell": cell_name(*parse_cell(move["cell"], len(board), len(board[0])))}

    def play(self, state: State, seat: Seat, move: Move) -> State:
        if self.outcome(state) is not None:
            raise IllegalMove(gettext_noop("The game is over."))
        if seat not in self.to_move(state):
            raise IllegalMove(gettext_noop("It is not your turn."))
        if not isinstance(move, dict) or set(move) != {"cell"} or not isinstance(move["cell"], str):
            raise IllegalMove(SHAPE)
        board = list(state["board"])
        try:
            y, x = parse_cell(move["cell"], len(board), len(board[0]))
        except ValueError as exc:  # the notation's refusal (there is no cell P1 ...), said as it is
            # Translators: a reason the board's notation gives (no cell such as H8): keep it as is.
            raise IllegalMove(gettext_noop("%(reason)s"), reason=exc) from None
        if board[y][x] != EMPTY:
            raise IllegalMove(gettext_noop("%(cell)s is taken."), cell=cell_name(y, x))
        board[y] = board[y][:x] + STONES[seat] + board[y][x + 1 :]
        line = runs_through(board, y, x, state["in_a_row"])
        return {
            **state,
            "board": board,
            "turn": 1 - seat,
            "last": cell_name(y, x),
            "line": [cell_name(ly, lx) for ly, lx in line],
        }

    def outcome(self, state: State) -> Outcome | None:
        board = state["board"]
        line = state["line"]
        if not line and any(EMPTY in row for row in board):
            return None
        score = {stone: sum(row.count(stone) for row in board) for stone in STONES}
        if line:
            y, x = parse_cell(line[0], len(board), len(board[0]))
            return Outcome(STONES.index(board[y][x]), run_words(state["in_a_row"]), score)
        return Outcome(None, "board full", score)

    def position(
        self, options: dict[str, Any], board: Any, to_move: Seat | None
    ) -> tuple[State, list[Words]]:
        """Stones on the options' rows x columns, top row first: Black (who starts) has as many
        as White or one more, which says who moves; nobody has a line yet; a cell is empty."""
        rows, cols, k = options.get("rows", 15), options.get("columns", 15), options.get("in_a_row", 5)
        check_rows(board, rows, cols)
        for y, row in enumerate(board):
            for x, c in enumerate(row):
                if c not in (EMPTY, BLACK, WHITE):
                    raise Refusal(
                        # Translators: keep '.', 'X' and 'O' as they are: the site reads them so.
                        gettext_noop("%(cell)s holds %(found)s: use '.', 'X' and 'O'."),
                        cell=cell_name(y, x),
                        found=repr(c),
                    )
        black, white = (sum(row.count(stone) for row in board) for stone in STONES)
        if black not in (white, white + 1):
            raise Refusal(
                gettext_noop(
                    "X has %(black)s stones and O %(white)s: X starts, so has as many as O or one more."
                ),
                black=black,
                white=white,
            )
        seat = 0 if black == white else 1
        if to_move is not None and to_move != seat:
            raise Refusal(
                gettext_noop("With X %(black)s and O %(white)s stones it is %(stone)s to move."),
                black=black,
                white=white,
                stone=STONES[seat],
            )
        if all_runs(board, k):
            raise Refusal(
                # Translators: the line is "five in a row" (or three to eight).
                gettext_noop("There is already %(line)s on the board: the game is over."),
                line=run_words(k),
            )
        if not any(EMPTY in row for row in board):
            raise Refusal(gettext_noop("The board is full: there is nothing left to play."))
        return {"board": list(board), "turn": seat, "in_a_row": k, "last": None, "line": []}, []

    def view(self, state: State, seat: Seat | None) -> dict[str, Any]:
        board = state["board"]
        over = self.outcome(state) is not None
        return {
            "board": list(board),
            "rows": len(board),
            "columns": len(board[0]),
            "in_a_row": state["in_a_row"],
            "stones": list(STONES),
            "turn": None if over else state["turn"],
            "last": state["last"],
            "line": list(state["line"]),
            "count": {stone: sum(row.count(stone) for row in board) for stone in STONES},
        }

    def player_label(self, seat: Seat) -> str:
        return f"Player {STONES[seat]}"

    def move_label(self, state: State, seat: Seat, move: Move) -> str:
        return str(move.get("cell", "?")).upper() if isinstance(move, dict) else str(move)

    def record(self, options: dict[str, Any], moves: list[tuple[Seat, Move]]) -> str | None:
        """``h8i9j10``: the cells in order, lower case (``games.rules.records``)."""
        return cell_record(moves)

    def parse_record(self, options: dict[str, Any], text: str) -> list[tuple[Seat, Move]]:
        rows, columns = options.get("rows", 15), options.get("columns", 15)
        return play_tokens(self, options, cell_tokens(text, rows, columns), cell_refusal(EMPTY, "#"))

    def transcript(self, options: dict[str, Any], states: list[State], moves: list[tuple[Seat, Move]]) -> str:
        lines: list[str] = []
        for number, (state, (seat, move)) in enumerate(zip(states, moves, strict=False), start=1):
            lines += [f"Round {number}:", board_text(state["board"])]
            lines.append(f"{self.player_label(seat)}'s turn: {self.move_label(state, seat, move)}")
        final = states[len(moves)]
        end = self.outcome(final)
        if end is None:
            lines += [f"Round {len(moves) + 1}:", board_text(final["board"])]
        else:
            lines += ["Game over:", board_text(final["board"]), self.result_message(end)]
        return "\n".join(lines) + "\n"

    def result_message(self, outcome: Outcome) -> str:
        """``Player X wins!`` or ``Draw game!``, as the disc games end."""
        return "Draw game!" if outcome.winner is None else f"Player {STONES[outcome.winner]} wins!"


GAME = Gomoku()
