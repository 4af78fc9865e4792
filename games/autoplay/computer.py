"""The computer player: when a computer seat is to move, its move is searched and played.

A subscriber of ``MatchStarted`` and ``MoveMade``. The search runs in separate processes (pure
Python search would otherwise hold the GIL and slow every socket of this server), served
fairly by ``search_queue`` (a person waiting on the computer first, the accounts in turn,
only the newest position of a match's seat); the move then goes
through the same service as a person's, after a short delay so a human can follow.
"""

from __future__ import annotations

import asyncio
import itertools
import logging
import multiprocessing
import os
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any

from channels.db import database_sync_to_async
from django.conf import settings

from games.catalog import judge
from games.catalog.computer import choose
from games.matches import services
from games.matches.errors import ServiceError
from games.matches.events import DrawOffered, MatchStarted, MoveMade, MovesTakenBack
from games.matches.offers import draws as offers

from .search_process import end_with_server
from .search_queue import SearchQueue, Superseded, account_waiting, waiting_on
from .turns import Turn, start_once

log = logging.getLogger(__name__)
SEARCH_TIMEOUT = 30.0  # for a search once it runs (the wait for a free worker is not counted)
RETRY_DELAYS = (1.0, 2.0, 5.0, 10.0, 30.0)  # seconds before each retry of a failed turn; then 30
LEVEL_ATTEMPTS = 3  # failed searches at the match's level before a random legal move stands in
_pool: ProcessPoolExecutor | None = None


def _search_pool() -> ProcessPoolExecutor:
    """The search processes (forkserver: safe to start from a threaded server)."""
    global _pool
    if _pool is None:
        _pool = ProcessPoolExecutor(
            max_workers=settings.COMPUTER_PROCESSES,
            mp_context=multiprocessing.get_context("forkserver"),
            initializer=end_with_server,
            initargs=(os.getpid(),),
        )
    return _pool


searches = SearchQueue(_search_pool, settings.COMPUTER_PROCESSES, SEARCH_TIMEOUT)


def turns(public: dict[str, Any]) -> list[Turn]:
    """The turn of every computer seat to move in a match's public data."""
    return [
        (("computer", public["id"], public["ply"], p["seat"]), play_turn, (public, p["seat"], p["computer"]))
        for p in public["players"]
        if p["computer"] and p["seat"] in public["to_move"]
    ]


def computer_to_move(event: MatchStarted | MoveMade | MovesTakenBack) -> None:
    """Start the turn of every computer seat to move."""
    for key, turn, args in turns(event.public):
        start_once(key, turn, *args)


async def play_turn(public: dict[str, Any], seat: int, level: str) -> None:
    """Search the move of ``seat`` at ``level`` in the position of ``public`` and play it.

    A turn that fails (the search process died or timed out, the database was away) is tried
    again until it is played or no longer wanted (the match moved on or ended: the service
    refuses it); nobody has to open a socket for it. After ``LEVEL_ATTEMPTS`` failed searches
    a random legal move stands in, so one position the search cannot handle never stalls a game.
    """
    for attempt in itertools.count():
        try:
            await _play(public, seat, level, stand_in=attempt >= LEVEL_ATTEMPTS)
            return
        except ServiceError as exc:
            log.info("computer move in %s refused: %s", public["id"], exc.message)
            return
        except Superseded:  # the match moved on (a takeback) and a newer turn asks
            return
        except BrokenProcessPool:  # killed (out of memory, an operator): a new one starts
            global _pool
            _pool = None
            log.warning("the search process died in %s (try %d): trying again", public["id"], attempt + 1)
        except TimeoutError:
            log.warning("the search ran out of time in %s (try %d): trying again", public["id"], attempt + 1)
        except Exception:
            log.exception("computer move failed in %s (try %d): trying again", public["id"], attempt + 1)
        await asyncio.sleep(RETRY_DELAYS[min(attempt, len(RETRY_DELAYS) - 1)])


async def _play(public: dict[str, Any], seat: int, level: str, stand_in: bool = False) -> None:
    """Search and play one move (``stand_in``: a random legal move, chosen here, instead)."""
    loop = asyncio.get_running_loop()
    started = loop.time()
    if stand_in:
        move = choose(public["game"], "random", public["state"], seat)
    else:
        args = (public["game"], level, public["state"], seat)
        move = await _search(public, "move", seat, choose, *args)
    await asyncio.sleep(max(0.0, settings.COMPUTER_MOVE_DELAY - (loop.time() - started)))
    await database_sync_to_async(services.move_play)(
        match_id=public["id"], user=None, ply=public["ply"], move=move, seat=seat
    )


async def _search(public: dict[str, Any], kind: str, seat: int, fn: Any, *args: Any) -> Any:
    """``fn(*args)`` for ``seat`` in the match position of ``public``, in its account's turn;
    a newer position's search for the same seat and ``kind`` replaces it while it waits."""
    position = ((kind, public["id"], seat), public["ply"])
    who = waiting_on(public)
    return await searches.run(who, fn, *args, account=account_waiting(public), position=position)


def computer_answers_draw(event: DrawOffered) -> None:
    """A draw was offered: every computer seat of the others answers it."""
    public = event.public
    for p in public["players"]:
        if p["computer"] and p["seat"] != event.seat:
            start_once(("draw", public["id"], public["ply"], p["seat"]), answer_draw, public, p["seat"])


async def answer_draw(public: dict[str, Any], seat: int) -> None:
    """Judge the position for ``seat`` in the search process and accept or decline the draw
    (declined when the judgement fails: the offer is not left hanging)."""
    try:
        args = (public["game"], public["state"], seat)
        accept = await _search(public, "draw", seat, judge.accepts_draw, *args)
    except Superseded:  # the match moved on: that offer is gone
        return
    except Exception:
        log.warning("judging a draw offer failed in %s: declined", public["id"], exc_info=True)
        accept = False
    try:
        await database_sync_to_async(offers.draw_answer)(
            match_id=public["id"], user=None, accept=accept, seat=seat, ply=public["ply"]
        )
    except ServiceError as exc:  # moved on meanwhile, or over
        log.info("computer's draw answer in %s refused: %s", public["id"], exc.message)
