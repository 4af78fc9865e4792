"""Connect Four: the kit (4x4 to 12x12, pop-out). Its players: ``search`` (alpha-beta against
the clock), ``minimax`` (four plies), ``expert`` (book, ``solver``, then search)."""

from games.catalog.kit import Analysis, GameKit, Level, Pools, random_level

from . import expert, search
from .analysis import analysis_value, pons_win
from .diagrams import diagrams
from .engine import GAME
from .minimax import minimax4
from .puzzles import PUZZLES

# Ratings: ``manage.py rate_levels --game connect_four --budget 0`` (the site's own budgets,
# 2026-12-03, 94 s, the solver's C core with 25 M nodes): ``expert`` beat ``strong`` 8/8; the
# same ratings as on 2026-12-02 with 15 M nodes. At 0.05 s a move it would split the time
# between solver and search, which is not what a player meets.
KIT = GameKit(
    game=GAME,
    diagrams=diagrams,
    levels=(
        random_level(800, search.random_move),
        Level("medium", minimax4, "Looks four moves ahead: takes its wins and blocks yours.", 1205),
        Level(
            "strong",
            search.strong,
            "Searches as deep as a second allows: very hard to beat.",
            1492,
            search.strong_with_budget,
        ),
        Level(
            "expert",
            expert.expert,
            "Plays perfectly wherever it can prove the outcome, and searches hard elsewhere.",
            1965,
            expert.with_budget,
        ),
    ),
    judge=analysis_value,
    analysis=Analysis(analysis_value, won=pons_win),
    pools=Pools({"rows": 6, "columns": 7}, ((1, 0), (3, 2), (5, 3))),
    puzzles=PUZZLES,
)
