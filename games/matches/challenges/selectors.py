"""Challenges, the reads: a challenge as the protocol writes it, and the open ones."""

from __future__ import annotations

from typing import Any

from django.db.models import QuerySet
from django.utils.translation import gettext

from .models import Challenge


def challenge_json(challenge: Challenge) -> dict[str, Any]:
    """A challenge as the protocol writes it (``docs/protocol.md``)."""
    match = challenge.match
    free = next((s.seat for s in match.seats.all() if s.user_id is None and not s.level), None)
    return {
        "id": challenge.pk,
        "from": challenge.from_user.username,
        "to": challenge.to_user.username,
        "game": match.game,
        "name": match.rules.name,
        "game_name": gettext(match.rules.name),  # in the reader's language (a kit marks it)
        "options": match.options,
        "clock": match.time_control,
        "rated": match.rated,
        "you": free,  # the seat kept for the challenged player
        "match_id": match.pk,
        "status": "accepted" if challenge.accepted else "declined" if challenge.accepted is False else "open",
        "accept_url": f"/api/challenges/{challenge.pk}/accept/",
        "decline_url": f"/api/challenges/{challenge.pk}/decline/",
    }


def open_challenges(**lookup: Any) -> QuerySet[Challenge]:
    """Open challenges matching ``lookup`` (``to_user=``, ``from_user=``), oldest first."""
    return (
        Challenge.objects.open()
        .filter(**lookup)
        .select_related("from_user", "to_user", "match")
        .prefetch_related("match__seats")
    )


def challenges_to(user, limit: int = 20) -> list[dict[str, Any]]:
    """The open challenges to ``user`` as the lobby lists them, oldest first: each with its
    match and the side kept for them (its seat name, ``"White (O)"``)."""
    rows = []
    for challenge in open_challenges(to_user=user)[:limit]:
        match = challenge.match
        free = next((s.seat for s in match.seats.all() if s.user_id is None and not s.level), None)
        names = match.rules.seat_names
        side = names[free] if free is not None and free < len(names) else None
        rows.append({"challenge": challenge, "match": match, "side": side})
    return rows
