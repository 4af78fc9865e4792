"""Othello: the kit. Its computer players, judgement and analysis are the Reversi family's
(``games/ai/reversi*``, the levels as Reversi's kit lists them), with Othello's own ratings."""

from games.ai.reversi_analysis import analysis_value
from games.catalog.kit import Analysis, GameKit, Pools
from games.catalog.reversi.kit import family_levels

from .diagrams import diagrams
from .engine import GAME
from .puzzles import PUZZLES

# Ratings: ``manage.py rate_levels`` at its default (8 games a pair, seed 0), the clock-bound
# levels at 0.05 s a move (2026-11-27; measured again with the endgame's C core on 2026-12-02:
# the same figures, ``expert`` 8/8 against ``strong`` both times).
KIT = GameKit(
    game=GAME,
    diagrams=diagrams,
    levels=family_levels(1022, 1563, 1797),
    judge=analysis_value,
    analysis=Analysis(analysis_value),
    pools=Pools({}, ((1, 0), (3, 2), (5, 3), (10, 0), (15, 10))),
    family="reversi",
    puzzles=PUZZLES,
)
