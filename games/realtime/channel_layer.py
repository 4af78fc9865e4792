"""The channel layer of a server running alone (no ``REDIS_URL``): Channels' in-memory layer,
sweeping expired messages and group memberships at most once a second, and putting a group's
message in each member's queue directly.

Channels' own layer sweeps every member of every group on each receive and each group send.
One move watched by 1,000 spectators is 1,000 receives, each walking the 1,000 members: a
million steps a move, about a third of the server's time (``bench/watchers.py``). Expiry is a
safety valve (a minute for an unread message, a day for a membership), so applying it up to
a second late changes nothing a socket sees.

Channels' ``group_send`` also starts one asyncio task per member and waits for them with
``as_completed``, although each ``send`` finishes without waiting (it only puts the message
in a queue): with 1,000 spectators, a fifth of the server's time went to those tasks. Here
the members' sends are awaited one after the other: the same messages, the same order, the
same full queues skipped. Every ``CHUNK`` members the group send lets the event loop run, so
that the first sockets send their frames while the next are queued: a move no longer leaves
1,000 queued messages alive at once, which the garbage collector promoted until a full
collection of the whole process (about 150 ms with 1,000 sockets) fell on every twentieth
move. Two group sends of one match still reach each member in the order they started (both
go through the members in the same order, the later one behind), and a socket never shows
an older ply than it has shown anyway (``MatchConsumer.match_state``).

``SWEEPING_MEMORY_LAYER=0`` makes the settings choose Channels' own ``InMemoryChannelLayer``.
``tests/platform/test_channel_layer_upstream.py`` pins what this class relies on (the private
``_clean_expired``, ``groups`` and ``channels``, how they expire, how a group send skips a full
queue), so that a Channels upgrade that changes them fails a test.
"""

from __future__ import annotations

import asyncio
import time

from channels.exceptions import ChannelFull
from channels.layers import InMemoryChannelLayer


class SweepingInMemoryChannelLayer(InMemoryChannelLayer):
    """``InMemoryChannelLayer`` whose expiry sweep runs at most once every ``sweep_every`` s
    and whose group sends start no task per member and yield every ``CHUNK`` members."""

    sweep_every = 1.0
    _next_sweep = 0.0
    CHUNK = 32  # members queued between two turns of the event loop

    def _clean_expired(self) -> None:
        now = time.monotonic()
        if now >= self._next_sweep:
            self._next_sweep = now + self.sweep_every
            super()._clean_expired()

    async def group_send(self, group: str, message: dict) -> None:
        assert isinstance(message, dict), "Message is not a dict"
        self.require_valid_group_name(group)
        self._clean_expired()
        for number, channel in enumerate(list(self.groups.get(group, ())), 1):
            try:
                await self.send(channel, message)
            except ChannelFull:  # as Channels: a member too far behind misses this one
                pass
            if number % self.CHUNK == 0:
                await asyncio.sleep(0)  # let the members queued so far send their frames
