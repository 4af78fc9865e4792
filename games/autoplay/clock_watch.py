"""Clocks that run out end their match at the deadline, whether or not anybody is connected.

Every server process runs one watcher thread (started by ``site_config.asgi``): every
``CLOCK_SWEEP_SECONDS`` one indexed query finds the active matches whose ``deadline`` has
passed, and ``services.match_flag`` ends each by time. With several processes they all
sweep; the row lock decides each match once (the first finds the deadline passed, the others
find it over). Nothing runs per match: 10,000 matches waiting on their deadlines cost the
same one query as none.
"""

from __future__ import annotations

import logging
import threading
import time

from django.conf import settings
from django.db import close_old_connections
from django.utils import timezone

from games.matches import services
from games.matches.models import Match
from games.notifications.low_time import warn_low_time
from games.tournaments.services import start_due_tournaments

log = logging.getLogger(__name__)
BATCH = 200  # matches ended per sweep at most (the next sweep takes the rest)
_thread: threading.Thread | None = None


def sweep() -> int:
    """End every match whose clock has run out; returns how many this call ended."""
    due = Match.objects.filter(status=Match.Status.ACTIVE, deadline__lte=timezone.now())
    ended = 0
    for match_id in due.order_by("deadline").values_list("pk", flat=True)[:BATCH]:
        ended += services.match_flag(match_id=match_id) is not None
    return ended


def _watch() -> None:
    while True:
        time.sleep(settings.CLOCK_SWEEP_SECONDS)
        try:
            close_old_connections()
            sweep()
            warn_low_time()  # "time is running low" notifications, once per move
            start_due_tournaments()  # tournaments whose start time came (and results missed)
        except Exception:  # a database hiccup: the next sweep tries again
            log.exception("clock sweep failed")


def start() -> None:
    """Start this process's watcher (once)."""
    global _thread
    if _thread is None or not _thread.is_alive():
        _thread = threading.Thread(target=_watch, name="clock-watch", daemon=True)
        _thread.start()
