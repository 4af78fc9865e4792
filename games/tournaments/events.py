"""What tournaments announce (``games.matches.events.announce``, after the commit)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from games.matches.events import Event
from games.matches.models import Match


@dataclass(eq=False, kw_only=True)
class RoundStarted(Event):
    """Round ``round`` of ``tournament`` began and ``match`` is one of its games; ``seats``:
    each person playing it (user id -> seat)."""

    tournament: Any  # a games.tournaments.models.Tournament
    round: int
    match: Match
    seats: dict[int, int]


@dataclass(eq=False, kw_only=True)
class TournamentCreated(Event):
    """User ``by`` created ``tournament`` (upcoming: open to entries)."""

    tournament: Any  # a games.tournaments.models.Tournament
    by: int


@dataclass(eq=False, kw_only=True)
class TournamentChanged(Event):
    """What ``GET /api/tournaments/<id>/`` says of tournament ``tournament_id`` changed: an
    entrant joined, it started, a result was recorded (a round paired, the end), or it was
    cancelled. The tournament page's socket pushes it again (``realtime.tournament_push``)."""

    tournament_id: int
