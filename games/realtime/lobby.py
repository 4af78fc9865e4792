"""The lobby socket (``/ws/lobby/``): hints that a part of the lobby page changed.

Anyone may connect (the lobby page is public). Every socket joins the group ``lobby``; a
logged-in user's also joins ``user-<id>``. The server sends ``{"type": "lobby", "changed":
[...]}`` (from ``lobby_events``) and nothing else: no match id, no match data, so nothing
private can travel here; the page reads itself again over HTTP. The only client message is
a ping. The same per-socket, per-user and per-address limits as the match socket apply
(``ratelimit``). The socket touches the database once, when the last lobby socket of a
player waiting in a realtime quick-pairing pool closes: they leave the pool, so nobody is
paired with someone whose page has gone (a crash, a lost network) where the page's own
``pagehide`` leave never came.
"""

from __future__ import annotations

import asyncio
from collections import Counter
from typing import Any

from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncWebsocketConsumer

from games.matches import pairing

from . import outgoing
from .lobby_events import LOBBY_GROUP, user_group
from .outbox import serve_on
from .ratelimit import ADDRESSES, USERS, socket_bucket
from .sockets import PingSocket
from .token_auth import token_group

EXPECTED = 'The lobby socket only answers {"type": "ping"}.'
_open: Counter[int] = Counter()  # this process's lobby sockets of each signed-in user


class LobbyConsumer(PingSocket, AsyncWebsocketConsumer):
    """One visitor's lobby socket: group events ``lobby.hint`` become ``lobby`` messages."""

    EXPECTED = EXPECTED

    async def connect(self) -> None:
        """Accept within the socket limits, then join ``lobby`` (and ``user-<id>``)."""
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
        await self.join(*((LOBBY_GROUP, user_group(user.pk)) if signed_in else (LOBBY_GROUP,)))
        if (token := self.scope.get("api_token")) is not None:  # revoking the token closes it
            await self.join(token_group(token))

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
