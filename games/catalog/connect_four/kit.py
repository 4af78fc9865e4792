"""Connect Four: the kit (4x4 to 12x12, pop-out). Its players: ``search`` (alpha-beta against
the clock), ``minimax`` (four plies), ``expert`` (book, ``solver``, then search)."""

from games.catalog.kit import Analysis, GameKit, Level, Pools, random_level
from games.rules.words import gettext_noop

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
        Level(
            gettext_noop("medium"),
            minimax4,
            gettext_noop("Looks four moves ahead: takes its wins and blocks yours."),
            1205,
        ),
        Level(
            gettext_noop("strong"),
            search.strong,
            gettext_noop("Searches as deep as a second allows: very hard to beat."),
            1492,
            search.strong_with_budget,
        ),
        Level(
            gettext_noop("expert"),
            expert.expert,
            gettext_noop("Plays perfectly wherever it can prove the outcome, and searches hard elsewhere."),
            1965,
            expert.with_budget,
        ),
    ),
    judge=analysis_value,
    analysis=Analysis(analysis_value, won=pons_win),
    pools=Pools({"rows": 6, "columns": 7}, ((1, 0), (3, 2), (5, 3))),
    puzzles=PUZZLES,
)
