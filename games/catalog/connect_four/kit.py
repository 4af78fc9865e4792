"""Connect Four: the kit (4x4 to 12x12, pop-out). Its players: ``search`` (alpha-beta against
the clock), ``minimax`` (four plies), ``expert`` (book, ``solver``, then search)."""

from games.catalog.kit import Analysis, GameKit, Level, Pools, random_level

from . import expert, search
from .analysis import analysis_value, pons_win
from .diagrams import diagrams
from .engine import GAME
from .minimax import minimax4

# Ratings: ``manage.py rate_levels --budget 0`` (the site's own budgets, 2026-11-27, 123 s):
# at 0.05 s a move ``expert`` splits the time between solver and search and rates below
# ``strong``, which is not what a player meets; at 1 s it beats ``strong`` 6/8.
KIT = GameKit(
    game=GAME,
    diagrams=diagrams,
    levels=(
        random_level(800, search.random_move),
        Level("medium", minimax4, "Looks four moves ahead: takes its wins and blocks yours.", 1222),
        Level(
            "strong",
            search.strong,
            "Searches as deep as a second allows: very hard to beat.",
            1584,
            search.strong_with_budget,
        ),
        Level(
            "expert",
            expert.expert,
            "Plays perfectly wherever it can prove the outcome, and searches hard elsewhere.",
            1815,
            expert.with_budget,
        ),
    ),
    judge=expert.mover_value,
    analysis=Analysis(analysis_value, won=pons_win),
    pools=Pools({"rows": 6, "columns": 7}, ((1, 0), (3, 2), (5, 3))),
)
