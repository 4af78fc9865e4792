"""Runs computer players off the event loop: a worker thread per pending computer move."""

from __future__ import annotations

import logging
import threading
import time

from django.conf import settings
from django.db import close_old_connections

from . import ai
from .errors import ServiceError
from .models import Match

log = logging.getLogger(__name__)
_pending: set[tuple[str, int, int]] = set()
_lock = threading.Lock()


def levels(slug: str) -> list[str]:
    """The computer levels offered for a game."""
    return ai.levels(slug)


def wake(match_id: str) -> None:
    """If a computer seat is to move in this match, compute and play its move in a thread."""
    match = Match.objects.filter(pk=match_id, status=Match.Status.ACTIVE).first()
    if match is None:
        return
    to_move = set(match.rules.to_move(match.state))
    for seat in match.seats.exclude(level="").filter(seat__in=to_move):
        key = (match.pk, match.ply, seat.seat)
        with _lock:
            if key in _pending:
                continue
            _pending.add(key)
        threading.Thread(target=_play, args=(match.pk, match.ply, seat.seat, seat.level), daemon=True).start()


def _play(match_id: str, ply: int, seat: int, level: str) -> None:
    from .services import move_play

    try:
        started = time.monotonic()
        match = Match.objects.get(pk=match_id)
        move = ai.choose(match.game, level, match.state, seat)
        time.sleep(max(0.0, settings.COMPUTER_MOVE_DELAY - (time.monotonic() - started)))
        move_play(match_id=match_id, user=None, ply=ply, move=move, seat=seat)
    except ServiceError as exc:
        log.info("computer move in %s refused: %s", match_id, exc.message)
    except Exception:
        log.exception("computer move failed in %s", match_id)
    finally:
        with _lock:
            _pending.discard((match_id, ply, seat))
        close_old_connections()
