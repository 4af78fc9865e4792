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

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy


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
class ProposeTakeback:
    """``{"type": "propose_takeback"}``: undo my last move (and the reply since, if any)."""


@dataclass(frozen=True)
class AcceptTakeback:
    """``{"type": "accept_takeback"}``: the moves asked for are taken back."""


@dataclass(frozen=True)
class DeclineTakeback:
    """``{"type": "decline_takeback"}``"""


@dataclass(frozen=True)
class Chat:
    """``{"type": "chat", "room": "players" | "spectators", "text": "..."}``"""

    room: str
    text: str


@dataclass(frozen=True)
class MuteChat:
    """``{"type": "chat_mute", "mute": true | false}``: a player (un)mutes the other side."""

    mute: bool


@dataclass(frozen=True)
class ReportChat:
    """``{"type": "chat_report", "id": <a line's id>}``: tell staff about a line."""

    id: int


@dataclass(frozen=True)
class Ping:
    """``{"type": "ping"}``: the server answers ``{"type": "pong"}``."""


Message = (
    Move
    | Resign
    | Abort
    | ClaimVictory
    | ClaimDraw
    | OfferDraw
    | AcceptDraw
    | DeclineDraw
    | Ping
    | ProposeTakeback
    | AcceptTakeback
    | DeclineTakeback
    | Chat
    | MuteChat
    | ReportChat
)

# The messages that are only a type.
SIMPLE: dict[str, type[Message]] = {
    "resign": Resign,
    "abort": Abort,
    "claim_victory": ClaimVictory,
    "claim_draw": ClaimDraw,
    "offer_draw": OfferDraw,
    "accept_draw": AcceptDraw,
    "decline_draw": DeclineDraw,
    "propose_takeback": ProposeTakeback,
    "accept_takeback": AcceptTakeback,
    "decline_takeback": DeclineTakeback,
    "ping": Ping,
}
# every type a client may send
TYPES: frozenset[str] = frozenset({"move", "chat", "chat_mute", "chat_report", *SIMPLE})

EXPECTED = gettext_lazy(
    'Expected {"type": "move" | "resign" | "abort" | "claim_victory" | "claim_draw" | "offer_draw"'
    ' | "accept_draw" | "decline_draw" | "propose_takeback" | "accept_takeback" | "decline_takeback"'
    ' | "chat" | "chat_mute" | "chat_report" | "ping", ...}.'
)


def parse(content: Any) -> Message:
    """The typed message of a decoded frame; raises BadMessage."""
    kind = content.get("type") if isinstance(content, dict) else None
    if kind == "move":
        return _move(content)
    if isinstance(kind, str) and kind in CHAT:
        return CHAT[kind](content)
    if isinstance(kind, str) and kind in SIMPLE:
        return SIMPLE[kind]()
    raise BadMessage(str(EXPECTED))


def _move(content: dict[str, Any]) -> Move:
    if (
        set(content) - {"type", "ply", "move"}
        or "ply" not in content
        or not isinstance(content.get("move"), dict)
    ):
        raise BadMessage(_('A move is {"type": "move", "ply": <int>, "move": {...}}.'))
    if type(content["ply"]) is not int:
        raise BadMessage(_("ply must be an integer."))
    return Move(ply=content["ply"], move=content["move"])


def _chat(content: dict[str, Any]) -> Chat:
    if set(content) != {"type", "room", "text"} or content["room"] not in ("players", "spectators"):
        raise BadMessage(
            _('A chat line is {"type": "chat", "room": "players" | "spectators", "text": "..."}.')
        )
    if not isinstance(content["text"], str):
        raise BadMessage(_("text must be a string."))
    return Chat(room=content["room"], text=content["text"])


def _mute(content: dict[str, Any]) -> MuteChat:
    if set(content) != {"type", "mute"} or type(content["mute"]) is not bool:
        raise BadMessage(_('A mute is {"type": "chat_mute", "mute": true | false}.'))
    return MuteChat(mute=content["mute"])


def _report(content: dict[str, Any]) -> ReportChat:
    if set(content) != {"type", "id"} or type(content["id"]) is not int:
        raise BadMessage(_('A report is {"type": "chat_report", "id": <int>}.'))
    return ReportChat(id=content["id"])


CHAT = {"chat": _chat, "chat_mute": _mute, "chat_report": _report}
