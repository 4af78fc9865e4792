"""Game records: whole games in the notations players write them in, shared by the engines'
``record`` and ``parse_record`` (``games.rules.base.Game``).

- Reversi and Othello: the cells in order, column letter (lower case) and row, nothing
  between them, as Othello databases and sites write them (``f5d6c3d3c4``); passes are not
  written: reading a record plays them where the rules force them.
- Connect Four: the 1-based columns, as the solvers write them (``4453``); a pop-out pop is
  ``p4``; on a board of more than 9 columns the moves are separated by spaces (``10 4 11``).
- 1-D Reversi: the 1-based slots separated by spaces (``3 4 10``: slots 10-12 have two digits).

Reading accepts spaces, commas and semicolons between moves, and upper case; a refusal is a
``Refusal`` (a ValueError; ``IllegalMove`` when the rules refuse the move) that names the
move's number, as written, and why: ``Move 7 (c9) is off the 8x8 board.``

>>> from games.catalog.othello.engine import GAME
>>> moves = GAME.parse_record({}, "f5 D6,c3")
>>> moves
[(0, {'cell': 'F5'}), (1, {'cell': 'D6'}), (0, {'cell': 'C3'})]
>>> GAME.record({}, moves)
'f5d6c3'
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator
from typing import Any

from .base import Game, IllegalMove, Move, Refusal, Seat, State
from .words import gettext_noop

Token = tuple[str, Move]
"""One move of a record: (as written, lower case; the move it stands for)."""

Refuser = Callable[[State, Seat, Move], Refusal | None]
"""Why the rules refuse a move here, worded for the record's reader (None: ask ``play``)."""

SEPARATORS = re.compile(r"[\s,;]+")
_SEPARATOR_RUN = re.compile(r"[\s,;]*")
_CELL = re.compile(r"([A-Za-z])([1-9][0-9]*)")
_COLUMN = re.compile(r"([pP]?)([0-9]+)")
_WORD = re.compile(r"[^\s,;]{1,12}")  # a bad token as quoted back: the run up to a separator

# An engine's refusal of a move against the rules: its ``reason`` (a refusal too, or a text)
# is what a record says after the move, without "Invalid move: ".
INVALID_MOVE = gettext_noop("Invalid move: %(reason)s")


def play_tokens(
    game: Game, options: dict[str, Any], tokens: Iterable[Token], refusal: Refuser | None = None
) -> list[tuple[Seat, Move]]:
    """Play ``tokens`` from the start of a game with ``options``: every move as stored, the
    moves the server makes by itself (a forced pass) included where they fall."""
    state = game.setup(options, seed=0)
    played: list[tuple[Seat, Move]] = []

    def play_forced() -> None:
        nonlocal state
        while (forced := game.forced(state)) is not None:
            state = game.play(state, *forced)
            played.append(forced)

    play_forced()
    for number, (token, move) in enumerate(tokens, start=1):
        if game.outcome(state) is not None:
            raise IllegalMove(
                gettext_noop("Move %(number)s (%(token)s) comes after the end of the game."),
                number=number,
                token=token,
            )
        seat = game.to_move(state)[0]
        why = refusal(state, seat, move) if refusal else None
        if why:
            raise IllegalMove(
                gettext_noop("Move %(number)s (%(token)s) is not legal: %(why)s."),
                number=number,
                token=token,
                why=why,
            )
        try:
            state = game.play(state, seat, move)
        except IllegalMove as exc:
            reason = exc.values["reason"] if exc.template == INVALID_MOVE else exc
            raise IllegalMove(
                gettext_noop("Move %(number)s (%(token)s) is not legal: %(why)s"),
                number=number,
                token=token,
                why=reason,
            ) from None
        played.append((seat, move))
        play_forced()
    return played


def _separators_end(text: str, pos: int) -> int:
    return _SEPARATOR_RUN.match(text, pos).end()  # type: ignore[union-attr]: matches ""


def _bad_word(text: str, pos: int) -> str:
    found = _WORD.match(text, pos)
    return found.group(0) if found else text[pos : pos + 1]


# -- Reversi and Othello --------------------------------------------------------------------
def cell_record(moves: list[tuple[Seat, Move]]) -> str:
    """``f5d6c3``: the cells played, lower case; passes left out."""
    return "".join(move["cell"].lower() for _, move in moves if "cell" in move)


def cell_tokens(text: str, size: int) -> Iterator[Token]:
    """The moves of a cell record on a ``size`` x ``size`` board, read one at a time (so a
    bad token is reported only after the moves before it were played)."""
    pos, number = _separators_end(text, 0), 0
    while pos < len(text):
        number += 1
        found = _CELL.match(text, pos)
        if found is None:
            raise Refusal(
                gettext_noop("Move %(number)s (%(token)s) is not a cell such as f5."),
                number=number,
                token=_bad_word(text, pos),
            )
        token = found.group(0).lower()
        column, row = ord(token[0]) - ord("a"), int(found.group(2))
        if column >= size or row > size:
            raise Refusal(
                gettext_noop("Move %(number)s (%(token)s) is off the %(size)sx%(size)s board."),
                number=number,
                token=token,
                size=size,
            )
        yield token, {"cell": token.upper()}
        pos = _separators_end(text, found.end())


def cell_refusal(empty: str, block: str) -> Refuser:
    """Why a cell cannot be played, in the record's words (``flips`` said by the engine)."""

    def why(state: State, seat: Seat, move: Move) -> Refusal | None:
        cell = move["cell"]
        y, x = int(cell[1:]) - 1, ord(cell[0]) - ord("A")
        taken = state["board"][y][x]
        if taken == block:
            # Translators: a reason after a record's "Move 7 (c4) is not legal: ".
            return IllegalMove(gettext_noop("%(cell)s is a blocked cell"), cell=cell.lower())
        if taken != empty:
            # Translators: a reason after a record's "Move 7 (c4) is not legal: ".
            return IllegalMove(gettext_noop("%(cell)s is taken"), cell=cell.lower())
        return None

    return why


# -- Connect Four --------------------------------------------------------------------------
def column_record(moves: list[tuple[Seat, Move]], columns: int) -> str:
    """``4453`` (``p4`` a pop), separated by spaces on a board of more than 9 columns."""
    tokens = [f"{'p' if move['action'] == 'pop' else ''}{move['column'] + 1}" for _, move in moves]
    return ("" if columns <= 9 else " ").join(tokens)


def column_tokens(text: str, columns: int) -> Iterator[Token]:
    """The moves of a column record: digits one by one on boards of up to 9 columns (spaces
    allowed), else one number per space-separated token."""
    number = 0
    for chunk in SEPARATORS.split(text.strip()):
        pieces = re.findall(r"[pP]?[0-9]|.", chunk) if columns <= 9 else [chunk] if chunk else []
        for piece in pieces:
            number += 1
            found = _COLUMN.fullmatch(piece)
            if found is None:
                raise Refusal(
                    gettext_noop("Move %(number)s (%(token)s) is not a column such as 4 (or p4 to pop out)."),
                    number=number,
                    token=piece,
                )
            token, column = piece.lower(), int(found.group(2))
            if not 1 <= column <= columns:
                off = (
                    gettext_noop(
                        "Move %(number)s (%(token)s) is off the board: the columns are 1 to %(columns)s"
                        " (separate the moves by spaces on this board)."
                    )
                    if columns > 9
                    else gettext_noop(
                        "Move %(number)s (%(token)s) is off the board: the columns are 1 to %(columns)s."
                    )
                )
                raise Refusal(off, number=number, token=token, columns=columns)
            yield token, {"action": "pop" if found.group(1) else "drop", "column": column - 1}


def column_refusal(empty: str, colours: tuple[str, ...]) -> Refuser:
    """Why a drop or pop is refused, its column counted from 1 as the record counts it (the
    engine's own messages count from 0, as the protocol's moves do)."""

    def why(state: State, seat: Seat, move: Move) -> Refusal | None:
        board, c = state["board"], move["column"]
        if move["action"] == "drop":
            full = board[0][c] != empty
            # Translators: a reason after a record's "Move 7 (4) is not legal: ".
            return IllegalMove(gettext_noop("column %(column)s is full"), column=c + 1) if full else None
        if not state["pop_out"]:
            # Translators: a reason after a record's "Move 7 (p4) is not legal: ".
            return IllegalMove(gettext_noop("this game is played without pop-out"))
        if board[-1][c] == empty:
            # Translators: a reason after a record's "Move 7 (p4) is not legal: ".
            return IllegalMove(gettext_noop("column %(column)s is empty"), column=c + 1)
        if board[-1][c] != colours[seat]:
            return IllegalMove(
                # Translators: a reason after a record's "Move 7 (p4) is not legal: "; R or Y.
                gettext_noop("the bottom disc of column %(column)s is not %(colour)s"),
                column=c + 1,
                colour=colours[seat],
            )
        return None

    return why


# -- 1-D Reversi ---------------------------------------------------------------------------
def slot_record(moves: list[tuple[Seat, Move]]) -> str:
    """``3 4 10``: the slots, 1-based, separated by spaces."""
    return " ".join(str(move["position"]) for _, move in moves)


def slot_tokens(text: str, size: int) -> Iterator[Token]:
    """The moves of a slot record (numbers separated by spaces or commas)."""
    for number, token in enumerate((t for t in SEPARATORS.split(text.strip()) if t), start=1):
        if not (token.isascii() and token.isdigit()):
            raise Refusal(
                gettext_noop("Move %(number)s (%(token)s) is not a slot number (1 to %(size)s)."),
                number=number,
                token=token[:12],
                size=size,
            )
        if not 1 <= int(token) <= size:
            raise Refusal(
                gettext_noop("Move %(number)s (%(token)s) is off the board: the slots are 1 to %(size)s."),
                number=number,
                token=token,
                size=size,
            )
        yield token, {"position": int(token)}
