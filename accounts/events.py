"""What ``accounts`` announces (``games.matches.events.announce``, after the commit), for the
subscribers above it (``games.subscribers``): it never calls them."""

from __future__ import annotations

from dataclasses import dataclass

from games.matches.events import Event


@dataclass(eq=False, kw_only=True)
class TokenRevoked(Event):
    """The API token ``token_id`` was revoked: the sockets opened with it close."""

    token_id: int
