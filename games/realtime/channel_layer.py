"""The channel layer of a server running alone (no ``REDIS_URL``): Channels' in-memory layer,
sweeping expired messages and group memberships at most once a second.

Channels' own layer sweeps every member of every group on each receive and each group send.
One move watched by 1,000 spectators is 1,000 receives, each walking the 1,000 members: a
million steps a move, about a third of the server's time (``bench/watchers.py``). Expiry is a
safety valve (a minute for an unread message, a day for a membership), so applying it up to
a second late changes nothing a socket sees. ``tests/platform/test_channel_layer.py`` checks
that expired entries still go, so a Channels upgrade that changes the sweep is noticed.
"""

from __future__ import annotations

import time

from channels.layers import InMemoryChannelLayer


class SweepingInMemoryChannelLayer(InMemoryChannelLayer):
    """``InMemoryChannelLayer`` whose expiry sweep runs at most once every ``sweep_every`` s."""

    sweep_every = 1.0
    _next_sweep = 0.0

    def _clean_expired(self) -> None:
        now = time.monotonic()
        if now >= self._next_sweep:
            self._next_sweep = now + self.sweep_every
            super()._clean_expired()
