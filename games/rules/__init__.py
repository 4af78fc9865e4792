"""The rules of every game, pure Python, and the registry ``GAMES[slug]``.

``games.rules.<game>`` holds the seed's functions of a game; ``games.rules.engines.<game>``
the engine the site plays, built from them. The registry imports the engines only (not
``games.rules.othello``, whose ``selectNextPlay`` would load the search of
``games.rules.reversi_search`` for nothing).
"""

from .base import Game, IllegalMove, Option, OptionError, Outcome
from .engines.alpha_battle import GAME as ALPHA_BATTLE
from .engines.connect_four import GAME as CONNECT_FOUR
from .engines.journey import GAME as JOURNEY
from .engines.othello import GAME as OTHELLO
from .engines.reversi import GAME as REVERSI
from .engines.reversi_1d import GAME as REVERSI_1D

GAMES: dict[str, Game] = {
    game.slug: game for game in (REVERSI, OTHELLO, CONNECT_FOUR, REVERSI_1D, ALPHA_BATTLE, JOURNEY)
}

__all__ = ["GAMES", "Game", "IllegalMove", "Option", "OptionError", "Outcome"]
