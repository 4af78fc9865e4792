"""The rules pages' diagrams: small real positions, drawn by the game's own renderer.

Each diagram is a real position: the game's engine sets up a match with fixed options and
seed and plays the listed moves (the server's forced moves too, as the platform does), then
the position becomes a match-like object the renderer draws read-only (``static/js/rules.js``).
A game's ``diagrams.py`` builds its own with ``start`` and ``Position.diagram``; captions are
written from the position, so they always tell what the board shows. Pure Python: a caption
is marked for the translators (``gettext_noop``) with its values as ``%(name)s`` placeholders,
and the page translates it (``Diagram.translated``).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any

from games.rules.base import Game

# The made-up players of the diagrams (a renderer may name them).
NAMES = ("Ann", "Ben", "Cy", "Dee")

Step = tuple[int, dict[str, Any]]  # (seat, move)


@dataclass(frozen=True)
class Diagram:
    """One drawn position: ``match`` is what the renderer reads, ``legal`` whether the
    moves of the seat to move are marked (the board stays read-only); ``size`` "small"
    draws it smaller (a board with few cells). ``caption`` is the English text; ``text`` its
    words as marked for the translators, ``args`` the values of its placeholders."""

    name: str
    caption: str
    match: dict[str, Any]
    legal: bool = False
    size: str = ""
    text: str = ""
    args: dict[str, Any] = field(default_factory=dict)

    def translated(self, gettext: Callable[[str], str]) -> Diagram:
        """This diagram with its caption and its seats' labels ("Black (X)") in the language of
        ``gettext`` (Django's, per request).

        >>> d = Diagram("x", "Black played D3.", {}, text="%(who)s played D3.", args={"who": "Black"})
        >>> d.translated(lambda text: text.replace("played", "joue")).caption
        'Black joue D3.'
        """
        text = gettext(self.text or self.caption)
        players = [{**p, "label": gettext(p["label"])} for p in self.match.get("players", [])]
        match = {**self.match, "players": players} if players else self.match
        return replace(self, caption=text % self.args if self.args else text, match=match)

    def as_dict(self) -> dict[str, Any]:
        """The diagram as the page's JSON carries it to ``static/js/rules.js``."""
        return {"name": self.name, "caption": self.caption, "match": self.match, "legal": self.legal}


@dataclass
class Position:
    """A match replayed from its options and moves: the state, the ply, the last move."""

    game: Game
    options: dict[str, Any]
    state: dict[str, Any]
    ply: int = 0
    last_move: dict[str, Any] | None = None

    def play(self, seat: int, move: dict[str, Any]) -> Position:
        """Play ``move`` for ``seat`` (the engine refuses an illegal one), then any moves the
        server would force (a pass); returns self to chain."""
        self._apply(seat, move, forced=False)
        while (forced := self.game.forced(self.state)) is not None:
            self._apply(*forced, forced=True)
        return self

    def _apply(self, seat: int, move: dict[str, Any], *, forced: bool) -> None:
        self.state = self.game.play(self.state, seat, move)
        self.ply += 1
        self.last_move = {"ply": self.ply, "seat": seat, "move": move, "forced": forced}

    def turn(self) -> int | None:
        """The one seat to move, or None."""
        seats = self.game.to_move(self.state)
        return seats[0] if len(seats) == 1 else None

    def diagram(
        self,
        name: str,
        caption: str,
        *,
        args: dict[str, Any] | None = None,
        you: int | None = None,
        legal: bool = False,
        size: str = "",
    ) -> Diagram:
        """This position as a match object (protocol.md) seen by ``you`` (None: a spectator);
        with ``legal`` the moves of the seat to move are marked. ``caption`` is marked text,
        its placeholders filled from ``args``."""
        game, state = self.game, self.state
        to_move = game.to_move(state)
        if legal and you is None:
            you = to_move[0]
        outcome = game.outcome(state)
        result = None
        if outcome is not None:
            result = {**outcome.as_dict(), "message": game.result_message(outcome)}
        seats = game.seat_count(self.options)
        players = [
            {
                "seat": seat,
                "username": NAMES[seat],
                "connected": True,
                "computer": None,
                "label": game.seat_names[seat],
            }
            for seat in range(seats)
        ]
        match = {
            "id": f"rules-{game.slug}-{name}",
            "game": game.slug,
            "name": game.name,
            "options": self.options,
            "status": "active" if outcome is None else "finished",
            "players": players,
            "ply": self.ply,
            "to_move": to_move,
            "turn": self.turn(),
            "you": you,
            "board": game.view(state, you),
            "legal_moves": game.legal_moves(state, you) if legal and you in to_move else [],
            "last_move": self.last_move,
            "result": result,
        }
        # Only plain JSON goes to the page.
        shown = caption % args if args else caption
        return Diagram(name, shown, json.loads(json.dumps(match)), legal, size, caption, dict(args or {}))


def start(game: Game, options: dict[str, Any] | None = None, seed: int = 0) -> Position:
    """A new match of ``game`` with these options (cleaned by the engine) and seed."""
    cleaned = game.clean_options(options or {})
    return Position(game, cleaned, game.setup(cleaned, seed))
