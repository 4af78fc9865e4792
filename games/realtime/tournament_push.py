"""A tournament's page, pushed: its JSON (as ``GET /api/tournaments/<id>/``) to the sockets
of the group ``tournament-<id>`` whenever it changes (``TournamentChanged``: an entrant, the
start, a result, a new round, the end, a cancellation). Built and encoded once per change
and language (a computer entrant's name is worded: the sockets are in the group of their
language, ``language.spoken``), and not at all when nobody has the page open."""

from __future__ import annotations

from functools import partial
from typing import Any

from games.tournaments.events import TournamentChanged
from games.tournaments.models import Tournament
from games.tournaments.selectors import tournament_json

from . import outgoing
from .language import in_each_language
from .outbox import send_to_groups


def tournament_group(tournament_id: int) -> str:
    """The channel group of a tournament page's sockets (each joins it in its language:
    ``language.spoken``)."""
    return f"tournament-{tournament_id}"


def tournament_data(tournament_id: int) -> dict[str, Any] | None:
    """The tournament's JSON, or None when there is no such tournament."""
    tournament = Tournament.objects.select_related("created_by").filter(pk=tournament_id).first()
    return None if tournament is None else tournament_json(tournament)


def push_tournament(event: TournamentChanged) -> None:
    """The tournament changed: its JSON to every socket of its page, in the socket's language."""
    pushes = in_each_language(tournament_group(event.tournament_id), partial(_pushed, event.tournament_id))
    send_to_groups([(group, push) for group, push in pushes if push["text"] is not None])


def _pushed(tournament_id: int) -> dict[str, Any]:
    """The group event of the tournament's frame (``text`` None: no such tournament)."""
    data = tournament_data(tournament_id)
    text = None if data is None else outgoing.encode(outgoing.Tournament(data))
    return {"type": "tournament.push", "text": text}
