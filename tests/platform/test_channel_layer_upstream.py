"""What games/realtime/channel_layer.py relies on in Channels' ``InMemoryChannelLayer``, pinned
on the stock layer: its private ``_clean_expired`` sweep (called with no argument, on every
receive and group send) and what it expires, its ``groups`` and ``channels``, and how its own
``group_send`` skips a member whose queue is full. If a Channels upgrade changes any of them, a
test here fails: re-check channel_layer.py (or run without it: ``SWEEPING_MEMORY_LAYER=0``)."""

from __future__ import annotations

import asyncio
import time

import pytest
from channels.exceptions import ChannelFull
from channels.layers import InMemoryChannelLayer

from games.realtime.channel_layer import SweepingInMemoryChannelLayer

UPGRADE = "Channels changed InMemoryChannelLayer.{}: re-check games/realtime/channel_layer.py"


async def test_the_stock_layer_keeps_groups_and_channels_as_the_override_reads_them():
    layer = InMemoryChannelLayer()
    await layer.group_add("match-a", "a.inmemory!1")
    await layer.send("a.inmemory!1", {"type": "match.state"})
    # groups: group -> {channel: when it joined}; channels: channel -> a queue of messages
    assert list(layer.groups) == ["match-a"], UPGRADE.format("groups")
    assert list(layer.groups["match-a"]) == ["a.inmemory!1"], UPGRADE.format("groups")
    assert isinstance(layer.groups["match-a"]["a.inmemory!1"], float), UPGRADE.format("groups")
    assert isinstance(layer.channels["a.inmemory!1"], asyncio.Queue), UPGRADE.format("channels")
    with pytest.raises(ChannelFull):  # what the override's group send catches
        for _ in range(layer.capacity + 1):
            await layer.send("a.inmemory!1", {"type": "match.state"})


async def test_the_stock_sweep_expires_unread_messages_and_old_memberships():
    layer = InMemoryChannelLayer(expiry=0.05, group_expiry=60)
    for channel in ("gone.inmemory!1", "here.inmemory!2", "old.inmemory!3"):
        await layer.group_add("match-b", channel)
    await layer.group_add("match-c", "gone.inmemory!1")
    layer.groups["match-b"]["old.inmemory!3"] = time.time() - 120  # joined two minutes ago
    await layer.send("gone.inmemory!1", {"type": "match.state"})  # never read: its socket died
    layer._clean_expired()  # nothing expired yet but the old membership
    assert set(layer.groups["match-b"]) == {"gone.inmemory!1", "here.inmemory!2"}, UPGRADE.format("sweep")
    await asyncio.sleep(0.1)
    layer._clean_expired()  # the message expired: its channel leaves every group
    members = {group: set(channels) for group, channels in layer.groups.items() if channels}
    assert members == {"match-b": {"here.inmemory!2"}}, UPGRADE.format("_clean_expired")
    assert layer.channels == {}, UPGRADE.format("_clean_expired")


@pytest.mark.parametrize("trigger", ["receive", "group_send"])
async def test_the_stock_layer_sweeps_on_every_receive_and_group_send(trigger):
    """Where the override's once-a-second limit applies (the cost it saves)."""
    layer = InMemoryChannelLayer(expiry=0.05)
    await layer.group_add("match-d", "gone.inmemory!1")
    await layer.send("gone.inmemory!1", {"type": "match.state"})
    await asyncio.sleep(0.1)
    await layer.send("other.inmemory!2", {"type": "match.state"})
    if trigger == "receive":
        await layer.receive("other.inmemory!2")
    else:
        await layer.group_send("match-e", {"type": "match.state"})
    assert "gone.inmemory!1" not in layer.groups["match-d"], UPGRADE.format(f"{trigger} (it sweeps no more)")


async def group_send_outcome(layer_class: type) -> dict:
    """One member's queue full, one free, one group unknown: what each member gets, what fails."""
    layer = layer_class(capacity=1)
    await layer.group_add("match-f", "slow.inmemory!1")
    await layer.group_add("match-f", "fast.inmemory!2")
    await layer.send("slow.inmemory!1", {"type": "match.state", "public": "old"})
    await layer.group_send("match-f", {"type": "match.state", "public": "new"})
    await layer.group_send("nobody", {"type": "match.state", "public": "lost"})
    outcome = {channel: await layer.receive(channel) for channel in ("slow.inmemory!1", "fast.inmemory!2")}
    outcome["left"] = dict(layer.channels)
    for bad in [("bad group!", {"type": "x"}), ("match-f", ["not a dict"])]:
        with pytest.raises(Exception) as refused:
            await layer.group_send(*bad)
        outcome[repr(bad)] = refused.type
    return outcome


async def test_the_stock_group_send_skips_a_full_queue_as_the_override_does():
    stock = await group_send_outcome(InMemoryChannelLayer)
    assert stock["slow.inmemory!1"]["public"] == "old" and stock["fast.inmemory!2"]["public"] == "new"
    assert stock == await group_send_outcome(SweepingInMemoryChannelLayer), UPGRADE.format("group_send")
