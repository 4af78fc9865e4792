"""Who is connected to a match: one row per open socket, visible to every server process."""

from __future__ import annotations

from django.utils import timezone

from . import absence, broadcast
from .models import Presence, Seat


def _is_player(match_id: str, user_id: int) -> bool:
    return Seat.objects.filter(match_id=match_id, user_id=user_id).exists()


def join(match_id: str, user, channel_name: str) -> None:
    """Record a socket; players' opponents learn at once that they are connected."""
    Presence.objects.update_or_create(
        channel_name=channel_name, defaults={"match_id": match_id, "user": user, "seen_at": timezone.now()}
    )
    if _is_player(match_id, user.pk):
        broadcast.match_changed(match_id)


def touch(channel_name: str) -> None:
    """A ping keeps a socket counted as connected (stale rows expire after a crash)."""
    Presence.objects.filter(channel_name=channel_name).update(seen_at=timezone.now())


def leave(match_id: str, channel_name: str) -> None:
    """Forget a socket and tell the match if a player went away."""
    row = Presence.objects.filter(channel_name=channel_name).values("user_id").first()
    Presence.objects.filter(channel_name=channel_name).delete()
    if row and _is_player(match_id, row["user_id"]):
        broadcast.match_changed(match_id)
        absence.watch(match_id)
