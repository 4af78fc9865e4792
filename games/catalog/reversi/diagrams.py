"""Reversi's rules-page diagrams: blocks and the moves they leave, a double flip, a pass."""

from __future__ import annotations

from games.catalog.diagrams import Diagram, Step, start
from games.rules.words import gettext_noop

from .engine import GAME


def _reversi_cells(moves: str) -> list[Step]:
    """``"D2 C2"`` -> alternate Black (0) and White (1) moves."""
    return [(i % 2, {"cell": cell}) for i, cell in enumerate(moves.split())]


def diagrams() -> list[Diagram]:
    """Blocks and the moves they leave, a move flipping two lines, a forced pass."""
    blocks = "B5 E2"
    pos = start(GAME, {"size": 6, "blocks": blocks})
    first_block, second_block = blocks.split()
    first = pos.diagram(
        "start",
        gettext_noop(
            "A 6 × 6 board with two blocked cells (%(first)s and %(second)s). "
            "Black (X) moves first; the dots mark the four cells where Black can flip a disc."
        ),
        args={"first": first_block, "second": second_block},
        legal=True,
    )
    for seat, move in _reversi_cells("D2 C2 B2"):
        pos.play(seat, move)
    first_flip, second_flip = pos.state["flipped"]
    second = pos.diagram(
        "flip",
        gettext_noop(
            "Black played B2 (ringed) and flipped %(first)s and %(second)s (outlined): "
            "one line ends at D2, the other, diagonal, at D4."
        ),
        args={"first": first_flip, "second": second_flip},
    )
    small = start(GAME, {"size": 4})
    for seat, move in _reversi_cells("D2 D3 B4 D1"):
        small.play(seat, move)
    assert small.last_move and small.last_move["move"] == {"pass": True}
    third = small.diagram(
        "pass",
        gettext_noop(
            "A 4 × 4 game after D2, D3, B4 and D1: Black has no valid move, so Black passes "
            "and White moves again (White's moves are marked)."
        ),
        legal=True,
        size="small",
    )
    return [first, second, third]
