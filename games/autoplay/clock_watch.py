"""Every server process runs one watcher thread (started by ``site_config.asgi``): every
``CLOCK_SWEEP_SECONDS`` it runs the sweeps it was given, in order (``games.subscribers.SWEEPS``:
clocks that ran out end their match, low clocks are said once per move, tournaments whose
time came start). Each sweep is one or two indexed queries, so 10,000 matches waiting on
their deadlines cost the same as none; what a sweep changes is announced as events, like any
other change.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable, Sequence

from django.conf import settings
from django.db import close_old_connections

log = logging.getLogger(__name__)
_thread: threading.Thread | None = None


def sweep(sweeps: Sequence[Callable[[], object]]) -> None:
    """Run each sweep once; one that fails is logged and the next still runs."""
    close_old_connections()
    for run in sweeps:
        try:
            run()
        except Exception:  # a database hiccup: the next sweep tries again
            log.exception("sweep %s failed", getattr(run, "__qualname__", run))


def _watch(sweeps: Sequence[Callable[[], object]]) -> None:
    while True:
        time.sleep(settings.CLOCK_SWEEP_SECONDS)
        sweep(sweeps)


def start(sweeps: Sequence[Callable[[], object]]) -> None:
    """Start this process's watcher (once)."""
    global _thread
    if _thread is None or not _thread.is_alive():
        _thread = threading.Thread(target=_watch, args=(tuple(sweeps),), name="clock-watch", daemon=True)
        _thread.start()
