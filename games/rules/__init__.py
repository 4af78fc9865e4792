"""The rules of every game, pure Python, and the registry ``GAMES[slug]``."""

from .base import Game, IllegalMove, Option, OptionError, Outcome
from .reversi import GAME as REVERSI

GAMES: dict[str, Game] = {game.slug: game for game in (REVERSI,)}

__all__ = ["GAMES", "Game", "IllegalMove", "Option", "OptionError", "Outcome"]
