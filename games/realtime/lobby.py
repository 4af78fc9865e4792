"""The lobby socket (``/ws/lobby/``): hints that a part of the lobby page changed.

Anyone may connect (the lobby page is public). Every socket joins the group ``lobby``; a
logged-in user's also joins ``user-<id>``. The server sends ``{"type": "lobby", "changed":
[...]}`` (from ``lobby_events``) and nothing else: no match id, no match data, so nothing
private can travel here; the page reads itself again over HTTP. The only client message is
a ping. The same per-socket, per-user and per-address limits as the match socket apply
(``ratelimit``), and the socket never touches the database.
"""

from __future__ import annotations

import asyncio
from contextlib import suppress
from typing import Any

import orjson
from channels.consumer import get_handler_name
from channels.generic.websocket import AsyncWebsocketConsumer

from .broadcast import serve_on
from .consumer import MAX_FRAME, ClientGone
from .lobby_events import LOBBY_GROUP, user_group
from .ratelimit import ADDRESSES, USERS, Holders, socket_bucket

EXPECTED = 'The lobby socket only answers {"type": "ping"}.'


class LobbyConsumer(AsyncWebsocketConsumer):
    """One visitor's lobby socket: group events ``lobby.hint`` become ``lobby`` messages."""

    held: tuple[tuple[Holders, str], ...] = ()
    groups_joined: tuple[str, ...] = ()
    closing = False  # its session has ended: the close is on its way

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
        groups = (LOBBY_GROUP, user_group(user.pk)) if signed_in else (LOBBY_GROUP,)
        for group in groups:
            await self.channel_layer.group_add(group, self.channel_name)
        self.groups_joined = groups

    def hold(self, holders: Holders, key: str) -> bool:
        """Count this socket against ``key``'s limit; False when it is full."""
        if not holders.hold(key):
            return False
        self.held += ((holders, key),)
        return True

    async def disconnect(self, code: int) -> None:
        """Give back the socket's places in the limits and leave its groups."""
        for holders, key in self.held:
            holders.release(key)
        self.held = ()
        for group in self.groups_joined:
            await self.channel_layer.group_discard(group, self.channel_name)
        self.groups_joined = ()

    async def dispatch(self, message: dict[str, Any]) -> None:
        """Channels' dispatch without its ``aclose_old_connections()`` before each handler:
        that hop to the database thread, for every hint to every lobby socket, would wait
        behind the moves of every match. Nothing here uses the database."""
        handler = getattr(self, get_handler_name(message), None)
        if handler is None:
            raise ValueError(f"No handler for message type {message['type']}")
        await handler(message)

    # -- client -> server -------------------------------------------------------------
    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None) -> None:
        """Answer a ping; anything else is ``bad_message`` (the socket stays open)."""
        if self.closing:
            return
        if not (self.bucket.take() and all(holders.take(key) for holders, key in self.held)):
            await self.error("rate_limited", "Too many messages: slow down.")
            return
        if text_data is None or len(text_data.encode()) > MAX_FRAME:
            await self.error("bad_message", "Send one JSON object per text frame (at most 64 KiB).")
            return
        try:
            content = orjson.loads(text_data)  # also refuses NaN, Infinity, deep nesting
        except orjson.JSONDecodeError:
            await self.error("bad_message", "That frame is not JSON.")
            return
        if isinstance(content, dict) and content.get("type") == "ping":
            await self.send_json({"type": "pong"})
        else:
            await self.error("bad_message", EXPECTED)

    async def error(self, code: str, message: str) -> None:
        """Tell this socket why its frame was refused (``code`` as on the match socket)."""
        await self.send_json({"type": "error", "code": code, "message": message})

    # -- server -> client ---------------------------------------------------------------
    async def send_json(self, content: dict[str, Any]) -> None:
        """Send one JSON frame; a client that has just gone misses nothing (a reconnecting
        page reads the whole lobby again)."""
        with suppress(ClientGone):
            await self.send(text_data=orjson.dumps(content).decode())

    async def lobby_hint(self, event: dict[str, Any]) -> None:
        """Group event ``lobby.hint``: these sections of the lobby changed."""
        if not self.closing:
            await self.send_json({"type": "lobby", "changed": list(event["changed"])})

    async def user_signed_out(self, event: dict[str, Any]) -> None:
        """The user logged out or changed their password: no more hints, close (4401)."""
        self.closing = True
        await self.close(code=4401)
