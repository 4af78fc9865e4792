"""What a challenge announces (``announce``, after the commit), for the subscribers above
the match domain (``games.subscribers``): it never calls them."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..events import Event


@dataclass(eq=False, kw_only=True)
class ChallengeMade(Event):
    """Someone challenged ``challenge.to_user`` (a ``models.Challenge``)."""

    challenge: Any


@dataclass(eq=False, kw_only=True)
class ChallengeDeclined(Event):
    """``challenge.to_user`` said no to ``challenge`` (its match is aborted)."""

    challenge: Any
