""" "Time is running low": a subscriber of ``ClockLow`` (said once per move by each process's
clock watcher, ``games.matches.sweeps``: under 20 s in a realtime match, under 6 hours in a
correspondence one). Each person to move whose clock is low is told; the notification row is
unique on (match, kind, ply, user), so a ``ClockLow`` delivered twice warns once. The e-mail
goes out for a correspondence match only (a realtime warning by mail would arrive after the
game).
"""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import override

from accounts import language
from games.matches import wording
from games.matches.events import ClockLow
from games.matches.selectors import seat_rows

from .models import Notification
from .receivers import Notice, deliver


def on_clock_low(event: ClockLow) -> None:
    """Warn every person whose running clock is low."""
    match = event.match
    seats = seat_rows(match)
    warned = [(seat, uid) for seat, _level, uid, _name in seats if uid is not None and seat in event.seats]
    languages = language.for_users(uid for _seat, uid in warned)
    found = []
    for seat, uid in warned:
        with override(languages[uid]):  # stored as text: in the words of its reader
            text = _("Time is running low in %(title)s: %(left)s left") % {
                "title": wording.title(match.game, seats, uid),
                "left": wording.time_left(event.remaining[seat]),
            }
        found.append(Notice(uid, Notification.Kind.LOW_TIME, str(match.ply), text, match.get_absolute_url()))
    deliver(match, found)
