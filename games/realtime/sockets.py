"""What every socket of the site shares (match, lobby, events): its places in the per-user
and per-address limits (``ratelimit``), the groups it joined, how it dispatches
(``dispatch.py``, unless ``SOCKET_DISPATCH_LOOP=0``) and when it floods (closed with 4408);
and, for the lobby and event sockets, the one client message (a ping) and the frames that
answer it (``outgoing``).
"""

from __future__ import annotations

from contextlib import suppress
from typing import Any

import orjson
from django.conf import settings
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from . import outgoing
from .dispatch import OrderedDispatch
from .flood_guard import FLOODED
from .ratelimit import Holders, TokenBucket, flood_bucket

MAX_FRAME = 64 * 1024

try:  # what daphne's WebSocket protocol raises on a send to a client that has just gone
    from autobahn.exception import Disconnected as ClientGone
except ImportError:  # another ASGI server
    ClientGone = ()


# Our dispatch loop, or with SOCKET_DISPATCH_LOOP=0 Channels' own ``AsyncConsumer.__call__`` and
# ``dispatch`` (the next class in every consumer's MRO): the override's one switch.
DispatchBase: type = OrderedDispatch if settings.SOCKET_DISPATCH_LOOP else object


class LimitedSocket(DispatchBase):
    """A mixin for Channels consumers: the limits it holds and the groups it is in are given
    back on disconnect. Set ``self.bucket`` (``ratelimit.socket_bucket()``) on connect."""

    held: tuple[tuple[Holders, str], ...] = ()
    groups_joined: tuple[str, ...] = ()
    closing = False  # its session has ended, or it flooded: the close is on its way, nothing else
    refusals: TokenBucket | None = None  # its messages refused for rate before it floods

    async def flooding(self) -> bool:
        """Count one message refused for rate; past ``ratelimit.flood_bucket`` the socket
        floods: it is closed with 4408 (True) and gets no more error frames. (Frames sent
        faster than it handles them, or not read, are ``flood_guard``'s.)"""
        if self.refusals is None:
            self.refusals = flood_bucket()
        if self.refusals.take():
            return False
        self.closing = True
        await self.close(code=FLOODED)
        return True

    def hold(self, holders: Holders, key: str) -> bool:
        """Count this socket against ``key``'s limit; False when it is full."""
        if not holders.hold(key):
            return False
        self.held += ((holders, key),)
        return True

    def within_rate(self) -> bool:
        """Take one message from this socket's bucket and from every limit it holds."""
        return self.bucket.take() and all(holders.take(key) for holders, key in self.held)

    async def join(self, *groups: str) -> None:
        for group in groups:
            await self.channel_layer.group_add(group, self.channel_name)
        self.groups_joined += groups

    async def leave(self) -> None:
        """Give back the socket's places in the limits and leave its groups."""
        for holders, key in self.held:
            holders.release(key)
        self.held = ()
        for group in self.groups_joined:
            await self.channel_layer.group_discard(group, self.channel_name)
        self.groups_joined = ()

    async def disconnect(self, code: int) -> None:
        await self.leave()


class PingSocket(LimitedSocket):
    """A socket whose client only pings (lobby, events): anything else is ``bad_message``
    (the socket stays open); the server sends the frames of ``outgoing``."""

    EXPECTED = gettext_lazy('This socket only answers {"type": "ping"}.')

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None) -> None:
        if self.closing:
            return
        if not self.within_rate():
            if not await self.flooding():
                await self.error("rate_limited", _("Too many messages: slow down."))
            return
        if text_data is None or len(text_data.encode()) > MAX_FRAME:
            await self.error("bad_message", _("Send one JSON object per text frame (at most 64 KiB)."))
            return
        try:
            content = orjson.loads(text_data)  # also refuses NaN, Infinity, deep nesting
        except orjson.JSONDecodeError:
            await self.error("bad_message", _("That frame is not JSON."))
            return
        if isinstance(content, dict) and content.get("type") == "ping":
            await self.send_message(outgoing.Pong())
        else:
            await self.other(content)

    async def other(self, content: Any) -> None:
        """A frame other than a ping (JSON, within the limits): none is expected here."""
        await self.error("bad_message", self.EXPECTED)

    async def error(self, code: outgoing.ErrorCode, message: Any) -> None:
        """Tell this socket why its frame was refused (``code`` as on the match socket), in
        its language (``message`` may be lazy)."""
        await self.send_message(outgoing.Error(code, str(message)))

    async def send_message(self, message: outgoing.Message) -> None:
        """Send one server-to-client message."""
        await self.send_frame(outgoing.encode(message))

    async def send_frame(self, frame: str) -> None:
        """Send one encoded frame; a client that has just gone misses nothing (it reads
        everything again when it reconnects)."""
        with suppress(ClientGone):
            await self.send(text_data=frame)

    async def user_signed_out(self, event: dict[str, Any]) -> None:
        """The session ended (logout, password change) or the token was revoked: close (4401)."""
        self.closing = True
        await self.close(code=4401)
