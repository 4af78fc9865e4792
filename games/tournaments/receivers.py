"""A subscriber of ``match_changed`` (like ``notifications.receivers``): when a tournament
match ends, its points are recorded and the next round is paired, or the tournament ends.

It runs in the thread that committed the match's end. ``services.record_match`` locks the
tournament row and records each match once, so the same end announced twice, or by several
processes, changes nothing the second time.
"""

from __future__ import annotations

import logging

from django.dispatch import receiver

from games.matches.events import MatchChange, match_changed
from games.matches.models import Match

from . import services

log = logging.getLogger(__name__)
OVER = (Match.Status.FINISHED, Match.Status.ABORTED)


@receiver(match_changed, dispatch_uid="tournaments.receivers")
def on_match_changed(sender, change: MatchChange, **kwargs) -> None:
    """A match ended: if it is a tournament's, record it (and maybe start the next round)."""
    if change.match.status not in OVER:
        return
    try:
        services.record_match(match=change.match)
    except Exception:  # the clock watcher's sweep records it later (start_due_tournaments)
        log.exception("recording tournament match %s failed", change.match.pk)
