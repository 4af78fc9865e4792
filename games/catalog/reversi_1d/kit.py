"""1-D Reversi: the kit. The whole game is solved (``players``), so its strong level, its
judgement and its analysis are exact."""

from games.catalog.kit import Analysis, GameKit, Level, Pools, random_level
from games.rules.words import gettext_noop

from . import players
from .diagrams import diagrams
from .engine import GAME

KIT = GameKit(
    game=GAME,
    diagrams=diagrams,
    levels=(
        random_level(800, players.random_player),
        Level(
            gettext_noop("strong"),
            players.strong_player,
            gettext_noop("Plays perfectly: it never misses the best slot."),
            1566,
        ),
    ),
    judge=players.proved_value,
    analysis=Analysis(players.proved_value),
    pools=Pools({}, ((1, 0), (3, 2))),
)
