"""Gomoku and its family, the m,n,k-games (k in a row on an m x n board, from tic-tac-toe to
free-style Gomoku): the kit. Values are for the player to move: +1 a win, 0 a draw, -1 a
loss, an estimate in between (``analysis``)."""

from games.catalog.kit import Analysis, GameKit, Level, Pools, random_level

from . import players
from .analysis import analysis_value, judged
from .diagrams import diagrams
from .engine import GAME

KIT = GameKit(
    game=GAME,
    diagrams=diagrams,
    levels=(
        random_level(),
        Level("medium", players.medium, players.MEDIUM_NOTE),
        Level("strong", players.strong, players.STRONG_NOTE, budgeted=players.strong_with_budget),
    ),
    judge=judged,
    # Review's marks on the -1..+1 scale (a proved win thrown away is a blunder whatever).
    analysis=Analysis(analysis_value, thresholds=(0.2, 0.4, 0.8)),
    pools=Pools({"rows": 15, "columns": 15, "in_a_row": 5}, ((3, 2), (5, 3), (10, 0))),
)
