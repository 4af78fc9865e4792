"""Alpha Battle's rules-page diagram: the original worked example."""

from __future__ import annotations

from games.catalog.diagrams import NAMES, Diagram, start

from .engine import GAME

# The worked example of the original assignment: P scores 64, Q scores 96.
ALPHA_EXAMPLE = (
    {"letters": "MZNHUVIOEPTWFJCBXKALSDQGYR", "indices": [1, 3, 2, 8, 10, 12, 9, 7, 4, 22]},
    {"letters": "YFTUCSQOMGKPXNDWHIVJRABZEL", "indices": [21, 24, 25, 3, 4, 1, 8, 9, 10, 17]},
)


def diagrams() -> list[Diagram]:
    """The original worked example, played out."""
    pos = start(GAME)
    pos.play(0, ALPHA_EXAMPLE[0]).play(1, ALPHA_EXAMPLE[1])
    score = pos.game.outcome(pos.state).score
    first = pos.game.view(pos.state, None)["rounds"][0]
    return [
        pos.diagram(
            "battle",
            f"A whole battle between {NAMES[0]} (P) and {NAMES[1]} (Q). Struck letters are crossed "
            "out; the 16 left duel in order. "
            f"Round 1: {first['letters'][0]} ({first['ascii'][0]}) against {first['letters'][1]} "
            f"({first['ascii'][1]}) gives {NAMES[first['winner']]} {first['points']} points. "
            f"Final score {score['P']} to {score['Q']}.",
        )
    ]
