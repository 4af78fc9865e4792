"""A long task's owner, seen to be alive (issue 39): the rule for every long task of the task
worker (a match's computer analysis, a Bible import, the levels' ratings).

The task worker claims a queued row (``running``, ``attempts`` + 1) and, while it works, a
thread of its own writes the time into the row's ``beat_at`` every :func:`beat_seconds`
(:func:`beating`). A worker killed with ``kill -9`` stops beating; once a running row has not
been heard of for :func:`lease_seconds`, every server's sweep (:func:`take_up`) queues it
again for the next worker, or after :data:`MAX_ATTEMPTS` claims ends it as failed with its
message. A run that was given up and wakes (a stopped process continued) finds its attempt
gone and writes nothing: each write of a run is filtered on its own ``attempts``.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import datetime, timedelta

from django.conf import settings
from django.db import connection
from django.db.models import Q, QuerySet
from django.utils import timezone

MAX_ATTEMPTS = 3  # claims of one row before a lapsed one ends as failed
QUEUED, RUNNING, FAILED = "queued", "running", "failed"  # the statuses of every leased row


def lease_seconds() -> float:
    """How long a running row may go unheard of before its owner counts as gone."""
    return settings.TASK_LEASE_SECONDS


def beat_seconds() -> float:
    return lease_seconds() / 6


def lapsed_before() -> datetime:
    """A running row whose last beat is older than this has lost its owner."""
    return timezone.now() - timedelta(seconds=lease_seconds())


def alive(status: str = "status") -> Q:
    """The rows whose owner is alive or yet to come: everything but a running row that lapsed."""
    return ~Q(**{status: RUNNING}, beat_at__lt=lapsed_before())


@contextmanager
def beating(rows: QuerySet) -> Iterator[None]:
    """While the block runs, a thread of its own writes the time into ``rows``' ``beat_at``
    (the block's own run: a query filtered on its attempt)."""
    stop = threading.Event()

    def beat() -> None:
        try:
            while not stop.wait(beat_seconds()):
                rows.update(beat_at=timezone.now())
        finally:
            connection.close()  # this thread's own connection

    thread = threading.Thread(target=beat, name="task-lease", daemon=True)
    thread.start()
    try:
        yield
    finally:
        stop.set()
        thread.join()


def take_up(
    rows: QuerySet,
    *,
    message: str,
    enqueue: Callable[[int], None],
    status: str = "status",
    reset: dict | None = None,
) -> int:
    """(A server's sweep.) Each row of ``rows`` whose ``status`` field is ``running`` with no
    beat for the lease: ``queued`` again (its ``reset`` fields written) and handed to
    ``enqueue``, or, after ``MAX_ATTEMPTS`` claims, ``failed`` with ``message`` as its
    ``error``; returns how many it queued again. Two processes sweeping at once take a row up
    once (each update is filtered on the attempt it saw)."""
    lapsed = rows.filter(**{status: RUNNING}, beat_at__lt=lapsed_before())
    taken = 0
    for pk, attempts in lapsed.values_list("pk", "attempts"):
        this_run = rows.filter(pk=pk, **{status: RUNNING}, attempts=attempts)
        if attempts < MAX_ATTEMPTS:
            if this_run.update(**{status: QUEUED}, beat_at=None, **(reset or {})):
                enqueue(pk)
                taken += 1
        else:
            this_run.update(**{status: FAILED}, error=message, finished_at=timezone.now())
    return taken


def every_beat(*takers: Callable[[], int]) -> Callable[[], int]:
    """One sweep for the clock watcher that runs ``takers`` (each a ``take_up``) at most once
    a beat: a lease lapses in seconds, the watcher sweeps twice a second."""
    last = [float("-inf")]

    def sweep() -> int:
        if time.monotonic() - last[0] < beat_seconds():
            return 0
        last[0] = time.monotonic()
        return sum(take() for take in takers)

    return sweep
