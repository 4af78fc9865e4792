"""The match socket (``/ws/matches/<id>/``): thin; every change goes through ``games.services``."""

from __future__ import annotations

import json
import time
from contextlib import suppress
from typing import Any

from channels.consumer import get_handler_name
from channels.generic.websocket import AsyncJsonWebsocketConsumer
from django.conf import settings

from . import fastjson, presence, services
from .broadcast import group_name
from .db_batch import call_service
from .db_threads import db_async
from .errors import ServiceError
from .selectors import for_seat, seat_in

MAX_FRAME = 64 * 1024

try:  # what daphne's WebSocket protocol raises on a send to a client that has just gone
    from autobahn.exception import Disconnected as ClientGone
except ImportError:  # another ASGI server
    ClientGone = ()


class TokenBucket:
    """Per-socket rate limit: ``rate`` messages a second, bursts up to ``burst``."""

    def __init__(self, rate: float, burst: int) -> None:
        self.rate, self.burst = rate, burst
        self.tokens, self.at = float(burst), time.monotonic()

    def take(self) -> bool:
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.at) * self.rate)
        self.at = now
        if self.tokens >= 1:
            self.tokens -= 1
            return True
        return False


class MatchConsumer(AsyncJsonWebsocketConsumer):
    """One client's socket on one match: players act, spectators watch."""

    async def connect(self) -> None:
        self.match_id: str = self.scope["url_route"]["kwargs"]["match_id"]
        user = self.scope.get("user")
        self.username: str | None = user.username if user is not None and user.is_authenticated else None
        self.user = user
        self.group = group_name(self.match_id)
        self.public: dict | None = None  # the latest public match data, kept current by events
        self.bucket = TokenBucket(settings.MOVE_RATE_PER_SECOND, settings.MOVE_RATE_BURST)
        # In the group before the first state is read, so that no later state is missed.
        await self.channel_layer.group_add(self.group, self.channel_name)
        await self.accept()  # closing before accept would refuse the handshake (HTTP 403, no code)
        public = await call_service(
            presence.join, match_id=self.match_id, user=user, channel_name=self.channel_name
        )
        if public is None:
            await self.close(code=4404)  # its disconnect leaves the group
            return
        await self.show(public)

    async def disconnect(self, code: int) -> None:
        if hasattr(self, "group"):
            await self.channel_layer.group_discard(self.group, self.channel_name)
        if getattr(self, "public", None) is not None and self.username:  # recorded by presence.join
            player = seat_in(self.public, self.username) is not None
            await call_service(
                presence.leave, match_id=self.match_id, channel_name=self.channel_name, player=player
            )

    async def dispatch(self, message: dict) -> None:
        """Channels' dispatch, minus its ``aclose_old_connections()`` before every handler:
        that is a hop to the one database thread per frame and per state event, where each
        waits behind every other socket's database work. Every handler here that touches the
        database does it through ``db_async``, which closes stale connections
        itself, before and after."""
        handler = getattr(self, get_handler_name(message), None)
        if handler is None:
            raise ValueError(f"No handler for message type {message['type']}")
        await handler(message)

    # -- client -> server -------------------------------------------------------------
    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None) -> None:
        """Decode one frame; anything but a JSON object with a known ``type`` is bad_message."""
        if not self.bucket.take():
            await self.refuse("rate_limited", "Too many messages: slow down.")
            return
        if text_data is None or len(text_data) > MAX_FRAME:
            await self.refuse("bad_message", "Send one JSON object per text frame (at most 64 KiB).")
            return
        try:
            content = json.loads(text_data)
        except ValueError:
            await self.refuse("bad_message", "That frame is not JSON.")
            return
        await self.receive_json(content)

    async def receive_json(self, content: Any, **kwargs: Any) -> None:
        kind = content.get("type") if isinstance(content, dict) else None
        handler = (
            {
                "move": self.on_move,
                "resign": self.on_resign,
                "abort": self.on_abort,
                "ping": self.on_ping,
            }.get(kind)
            if isinstance(kind, str)
            else None
        )
        if handler is None:
            await self.refuse("bad_message", 'Expected {"type": "move" | "resign" | "ping", ...}.')
            return
        await handler(content)

    async def on_move(self, content: dict) -> None:
        if (
            set(content) - {"type", "ply", "move"}
            or "ply" not in content
            or not isinstance(content.get("move"), dict)
        ):
            await self.refuse("bad_message", 'A move is {"type": "move", "ply": <int>, "move": {...}}.')
            return
        if type(content["ply"]) is not int:
            await self.refuse("bad_message", "ply must be an integer.")
            return
        await self.call(
            services.move_play,
            match_id=self.match_id,
            user=self.user,
            ply=content["ply"],
            move=content["move"],
        )

    async def on_resign(self, content: dict) -> None:
        await self.call(services.match_resign, match_id=self.match_id, user=self.user)

    async def on_abort(self, content: dict) -> None:
        await self.call(services.match_abort, match_id=self.match_id, user=self.user)

    async def on_ping(self, content: dict) -> None:
        if self.username:
            await db_async(presence.touch)(self.channel_name)
        await self.send_json({"type": "pong"})

    async def call(self, service, **kwargs: Any) -> None:
        """Run a service; its refusal goes back to this socket only, with a fresh state."""
        if not self.username:
            await self.refuse("not_a_player", "Log in and take a seat to play; spectators only watch.")
            return
        try:
            # The new state has gone to the group when this returns.
            await call_service(service, **kwargs)
        except ServiceError as exc:
            code = exc.code if exc.code in PROTOCOL_CODES else "bad_message"
            await self.refuse(code, exc.message)

    async def refuse(self, code: str, message: str) -> None:
        """Tell this socket why, then send its fresh state (from memory: no database read)."""
        await self.send_json({"type": "error", "code": code, "message": message})
        await self.show(self.public)

    # -- server -> client ---------------------------------------------------------------
    async def send(
        self, text_data: str | None = None, bytes_data: bytes | None = None, close: bool = False
    ) -> None:
        """Send a frame; a client that closed meanwhile (its disconnect event not yet handled
        here) misses nothing it needs: a reconnecting page gets the current state first."""
        with suppress(ClientGone):
            await super().send(text_data=text_data, bytes_data=bytes_data, close=close)

    async def send_json(self, content: Any, close: bool = False) -> None:
        """Send ``content`` as JSON text through ``send`` above (Channels' own send_json
        would go past it, straight to its parent's send)."""
        await self.send(text_data=fastjson.dumps(content), close=close)

    async def show(self, public: dict) -> None:
        """Send this viewer's own view of ``public`` (a match's public data) as a state."""
        self.public = public
        await self.send_json({"type": "state", "match": for_seat(public, self.username)})

    async def match_state(self, event: dict) -> None:
        """Group event ``match.state``: render this viewer's own view of the new state.

        A state older than the one this socket has already shown (a lower ply: computed before
        a move that another process, or this socket's snapshot at connect, sent first) is not
        sent: a socket's ply never goes backwards. Nor is the state of this socket's own
        arrival (``skip``): it has sent that one already."""
        if event.get("skip") == self.channel_name:
            return
        public = event["public"]
        public = fastjson.loads_shared(public) if isinstance(public, str) else public
        if self.public is not None and public["ply"] < self.public["ply"]:
            return
        await self.show(public)


# protocol.md's codes, plus cannot_abort for the "abort" extension message.
PROTOCOL_CODES = {
    "bad_message",
    "not_a_player",
    "not_your_turn",
    "stale_ply",
    "illegal_move",
    "match_over",
    "rate_limited",
    "cannot_abort",
}
