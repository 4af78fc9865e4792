"""The rules of every game, pure Python, and the registry ``GAMES[slug]``."""

from .alpha_battle import GAME as ALPHA_BATTLE
from .base import Game, IllegalMove, Option, OptionError, Outcome
from .connect_four import GAME as CONNECT_FOUR
from .journey import GAME as JOURNEY
from .othello import GAME as OTHELLO
from .reversi import GAME as REVERSI
from .reversi_1d import GAME as REVERSI_1D

GAMES: dict[str, Game] = {
    game.slug: game for game in (REVERSI, OTHELLO, CONNECT_FOUR, REVERSI_1D, ALPHA_BATTLE, JOURNEY)
}

__all__ = ["GAMES", "Game", "IllegalMove", "Option", "OptionError", "Outcome"]
