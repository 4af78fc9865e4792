"""The site's engine of 1-D Reversi (slug ``reversi_1d``), built from the seed's functions
in :mod:`games.rules.reversi_1d`.

State: ``{"board": [12 strings], "turn": seat, "last": position or None, "flipped":
[positions]}``; a move is ``{"position": <1..12>}``.

>>> state = GAME.play(GAME.setup({}, seed=0), 0, {"position": 3})
>>> GAME.play(state, 1, {"position": 4})["turn"], GAME.legal_moves(state, 1)[:3]
(0, [{'position': 1}, {'position': 2}, {'position': 4}])
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
from games.rules.records import INVALID_MOVE, play_tokens, slot_record, slot_tokens
from games.rules.reversi_1d import (
    BLACK,
    EMPTY,
    PLAYERS,
    SIZE,
    WHITE,
    board_text,
    count,
    flips,
    initial_board,
    is_game_over,
    is_valid_move,
    place_piece,
)
from games.rules.words import gettext_noop


def start_text(state: State) -> str:
    """The ``start`` option of a state: its slots ('.' empty), then ``O to move`` when White moves."""
    slots = "".join("." if c == EMPTY else c for c in state["board"])
    return slots + ("\nO to move" if state["turn"] == 1 else "")


MOVE_SHAPE = gettext_noop('A move is {"position": <1..12>}.')


class Reversi1D(Game):
    """1-D Reversi: Black (X, seat 0) and White (O) alternate until the 12 slots are full."""

    slug = "reversi_1d"
    name = gettext_noop("1-D Reversi")  # said in the reader's language
    description = gettext_noop(
        "Reversi on a single row of 12 slots: sandwich your opponent's pieces to flip them."
    )
    seats = (2, 2)
    seat_names = (gettext_noop("Black (X)"), gettext_noop("White (O)"))
    start_option = "start"  # a match from a typed position is never rated
    options = {
        "start": Option(
            "text",
            "",
            label=gettext_noop("Start position"),
            max=40,
            help=gettext_noop(
                # Translators: keep '.', 'X', 'O' and 'O to move' as they are: the site reads them so.
                "Optional: the 12 slots of '.', 'X' and 'O' on one line (e.g. ....XO......);"
                " a second line 'O to move' if White moves first."
            ),
            lines=2,
        )
    }

    def check_options(self, options: dict[str, Any]) -> None:
        state = self.start_state(options)
        options["start"] = start_text(state) if state is not None else ""

    def start_state(self, options: dict[str, Any]) -> State | None:
        """The state of the ``start`` option (None when blank); OptionError with the reason
        when it is not a position still to play."""
        lines = [line.strip() for line in (options.get("start") or "").splitlines() if line.strip()]
        if not lines:
            return None
        seat = 0
        if len(lines) == 2 and re.fullmatch(r"[XO] to move", lines[1], re.IGNORECASE):
            seat = PLAYERS.index(lines.pop()[0].upper())
        if len(lines) != 1:
            raise OptionError(
                # Translators: keep 'O to move' as it is: the site reads it so.
                gettext_noop("Start position: the 12 slots on one line, then 'O to move' if White moves."),
                "start",
            )
        try:
            state, _ = self.position(options, lines[0].upper(), seat)
        except ValueError as exc:
            raise OptionError(gettext_noop("Start position: %(reason)s"), "start", reason=str(exc)) from None
        if is_game_over(state["board"]):
            raise OptionError(
                gettext_noop("Start position: every slot is taken; nothing is left to play."), "start"
            )
        return state

    def start_options(self, options: dict[str, Any], state: State) -> dict[str, Any] | None:
        """The slots as the start option, the seat to move said."""
        return {**options, "start": start_text(state)}

    def setup(self, options: dict[str, Any], seed: int) -> State:
        state = self.start_state(options)
        if state is not None:
            return state
        return {"board": initial_board(), "turn": 0, "last": None, "flipped": []}

    # Translators: keep '.', 'X' and 'O' as they are: the site reads them so.
    position_help = gettext_noop("One line of 12 slots: '.' empty, 'X' black, 'O' white.")

    def position(
        self, options: dict[str, Any], board: Any, to_move: Seat | None
    ) -> tuple[State, list[Words]]:
        """Any discs in the 12 slots (a list of 12 of "X", "O", " ", or a 12-character string
        with "." for empty); the seat to move (default: Black)."""
        if isinstance(board, str):
            board = [EMPTY if c == "." else c for c in board]
        if not isinstance(board, list) or len(board) != SIZE:
            raise Refusal(gettext_noop('A position is the %(size)s slots, e.g. "....XO......".'), size=SIZE)
        for slot, c in enumerate(board, start=1):
            if c not in (EMPTY, BLACK, WHITE):
                raise Refusal(
                    gettext_noop("Slot %(slot)s holds %(symbol)s: use 'X', 'O' or '.' (empty)."),
                    slot=slot,
                    symbol=repr(c),
                )
        seat = 0 if to_move is None else to_move
        if seat not in (0, 1):
            raise Refusal(gettext_noop("The seat to move is 0 (Black) or 1 (White)."))
        return {"board": list(board), "turn": seat, "last": None, "flipped": []}, []

    def to_move(self, state: State) -> list[Seat]:
        return [] if is_game_over(state["board"]) else [state["turn"]]

    def legal_moves(self, state: State, seat: Seat) -> list[Move]:
        if seat not in self.to_move(state):
            return []
        board, turn = state["board"], PLAYERS[seat]
        return [{"position": p} for p in range(1, SIZE + 1) if is_valid_move(board, turn, p)]

    def play(self, state: State, seat: Seat, move: Move) -> State:
        if seat not in self.to_move(state):
            raise IllegalMove(gettext_noop("It is not your turn."))
        if not isinstance(move, dict) or set(move) != {"position"} or type(move["position"]) is not int:
            raise IllegalMove(MOVE_SHAPE)
        board, turn, position = list(state["board"]), PLAYERS[seat], move["position"]
        if not 1 <= position <= SIZE:
            # Translators: the reason after "Invalid move: " or a record's "Move 7 (13) is not legal: ".
            outside = gettext_noop("position %(position)s is not between 1 and %(size)s.")
            raise IllegalMove(INVALID_MOVE, reason=IllegalMove(outside, position=position, size=SIZE))
        if not is_valid_move(board, turn, position):
            # Translators: the reason after "Invalid move: " or a record's "Move 7 (3) is not legal: ".
            taken = gettext_noop("position %(position)s is already taken.")
            raise IllegalMove(INVALID_MOVE, reason=IllegalMove(taken, position=position))
        flipped = flips(board, turn, position)
        place_piece(board, turn, position)
        return {"board": board, "turn": 1 - seat, "last": position, "flipped": flipped}

    def outcome(self, state: State) -> Outcome | None:
        board = state["board"]
        if not is_game_over(board):
            return None
        score = count(board)
        if score[BLACK] == score[WHITE]:
            return Outcome(None, "draw", score)
        return Outcome(0 if score[BLACK] > score[WHITE] else 1, "board full", score)

    def view(self, state: State, seat: Seat | None) -> dict[str, Any]:
        return {**state, "board": list(state["board"]), "size": SIZE, "count": count(state["board"])}

    def player_label(self, seat: Seat) -> str:
        return f"{PLAYERS[seat]} ({('black', 'white')[seat]})"

    def move_label(self, state: State, seat: Seat, move: Move) -> str:
        return str(move.get("position", "?"))

    def record(self, options: dict[str, Any], moves: list[tuple[Seat, Move]]) -> str | None:
        """``3 4 10``: the slots, separated by spaces (``games.rules.records``)."""
        return slot_record(moves)

    def parse_record(self, options: dict[str, Any], text: str) -> list[tuple[Seat, Move]]:
        return play_tokens(self, options, slot_tokens(text, SIZE))

    def transcript(self, options: dict[str, Any], states: list[State], moves: list[tuple[Seat, Move]]) -> str:
        lines: list[str] = []
        for state, (seat, move) in zip(states, moves, strict=False):
            lines += [board_text(state["board"]), f"{self.player_label(seat)} places at {move['position']}"]
        final = states[len(moves)]
        lines.append(board_text(final["board"]))
        end = self.outcome(final)
        if end is not None:
            lines.append(result_message(end))
        return "\n".join(lines) + "\n"


def result_message(end: Outcome) -> str:
    """The last line, as in the seed's example: ``O (white) wins!``, or ``Draw game!``."""
    if end.winner is None:
        return "Draw game!"
    return f"{GAME.player_label(end.winner)} wins!"


GAME = Reversi1D()
