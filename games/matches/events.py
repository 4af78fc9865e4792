"""The one event of the match domain: "match changed", sent after the change is committed.

Services write and return; each change ends with :func:`announce`, which sends
``match_changed`` once the transaction commits (never for a rolled-back change). Whatever
happens next subscribes to it, and the services import none of it:

- ``games.realtime.broadcast``: every socket of the match gets the new state;
- ``games.realtime.lobby_events``: lobbies learn that open seats or a player's matches changed;
- ``games.autoplay.computer``: a computer seat to move plays;
- ``games.autoplay.absence``: a player to move with no open socket is watched.

Receivers are called in the thread that committed, with one :class:`MatchChange`.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import Any

from django.db import transaction
from django.dispatch import Signal

from .models import Match
from .selectors import UNKNOWN, match_public

match_changed = Signal()  # receivers get ``change: MatchChange``


@dataclass
class MatchChange:
    """What changed: the match as committed, and what the caller already knows of it."""

    match: Match
    last_move: Any = UNKNOWN  # the move just stored, when the service knows it
    skip_channel: str | None = None  # a socket that already has this state (its own arrival)

    @cached_property
    def public(self) -> dict[str, Any]:
        """The match as every viewer sees it (read once, shared by every receiver)."""
        return match_public(self.match, last_move=self.last_move)


def announce(match: Match, *, last_move: Any = UNKNOWN, skip_channel: str | None = None) -> MatchChange:
    """Send ``match_changed`` for ``match`` when the current transaction commits; returns the
    change (its ``public`` data, once read by a receiver, is read only once)."""
    change = MatchChange(match, last_move, skip_channel)
    transaction.on_commit(lambda: match_changed.send_robust(sender=Match, change=change))
    return change
