"""The computer's searches wait here, not in the process pool, so that they are served fairly.

A ``ProcessPoolExecutor`` serves its jobs first come, first served: 34 computer-vs-computer
games asked for at once put 34 searches ahead of a person waiting on the computer, who then
waited more than 45 s. Here at most ``workers`` searches are in the pool at a time; the others
wait in a queue ordered by who waits on them (a person first, then a bot, then nobody: a game
between two computer levels, then the analysis board), and in order of arrival within each.
Each match asks for one search at a time, so arrival order already takes the computer games
in turn.

Runs on the server's event loop only (no locks needed).
"""

from __future__ import annotations

import asyncio
import heapq
import itertools
from collections.abc import Callable
from concurrent.futures import Executor
from typing import Any

PERSON, BOT, NOBODY = 0, 1, 2  # who waits on a search: the order they are served in
ANALYSIS = 3  # the analysis board: after every game's move, and never in the last free worker


def waiting_on(public: dict[str, Any]) -> int:
    """Who waits on the computer's move in the match described by ``public``."""
    people = [p for p in public["players"] if p["username"]]
    if any(not p["bot"] for p in people):
        return PERSON
    return BOT if people else NOBODY


class SearchQueue:
    """At most ``workers`` searches in ``executor`` at once, the others served by priority."""

    def __init__(self, executor: Callable[[], Executor], workers: int, timeout: float) -> None:
        self._executor = executor  # called for each job: the pool may be replaced after a crash
        self.workers = workers
        self.timeout = timeout  # for a search once it runs; the wait for a worker is not counted
        self.running = 0
        self._waiting: list[tuple[int, int, asyncio.Future, Callable[..., Any], tuple]] = []
        self._order = itertools.count()
        self._loop: asyncio.AbstractEventLoop | None = None  # the loop its searches report to

    def __len__(self) -> int:
        """Searches waiting for a worker (not counting those running)."""
        return sum(1 for *_, future, _fn, _args in self._waiting if not future.done())

    async def run(self, priority: int, fn: Callable[..., Any], *args: Any) -> Any:
        """Run ``fn(*args)`` in the executor when its turn comes; return its result, or raise
        its error, or ``TimeoutError`` once it has run ``timeout`` seconds.

        Cancelling the caller while it waits takes the search out of the queue; once it runs
        in the pool it cannot be stopped, and its worker stays counted until it ends.
        """
        loop = asyncio.get_running_loop()
        if loop is not self._loop:
            # A server has one loop for its life. On a new one (each in-process test runs its
            # own), a search of the old loop can never report back: its worker would stay
            # counted and the queue wait for it forever.
            self._loop, self.running, self._waiting = loop, 0, []
        future: asyncio.Future = loop.create_future()
        heapq.heappush(self._waiting, (priority, next(self._order), future, fn, args))
        self._next()
        return await future

    def _next(self) -> None:
        """Hand waiting searches to the pool while a worker is free (an analysis only while
        another stays free for a game's move, when there are two workers or more)."""
        while self.running < self.workers and self._waiting:
            if self._waiting[0][0] >= ANALYSIS and 1 < self.workers <= self.running + 1:
                return  # only analyses wait: the last free worker is kept for the games
            *_, future, fn, args = heapq.heappop(self._waiting)
            if future.done():  # its caller gave up while it waited
                continue
            try:
                job = asyncio.get_running_loop().run_in_executor(self._executor(), fn, *args)
            except Exception as exc:  # a broken pool refuses new jobs
                future.set_exception(exc)
                continue
            self.running += 1
            late = asyncio.get_running_loop().call_later(self.timeout, _time_out, future)
            job.add_done_callback(lambda done, future=future, late=late: self._finished(done, future, late))

    def _finished(self, job: asyncio.Future, future: asyncio.Future, late: asyncio.TimerHandle) -> None:
        late.cancel()
        self.running -= 1
        error = None if job.cancelled() else job.exception()  # read even when nobody waits
        if not future.done():
            if job.cancelled():
                future.cancel()
            elif error is not None:
                future.set_exception(error)
            else:
                future.set_result(job.result())
        self._next()


def _time_out(future: asyncio.Future) -> None:
    if not future.done():
        future.set_exception(TimeoutError("the search ran out of time"))
