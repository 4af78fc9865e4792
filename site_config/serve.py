"""Start daphne with uvloop as the event loop (``python -m site_config.serve <daphne args>``),
and the turns the server owes once it runs.

Daphne runs Twisted's asyncio reactor on a loop it creates when ``daphne.server`` is imported,
so the loop policy is set here first. uvloop runs the same asyncio code (Channels, the
consumers, the channel layer) with its loop in C: the relay's server CPU is about 0.8x with
it (``bench/load.py``, measured in docs/deploy.md). ``UVLOOP=0`` keeps asyncio's own loop.

When the reactor runs (the application, and so Django, is loaded by then), the loop is
recorded for ``games.realtime.outbox`` and the computer turns owed since before a restart
start (``games.autoplay.resume.resume_owed``), whether or not anybody opens the match.
"""

from __future__ import annotations

import asyncio
import os


def _running() -> None:
    from games.autoplay.resume import resume_owed
    from games.realtime.outbox import serve_on

    loop = asyncio.get_event_loop()
    serve_on(loop)
    loop.create_task(resume_owed())


def main() -> None:
    """Set the loop policy (unless ``UVLOOP=0``), then run daphne's command line."""
    if os.environ.get("UVLOOP", "1") != "0":
        import uvloop

        asyncio.set_event_loop_policy(uvloop.EventLoopPolicy())
    import daphne.server  # noqa: F401  (creates the loop and installs the reactor on it)
    from daphne.cli import CommandLineInterface
    from twisted.internet import reactor

    reactor.callWhenRunning(_running)
    CommandLineInterface.entrypoint()


if __name__ == "__main__":
    main()
