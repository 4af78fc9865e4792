"""A tournament's page, pushed: its JSON (as ``GET /api/tournaments/<id>/``) to the sockets
of the group ``tournament-<id>`` whenever it changes (``TournamentChanged``: an entrant, the
start, a result, a new round, the end, a cancellation). Built and encoded once per change,
and not at all when nobody has the page open (``outbox.listened``)."""

from __future__ import annotations

from typing import Any

from games.tournaments.events import TournamentChanged
from games.tournaments.models import Tournament
from games.tournaments.selectors import tournament_json

from . import outgoing
from .outbox import listened, send_to_groups


def tournament_group(tournament_id: int) -> str:
    """The channel group of a tournament page's sockets."""
    return f"tournament-{tournament_id}"


def tournament_data(tournament_id: int) -> dict[str, Any] | None:
    """The tournament's JSON, or None when there is no such tournament."""
    tournament = Tournament.objects.select_related("created_by").filter(pk=tournament_id).first()
    return None if tournament is None else tournament_json(tournament)


def push_tournament(event: TournamentChanged) -> None:
    """The tournament changed: its JSON to every socket of its page."""
    group = tournament_group(event.tournament_id)
    if not listened(group):
        return
    data = tournament_data(event.tournament_id)
    if data is not None:
        text = outgoing.encode(outgoing.Tournament(data))
        send_to_groups([(group, {"type": "tournament.push", "text": text})])
