"""Every new state of a match goes to the sockets of its channel group.

A subscriber of ``match_changed``: it runs after the commit, in the thread that committed,
and hands the group send to the event loop the sockets live on. The committing thread (for
SQLite, the one database thread every socket's work runs on) does not wait for that busy
loop to get to it: waiting there held every other move back (``bench/load.py``). Sends are
started in the order of the commits; a socket never shows an older ply than it has shown
(``MatchConsumer.match_state``). Each consumer of the group renders its own viewer's view.
"""

from __future__ import annotations

import asyncio

import orjson
from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.dispatch import receiver

from games.matches.events import MatchChange, match_changed

_loop: asyncio.AbstractEventLoop | None = None  # where this process's sockets live


def serving_loop() -> asyncio.AbstractEventLoop | None:
    """The event loop of this process's sockets (None until one opened)."""
    return _loop


def serve_on(loop: asyncio.AbstractEventLoop) -> None:
    """Record the event loop of this process's sockets (the consumer calls it)."""
    global _loop
    _loop = loop


def group_name(match_id: str) -> str:
    """The channel group of a match's sockets."""
    return f"match-{match_id}"


@receiver(match_changed, dispatch_uid="realtime.broadcast")
def send_state(sender, change: MatchChange, **kwargs) -> None:
    """Send the match's public data to its group, except the socket that already has it."""
    layer = get_channel_layer()
    if layer is None:
        return
    # As JSON text: one encoding for the whole group, where a dict would be deep-copied for
    # every socket by the in-memory layer (and encoded anyway for Redis).
    event = {
        "type": "match.state",
        "public": orjson.dumps(change.public).decode(),
        "skip": change.skip_channel,
    }
    group = group_name(change.match.pk)
    if _loop is not None and _loop.is_running():
        asyncio.run_coroutine_threadsafe(layer.group_send(group, event), _loop)
    else:  # no socket has opened in this process yet (a page, the admin, a shell)
        async_to_sync(layer.group_send)(group, event)
