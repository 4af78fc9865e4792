"""Alpha Battle's rules-page diagram: the original worked example."""

from __future__ import annotations

from games.catalog.diagrams import NAMES, Diagram, start
from games.rules.words import gettext_noop

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
            gettext_noop(
                "A whole battle between %(p)s (P) and %(q)s (Q). Struck letters are crossed "
                "out; the 16 left duel in order. "
                "Round 1: %(p_letter)s (%(p_code)s) against %(q_letter)s (%(q_code)s) "
                "gives %(winner)s %(points)s points. Final score %(p_score)s to %(q_score)s."
            ),
            args={
                "p": NAMES[0],
                "q": NAMES[1],
                "p_letter": first["letters"][0],
                "p_code": first["ascii"][0],
                "q_letter": first["letters"][1],
                "q_code": first["ascii"][1],
                "winner": NAMES[first["winner"]],
                "points": first["points"],
                "p_score": score["P"],
                "q_score": score["Q"],
            },
        )
    ]
