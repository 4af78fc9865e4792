"""The lobby socket (``/ws/lobby/``): what the lobby shows, hinted or pushed.

Anyone may connect (the lobby page is public). What a socket hears is chosen by its query
string, once, on connect (docs/protocol.md, "WebSocket /ws/lobby/"):

- no ``push`` (as always; bots, older clients): hints ``{"type": "lobby", "changed": [...]}``
  from ``lobby_events``, carrying no match data; the socket joins ``lobby`` and, logged in,
  ``user-<id>``;
- ``?push=lobby`` (the lobby page): a ``lobby_snapshot`` on connect, then the deltas of
  ``lobby_push``; it joins ``lobby-push`` and, logged in, ``lobby-push-<id>``: what is
  private travels only in the per-user group; and each of these in its language
  (``lobby-push.fr``), where the rows with words come rendered in it;
- ``?push=bell`` (the header's bell on every other page): its user's ``unread`` count on
  connect and after each new notification, nothing of anyone else; it joins ``bell-<id>``.

The only client message is a ping. The same per-socket, per-user and per-address limits as
the match socket apply (``ratelimit``). The socket touches the database once, when the last lobby socket of a
player waiting in a realtime quick-pairing pool closes: they leave the pool, so nobody is
paired with someone whose page has gone (a crash, a lost network) where the page's own
``pagehide`` leave never came.
"""

from __future__ import annotations

import asyncio
from collections import Counter
from typing import Any
from urllib.parse import parse_qs

from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncWebsocketConsumer
from django.utils.translation import get_language, gettext_lazy

from games.matches.pairing import matchmaking as pairing
from games.notifications.services import unread_count

from . import lobby_rows, outgoing
from .language import spoken
from .lobby_events import LOBBY_GROUP, user_group
from .lobby_push import PUSH_GROUP, bell_group, push_group
from .outbox import serve_on
from .ratelimit import ADDRESSES, USERS, socket_bucket
from .sockets import PingSocket
from .token_auth import token_group

EXPECTED = gettext_lazy('The lobby socket only answers {"type": "ping"}.')
_open: Counter[int] = Counter()  # this process's lobby sockets of each signed-in user


def push_mode(scope: dict[str, Any]) -> str:
    """The socket's ``push`` query parameter: ``"lobby"``, ``"bell"``, or ``""`` (hints; so is
    any other value, as a client that asks for something unknown gets what it always got)."""
    query = parse_qs(scope.get("query_string", b"").decode("latin-1"))
    mode = (query.get("push") or [""])[0]
    return mode if mode in ("lobby", "bell") else ""


class LobbyConsumer(PingSocket, AsyncWebsocketConsumer):
    """One visitor's lobby socket: group events ``lobby.hint`` become ``lobby`` messages,
    ``lobby.push`` events are forwarded as the frames they carry."""

    EXPECTED = EXPECTED

    async def connect(self) -> None:
        """Accept within the socket limits, join the groups of its ``push`` mode, and send a
        pushed socket what it shows now."""
        user = self.scope.get("user")
        signed_in = user is not None and user.is_authenticated
        self.bucket = socket_bucket()
        await self.accept()  # closing before accept would refuse the handshake (HTTP 403, no code)
        if not self.hold(ADDRESSES, str((self.scope.get("client") or ["?"])[0])) or (
            signed_in and not self.hold(USERS, str(user.pk))
        ):
            await self.close(code=4429)  # too many sockets open
            return
        serve_on(asyncio.get_running_loop())
        if signed_in:
            self.user_pk = user.pk
            _open[user.pk] += 1
        mode = push_mode(self.scope)
        if mode == "lobby":
            # rows with words come to the group of the socket's language (``lobby_push``)
            groups = (PUSH_GROUP, push_group(user.pk)) if signed_in else (PUSH_GROUP,)
            await self.join(*groups, *(spoken(group, get_language()) for group in groups))
        elif mode == "bell":
            bell = (bell_group(user.pk),) if signed_in else ()
            await self.join(*bell, *(spoken(group, get_language()) for group in bell))
        else:
            await self.join(*((LOBBY_GROUP, user_group(user.pk)) if signed_in else (LOBBY_GROUP,)))
        if (token := self.scope.get("api_token")) is not None:  # revoking the token closes it
            await self.join(token_group(token))
        # Read after joining: a change committed meanwhile comes as a delta after this.
        if mode == "lobby":
            snapshot = await database_sync_to_async(lobby_rows.snapshot)(user)
            await self.send_message(outgoing.LobbySnapshot(**snapshot))
        elif mode == "bell" and signed_in:
            await self.send_message(outgoing.Unread(await database_sync_to_async(unread_count)(user=user)))

    user_pk: int | None = None  # counted in ``_open``

    async def disconnect(self, code: int) -> None:
        """Leave the groups; the user's last lobby socket here also leaves a realtime pool."""
        await super().disconnect(code)
        if self.user_pk is None:
            return
        _open[self.user_pk] -= 1
        if _open[self.user_pk] <= 0:
            del _open[self.user_pk]
            await database_sync_to_async(pairing.pool_leave)(user=self.user_pk, realtime_only=True)

    async def lobby_hint(self, event: dict[str, Any]) -> None:
        """Group event ``lobby.hint``: these sections of the lobby changed."""
        if not self.closing:
            await self.send_message(outgoing.Lobby(list(event["changed"])))

    async def lobby_push(self, event: dict[str, Any]) -> None:
        """Group event ``lobby.push``: one frame encoded once for the whole group, dropped by
        the sockets of the users it skips (the match's players: their own group has theirs)."""
        if not self.closing and self.user_pk not in event["skip"]:
            await self.send_frame(event["text"])
