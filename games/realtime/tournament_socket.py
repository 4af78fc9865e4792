"""The tournament socket (``/ws/tournaments/<id>/``): a tournament's page, kept up to date.

Anyone may connect (the page is public); the same per-socket, per-user and per-address limits
as the other sockets. On connect it sends the tournament (``{"type": "tournament",
"tournament": <GET /api/tournaments/<id>/>}``), then the same frame after every change
(``tournament_push``); an unknown tournament closes with 4404. The only client message is a
ping.
"""

from __future__ import annotations

import asyncio
from typing import Any

from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncWebsocketConsumer
from django.utils.translation import get_language, gettext_lazy

from . import outgoing
from .language import spoken
from .outbox import serve_on
from .ratelimit import ADDRESSES, USERS, socket_bucket
from .sockets import PingSocket
from .tournament_push import tournament_data, tournament_group


class TournamentConsumer(PingSocket, AsyncWebsocketConsumer):
    """One visitor's tournament page: group events ``tournament.push`` become its frames."""

    EXPECTED = gettext_lazy('The tournament socket only answers {"type": "ping"}.')

    async def connect(self) -> None:
        """Accept within the socket limits, join the tournament's group, send it as it is."""
        user = self.scope.get("user")
        self.bucket = socket_bucket()
        await self.accept()  # closing before accept would refuse the handshake (HTTP 403, no code)
        if not self.hold(ADDRESSES, str((self.scope.get("client") or ["?"])[0])) or (
            user is not None and user.is_authenticated and not self.hold(USERS, str(user.pk))
        ):
            await self.close(code=4429)  # too many sockets open
            return
        serve_on(asyncio.get_running_loop())
        tournament_id = int(self.scope["url_route"]["kwargs"]["tournament_id"])
        # first: a change meanwhile comes after; in its language (a computer entrant's name)
        await self.join(spoken(tournament_group(tournament_id), get_language()))
        data = await database_sync_to_async(tournament_data)(tournament_id)
        if data is None:
            await self.close(code=4404)
            return
        await self.send_message(outgoing.Tournament(data))

    async def tournament_push(self, event: dict[str, Any]) -> None:
        """Group event ``tournament.push``: the tournament's new JSON, encoded once."""
        await self.send_frame(event["text"])
