"""The site's engine of Othello (slug ``othello``): Reversi's engine on a fixed 8x8 board
without blocks, from the standard Othello start (white ``O`` on D4 and E5, black ``X`` on
E4 and D5; Black, seat 0, first). The seed's functions are in :mod:`games.rules.othello`.

>>> GAME.legal_moves(GAME.setup(GAME.clean_options({}), seed=0), 0)
[{'cell': 'D3'}, {'cell': 'C4'}, {'cell': 'F5'}, {'cell': 'E6'}]
"""

from __future__ import annotations

from typing import Any

from games.catalog.reversi.engine import Reversi, gettext_noop, start_text
from games.rules.base import Option, Seat, State, Words
from games.rules.reversi import BLACK, EMPTY, WHITE, Board, centre_cells, initial_board

SIZE = 8
# Reversi's engine reads these two options; Othello fixes them instead of offering them.
FIXED_OPTIONS: dict[str, Any] = {"size": SIZE, "blocks": ""}


def othello_start(n: int = SIZE) -> dict[tuple[int, int], str]:
    """The four starting discs, Reversi's centre with the colours swapped: (row, col) -> disc.

    >>> othello_start() == {(3, 3): "O", (4, 4): "O", (3, 4): "X", (4, 3): "X"}
    True
    """
    return {cell: WHITE if disc == BLACK else BLACK for cell, disc in centre_cells(n).items()}


def start_board() -> Board:
    """A fresh 8x8 board in the Othello starting position."""
    return initial_board(SIZE, start=othello_start())


class Othello(Reversi):
    """Reversi's engine on the fixed 8x8 Othello start; moves ``{"cell": "D3"}``."""

    slug = "othello"
    name = gettext_noop("Othello")  # said in the reader's language
    description = gettext_noop("Classic 8x8 Othello: outflank and flip your opponent's discs.")
    options = {
        "start": Option(
            "text",
            "",
            label=gettext_noop("Start position"),
            max=200,
            help=gettext_noop(
                # Translators: keep '.', 'X', 'O' and 'O to move' as they are: the site reads them so.
                "Optional: 8 rows of '.', 'X' and 'O', top row first;"
                " a last line 'O to move' if White moves first."
            ),
            lines=9,
        )
    }

    cells = (EMPTY, BLACK, WHITE)  # no blocks in Othello
    # Translators: keep '.', 'X' and 'O' as they are: the site reads them so.
    position_help = gettext_noop("'.' empty, 'X' black, 'O' white.")

    def check_options(self, options: dict[str, Any]) -> None:
        """The start position only: the board is fixed."""
        state = self.start_state(options)
        options["start"] = start_text(state) if state is not None else ""

    def position(
        self, options: dict[str, Any], board: Any, to_move: Seat | None
    ) -> tuple[State, list[Words]]:
        """Reversi's, on the 8x8 board without blocks."""
        return super().position(FIXED_OPTIONS, board, to_move)

    def start(self, n: int) -> dict[tuple[int, int], str]:
        return othello_start(n)

    def setup(self, options: dict[str, Any], seed: int) -> State:
        return super().setup({**FIXED_OPTIONS, "start": options.get("start", "")}, seed)


GAME = Othello()
