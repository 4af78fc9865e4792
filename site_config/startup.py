"""What every server process does once it serves, however it was started (``make run``'s
``python -m site_config.serve``, plain ``daphne ... site_config.asgi:application``, a test's
server): it records its event loop for ``games.realtime.outbox`` and starts the computer turns
owed since before a restart (``games.autoplay.resume.resume_owed``), whether or not anybody
opens the match; and it tunes the garbage collector for a long-lived server
(:func:`tune_collector`). Clocks need nothing here: ``site_config.asgi`` starts their watcher
as it loads.

``site_config.asgi`` calls :func:`when_serving` as it loads. Daphne installs Twisted's asyncio
reactor before it loads the application, so the work is put off until that reactor runs: once
a process, in the process that serves (never in ``manage.py`` commands or the task worker).
"""

from __future__ import annotations

import asyncio
import gc
import sys

# Python's default (700, 10, 10) collects the youngest objects every 700 net allocations;
# each collection moves survivors towards the oldest generation and brings a full pass nearer.
COLLECTOR_THRESHOLDS = (10_000, 10, 10)


def tune_collector() -> None:
    """Keep the collector's full passes off the move's path. A server holds far more
    long-lived objects than it makes garbage (Django and its modules, then every open
    socket's); a full pass walks them all, and at 200 matches it stalled the moves around it
    by 100-180 ms (``bench/load.py``: p99 83-98 ms, 11-30 ms with this). What is loaded at
    start is moved out of the collector's sight (``gc.freeze``), and it runs less often."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(*COLLECTOR_THRESHOLDS)


def _serving() -> None:
    from games.autoplay.resume import resume_owed
    from games.realtime.outbox import serve_on

    tune_collector()
    loop = asyncio.get_event_loop()
    serve_on(loop)
    loop.create_task(resume_owed())


def when_serving() -> bool:
    """Under daphne (its reactor installed), run the start-up work once the reactor runs;
    False elsewhere (an in-process test's communicator: its sockets resume on connect)."""
    reactor = sys.modules.get("twisted.internet.reactor")
    if reactor is None:
        return False
    reactor.callWhenRunning(_serving)
    return True
