"""The registry of games: one line a game, in the order the site lists them."""

from games.rules.base import Game

from .alpha_battle.kit import KIT as ALPHA_BATTLE
from .connect_four.kit import KIT as CONNECT_FOUR
from .gomoku.kit import KIT as GOMOKU
from .journey.kit import KIT as JOURNEY
from .kit import GameKit
from .othello.kit import KIT as OTHELLO
from .reversi.kit import KIT as REVERSI
from .reversi_1d.kit import KIT as REVERSI_1D

KITS: dict[str, GameKit] = {
    kit.slug: kit for kit in (REVERSI, OTHELLO, CONNECT_FOUR, REVERSI_1D, ALPHA_BATTLE, JOURNEY, GOMOKU)
}
GAMES: dict[str, Game] = {slug: kit.game for slug, kit in KITS.items()}
