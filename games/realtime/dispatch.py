"""How a socket dispatches: Channels' ordering, without a new task for every message and
without a database hop for every handler.

A Channels consumer reads two sources, its client (``receive``) and its channel in the
channel layer, and handles one message at a time. Channels' loop (``await_many_dispatch``)
starts a new task and a new ``asyncio.wait`` for every message, and they stay alive until the
socket's next message. With 1,000 spectators, every move left about 14 such objects a socket
for the garbage collector to promote, so a full collection of the whole process (100-190 ms
with 1,000 sockets open) fell on every sixth move (``bench/watchers.py``).

Here each source has one reader for the socket's whole life, which hands its messages to
the socket's one loop, and Channels' rules hold: one message handled at a time, and a source
is read again only once its last message has been handled (so a slow socket still leaves its
messages in the layer, whose capacity applies as before).

``SOCKET_DISPATCH_LOOP=0`` gives every socket Channels' own ``__call__`` and ``dispatch`` instead
(``sockets.py`` picks the base class). ``tests/platform/test_dispatch_upstream.py`` runs Channels'
consumer beside this one, so that an upgrade changing what ``OrderedDispatch`` mirrors fails.
"""

from __future__ import annotations

import asyncio
import functools
from collections.abc import Awaitable, Callable
from contextlib import suppress
from typing import Any

from channels.consumer import get_handler_name
from channels.exceptions import StopConsumer
from channels.layers import get_channel_layer
from django.utils import translation

from .language import language_of

Source = Callable[[], Awaitable[dict[str, Any]]]
Dispatch = Callable[[dict[str, Any]], Awaitable[None]]


async def dispatch_in_order(sources: list[Source], dispatch: Dispatch) -> None:
    """Hand every message of ``sources`` to ``dispatch``, one at a time; returns or raises
    when a dispatch or a source does (``StopConsumer`` included), after stopping the readers."""
    inbox: asyncio.Queue[tuple[dict[str, Any] | Exception, asyncio.Event]] = asyncio.Queue()

    async def read(source: Source) -> None:
        handled = asyncio.Event()
        while True:
            try:
                message = await source()
            except Exception as error:  # raised by the loop below, as Channels' loop would
                inbox.put_nowait((error, handled))
                return
            inbox.put_nowait((message, handled))
            await handled.wait()  # read again only once this one is handled
            handled.clear()

    # Handled here, not in the readers: an exception kept by a task would hold this frame, and
    # through it the consumer, until a full collection of the whole process.
    readers = [asyncio.ensure_future(read(source)) for source in sources]
    try:
        while True:
            message, handled = await inbox.get()
            if isinstance(message, Exception):
                raise message
            await dispatch(message)
            handled.set()
    finally:
        for reader in readers:
            reader.cancel()
        for reader in readers:
            with suppress(asyncio.CancelledError):
                await reader


class OrderedDispatch:
    """A mixin for Channels' async consumers: ``AsyncConsumer.__call__`` with
    ``dispatch_in_order`` as its loop (the same set-up: scope, channel layer, channel, send),
    and ``AsyncConsumer.dispatch`` without its database hop."""

    async def __call__(self, scope: dict[str, Any], receive: Source, send) -> None:
        self.scope = scope
        self.channel_layer = get_channel_layer(self.channel_layer_alias)
        sources = [receive]
        if self.channel_layer is not None:
            self.channel_name = await self.channel_layer.new_channel()
            self.channel_receive = functools.partial(self.channel_layer.receive, self.channel_name)
            sources.append(self.channel_receive)
        self.base_send = send
        # In the page's language, each handler and what it asks of the database thread.
        with suppress(StopConsumer), translation.override(language_of(scope)):
            await dispatch_in_order(sources, self.dispatch)

    async def dispatch(self, message: dict[str, Any]) -> None:
        """Channels' dispatch without its ``aclose_old_connections()`` before each handler: a
        hop to the database thread for every frame and every group event, where each would
        wait behind the moves of every match. Handlers reach the database only through
        ``database_sync_to_async``, which closes stale connections around each call."""
        handler = getattr(self, get_handler_name(message), None)
        if handler is None:
            raise ValueError(f"No handler for message type {message['type']}")
        await handler(message)
