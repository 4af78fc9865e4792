"""The rules of every game, pure Python, and the registry ``GAMES[slug]``."""

from .alpha_battle import GAME as ALPHA_BATTLE
from .base import Game, IllegalMove, Option, OptionError, Outcome
from .reversi import GAME as REVERSI

GAMES: dict[str, Game] = {game.slug: game for game in (REVERSI, ALPHA_BATTLE)}

__all__ = ["GAMES", "Game", "IllegalMove", "Option", "OptionError", "Outcome"]
