"""A subscriber of ``MatchEnded``: when a tournament match ends, its points are recorded and
the next round is paired, or the tournament ends.

It runs in the thread that committed the match's end. ``services.record_match`` locks the
tournament row and records each match once, so the same end delivered twice, or by several
processes, changes nothing the second time; a process that stopped before recording it is
caught up by ``services.start_due_tournaments`` (the clock watcher's sweep).
"""

from __future__ import annotations

from games.matches.events import MatchEnded

from . import services


def on_match_ended(event: MatchEnded) -> None:
    """A match ended: if it is a tournament's, record it (and maybe start the next round)."""
    services.record_match(match=event.match)
