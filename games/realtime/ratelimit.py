"""The sockets' limits, per process: how fast one socket, one user and one address may send,
and how many sockets one user and one address may hold open at once."""

from __future__ import annotations

import time
from collections import Counter

from django.conf import settings


class TokenBucket:
    """``rate`` messages a second, in bursts of up to ``burst``."""

    def __init__(self, rate: float, burst: int) -> None:
        self.rate, self.burst = rate, burst
        self.tokens, self.at = float(burst), time.monotonic()

    def take(self) -> bool:
        """Spend one token if there is one."""
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.at) * self.rate)
        self.at = now
        if self.tokens >= 1:
            self.tokens -= 1
            return True
        return False


class Holders:
    """The sockets open per key (a user, an address), and each key's shared token bucket,
    kept while the key holds a socket."""

    def __init__(self, rate: float, burst: int, most: int) -> None:
        self.rate, self.burst, self.most = rate, burst, most
        self.open: Counter[str] = Counter()
        self.buckets: dict[str, TokenBucket] = {}

    def hold(self, key: str) -> bool:
        """Count one more socket of ``key``; False (nothing counted) past the limit."""
        if self.open[key] >= self.most:
            return False
        self.open[key] += 1
        self.buckets.setdefault(key, TokenBucket(self.rate, self.burst))
        return True

    def release(self, key: str) -> None:
        self.open[key] -= 1
        if self.open[key] <= 0:
            del self.open[key]
            self.buckets.pop(key, None)

    def take(self, key: str) -> bool:
        return self.buckets[key].take()


def socket_bucket() -> TokenBucket:
    return TokenBucket(settings.MOVE_RATE_PER_SECOND, settings.MOVE_RATE_BURST)


FLOOD_REFUSALS = 300  # a socket's refusals at once before it floods (``flood_bucket``)


def flood_bucket() -> TokenBucket:
    """A socket's messages refused for rate before it counts as flooding (and is closed):
    ``FLOOD_REFUSALS`` at once, then its own rate. A client keeping to its own limit (bursts of
    ``MOVE_RATE_BURST``, then ``MOVE_RATE_PER_SECOND``) never empties it, even when the user's
    or the address's shared limit refuses every message it sends; nor does a burst of a few
    hundred frames at once (refused, as protocol.md says, the socket kept)."""
    return TokenBucket(settings.MOVE_RATE_PER_SECOND, FLOOD_REFUSALS)


USERS = Holders(settings.USER_RATE_PER_SECOND, settings.USER_RATE_BURST, settings.MAX_SOCKETS_PER_USER)
ADDRESSES = Holders(
    settings.ADDRESS_RATE_PER_SECOND, settings.ADDRESS_RATE_BURST, settings.MAX_SOCKETS_PER_ADDRESS
)
