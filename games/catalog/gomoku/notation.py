"""Gomoku's notation: cells named as Reversi and Othello name them (a column letter from A
on the left, then the row counted from 1 at the top: ``H8`` is the centre of 15 x 15), the
console's board print, and the reading of game records (``h8i9j10``: the cells in order,
what ``games.rules.records.cell_record`` writes).

>>> [cell_name(*parse_cell(name, 19, 19)) for name in ("h8", " S19 ")]
['H8', 'S19']
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from games.rules.base import Refusal
from games.rules.records import Token
from games.rules.words import gettext_noop

LETTERS = "ABCDEFGHIJKLMNOPQRS"  # the columns of the widest board (19)
_CELL = re.compile(r"([A-Za-z])([1-9][0-9]*)")
_SEPARATORS = re.compile(r"[\s,;]*")


def cell_name(y: int, x: int) -> str:
    """(7, 7) -> ``"H8"``: the column letter, then the row counted from 1 at the top."""
    return f"{LETTERS[x]}{y + 1}"


def parse_cell(text: str, rows: int, columns: int) -> tuple[int, int]:
    """``"h8"`` -> (7, 7); raise a ``Refusal`` (a ValueError: the reason, a sentence) unless
    it names a cell of a rows x columns board.

    >>> parse_cell(" c10 ", 15, 15)
    (9, 2)
    >>> parse_cell("P1", 15, 15)
    Traceback (most recent call last):
    ...
    games.rules.base.Refusal: There is no cell P1: the cells go from A1 to O15.
    """
    found = _CELL.fullmatch(text.strip()) if text.isascii() else None
    if found is None:
        if not text.strip():
            raise Refusal(gettext_noop("An empty text is not a cell such as H8."))
        raise Refusal(gettext_noop("%(text)s is not a cell such as H8."), text=text.strip()[:12])
    x, y = ord(found.group(1).upper()) - ord("A"), int(found.group(2)) - 1
    if not (0 <= y < rows and 0 <= x < columns):
        raise Refusal(
            gettext_noop("There is no cell %(cell)s: the cells go from A1 to %(corner)s."),
            cell=found.group(0).upper(),
            corner=cell_name(rows - 1, columns - 1),
        )
    return y, x


def board_text(board: list[str]) -> str:
    """The console print: column letters, then each row numbered right-aligned in 2.

    >>> print(board_text(["X..", ".O.", "..."]))
       A B C
     1 X . .
     2 . O .
     3 . . .
    """
    lines = ["   " + " ".join(LETTERS[: len(board[0])])]
    lines += [f"{y + 1:>2} " + " ".join(row) for y, row in enumerate(board)]
    return "\n".join(lines)


def cell_tokens(text: str, rows: int, columns: int) -> Iterator[Token]:
    """The moves of a record (``h8i9j10``, spaces, commas or semicolons allowed between them),
    read one at a time: a bad token is reported after the moves before it were played."""
    pos, number = _SEPARATORS.match(text, 0).end(), 0  # type: ignore[union-attr]: matches ""
    while pos < len(text):
        number += 1
        found = _CELL.match(text, pos)
        if found is None:
            word = re.match(r"[^\s,;]{1,12}", text[pos:])
            raise Refusal(
                gettext_noop("Move %(number)s (%(token)s) is not a cell such as h8."),
                number=number,
                token=word.group(0) if word else text[pos],
            )
        token = found.group(0).lower()
        try:
            parse_cell(token, rows, columns)
        except ValueError:
            raise Refusal(
                gettext_noop(
                    "Move %(number)s (%(token)s) is off the board: the cells go from a1 to %(corner)s."
                ),
                number=number,
                token=token,
                corner=cell_name(rows - 1, columns - 1).lower(),
            ) from None
        yield token, {"cell": token.upper()}
        pos = _SEPARATORS.match(text, found.end()).end()  # type: ignore[union-attr]
