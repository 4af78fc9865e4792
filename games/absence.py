"""Players who left for good: after a timeout the server plays their turn's skip move,
for games that allow it (The Journey), so the others can finish."""

from __future__ import annotations

import logging
import threading

from django.conf import settings
from django.db import close_old_connections

from .errors import ServiceError
from .models import Match
from .selectors import connected_user_ids

log = logging.getLogger(__name__)
_timers: dict[tuple[str, int, int], threading.Timer] = {}
_lock = threading.Lock()


def _absent_seats(match: Match) -> list[tuple[int, dict]]:
    """(seat, skip move) for each seat to move whose player has no open socket."""
    rules = match.rules
    online = connected_user_ids(match)
    seats = match.seats.filter(seat__in=rules.to_move(match.state), level="", user__isnull=False)
    out = []
    for seat in seats.exclude(user_id__in=online):
        skip = rules.skip_move(match.state, seat.seat)
        if skip is not None:
            out.append((seat.seat, skip))
    return out


def watch(match_id: str) -> None:
    """Start a timer for every absent player to move in this match."""
    match = Match.objects.filter(pk=match_id, status=Match.Status.ACTIVE).first()
    if match is None:
        return
    for seat, _ in _absent_seats(match):
        key = (match.pk, match.ply, seat)
        with _lock:
            if key in _timers:
                continue
            timer = threading.Timer(settings.ABSENT_SKIP_SECONDS, _skip, args=key)
            timer.daemon = True
            _timers[key] = timer
        timer.start()


def _skip(match_id: str, ply: int, seat: int) -> None:
    from .services import move_play

    try:
        match = Match.objects.filter(pk=match_id, status=Match.Status.ACTIVE, ply=ply).first()
        if match is not None:
            for absent, skip in _absent_seats(match):
                if absent == seat:
                    move_play(match_id=match_id, user=None, ply=ply, move=skip, seat=seat)
    except ServiceError as exc:
        log.info("skip in %s refused: %s", match_id, exc.message)
    except Exception:
        log.exception("skip failed in %s", match_id)
    finally:
        with _lock:
            _timers.pop((match_id, ply, seat), None)
        close_old_connections()
