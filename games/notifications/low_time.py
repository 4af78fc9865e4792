""" "Time is running low": a player to move whose clock is low (``clocks.low``: under 20 s in a
realtime match, under 6 hours in a correspondence one) is told once per move.

``warn_low_time`` is called by each process's clock watcher (``games.autoplay.clock_watch``),
next to the sweep that ends matches whose time is up. One indexed query (on ``deadline``)
finds the active matches whose first running clock reaches zero within the low-time window
and where nobody was warned at this ply yet; the notification row is unique on (match, kind,
ply, user), so several processes sweeping at once warn once. The e-mail goes out for a
correspondence match only (a realtime warning by mail would arrive after the game).
"""

from __future__ import annotations

from datetime import datetime, timedelta

from django.db.models import CharField, Exists, OuterRef
from django.db.models.functions import Cast
from django.utils import timezone

from games.matches import clocks
from games.matches.models import Match
from games.matches.selectors import seat_rows

from . import words
from .models import Notification
from .receivers import Notice, deliver

BATCH = 200  # matches looked at per call at most (the next call takes the rest)
REALTIME_WINDOW = timedelta(milliseconds=clocks.LOW_TIME_MS)
CORRESPONDENCE_WINDOW = timedelta(milliseconds=clocks.DAY_MS // 4)


def due(now: datetime) -> list[Match]:
    """Active matches with a running clock in the low-time window, not yet warned at this ply.

    Two queries, each a short range of the (status, deadline) index: one OR-ed query would
    read every active match with a future deadline (bench/clocks.py)."""
    warned = Notification.objects.filter(
        match=OuterRef("pk"), kind=Notification.Kind.LOW_TIME, key=Cast(OuterRef("ply"), CharField())
    )
    soon = Match.objects.filter(status=Match.Status.ACTIVE, deadline__gt=now).exclude(Exists(warned))
    realtime = soon.filter(deadline__lte=now + REALTIME_WINDOW).exclude(time_control__has_key="days")
    days = soon.filter(deadline__lte=now + CORRESPONDENCE_WINDOW, time_control__has_key="days")
    found = [*realtime.order_by("deadline")[:BATCH], *days.order_by("deadline")[:BATCH]]
    return sorted(found, key=lambda match: match.deadline)


def warn_low_time(now: datetime | None = None) -> int:
    """Warn every player to move whose time is low (once per move); returns how many
    notifications this call created."""
    now = now or timezone.now()
    created = 0
    for match in due(now)[:BATCH]:
        created += len(deliver(match, notices(match, now)))
    return created


def notices(match: Match, now: datetime) -> list[Notice]:
    """The low-time warnings of ``match`` at ``now``: one per person to move with low time."""
    control = match.time_control
    running = match.rules.to_move(match.state)
    clock = clocks.public(control, match.clock_ms, match.clock_since, running, match.deadline, now)
    if clock is None:
        return []
    seats = seat_rows(match)
    out = []
    for seat, _, uid, _ in seats:
        left = clock["remaining"][seat]
        if uid is None or seat not in running or not clocks.low(control, left):
            continue
        text = f"Time is running low in {words.title(match.game, seats, uid)}: {words.time_left(left)} left"
        out.append(Notice(uid, Notification.Kind.LOW_TIME, str(match.ply), text, match.get_absolute_url()))
    return out
