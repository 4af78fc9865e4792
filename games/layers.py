"""Channel layers (settings.CHANNEL_LAYERS)."""

from __future__ import annotations

import time

from channels.layers import InMemoryChannelLayer


class SweepingInMemoryChannelLayer(InMemoryChannelLayer):
    """Channels' in-memory layer (one process), sweeping expired messages and group
    memberships at most once a ``sweep_interval`` instead of on every receive and group send.

    Each sweep walks every group of the process: done per message, with hundreds of matches
    that walk cost more than the rest of the relay. Expiry is a coarse safety valve (a minute
    for messages, a day for memberships), so a second's delay in applying it changes nothing.
    """

    sweep_interval = 1.0

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self._next_sweep = 0.0

    def _clean_expired(self) -> None:
        now = time.monotonic()
        if now >= self._next_sweep:
            self._next_sweep = now + self.sweep_interval
            super()._clean_expired()
