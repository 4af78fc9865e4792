"""What every server process does once it serves, however it was started (``make run``'s
``python -m site_config.serve``, plain ``daphne ... site_config.asgi:application``, a test's
server): it records its event loop for ``games.realtime.outbox`` and starts the computer turns
owed since before a restart (``games.autoplay.resume.resume_owed``), whether or not anybody
opens the match. Clocks need nothing here: ``site_config.asgi`` starts their watcher as it loads.

``site_config.asgi`` calls :func:`when_serving` as it loads. Daphne installs Twisted's asyncio
reactor before it loads the application, so the work is put off until that reactor runs: once
a process, in the process that serves (never in ``manage.py`` commands or the task worker).
"""

from __future__ import annotations

import asyncio
import sys


def _serving() -> None:
    from games.autoplay.resume import resume_owed
    from games.realtime.outbox import serve_on

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
