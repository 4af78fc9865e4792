"""Gomoku and its family, the m,n,k-games (k in a row on an m x n board, from tic-tac-toe to
free-style Gomoku): the kit. Values are for the player to move: +1 a win, 0 a draw, -1 a
loss, an estimate in between (``analysis``)."""

from games.catalog.kit import Analysis, GameKit, Level, Pools, random_level
from games.rules.words import gettext_noop

from . import players
from .analysis import analysis_value
from .diagrams import diagrams
from .engine import GAME
from .puzzles import PUZZLES

# Ratings: ``manage.py rate_levels --game gomoku`` (8 games a pair, seed 0, strong at 0.05 s a
# move, 2026-12-02): medium won 8/8 against random, strong 8/8 against both.
KIT = GameKit(
    game=GAME,
    diagrams=diagrams,
    levels=(
        random_level(800),
        Level(gettext_noop("medium"), players.medium, players.MEDIUM_NOTE, 1285),
        Level(gettext_noop("strong"), players.strong, players.STRONG_NOTE, 1843, players.strong_with_budget),
    ),
    judge=analysis_value,
    # Review's marks on the -1..+1 scale (a proved win thrown away is a blunder whatever).
    analysis=Analysis(analysis_value, thresholds=(0.2, 0.4, 0.8)),
    pools=Pools({"rows": 15, "columns": 15, "in_a_row": 5}, ((3, 2), (5, 3), (10, 0))),
    puzzles=PUZZLES,
)
