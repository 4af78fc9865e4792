"""This process's open sockets keep their presence rows fresh, so that the sockets of a
process that died without a word (``kill -9``) count as gone within
``PRESENCE_TIMEOUT_SECONDS``, whatever their clients do.

One task per process on the server's loop: every ``PRESENCE_HEARTBEAT_SECONDS`` it marks all
the process's logged-in sockets as seen, in one query.
"""

from __future__ import annotations

import asyncio
import logging

from channels.db import database_sync_to_async
from django.conf import settings

from games.matches import presence

log = logging.getLogger(__name__)
_open: set[str] = set()
_task: asyncio.Task | None = None


def opened(channel_name: str) -> None:
    """A logged-in socket of this process was recorded (``presence.join``)."""
    global _task
    _open.add(channel_name)
    if _task is None or _task.done():
        _task = asyncio.get_running_loop().create_task(_beat())


def closed(channel_name: str) -> None:
    _open.discard(channel_name)


async def _beat() -> None:
    while _open:
        await asyncio.sleep(settings.PRESENCE_HEARTBEAT_SECONDS)
        try:
            await database_sync_to_async(presence.touch)(channel_names=list(_open))
        except Exception:  # a database hiccup: the next beat tries again
            log.exception("presence heartbeat failed")
