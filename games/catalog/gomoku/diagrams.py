"""Gomoku's rules-page diagrams, on a 9 x 9 board: a turn, a diagonal five, an open four."""

from __future__ import annotations

from games.catalog.diagrams import Diagram, Position, start
from games.rules.words import gettext_noop

from .engine import GAME

SMALL = {"rows": 9, "columns": 9, "in_a_row": 5}


def played(cells: str) -> Position:
    """A 9 x 9 game after ``cells``, Black and White in turn."""
    pos = start(GAME, SMALL)
    for i, cell in enumerate(cells.split()):
        pos.play(i % 2, {"cell": cell})
    return pos


def diagrams() -> list[Diagram]:
    """A turn, a win on a diagonal, an open four nobody can block."""
    turn = played("E5 E6 D4").diagram(
        "turn",
        gettext_noop(
            "A 9 × 9 board after three moves: Black (X) played E5 and D4, White (O) E6. The last "
            "stone is marked; White, to move, may play on any empty point (marked)."
        ),
        legal=True,
    )
    win = played("E5 E6 D4 C5 F6 F4 C3 G5 G7")
    line = " ".join(win.state["line"])
    won = win.diagram(
        "win",
        gettext_noop("Black played G7 and made five in a row on a diagonal (%(line)s): Black wins."),
        args={"line": line},
    )
    four = played("D5 D4 E5 E4 F5 F6 G5").diagram(
        "open_four",
        gettext_noop(
            "Black has four in a row from D5 to G5 with both ends empty: an open four. White can "
            "block C5 or H5, not both, and Black wins at the other."
        ),
    )
    return [turn, won, four]
