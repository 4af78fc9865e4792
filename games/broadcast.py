"""Push a match's new state to its channel group (called after commit)."""

from __future__ import annotations

import asyncio

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer

from .models import Match

# The server's event loop, recorded by the ASGI app (site_config.asgi), so that threads
# (views, consumers' database work, computer players) all send on the loop the layer lives on.
MAIN_LOOP: asyncio.AbstractEventLoop | None = None


def group_name(match_id: str) -> str:
    """The channel group of a match's sockets."""
    return f"match-{match_id}"


def send_group(group: str, event: dict) -> None:
    """Send an event to a group from synchronous code, on the server's loop when there is one."""
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


def match_changed(match_id: str) -> None:
    """Send the public match data to every socket of the match; each renders its own view."""
    from .selectors import match_public

    match = Match.objects.filter(pk=match_id).first()
    if match is not None:
        send_group(group_name(match_id), {"type": "match.state", "public": match_public(match)})
