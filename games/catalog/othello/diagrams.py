"""Othello's rules-page diagrams: the start and a first flip."""

from __future__ import annotations

from games.catalog.diagrams import Diagram, start
from games.rules.words import gettext_noop

from .engine import GAME


def diagrams() -> list[Diagram]:
    """The start with Black's moves, then a first move and its flip."""
    pos = start(GAME)
    first = pos.diagram(
        "start",
        gettext_noop(
            "The start: White on D4 and E5, Black on E4 and D5. Black moves first; "
            "the dots mark Black's four possible moves."
        ),
        legal=True,
    )
    pos.play(0, {"cell": "D3"})
    second = pos.diagram(
        "flip",
        gettext_noop(
            "Black played D3: the white disc on %(flipped)s, now closed in between "
            "D3 and D5, turned black. White's possible replies are marked."
        ),
        args={"flipped": pos.state["flipped"][0]},
        legal=True,
    )
    return [first, second]
