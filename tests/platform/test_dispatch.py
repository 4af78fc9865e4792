"""A socket's dispatch loop (games/realtime/dispatch.py): Channels' rules (one message at a
time, each source in order, a source read again only once its message is handled), with no
task started per message."""

from __future__ import annotations

import asyncio
import gc
import weakref

import pytest
from channels.exceptions import StopConsumer
from django.contrib.auth.models import AnonymousUser

from games.realtime.consumer import MatchConsumer
from games.realtime.dispatch import OrderedDispatch, dispatch_in_order
from games.realtime.events_socket import EventsConsumer
from games.realtime.lobby import LobbyConsumer
from tests.support.fresh_process import run_in_fresh_process

from .conftest import TIMEOUT


class Source:
    """A message source as a consumer sees one (``await source()``), counting its reads."""

    def __init__(self, *messages: dict) -> None:
        self.queue: asyncio.Queue[dict] = asyncio.Queue()
        self.reads = 0
        for message in messages:
            self.queue.put_nowait(message)

    async def __call__(self) -> dict:
        message = await self.queue.get()
        self.reads += 1
        return message


async def run_until(loop_task: asyncio.Task, condition, timeout: float = TIMEOUT) -> None:
    end = asyncio.get_running_loop().time() + timeout
    while not condition():
        assert not loop_task.done(), loop_task
        assert asyncio.get_running_loop().time() < end, "timed out"
        await asyncio.sleep(0.001)


async def test_messages_of_both_sources_are_handled_one_at_a_time_each_source_in_order():
    client = Source(*({"n": f"c{i}"} for i in range(20)))
    layer = Source(*({"n": f"l{i}"} for i in range(20)))
    handled: list[str] = []
    running = 0

    async def dispatch(message: dict) -> None:
        nonlocal running
        running += 1
        assert running == 1, "two messages handled at once"
        await asyncio.sleep(0)  # let the other reader try to start meanwhile
        handled.append(message["n"])
        running -= 1

    task = asyncio.ensure_future(dispatch_in_order([client, layer], dispatch))
    await run_until(task, lambda: len(handled) == 40)
    task.cancel()
    assert [n for n in handled if n[0] == "c"] == [f"c{i}" for i in range(20)]
    assert [n for n in handled if n[0] == "l"] == [f"l{i}" for i in range(20)]


async def test_a_source_is_read_again_only_once_its_message_has_been_handled():
    client, layer = Source({"n": "c0"}, {"n": "c1"}), Source()
    release = asyncio.Event()
    handled: list[str] = []

    async def dispatch(message: dict) -> None:
        await release.wait()
        handled.append(message["n"])

    task = asyncio.ensure_future(dispatch_in_order([client, layer], dispatch))
    await run_until(task, lambda: client.reads == 1)
    layer.queue.put_nowait({"n": "l0"})
    await run_until(task, lambda: layer.reads == 1)
    await asyncio.sleep(0.02)
    # "c0" is being handled: "c1" stays in its source, "l0" waits its turn.
    assert (client.reads, layer.reads, handled, client.queue.qsize()) == (1, 1, [], 1)
    release.set()
    await run_until(task, lambda: len(handled) == 3)
    task.cancel()
    assert handled[0] == "c0" and sorted(handled) == ["c0", "c1", "l0"]


async def test_a_stop_ends_the_loop_and_nothing_more_is_read():
    client, layer = Source({"n": "stop"}), Source()

    async def dispatch(message: dict) -> None:
        raise StopConsumer

    with pytest.raises(StopConsumer):
        await asyncio.wait_for(dispatch_in_order([client, layer], dispatch), TIMEOUT)
    layer.queue.put_nowait({"n": "late"})
    await asyncio.sleep(0.02)
    assert (layer.reads, layer.queue.qsize()) == (0, 1)  # its reader was stopped


async def test_a_handlers_error_reaches_the_server():
    async def dispatch(message: dict) -> None:
        raise ValueError(f"No handler for message type {message['type']}")

    with pytest.raises(ValueError, match="No handler for message type nope"):
        await asyncio.wait_for(dispatch_in_order([Source({"type": "nope"}), Source()], dispatch), TIMEOUT)


async def test_a_failing_source_reaches_the_server_too():
    class Broken(Source):
        async def __call__(self) -> dict:
            raise ConnectionError("the channel layer is gone")

    async def dispatch(message: dict) -> None:
        pass

    with pytest.raises(ConnectionError, match="the channel layer is gone"):
        await asyncio.wait_for(dispatch_in_order([Source(), Broken()], dispatch), TIMEOUT)


async def test_a_watchers_socket_starts_no_task_for_each_state(sockets, table):
    """Channels' own loop starts a task (a new read of the layer) for every message: with
    1,000 spectators that was most of the garbage of a move."""
    watcher = await sockets.connect(table.id, AnonymousUser())
    loop = asyncio.get_running_loop()
    started: list[str] = []

    def count(loop, coro, **kwargs):
        started.append(getattr(coro, "__qualname__", repr(coro)))
        return asyncio.Task(coro, loop=loop, **kwargs)

    loop.set_task_factory(count)
    try:
        for player, other in [(table.sa, table.sb), (table.sb, table.sa), (table.sa, table.sb)]:
            await player.move(player.state["legal_moves"][0])
            await other.recv_state()
            await player.recv_state()  # its own move's state arrives through the group too
            await watcher.recv_state()
    finally:
        loop.set_task_factory(None)
    assert watcher.state["ply"] == 3
    assert [name for name in started if name.endswith(".receive")] == []


async def test_a_stopped_socket_is_freed_at_once_not_by_a_full_garbage_collection():
    """Its consumer (scope, session, user) goes when the socket closes: left in a reference
    cycle, it would wait for a collection of the whole process (memory: 10 x 500 sockets)."""

    class Owner:
        async def dispatch(self, message: dict) -> None:
            raise StopConsumer

    owner = Owner()
    gone = weakref.ref(owner)
    gc.disable()
    try:
        try:
            await dispatch_in_order([Source({"n": "stop"}), Source()], owner.dispatch)
        except StopConsumer:
            pass
        del owner
        await asyncio.sleep(0)  # the cancelled reader's last step
        assert gone() is None
    finally:
        gc.enable()


def test_every_socket_dispatches_through_this_loop_by_default():
    for socket in (MatchConsumer, LobbyConsumer, EventsConsumer):
        assert (socket.__call__, socket.dispatch) == (OrderedDispatch.__call__, OrderedDispatch.dispatch)


def test_socket_dispatch_loop_0_gives_every_socket_channels_own_loop():
    """The switch: the stock ``AsyncConsumer.__call__`` and ``dispatch`` run, nothing of ours."""
    stock = run_in_fresh_process(
        {"SOCKET_DISPATCH_LOOP": "0"},
        """
from channels.consumer import AsyncConsumer
from games.realtime.consumer import MatchConsumer
from games.realtime.dispatch import OrderedDispatch
from games.realtime.events_socket import EventsConsumer
from games.realtime.lobby import LobbyConsumer
print(json.dumps({
    socket.__name__: socket.__call__ is AsyncConsumer.__call__
    and socket.dispatch is AsyncConsumer.dispatch
    and OrderedDispatch not in socket.__mro__
    for socket in (MatchConsumer, LobbyConsumer, EventsConsumer)
}))
""",
    )
    assert stock == {"MatchConsumer": True, "LobbyConsumer": True, "EventsConsumer": True}
