"""Push a match's new state to its channel group (called after commit)."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer

from . import fastjson
from .models import Match

# The server's event loop, recorded by the ASGI app (site_config.asgi), so that threads
# (views, consumers' database work, computer players) all send on the loop the layer lives on.
MAIN_LOOP: asyncio.AbstractEventLoop | None = None

# Group sends collected while a socket's database work runs in the worker thread (see
# ``deferring``): the socket sends them itself, in order, as soon as that work is done, so
# the one database thread never waits for the busy event loop to take a send.
_DEFERRED: ContextVar[list[tuple[str, dict]] | None] = ContextVar("deferred_group_sends", default=None)


def group_name(match_id: str) -> str:
    """The channel group of a match's sockets."""
    return f"match-{match_id}"


def send_group(group: str, event: dict) -> None:
    """Send an event to a group from synchronous code, on the server's loop when there is one."""
    deferred = _DEFERRED.get()
    if deferred is not None:
        deferred.append((group, event))
        return
    layer = get_channel_layer()
    if layer is None:
        return
    loop = MAIN_LOOP
    if loop is not None and loop.is_running():
        try:
            running = asyncio.get_running_loop()
        except RuntimeError:
            running = None
        if running is not loop:
            asyncio.run_coroutine_threadsafe(layer.group_send(group, event), loop).result(timeout=10)
            return
    async_to_sync(layer.group_send)(group, event)


@contextmanager
def collecting_group_sends() -> Iterator[list[tuple[str, dict]]]:
    """Within this block, group sends (``send_group``) are collected in the list it gives,
    in order, instead of being sent."""
    collected: list[tuple[str, dict]] = []
    token = _DEFERRED.set(collected)
    try:
        yield collected
    finally:
        _DEFERRED.reset(token)


async def deferring(run_sync, *args: Any, **kwargs: Any) -> Any:
    """Await ``run_sync(*args, **kwargs)`` (a db_async call) and then send the
    group events it produced, in order, from this coroutine: before it returns, as before,
    but without the worker thread waiting on the loop for each send."""
    with collecting_group_sends() as deferred:
        try:
            return await run_sync(*args, **kwargs)
        finally:
            layer = get_channel_layer()
            if layer is not None:
                for group, event in deferred:
                    await layer.group_send(group, event)


def match_changed(match_id: str, match: Match | None = None, **known: Any) -> dict | None:
    """Send the public match data to every socket of the match; each renders its own view.

    ``match`` is the instance a service has just committed (read again when not given);
    ``known`` passes on what the caller already knows (see ``selectors.match_public``).
    Returns the public data sent (None when the match is gone).
    """
    from .selectors import match_public

    if match is None:
        match = Match.objects.filter(pk=match_id).first()
    if match is None:
        return None
    return send_public(match_id, match_public(match, **known))


def send_public(match_id: str, public: dict, skip: str | None = None) -> dict:
    """Send ``public`` (a match's public data) to the match's sockets, except the socket whose
    channel is ``skip`` (it already has it); returns ``public``."""
    # As JSON text: one encoding for every socket of the group (no per-socket deep copy in
    # the in-memory layer, a plain string for Redis), decoded by each consumer.
    event = {"type": "match.state", "public": fastjson.dumps(public)}
    if skip is not None:
        event["skip"] = skip
    send_group(group_name(match_id), event)
    return public
