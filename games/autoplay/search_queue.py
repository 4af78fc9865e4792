"""The computer's searches wait here, not in the process pool, so that they are served fairly.

A ``ProcessPoolExecutor`` serves its jobs first come, first served: 34 computer-vs-computer
games asked for at once put 34 searches ahead of a person waiting on the computer, who then
waited more than 45 s. Here at most ``workers`` searches are in the pool at a time; the others
wait in a queue ordered by who waits on them (a person first, then a bot, then nobody: a game
between two computer levels, then the analysis board).

Within each of those, the accounts take turns: one account's ten computer matches once made
another person's computer answer in 8 s instead of 1 s, as its searches had all arrived
first. Each account has its own line, and the next search is the first of the account served
longest ago (an account with nothing waiting or running counts as never served: it is next).
So a person waits for at most one search of each other account, whatever they queue. A
search for a position that has changed since (a takeback, a retry behind a newer move) does
not keep its place either: of the searches for one match's seat, only the newest waits.

Runs on the server's event loop only (no locks needed).
"""

from __future__ import annotations

import asyncio
import itertools
from collections import Counter, deque
from collections.abc import Callable, Hashable
from concurrent.futures import Executor
from dataclasses import dataclass
from typing import Any

PERSON, BOT, NOBODY = 0, 1, 2  # who waits on a search: the order they are served in
ANALYSIS = 3  # the analysis board: after every game's move, and never in the last free worker


class Superseded(Exception):
    """A newer search for the same position key took the place of this one while it waited."""


def waiting_on(public: dict[str, Any]) -> int:
    """Who waits on the computer's move in the match described by ``public``."""
    people = [p for p in public["players"] if p["username"]]
    if any(not p["bot"] for p in people):
        return PERSON
    return BOT if people else NOBODY


def account_waiting(public: dict[str, Any]) -> Hashable:
    """The account whose turn a search for the match described by ``public`` takes: its first
    person, else its first bot, else the creator watching its computer levels (a match nobody
    owns, a tournament's, shares one turn with the others like it)."""
    people = [p for p in public["players"] if p["username"]]
    person = next((p for p in people if not p["bot"]), people[0] if people else None)
    return ("user", person["username"] if person else public.get("stoppable_by") or "")


@dataclass(eq=False)
class _Search:
    priority: int
    account: Hashable
    position: tuple[Hashable, int] | None
    future: asyncio.Future
    fn: Callable[..., Any]
    args: tuple


class SearchQueue:
    """At most ``workers`` searches in ``executor`` at once, the others served by priority,
    then by account in turn, then in order of arrival."""

    def __init__(self, executor: Callable[[], Executor], workers: int, timeout: float) -> None:
        self._executor = executor  # called for each job: the pool may be replaced after a crash
        self.workers = workers
        self.timeout = timeout  # for a search once it runs; the wait for a worker is not counted
        self._order = itertools.count()
        self._reset(None)

    def _reset(self, loop: asyncio.AbstractEventLoop | None) -> None:
        self._loop = loop  # the loop its searches report to
        self.running = 0
        # priority -> account -> its searches waiting, in order of arrival
        self._lines: dict[int, dict[Hashable, deque[_Search]]] = {}
        self._served: dict[Hashable, int] = {}  # account -> when its last search started
        self._busy: Counter[Hashable] = Counter()  # account -> its searches running
        self._newest: dict[Hashable, _Search] = {}  # position key -> the search waiting for it

    def __len__(self) -> int:
        """Searches waiting for a worker (not counting those running)."""
        return sum(len(line) for lines in self._lines.values() for line in lines.values())

    async def run(
        self,
        priority: int,
        fn: Callable[..., Any],
        *args: Any,
        account: Hashable = None,
        position: tuple[Hashable, int] | None = None,
    ) -> Any:
        """Run ``fn(*args)`` in the executor when its turn comes; return its result, or raise
        its error, or ``TimeoutError`` once it has run ``timeout`` seconds.

        ``account`` is whose turn it takes (searches without one share a turn). ``position``
        is ``(key, ply)``: a search for the same key at a later ply replaces this one while it
        waits (``Superseded``), and this one is refused at once if a later one waits already.
        Cancelling the caller while it waits takes the search out of the queue; once it runs
        in the pool it cannot be stopped, and its worker stays counted until it ends.
        """
        loop = asyncio.get_running_loop()
        if loop is not self._loop:
            # A server has one loop for its life. On a new one (each in-process test runs its
            # own), a search of the old loop can never report back: its worker would stay
            # counted and the queue wait for it forever.
            self._reset(loop)
        search = _Search(priority, account, position, loop.create_future(), fn, args)
        if position is not None:
            older = self._newest.get(position[0])
            if older is not None and older.position[1] > position[1]:
                raise Superseded(f"a search for ply {older.position[1]} waits already")
            if older is not None:
                self._drop(older)
                if not older.future.done():
                    older.future.set_exception(Superseded(f"ply {position[1]} is asked for now"))
            self._newest[position[0]] = search
        self._lines.setdefault(priority, {}).setdefault(account, deque()).append(search)
        self._next()
        try:
            return await search.future
        except asyncio.CancelledError:
            self._drop(search)  # its caller gave up while it waited (no-op once it runs)
            raise

    def _drop(self, search: _Search) -> None:
        """Take ``search`` out of the queue, if it waits there."""
        lines = self._lines.get(search.priority, {})
        line = lines.get(search.account)
        if line is None or search not in line:
            return
        line.remove(search)
        if not line:
            del lines[search.account]
            self._forget_if_idle(search.account)
        if search.position is not None and self._newest.get(search.position[0]) is search:
            del self._newest[search.position[0]]

    def _forget_if_idle(self, account: Hashable) -> None:
        """An account with nothing waiting or running is next in line when it comes back."""
        if not self._busy[account] and not any(account in lines for lines in self._lines.values()):
            self._served.pop(account, None)
            self._busy.pop(account, None)

    def _first(self) -> _Search | None:
        """The next search to run: of the highest priority waiting, the first of the account
        served longest ago."""
        waiting = [priority for priority, lines in self._lines.items() if lines]
        if not waiting:
            return None
        lines = self._lines[min(waiting)]
        return lines[min(lines, key=lambda account: self._served.get(account, -1))][0]

    def _next(self) -> None:
        """Hand waiting searches to the pool while a worker is free (an analysis only while
        another stays free for a game's move, when there are two workers or more)."""
        while self.running < self.workers and (search := self._first()) is not None:
            if search.priority >= ANALYSIS and 1 < self.workers <= self.running + 1:
                return  # only analyses wait: the last free worker is kept for the games
            self._drop(search)
            if search.future.done():  # its caller gave up just now (not yet taken out)
                continue
            try:
                job = asyncio.get_running_loop().run_in_executor(self._executor(), search.fn, *search.args)
            except Exception as exc:  # a broken pool refuses new jobs
                self._forget_if_idle(search.account)
                search.future.set_exception(exc)
                continue
            self.running += 1
            self._busy[search.account] += 1
            self._served[search.account] = next(self._order)
            late = asyncio.get_running_loop().call_later(self.timeout, _time_out, search.future)
            job.add_done_callback(lambda done, search=search, late=late: self._finished(done, search, late))

    def _finished(self, job: asyncio.Future, search: _Search, late: asyncio.TimerHandle) -> None:
        late.cancel()
        self.running -= 1
        self._busy[search.account] -= 1
        self._forget_if_idle(search.account)
        future = search.future
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
