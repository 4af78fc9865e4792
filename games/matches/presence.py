"""Who is connected to a match: one row per open socket, visible to every server process,
plus for each user who left, when their last socket closed.

While a match is waiting or going on, a player's socket arriving or leaving changes what
everyone sees (``players[].connected``), so both are changes of the match, announced as
``PlayerConnected`` and ``PlayerLeft``; once it is over, comings and goings are not announced.
"""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.db.models import F
from django.utils import timezone

from .events import PlayerConnected, PlayerLeft, announce_change
from .models import Match, Presence
from .selectors import match_public, seat_rows

LIVE = (Match.Status.WAITING, Match.Status.ACTIVE)


def join(*, match_id: str, user, channel_name: str) -> dict[str, Any] | None:
    """Open a socket on a match: record it (a logged-in user's) and return the match's public
    data for its first state; None if there is no such match. When the user is a player, the
    match changes (they are connected); the joining socket itself is left out of that
    announcement, since it shows the data returned here."""
    match = Match.objects.filter(pk=match_id).first()
    if match is None:
        return None
    if user is None or not user.is_authenticated:
        return match_public(match)
    change = None
    with transaction.atomic():
        Presence.objects.filter(match=match, user=user, left_at__isnull=False).delete()  # back
        Presence.objects.create(channel_name=channel_name, match=match, user=user, seen_at=timezone.now())
        if _is_player(match, user.pk):
            _changed(match)  # what everyone sees of the players, over or not
            if match.status in LIVE:
                came = PlayerConnected(match=match, user_id=user.pk)
                change = announce_change(match, came, skip_channel=channel_name)
    return change.public if change is not None and change.public else match_public(match)


def touch(*, channel_names: list[str]) -> None:
    """These sockets are still open (rows not seen for a while count as gone: a crash)."""
    Presence.objects.filter(channel_name__in=channel_names).update(seen_at=timezone.now())


def leave(*, match_id: str, channel_name: str) -> None:
    """A socket closed: its row becomes the user's one record of leaving (when); when it was
    a player's, the match changes (the others see them go, a computer or the absence timer
    may have to act)."""
    with transaction.atomic():
        row = Presence.objects.filter(channel_name=channel_name, left_at__isnull=True)
        gone = row.values_list("user_id", flat=True).first()
        if gone is None:
            return
        earlier = Presence.objects.filter(match_id=match_id, user_id=gone, left_at__isnull=False)
        earlier.delete()
        now = timezone.now()
        row.update(left_at=now, seen_at=now)
        match = Match.objects.filter(pk=match_id).first()
        if match is not None and _is_player(match, gone):
            _changed(match)
            if match.status in LIVE:
                announce_change(match, PlayerLeft(match=match, user_id=gone))


def _changed(match: Match) -> None:
    """A player came or went: what was read of the match's presence is out of date."""
    Match.objects.filter(pk=match.pk).update(presence_version=F("presence_version") + 1)
    match.presence_version = Match.objects.filter(pk=match.pk).values_list("presence_version", flat=True)[0]


def _is_player(match: Match, user_id: int) -> bool:
    return any(uid == user_id for _, _, uid, _ in seat_rows(match))
