"""1-D Reversi's rules-page diagrams: the original example."""

from __future__ import annotations

from games.catalog.diagrams import Diagram, Position, start
from games.rules.words import gettext_noop

from .engine import GAME


def diagrams() -> list[Diagram]:
    """The original example: White to move, a move that flips, one that does not."""

    def example() -> Position:
        pos = start(GAME)
        for i, position in enumerate([3, 2, 4, 12, 9]):
            pos.play(i % 2, {"position": position})
        return pos

    before = example().diagram(
        "before",
        gettext_noop("White (O) to move. Any empty slot is a legal move (marked)."),
        legal=True,
    )
    after = example().play(1, {"position": 5})
    first_flip, second_flip = after.state["flipped"]
    flip = after.diagram(
        "flip",
        gettext_noop(
            "White placed at 5: the black pieces at %(first)s and %(second)s sit between it and "
            "the white piece at 2, so they turn white."
        ),
        args={"first": first_flip, "second": second_flip},
    )
    none = example().play(1, {"position": 6})
    assert none.state["flipped"] == []
    no_flip = none.diagram(
        "no_flip",
        gettext_noop(
            "Had White placed at 6 instead, nothing would flip: the slots on both sides of it "
            "(5 and 7) are empty."
        ),
    )
    return [before, flip, no_flip]
