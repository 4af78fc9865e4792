"""1-D Reversi's rules-page diagrams: the original example."""

from __future__ import annotations

from games.catalog.diagrams import Diagram, Position, start

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
        "White (O) to move. Any empty slot is a legal move (marked).",
        legal=True,
    )
    after = example().play(1, {"position": 5})
    flipped = " and ".join(map(str, after.state["flipped"]))
    flip = after.diagram(
        "flip",
        f"White placed at 5: the black pieces at {flipped} sit between it and the white piece "
        "at 2, so they turn white.",
    )
    none = example().play(1, {"position": 6})
    assert none.state["flipped"] == []
    no_flip = none.diagram(
        "no_flip",
        "Had White placed at 6 instead, nothing would flip: the slots on both sides of it "
        "(5 and 7) are empty.",
    )
    return [before, flip, no_flip]
