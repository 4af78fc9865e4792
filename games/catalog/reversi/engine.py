"""The site's engine of Reversi with blocks (slug ``reversi``), built from the seed's
functions in :mod:`games.rules.reversi`.

State: ``{"board": [row strings], "turn": seat, "passes": consecutive passes, "flipped":
[cells the last move flipped], "last": the last move's cell or None}``; a move is
``{"cell": "D3"}``, or ``{"pass": true}`` when the seat has no valid move.

>>> state = GAME.setup(GAME.clean_options({"size": 4}), seed=0)
>>> GAME.legal_moves(state, 0)
[{'cell': 'C1'}, {'cell': 'D2'}, {'cell': 'A3'}, {'cell': 'B4'}]
>>> GAME.play(state, 0, {"cell": "C1"})["flipped"]
['C2']
"""

from __future__ import annotations

import re
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
)
from games.rules.records import INVALID_MOVE, cell_record, cell_refusal, cell_tokens, play_tokens
from games.rules.reversi import (
    BLACK,
    BLOCK,
    EMPTY,
    PLAYERS,
    WHITE,
    Board,
    board_text,
    cell_name,
    centre_cells,
    count,
    flips,
    has_empty_cells,
    has_valid_moves,
    initial_board,
    parse_blocks,
    parse_cell,
    valid_move,
)
from games.rules.words import gettext_noop

MIN_SIZE, MAX_SIZE = 4, 26
SHAPE = gettext_noop('A move is {"cell": "D3"}.')


def start_text(state: State) -> str:
    """The ``start`` option of a state: its rows, then ``O to move`` when White moves."""
    return "\n".join(state["board"]) + ("\nO to move" if state["turn"] == 1 else "")


def _rows(state: State) -> Board:
    return [list(row) for row in state["board"]]


def _square(board: Any, n: int, cells: str) -> Board:
    """``board`` as n rows of n cells from ``cells``; a ``Refusal`` (a ValueError) with the
    reason otherwise."""
    if not isinstance(board, list) or not all(isinstance(row, str) for row in board):
        raise Refusal(gettext_noop("A position is a list of row strings, top row first."))
    if len(board) != n or any(len(row) != n for row in board):
        raise Refusal(
            gettext_noop("The board must be %(size)s rows of %(size)s cells, as the board size says."), size=n
        )
    for y, row in enumerate(board):
        for x, c in enumerate(row):
            if c not in cells:
                raise Refusal(
                    # Translators: the cell, the character found there, then the characters allowed.
                    gettext_noop("%(cell)s holds %(found)s: use %(allowed)s."),
                    cell=cell_name(y, x),
                    found=repr(c),
                    allowed=", ".join(repr(k) for k in cells),
                )
    return [list(row) for row in board]


class Reversi(Game):
    """Reversi with blocks on an even N x N board, Black (X, seat 0) first."""

    slug = "reversi"
    name = gettext_noop("Reversi")  # said in the reader's language
    description = gettext_noop(
        "Flip your opponent's discs on boards from 4x4 to 26x26, with optional blocked cells."
    )
    seats = (2, 2)
    seat_names = (gettext_noop("Black (X)"), gettext_noop("White (O)"))
    start_option = "start"  # a match from a typed position is never rated
    options = {
        "size": Option(
            "int",
            8,
            label=gettext_noop("Board size"),
            min=MIN_SIZE,
            max=MAX_SIZE,
            help=gettext_noop("Even, 4 to 26."),
        ),
        "blocks": Option(
            "text",
            "",
            label=gettext_noop("Blocked cells"),
            max=2000,
            help=gettext_noop("Addresses like A1 B2."),
        ),
        "start": Option(
            "text",
            "",
            label=gettext_noop("Start position"),
            max=800,
            help=gettext_noop(
                # Translators: keep 'X', 'O', '#' and 'O to move' as they are: the site reads them so.
                "Optional: rows of '.', 'X' and 'O' ('#' a blocked cell), top row first;"
                " a last line 'O to move' if White moves first. Its size replaces the board size."
            ),
            lines=8,
        ),
    }

    def check_options(self, options: dict[str, Any]) -> None:
        state = self.start_state(options)
        if state is not None:
            if options.get("blocks"):
                raise OptionError(
                    gettext_noop("Blocked cells: with a start position, mark them '#' in it."), "blocks"
                )
            options["size"] = len(state["board"])
            options["start"] = start_text(state)
            return
        options["start"] = ""
        if options["size"] % 2:
            raise OptionError(gettext_noop("Board size must be even."), "size")
        blocks = parse_blocks(options["blocks"], options["size"], self.start(options["size"]))
        options["blocks"] = " ".join(cell_name(y, x) for y, x in blocks)

    def start_state(self, options: dict[str, Any]) -> State | None:
        """The state of the ``start`` option (None when it is blank); OptionError (field
        ``start``) with the reason when it is not a position of this game still to play."""
        lines = [line.strip() for line in (options.get("start") or "").splitlines() if line.strip()]
        if not lines:
            return None
        seat = 0
        if re.fullmatch(r"[XO] to move", lines[-1], re.IGNORECASE):
            seat = PLAYERS.index(lines.pop()[0].upper())
        n = len(lines)
        if "size" in self.options and not (MIN_SIZE <= n <= MAX_SIZE and n % 2 == 0):
            raise OptionError(
                gettext_noop(
                    "Start position: the board is %(low)s to %(high)s rows, an even number (found %(rows)s)."
                ),
                "start",
                low=MIN_SIZE,
                high=MAX_SIZE,
                rows=n,
            )
        wrong = next((len(line) for line in lines if len(line) != n), None)
        if wrong is not None:
            raise OptionError(
                gettext_noop(
                    "Start position: a row has %(cells)s cells; the board is square (%(rows)s rows)."
                ),
                "start",
                cells=wrong,
                rows=n,
            )
        try:
            state, _ = self.position({**options, "size": n}, [line.upper() for line in lines], seat)
        except ValueError as exc:
            raise OptionError(gettext_noop("Start position: %(reason)s"), "start", reason=exc) from None
        rows = _rows(state)
        if not any(has_valid_moves(rows, p) for p in PLAYERS):
            raise OptionError(
                gettext_noop("Start position: neither player can move there; nothing is left to play."),
                "start",
            )
        return state

    def start_options(self, options: dict[str, Any], state: State) -> dict[str, Any] | None:
        """The position as the start option (its blocks as '#'), the seat to move said."""
        chosen = {**options, "start": start_text(state)}
        if "blocks" in chosen:
            chosen["blocks"] = ""
        return chosen

    def start(self, n: int) -> dict[tuple[int, int], str]:
        """The starting discs (Othello overrides this)."""
        return centre_cells(n)

    def setup(self, options: dict[str, Any], seed: int) -> State:
        state = self.start_state(options)
        if state is not None:
            return state
        n = options["size"]
        blocks = parse_blocks(options["blocks"], n, self.start(n))
        board = initial_board(n, blocks, self.start(n))
        return {"board": ["".join(r) for r in board], "turn": 0, "passes": 0, "flipped": [], "last": None}

    def to_move(self, state: State) -> list[Seat]:
        return [] if self.outcome(state) else [state["turn"]]

    # Discs, empties and blocks where a person puts them; blocks only where the game has them.
    cells = (EMPTY, BLACK, WHITE, BLOCK)
    # Translators: keep '.', 'X', 'O' and '#' as they are: the site reads them so.
    position_help = gettext_noop("'.' empty, 'X' black, 'O' white, '#' a blocked cell.")

    def position(
        self, options: dict[str, Any], board: Any, to_move: Seat | None
    ) -> tuple[State, list[Words]]:
        """Any discs and blocks on the options' board size; the seat to move (default Black).
        A centre cell without a disc cannot arise from the start: said, but allowed."""
        n = options["size"]
        rows = _square(board, n, "".join(self.cells))
        seat = 0 if to_move is None else to_move
        if seat not in (0, 1):
            raise Refusal(gettext_noop("The seat to move is 0 (Black) or 1 (White)."))
        state = {"board": ["".join(r) for r in rows], "turn": seat, "passes": 0, "flipped": [], "last": None}
        notes = []
        if any(rows[y][x] not in (BLACK, WHITE) for y, x in self.start(n)):
            notes.append(
                Words(gettext_noop("A centre cell has no disc: this position cannot arise from the start."))
            )
        if self.outcome(state) is None and not has_valid_moves(rows, PLAYERS[seat]):
            notes.append(
                Words(
                    gettext_noop("%(player)s has no valid move and must pass."),
                    player=self.player_label(seat),
                )
            )
        return state, notes

    def legal_moves(self, state: State, seat: Seat) -> list[Move]:
        if seat not in self.to_move(state):
            return []
        board, p = _rows(state), PLAYERS[seat]
        return [
            {"cell": cell_name(y, x)}
            for y, row in enumerate(board)
            for x, c in enumerate(row)
            if c == EMPTY and valid_move(board, p, y, x)
        ]

    def canonical(self, state: State, seat: Seat, move: Move) -> Move:
        """``{"cell": " e3 "}`` -> ``{"cell": "E3"}``; a pass stays ``{"pass": True}``."""
        if "cell" not in move:
            return {"pass": True}
        return {"cell": cell_name(*parse_cell(move["cell"], len(state["board"])))}

    def play(self, state: State, seat: Seat, move: Move) -> State:
        if seat not in self.to_move(state):
            raise IllegalMove(gettext_noop("It is not your turn."))
        if not isinstance(move, dict):
            raise IllegalMove(SHAPE)
        board, p = _rows(state), PLAYERS[seat]
        if move.get("pass") is True and len(move) == 1:
            if has_valid_moves(board, p):
                raise IllegalMove(gettext_noop("You cannot pass while you have a valid move."))
            # A pass changes no disc: the last move and its flips stay highlighted.
            return {**state, "turn": 1 - seat, "passes": state["passes"] + 1}
        cell = move.get("cell")
        if not isinstance(cell, str) or set(move) != {"cell"}:
            raise IllegalMove(SHAPE)
        try:
            y, x = parse_cell(cell, len(board))
        except ValueError as exc:  # the address's refusal (Z9 is off the board), a sentence here
            # Translators: a reason (such as "Z9 is off the board") ended as a sentence.
            raise IllegalMove(INVALID_MOVE, reason=Refusal(gettext_noop("%(reason)s."), reason=exc)) from None
        flipped = flips(board, p, y, x)
        if not flipped:
            # Translators: the reason after "Invalid move: " or a record's "Move 7 (c4) is not legal: ".
            flips_none = IllegalMove(gettext_noop("%(cell)s flips no disc."), cell=cell_name(y, x))
            raise IllegalMove(INVALID_MOVE, reason=flips_none)
        valid_move(board, p, y, x, flip=True)
        return {
            "board": ["".join(r) for r in board],
            "turn": 1 - seat,
            "passes": 0,
            "flipped": [cell_name(fy, fx) for fy, fx in flipped],
            "last": cell_name(y, x),
        }

    def forced(self, state: State) -> tuple[Seat, Move] | None:
        if self.outcome(state) is None and not has_valid_moves(_rows(state), PLAYERS[state["turn"]]):
            return state["turn"], {"pass": True}
        return None

    def outcome(self, state: State) -> Outcome | None:
        board = _rows(state)
        if has_empty_cells(board) and state["passes"] < 2:
            return None
        score = count(board)
        if score[BLACK] == score[WHITE]:
            return Outcome(None, "draw", score)
        reason = "board full" if not has_empty_cells(board) else "no valid moves"
        return Outcome(0 if score[BLACK] > score[WHITE] else 1, reason, score)

    def view(self, state: State, seat: Seat | None) -> dict[str, Any]:
        return {**state, "size": len(state["board"]), "count": count(_rows(state))}

    def player_label(self, seat: Seat) -> str:
        return f"Player {PLAYERS[seat]}"

    def move_label(self, state: State, seat: Seat, move: Move) -> str:
        return "pass" if move.get("pass") else str(move.get("cell", "?")).upper()

    def record(self, options: dict[str, Any], moves: list[tuple[Seat, Move]]) -> str | None:
        """``f5d6c3``: the cells, lower case, passes left out (``games.rules.records``)."""
        return cell_record(moves)

    def parse_record(self, options: dict[str, Any], text: str) -> list[tuple[Seat, Move]]:
        size = len(self.setup(options, seed=0)["board"])  # Othello's options name no size
        return play_tokens(self, options, cell_tokens(text, size), cell_refusal(EMPTY, BLOCK))

    def transcript(self, options: dict[str, Any], states: list[State], moves: list[tuple[Seat, Move]]) -> str:
        lines: list[str] = []
        for number, (state, (seat, move)) in enumerate(zip(states, moves, strict=False), start=1):
            lines += [f"Round {number}:", board_text(_rows(state))]
            if move.get("pass"):
                lines.append(f"{self.player_label(seat)} has no valid moves! Pass!")
            else:
                lines.append(f"{self.player_label(seat)}'s turn: {self.move_label(state, seat, move)}")
        final = states[len(moves)]
        end = self.outcome(final)
        if end is None:
            lines += [f"Round {len(moves) + 1}:", board_text(_rows(final))]
        else:
            lines += ["Game over:", board_text(_rows(final)), result_message(end)]
        return "\n".join(lines) + "\n"


def result_message(end: Outcome) -> str:
    """The seed's last line: ``Player X wins!``, ``Player O wins!`` or ``Draw game!``."""
    return "Draw game!" if end.winner is None else f"Player {PLAYERS[end.winner]} wins!"


GAME = Reversi()
