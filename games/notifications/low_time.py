""" "Time is running low": a subscriber of ``ClockLow`` (said once per move by each process's
clock watcher, ``games.matches.sweeps``: under 20 s in a realtime match, under 6 hours in a
correspondence one). Each person to move whose clock is low is told; the notification row is
unique on (match, kind, ply, user), so a ``ClockLow`` delivered twice warns once. The e-mail
goes out for a correspondence match only (a realtime warning by mail would arrive after the
game).
"""

from __future__ import annotations

from games.matches import wording
from games.matches.events import ClockLow
from games.matches.selectors import seat_rows

from .models import Notification
from .receivers import Notice, deliver


def on_clock_low(event: ClockLow) -> None:
    """Warn every person whose running clock is low."""
    match = event.match
    seats = seat_rows(match)
    found = []
    for seat, _, uid, _ in seats:
        if uid is None or seat not in event.seats:
            continue
        left = wording.time_left(event.remaining[seat])
        text = f"Time is running low in {wording.title(match.game, seats, uid)}: {left} left"
        found.append(Notice(uid, Notification.Kind.LOW_TIME, str(match.ply), text, match.get_absolute_url()))
    deliver(match, found)
