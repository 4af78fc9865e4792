"""Connect Four's rules-page diagrams: a diagonal win, then pop-out."""

from __future__ import annotations

from games.catalog.diagrams import Diagram, Position, start
from games.rules.words import gettext_noop

from .engine import GAME


def _shown_column(pos: Position) -> int:
    """The last move's column as the page shows it (numbered from 1; moves count from 0)."""
    assert pos.last_move is not None
    return pos.last_move["move"]["column"] + 1


def diagrams() -> list[Diagram]:
    """A diagonal win, then pop-out: the pops offered and a pop that ties."""
    pos = start(GAME)
    for i, column in enumerate([0, 2, 3, 2, 3, 3, 3, 1, 2, 4, 1]):
        pos.play(i % 2, {"action": "drop", "column": column})
    win = pos.diagram(
        "win",
        gettext_noop(
            "Red dropped a disc into column %(column)s: it fell to the lowest free cell and made four "
            "red discs in a diagonal line, so Red wins."
        ),
        args={"column": _shown_column(pos)},
    )
    pop = start(GAME, {"rows": 5, "columns": 5, "pop_out": True})
    moves = [
        ("drop", 2), ("drop", 1), ("drop", 3), ("drop", 3), ("drop", 4), ("drop", 0), ("drop", 1),
        ("drop", 1), ("pop", 4), ("drop", 2), ("drop", 4), ("drop", 4), ("drop", 1),
    ]  # fmt: skip
    for i, (action, column) in enumerate(moves):
        pop.play(i % 2, {"action": action, "column": column})
    first_pop, second_pop = [
        m["column"] + 1 for m in pop.game.legal_moves(pop.state, 1) if m["action"] == "pop"
    ]
    before = pop.diagram(
        "pop_offer",
        gettext_noop(
            "Pop-out on a 5 × 5 board, Yellow to move: Yellow may drop a disc, or pop out a "
            "yellow disc from the bottom of column %(first)s or %(second)s "
            "(only your own colour can be popped)."
        ),
        args={"first": first_pop, "second": second_pop},
        legal=True,
        size="small",
    )
    pop.play(1, {"action": "pop", "column": 1})
    after = pop.diagram(
        "pop_tie",
        gettext_noop(
            "Yellow popped column %(column)s: the discs above slid down one cell and made "
            "four in a row for both colours at once, so the game is a draw."
        ),
        args={"column": _shown_column(pop)},
        size="small",
    )
    return [win, before, after]
