"""Turns the server plays run as tasks on the server's event loop, one per key at a time.

Subscribers run in the thread that committed; ``start_once`` hands the turn to the event loop
through ``realtime.outbox`` without waiting for it, so every send of the turn happens on the
loop the channel layer lives on. Outside a server (a shell, a synchronous test) there is no
loop to keep the task: it is dropped.
"""

from __future__ import annotations

import asyncio
import contextvars
from collections.abc import Awaitable, Callable, Hashable
from typing import Any

from games.realtime.outbox import run_soon

_running: dict[Hashable, asyncio.Task] = {}


Turn = tuple[Hashable, Callable[..., Awaitable[Any]], tuple]  # (key, coroutine function, args)


def start_once(key: Hashable, turn: Callable[..., Awaitable[Any]], *args: Any) -> None:
    """From any thread: run ``turn(*args)`` as a task on the server's loop, unless one with
    ``key`` runs (dropped outside a server)."""
    run_soon(start, key, turn, args)


async def start(key: Hashable, turn: Callable[..., Awaitable[Any]], args: tuple) -> None:
    """On the server's loop: the same."""
    if key in _running:
        return
    # A context of its own: the caller's (a request's or a socket call's) ends before the
    # turn does, and its database thread with it.
    task = asyncio.get_running_loop().create_task(turn(*args), context=contextvars.Context())
    _running[key] = task
    task.add_done_callback(lambda _: _running.pop(key, None))
