"""The matches the socket fuzz plays, and the moves it plays in them, from the games themselves.

Every game of the registry (``games.catalog.registry.GAMES``) is fuzzed, with its default
options unless ``VARIANTS`` names option sets worth fuzzing apart: a game added to the site is
fuzzed without a line here. The moves come from the game's own rules (``Mirror``: ``setup``,
``random_move``, ``play``), kept in step with the server's match, never from a table of moves.
"""

from __future__ import annotations

import copy
import random
from dataclasses import dataclass
from typing import Any

from games.catalog.registry import GAMES
from games.rules.base import Game, IllegalMove, Move, Seat, State

# Option sets fuzzed instead of a game's defaults (label, options): the rules' corners.
VARIANTS: dict[str, list[tuple[str, dict[str, Any]]]] = {
    "reversi": [("reversi", {"size": 8, "blocks": "A1 H8"})],
    "connect_four": [("connect_four", {"pop_out": True})],
    "journey": [
        ("journey_alliance", {"mode": "alliance", "players": 2, "seed": "9"}),
        ("journey_classic", {"mode": "classic", "seed": "7"}),
    ],
}
OPENING = 3  # real moves before the fuzz, short of one that would end the game
TRIES = 20  # random moves tried for one that does not end the game


def arenas() -> list[tuple[str, str, dict[str, Any]]]:
    """(label, slug, options) of every match the fuzz plays: each registered game, once or
    as ``VARIANTS`` says."""
    return [(label, slug, options) for slug in GAMES for label, options in VARIANTS.get(slug, [(slug, {})])]


@dataclass
class Mirror:
    """A match's position as the game's rules hold it, played in step with the server's:
    the rules name its legal moves and judge the fuzz's (``takes``). The setup's seed is
    the mirror's own (Alpha Battle's deal differs from the server's; its setups do not
    depend on it): ``in_step`` checks who moves and the ply against the server's."""

    game: Game
    state: State
    ply: int = 0

    @classmethod
    def start(cls, slug: str, options: dict[str, Any]) -> Mirror:
        game = GAMES[slug]
        return cls(game, game.setup(game.clean_options(options), 0))

    def to_move(self) -> list[Seat]:
        return self.game.to_move(self.state)

    def over(self) -> bool:
        return self.game.outcome(self.state) is not None

    def takes(self, seat: Seat, move: Any) -> bool:
        """Would the rules play ``move`` for ``seat`` now? (A move the rules fail on otherwise
        than by refusing it is one the server must refuse too.)"""
        try:
            self.game.play(self.state, seat, copy.deepcopy(move))
        except IllegalMove:
            return False
        except Exception:  # noqa: BLE001 - the rules' failure: the server must still refuse it
            return False
        return True

    def samples(self, seat: Seat, rng: random.Random, count: int) -> list[Move]:
        """Up to ``count`` different random legal moves of ``seat``."""
        found: list[Move] = []
        for _ in range(count * 3):
            move = self.game.random_move(self.state, seat, rng)
            if move not in found:
                found.append(move)
            if len(found) == count:
                break
        return found

    def independent(self) -> bool:
        return self.game.independent(self.state)

    def skip(self, seat: Seat) -> Move | None:
        return self.game.skip_move(self.state, seat)

    def choose(self, seat: Seat, rng: random.Random, may_end: bool = True) -> Move | None:
        """A random legal move of ``seat``; with ``may_end`` false, one that does not end the
        game (None when the tries find none)."""
        for _ in range(1 if may_end else TRIES):
            move = self.game.random_move(self.state, seat, rng)
            if may_end or self.game.outcome(self.game.play(self.state, seat, move)) is None:
                return move
        return None

    def play(self, seat: Seat, move: Move) -> None:
        """Play ``move`` as the server did, then the moves the server makes by itself."""
        self.state = self.game.play(self.state, seat, move)
        self.ply += 1
        while self.game.outcome(self.state) is None and (forced := self.game.forced(self.state)):
            self.state = self.game.play(self.state, *forced)
            self.ply += 1

    def in_step(self, view: dict) -> bool:
        """Does the server's match object agree with the mirror on the ply and who moves?"""
        return view["ply"] == self.ply and sorted(view["to_move"]) == sorted(self.to_move())
