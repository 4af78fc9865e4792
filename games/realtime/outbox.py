"""The one way from any thread to the sockets: group and channel sends, and the server's tasks.

A process's sockets live on one event loop (daphne's), and so do the in-memory channel
layer's queues and the server's own tasks (the computer's turns). Subscribers run in the
thread that committed: for the socket's services that is the database thread, which every
socket's database work waits on. So nothing here waits for the loop when one is serving: the
work is handed to it (``run_coroutine_threadsafe``) and the caller goes on. Sends handed over
in order start in that order.

Outside a server (a shell, the task worker, a synchronous test) no socket has opened a loop:
sends then run to the end on a loop of their own (``async_to_sync``; with Redis they reach
the servers' sockets, in memory nobody listens), and tasks are dropped, as nothing would keep
them.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Any

from asgiref.sync import async_to_sync
from channels.layers import InMemoryChannelLayer, get_channel_layer

_loop: asyncio.AbstractEventLoop | None = None  # where this process's sockets live

Send = tuple[str, dict[str, Any]]  # (group or channel name, event)


def serve_on(loop: asyncio.AbstractEventLoop) -> None:
    """Record the event loop of this process's sockets (every socket calls it on connect)."""
    global _loop
    _loop = loop


def serving_loop() -> asyncio.AbstractEventLoop | None:
    """The running event loop of this process's sockets; None outside a server."""
    return _loop if _loop is not None and _loop.is_running() else None


def send_to_groups(sends: list[Send]) -> None:
    """Send each event to its channel group, in order; never waits while a server runs."""
    layer = get_channel_layer()
    if layer is None:
        return
    if isinstance(layer, InMemoryChannelLayer):
        # One process: a group nobody joined has nobody to tell, and each send to the
        # in-memory layer walks its channels (bench/load.py: most players have no lobby or
        # bell open, and a hint per move to each of them cost a tenth of the server).
        sends = [(group, event) for group, event in sends if layer.groups.get(group)]
    if sends:
        _hand_over(_each, layer.group_send, sends)


def listened(group: str) -> bool:
    """Might a socket be in ``group``? False only where this process's in-memory layer knows
    nobody joined it; with Redis (several processes) always True. Lets a sender skip building
    a frame (a row read and rendered) that nobody would get."""
    layer = get_channel_layer()
    if layer is None:
        return False
    return not isinstance(layer, InMemoryChannelLayer) or bool(layer.groups.get(group))


def send_to_channels(sends: list[Send]) -> None:
    """Send each event to its channel (one socket, on whichever process), in order."""
    layer = get_channel_layer()
    if layer is not None and sends:
        _hand_over(_each, layer.send, sends)


def run_soon(task: Callable[..., Awaitable[Any]], *args: Any) -> bool:
    """Start ``task(*args)`` on the server's loop without waiting; False outside a server
    (nothing to run it on: the task is dropped)."""
    loop = serving_loop()
    if loop is None:
        return False
    asyncio.run_coroutine_threadsafe(task(*args), loop)
    return True


async def _each(send: Callable[[str, dict[str, Any]], Awaitable[None]], sends: list[Send]) -> None:
    for name, event in sends:
        await send(name, event)


def _hand_over(work: Callable[..., Awaitable[None]], *args: Any) -> None:
    loop = serving_loop()
    if loop is not None:
        asyncio.run_coroutine_threadsafe(work(*args), loop)  # type: ignore[arg-type]
    else:
        async_to_sync(work)(*args)
