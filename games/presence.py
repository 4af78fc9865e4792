"""Who is connected to a match: one row per open socket, visible to every server process."""

from __future__ import annotations

from typing import Any

from django.db import connection
from django.utils import timezone

from . import broadcast
from .models import Match, Presence
from .selectors import match_public, seat_in


def join(match_id: str, user, channel_name: str) -> dict[str, Any] | None:
    """Open a socket on a match: record it (a logged-in user's) and return the match's public
    data for its first state; None if there is no such match. When the user is a player, the
    others learn at once that they are connected (the joining socket itself is skipped: it
    sends the returned data)."""
    match = Match.objects.filter(pk=match_id).first()
    if match is None:
        return None
    if user is None or not user.is_authenticated:
        return match_public(match)
    Presence.objects.create(channel_name=channel_name, match=match, user=user, seen_at=timezone.now())
    public = match_public(match)
    if seat_in(public, user.username) is not None:
        broadcast.send_public(match_id, public, skip=channel_name)
    return public


def touch(channel_name: str) -> None:
    """A ping keeps a socket counted as connected (stale rows expire after a crash)."""
    Presence.objects.filter(channel_name=channel_name).update(seen_at=timezone.now())


def leave(match_id: str, channel_name: str, player: bool) -> None:
    """Forget a socket; when it was a ``player``'s, tell the match (the others see them go, a
    computer or the absence timer may have to act)."""
    from .services import announce

    table, column = Presence._meta.db_table, Presence._meta.pk.column
    q = connection.ops.quote_name
    with connection.cursor() as cursor:  # one statement: the ORM's delete() collects first
        cursor.execute(f"DELETE FROM {q(table)} WHERE {q(column)} = %s", [channel_name])
    if player:
        match = Match.objects.filter(pk=match_id).first()
        if match is not None:
            announce(match)
