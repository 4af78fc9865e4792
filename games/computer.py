"""Runs computer players off the event loop.

A thread per pending computer move waits for the search, which runs in a separate process
(pure Python search would otherwise hold the GIL and slow every socket of this server).
"""

from __future__ import annotations

import logging
import multiprocessing
import threading
import time
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool

from django.conf import settings
from django.db import close_old_connections

from . import ai
from .errors import ServiceError
from .models import Match

log = logging.getLogger(__name__)
_pending: set[tuple[str, int, int]] = set()
_lock = threading.Lock()
_pool: ProcessPoolExecutor | None = None


def _search_pool() -> ProcessPoolExecutor:
    """One search process (forkserver: safe to start from a threaded server)."""
    global _pool
    with _lock:
        if _pool is None:
            _pool = ProcessPoolExecutor(max_workers=1, mp_context=multiprocessing.get_context("forkserver"))
        return _pool


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
        move = _search_pool().submit(ai.choose, match.game, level, match.state, seat).result(timeout=30)
        time.sleep(max(0.0, settings.COMPUTER_MOVE_DELAY - (time.monotonic() - started)))
        move_play(match_id=match_id, user=None, ply=ply, move=move, seat=seat)
    except ServiceError as exc:
        log.info("computer move in %s refused: %s", match_id, exc.message)
    except BrokenProcessPool:
        global _pool
        log.exception("the search process died; a new one starts with the next move")
        with _lock:
            _pool = None
    except Exception:
        log.exception("computer move failed in %s", match_id)
    finally:
        with _lock:
            _pending.discard((match_id, ply, seat))
        close_old_connections()
