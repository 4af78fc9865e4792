"""The single-process channel layer (games/realtime/channel_layer.py): Channels' in-memory
layer with its expiry sweep at most once a second. Expired messages and memberships still go;
they may go up to a second late. ``SWEEPING_MEMORY_LAYER=0`` gives Channels' own layer."""

from __future__ import annotations

import asyncio

from django.conf import settings

from games.realtime.channel_layer import SweepingInMemoryChannelLayer
from tests.support.fresh_process import run_in_fresh_process


def test_the_site_uses_it_when_no_redis_is_configured():
    backend = settings.CHANNEL_LAYERS["default"]["BACKEND"]
    assert backend == "games.realtime.channel_layer.SweepingInMemoryChannelLayer"


async def test_an_unread_expired_message_takes_its_channel_out_of_its_groups_within_the_sweep_interval():
    layer = SweepingInMemoryChannelLayer(expiry=0.05, group_expiry=86400)
    layer.sweep_every = 0.3
    await layer.group_add("match-x", "gone.inmemory!a")
    await layer.group_add("match-x", "here.inmemory!b")
    await layer.send("gone.inmemory!a", {"type": "match.state"})  # never read: its socket died
    await layer.group_send("match-x", {"type": "match.state"})  # sweeps now (the first sweep)
    assert set(layer.groups["match-x"]) == {"gone.inmemory!a", "here.inmemory!b"}  # not yet expired
    await asyncio.sleep(0.1)  # the messages expired, but the next sweep is not due
    await layer.group_send("other", {"type": "match.state"})
    assert "gone.inmemory!a" in layer.groups["match-x"]
    await asyncio.sleep(0.3)  # the sweep is due: the next group send runs it
    await layer.group_send("other", {"type": "match.state"})
    assert set(layer.groups["match-x"]) == set()  # both channels held only expired messages
    assert layer.channels == {}


async def test_messages_are_delivered_as_by_channels_own_layer():
    layer = SweepingInMemoryChannelLayer()
    await layer.group_add("match-y", "a.inmemory!1")
    await layer.group_add("match-y", "b.inmemory!2")
    await layer.group_send("match-y", {"type": "match.state", "public": "{}"})
    received = await asyncio.gather(layer.receive("a.inmemory!1"), layer.receive("b.inmemory!2"))
    assert received == [{"type": "match.state", "public": "{}"}] * 2
    await layer.group_discard("match-y", "a.inmemory!1")
    await layer.group_send("match-y", {"type": "match.state", "public": "{}"})
    assert await layer.receive("b.inmemory!2") == {"type": "match.state", "public": "{}"}
    assert "a.inmemory!1" not in layer.channels


async def test_a_member_whose_queue_is_full_misses_the_message_and_the_others_get_it():
    layer = SweepingInMemoryChannelLayer(capacity=1)
    await layer.group_add("match-z", "slow.inmemory!1")
    await layer.group_add("match-z", "fast.inmemory!2")
    await layer.send("slow.inmemory!1", {"type": "match.state", "public": "old"})
    await layer.group_send("match-z", {"type": "match.state", "public": "new"})
    assert await layer.receive("slow.inmemory!1") == {"type": "match.state", "public": "old"}
    assert "slow.inmemory!1" not in layer.channels  # "new" never went into its full queue
    assert await layer.receive("fast.inmemory!2") == {"type": "match.state", "public": "new"}


async def test_a_large_group_send_lets_the_first_members_read_before_the_last_are_queued():
    """The garbage of a move to 1,000 spectators: never every member's message queued at once."""
    layer = SweepingInMemoryChannelLayer()
    members = [f"watcher.inmemory!{n}" for n in range(3 * layer.CHUNK)]
    for channel in members:
        await layer.group_add("match-w", channel)
    first = asyncio.ensure_future(layer.receive(members[0]))
    sending = asyncio.ensure_future(layer.group_send("match-w", {"type": "match.state", "public": "{}"}))
    assert await first == {"type": "match.state", "public": "{}"}
    assert not sending.done() and members[-1] not in layer.channels  # the last one not queued yet
    await sending
    received = [await layer.receive(channel) for channel in members[1:]]
    assert received == [{"type": "match.state", "public": "{}"}] * (len(members) - 1)


async def test_two_group_sends_reach_every_member_in_the_order_they_started():
    layer = SweepingInMemoryChannelLayer()
    members = [f"watcher.inmemory!{n}" for n in range(3 * layer.CHUNK + 5)]
    for channel in members:
        await layer.group_add("match-o", channel)
    await asyncio.gather(
        layer.group_send("match-o", {"type": "match.state", "public": "1"}),
        layer.group_send("match-o", {"type": "match.state", "public": "2"}),
    )
    for channel in members:
        assert [(await layer.receive(channel))["public"] for _ in range(2)] == ["1", "2"]


def test_sweeping_memory_layer_0_gives_channels_own_layer():
    """The switch: the stock ``InMemoryChannelLayer`` itself, with the same capacity."""
    stock = run_in_fresh_process(
        {"SWEEPING_MEMORY_LAYER": "0"},
        """
from channels.layers import InMemoryChannelLayer, get_channel_layer
layer = get_channel_layer()
print(json.dumps([type(layer) is InMemoryChannelLayer, layer.capacity]))
""",
    )
    assert stock == [True, 1500]
