"""The computer player: when a computer seat is to move, its move is searched and played.

A subscriber of ``MatchStarted`` and ``MoveMade``. The search runs in a separate process (pure Python search
would otherwise hold the GIL and slow every socket of this server); the move then goes
through the same service as a person's, after a short delay so a human can follow.
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
import os
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any

from channels.db import database_sync_to_async
from django.conf import settings

from games import ai
from games.matches import services
from games.matches.errors import ServiceError
from games.matches.events import MatchStarted, MoveMade

from .search_process import end_with_server
from .turns import Turn, start_once

log = logging.getLogger(__name__)
SEARCH_TIMEOUT = 30.0
_pool: ProcessPoolExecutor | None = None


def _search_pool() -> ProcessPoolExecutor:
    """One search process (forkserver: safe to start from a threaded server)."""
    global _pool
    if _pool is None:
        _pool = ProcessPoolExecutor(
            max_workers=1,
            mp_context=multiprocessing.get_context("forkserver"),
            initializer=end_with_server,
            initargs=(os.getpid(),),
        )
    return _pool


def turns(public: dict[str, Any]) -> list[Turn]:
    """The turn of every computer seat to move in a match's public data."""
    return [
        (("computer", public["id"], public["ply"], p["seat"]), play_turn, (public, p["seat"], p["computer"]))
        for p in public["players"]
        if p["computer"] and p["seat"] in public["to_move"]
    ]


def computer_to_move(event: MatchStarted | MoveMade) -> None:
    """Start the turn of every computer seat to move."""
    for key, turn, args in turns(event.public):
        start_once(key, turn, *args)


async def play_turn(public: dict[str, Any], seat: int, level: str) -> None:
    """Search the move of ``seat`` at ``level`` in the position of ``public`` and play it."""
    global _pool
    loop = asyncio.get_running_loop()
    started = loop.time()
    try:
        search = loop.run_in_executor(_search_pool(), ai.choose, public["game"], level, public["state"], seat)
        move = await asyncio.wait_for(search, SEARCH_TIMEOUT)
        await asyncio.sleep(max(0.0, settings.COMPUTER_MOVE_DELAY - (loop.time() - started)))
        await database_sync_to_async(services.move_play)(
            match_id=public["id"], user=None, ply=public["ply"], move=move, seat=seat
        )
    except ServiceError as exc:
        log.info("computer move in %s refused: %s", public["id"], exc.message)
    except BrokenProcessPool:
        log.exception("the search process died; a new one starts with the next move")
        _pool = None
    except Exception:
        log.exception("computer move failed in %s", public["id"])
