"""Every message a client may send on a match socket, parsed once into a typed value
(``outgoing`` holds what the server sends).

``parse`` turns a decoded JSON frame into one of the message types below, or raises
:class:`BadMessage` with the reason the client gets (code ``bad_message``). The consumer
never looks inside a frame itself.

>>> parse({"type": "move", "ply": 3, "move": {"cell": "D3"}})
Move(ply=3, move={'cell': 'D3'})
>>> parse({"type": "ping"})
Ping()
>>> parse({"type": "move", "ply": "3", "move": {}})
Traceback (most recent call last):
...
games.realtime.messages.BadMessage: ply must be an integer.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


class BadMessage(ValueError):
    """A frame that is not one of the messages below; its text says why."""


@dataclass(frozen=True)
class Move:
    """``{"type": "move", "ply": <the ply the client saw>, "move": {...}}``"""

    ply: int
    move: dict[str, Any]


@dataclass(frozen=True)
class Resign:
    """``{"type": "resign"}``"""


@dataclass(frozen=True)
class Abort:
    """``{"type": "abort"}``: before the second player's first move (the creator of a match
    between two computer levels: any time)."""


@dataclass(frozen=True)
class ClaimVictory:
    """``{"type": "claim_victory"}``: the player to move has been gone long enough."""


@dataclass(frozen=True)
class ClaimDraw:
    """``{"type": "claim_draw"}``: the same, ending the match as a draw."""


@dataclass(frozen=True)
class OfferDraw:
    """``{"type": "offer_draw"}``: once every player has moved (accepts a standing offer)."""


@dataclass(frozen=True)
class AcceptDraw:
    """``{"type": "accept_draw"}``: the match ends drawn by agreement."""


@dataclass(frozen=True)
class DeclineDraw:
    """``{"type": "decline_draw"}``"""


@dataclass(frozen=True)
class Ping:
    """``{"type": "ping"}``: the server answers ``{"type": "pong"}``."""


Message = Move | Resign | Abort | ClaimVictory | ClaimDraw | OfferDraw | AcceptDraw | DeclineDraw | Ping

# The messages that are only a type.
SIMPLE: dict[str, type[Message]] = {
    "resign": Resign,
    "abort": Abort,
    "claim_victory": ClaimVictory,
    "claim_draw": ClaimDraw,
    "offer_draw": OfferDraw,
    "accept_draw": AcceptDraw,
    "decline_draw": DeclineDraw,
    "ping": Ping,
}
TYPES: frozenset[str] = frozenset({"move", *SIMPLE})  # every type a client may send

EXPECTED = (
    'Expected {"type": "move" | "resign" | "abort" | "claim_victory" | "claim_draw" | "offer_draw"'
    ' | "accept_draw" | "decline_draw" | "ping", ...}.'
)


def parse(content: Any) -> Message:
    """The typed message of a decoded frame; raises BadMessage."""
    kind = content.get("type") if isinstance(content, dict) else None
    if kind == "move":
        return _move(content)
    if isinstance(kind, str) and kind in SIMPLE:
        return SIMPLE[kind]()
    raise BadMessage(EXPECTED)


def _move(content: dict[str, Any]) -> Move:
    if (
        set(content) - {"type", "ply", "move"}
        or "ply" not in content
        or not isinstance(content.get("move"), dict)
    ):
        raise BadMessage('A move is {"type": "move", "ply": <int>, "move": {...}}.')
    if type(content["ply"]) is not int:
        raise BadMessage("ply must be an integer.")
    return Move(ply=content["ply"], move=content["move"])
