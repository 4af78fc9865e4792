"""Start daphne with uvloop as the event loop (``python -m site_config.serve <daphne args>``):
the one command every doc starts a server with.

Daphne runs Twisted's asyncio reactor on a loop it creates when ``daphne.server`` is imported,
so the loop policy is set here first. uvloop runs the same asyncio code (Channels, the
consumers, the channel layer) with its loop in C: the relay's server CPU is about 0.8x with
it (``bench/load.py``, measured in docs/deploy.md). ``UVLOOP=0`` keeps asyncio's own loop.

Here too daphne's WebSocket protocol is replaced by ``games.realtime.flood_guard``'s, which
closes a socket that floods (``SOCKET_FLOOD_GUARD=0``: daphne's own).

What a server owes at its start (the computer's turns) does not depend on this launcher:
``site_config.startup`` wires it where every start passes, the application's loading.
"""

from __future__ import annotations

import asyncio
import os


def main() -> None:
    """Set the loop policy (unless ``UVLOOP=0``), then run daphne's command line."""
    if os.environ.get("UVLOOP", "1") != "0":
        import uvloop

        asyncio.set_event_loop_policy(uvloop.EventLoopPolicy())
    import daphne.server  # noqa: F401  (creates the loop and installs the reactor on it)
    from daphne.cli import CommandLineInterface

    if os.environ.get("SOCKET_FLOOD_GUARD", "1") != "0":
        from games.realtime import flood_guard

        flood_guard.install()  # a socket that floods is closed (docs/deploy.md, Library overrides)

    CommandLineInterface.entrypoint()


if __name__ == "__main__":
    main()
