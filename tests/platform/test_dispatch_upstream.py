"""What games/realtime/dispatch.py mirrors of Channels, pinned by running Channels' own
``AsyncConsumer`` beside ``OrderedDispatch``. If a Channels upgrade changes what
``AsyncConsumer.__call__`` sets up or how a stop ends it, or makes ``AsyncConsumer.dispatch``
do more than close old database connections before the handler, a test here fails: re-check
dispatch.py against the new Channels (or run without it: ``SOCKET_DISPATCH_LOOP=0``)."""

from __future__ import annotations

import asyncio
from typing import Any

import channels.consumer
import pytest
from channels.consumer import AsyncConsumer
from channels.exceptions import StopConsumer

from games.realtime.dispatch import OrderedDispatch

from .conftest import TIMEOUT

# Channels' dispatch closes old database connections (a hop to the database thread) first.
pytestmark = pytest.mark.django_db(transaction=True)

UPGRADE = "Channels changed AsyncConsumer.{}: re-check games/realtime/dispatch.py"


class Probe:
    """Handlers that record what the consumer holds when each message arrives."""

    def __init__(self) -> None:
        self.seen: list[dict[str, Any]] = []

    async def probe_look(self, message: dict) -> None:
        self.seen.append({k: v for k, v in vars(self).items() if k != "seen"})

    async def probe_note(self, message: dict) -> None:
        self.seen.append({"note": message["n"]})

    async def probe_stop(self, message: dict) -> None:
        raise StopConsumer


class Stock(Probe, AsyncConsumer):
    pass


class Ours(Probe, OrderedDispatch, AsyncConsumer):
    pass


async def run_consumer(consumer_class: type, alias: str) -> tuple[Probe, dict, Any, Any]:
    """Run a consumer until it stops: a message from its client, one through its channel (when
    it has a layer), then a stop. Returns the consumer, its scope, send and what it returned."""
    consumer = type(consumer_class.__name__, (consumer_class,), {"channel_layer_alias": alias})()
    client: asyncio.Queue[dict] = asyncio.Queue()
    scope = {"type": "probe"}

    async def send(message: dict) -> None:
        pass

    running = asyncio.ensure_future(consumer(scope, client.get, send))
    client.put_nowait({"type": "probe.look"})
    if alias == "default":
        await until(lambda: len(consumer.seen) == 1)
        await consumer.channel_layer.send(consumer.channel_name, {"type": "probe.look"})
    await until(lambda: len(consumer.seen) == (2 if alias == "default" else 1))
    client.put_nowait({"type": "probe.stop"})
    returned = await asyncio.wait_for(running, TIMEOUT)
    return consumer, scope, send, returned


async def until(condition) -> None:
    for _ in range(int(TIMEOUT / 0.001)):
        if condition():
            return
        await asyncio.sleep(0.001)
    raise AssertionError("timed out")


@pytest.mark.parametrize("alias", ["default", "no-such-layer"])
async def test_channels_call_sets_up_exactly_what_ordered_dispatch_mirrors(alias):
    held = {}
    for consumer_class in (Stock, Ours):
        consumer, scope, send, returned = await run_consumer(consumer_class, alias)
        assert returned is None, "a StopConsumer ends the consumer cleanly"
        first, last = consumer.seen[0], consumer.seen[-1]
        assert first["scope"] is scope and first["base_send"] is send
        if alias == "default":
            receive = first["channel_receive"]
            assert (receive.func, receive.args) == (consumer.channel_layer.receive, (consumer.channel_name,))
            assert len(consumer.seen) == 2, "a message through its channel reaches the handler"
        else:  # no channel layer: only the client is read
            assert first["channel_layer"] is None
        assert last.keys() == first.keys(), "set up once, before the first message"
        held[consumer_class] = set(first)
    # a new attribute set by Channels' __call__ (or one fewer) fails here
    assert held[Stock] == held[Ours], UPGRADE.format("__call__")
    channel = {"channel_name", "channel_receive"} if alias == "default" else set()
    assert held[Stock] == {"scope", "channel_layer", "base_send", *channel}
    assert not any(cls._sync for cls in (Stock, Ours)), "OrderedDispatch ignores _sync (async only)"


async def test_channels_dispatch_only_adds_closing_old_connections_before_the_handler(monkeypatch):
    timeline: list = []  # the closes and the handlers' notes, in order
    close_old_connections = channels.consumer.aclose_old_connections

    async def recorded() -> None:  # Channels' own, run and recorded
        timeline.append("close")
        await close_old_connections()

    monkeypatch.setattr(channels.consumer, "aclose_old_connections", recorded)
    messages = [
        {"type": "probe.note", "n": 1},
        {"type": "nope"},
        {"n": "no type"},
        {"type": "_private"},
        {"type": "probe_note", "n": 2},
    ]
    outcomes = {}
    for consumer_class in (Stock, Ours):
        consumer, errors = consumer_class(), []
        timeline.clear()
        consumer.seen = timeline
        for message in messages:
            try:
                await consumer.dispatch(message)
            except Exception as error:
                errors.append((type(error), str(error)))
        outcomes[consumer_class] = (errors, list(timeline))
    (stock_errors, stock_timeline), (ours_errors, ours_timeline) = outcomes[Stock], outcomes[Ours]
    assert len(stock_errors) == 3 and stock_errors == ours_errors, UPGRADE.format("dispatch")
    assert ours_timeline == [{"note": 1}, {"note": 2}]
    assert stock_timeline == ["close", {"note": 1}, "close", {"note": 2}], UPGRADE.format("dispatch")
