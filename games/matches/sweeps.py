"""What each server process's clock watcher does every ``CLOCK_SWEEP_SECONDS``: end the
matches whose clock ran out, say once per move that a running clock is low, and withdraw the
rematch offers nobody answered.

Each is one indexed query (on ``status, deadline``) whatever the number of matches waiting;
with several processes they all sweep, and the row (its lock, or a conditional update)
decides each match once.
"""

from __future__ import annotations

from datetime import datetime, timedelta

from django.conf import settings
from django.db.models import F, Q
from django.utils import timezone

from . import clocks, rematches, services
from .events import ClockLow, announce
from .models import Match

BATCH = 200  # matches handled per sweep at most (the next sweep takes the rest)
REALTIME_WINDOW = timedelta(milliseconds=clocks.LOW_TIME_MS)
CORRESPONDENCE_WINDOW = timedelta(milliseconds=clocks.DAY_MS // 4)


def end_timed_out() -> int:
    """End every match whose clock has run out; returns how many this call ended."""
    due = Match.objects.filter(status=Match.Status.ACTIVE, deadline__lte=timezone.now())
    ended = 0
    for match_id in due.order_by("deadline").values_list("pk", flat=True)[:BATCH]:
        ended += services.match_flag(match_id=match_id) is not None
    return ended


def abort_unstarted() -> int:
    """Abort every untimed match whose first move nobody made within
    ``UNSTARTED_ABORT_SECONDS`` of its start (a timed one has its clock); returns how many."""
    since = timezone.now() - timedelta(seconds=settings.UNSTARTED_ABORT_SECONDS)
    due = Match.objects.filter(
        status=Match.Status.ACTIVE, ply=0, time_control__isnull=True, abortable=True, updated_at__lte=since
    )
    return sum(
        services.match_lapse_unstarted(match_id=pk) is not None
        for pk in due.values_list("pk", flat=True)[:BATCH]
    )


def lapse_rematch_offers() -> int:
    """Withdraw every rematch offer nobody answered within ``REMATCH_OFFER_SECONDS``; returns
    how many this call withdrew."""
    since = timezone.now() - timedelta(seconds=settings.REMATCH_OFFER_SECONDS)
    stale = Match.objects.filter(status=Match.Status.WAITING, rematch_of__isnull=False, created_at__lte=since)
    due = stale.values_list("pk", flat=True)[:BATCH]
    return sum(rematches.rematch_lapse(match_id=match_id) for match_id in due)


def low_clocks_due(now: datetime) -> list[Match]:
    """Active matches whose first running clock is low and not yet said low at this ply.

    Two queries, each a short range of the (status, deadline) index: one OR-ed query would
    read every active match with a future deadline (bench/clocks.py)."""
    soon = Match.objects.filter(status=Match.Status.ACTIVE, deadline__gt=now).filter(
        Q(clock_low_ply__isnull=True) | ~Q(clock_low_ply=F("ply"))
    )
    realtime = soon.filter(deadline__lte=now + REALTIME_WINDOW).exclude(time_control__has_key="days")
    days = soon.filter(deadline__lte=now + CORRESPONDENCE_WINDOW, time_control__has_key="days")
    found = [*realtime.order_by("deadline")[:BATCH], *days.order_by("deadline")[:BATCH]]
    return sorted(found, key=lambda match: match.deadline)[:BATCH]


def announce_low_clocks(now: datetime | None = None) -> int:
    """Announce ``ClockLow`` for every match with a low running clock, once per ply (the
    first process to mark the match says it); returns how many this call announced."""
    now = now or timezone.now()
    announced = 0
    for match in low_clocks_due(now):
        running = match.rules.to_move(match.state)
        clock = clocks.public(
            match.time_control, match.clock_ms, match.clock_since, running, match.deadline, now
        )
        if clock is None:
            continue
        remaining = {seat: clock["remaining"][seat] for seat in running}
        low = [seat for seat, left in remaining.items() if clocks.low(match.time_control, left)]
        marked = Match.objects.filter(pk=match.pk, ply=match.ply, clock_low_ply=match.clock_low_ply)
        if low and marked.update(clock_low_ply=match.ply):
            announce(ClockLow(match=match, seats=low, remaining=remaining))
            announced += 1
    return announced
