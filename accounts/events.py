"""What ``accounts`` announces (``games.matches.events.announce``, after the commit), for the
subscribers above it (``games.subscribers``): it never calls them."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from games.matches.events import Event


@dataclass(eq=False, kw_only=True)
class ChallengeMade(Event):
    """Someone challenged ``challenge.to_user`` (an ``accounts.models.Challenge``)."""

    challenge: Any


@dataclass(eq=False, kw_only=True)
class ChallengeDeclined(Event):
    """``challenge.to_user`` said no to ``challenge`` (its match is aborted)."""

    challenge: Any


@dataclass(eq=False, kw_only=True)
class TokenRevoked(Event):
    """The API token ``token_id`` was revoked: the sockets opened with it close."""

    token_id: int
