"""Start daphne with uvloop as the event loop (``python -m site_config.serve <daphne args>``).

Daphne runs Twisted's asyncio reactor on a loop it creates when ``daphne.server`` is imported,
so the loop policy is set here first. uvloop runs the same asyncio code (Channels, the
consumers, the channel layer) with its loop in C: the relay's server CPU is about 0.8x with
it (``bench/load.py``, measured in docs/deploy.md). ``UVLOOP=0`` keeps asyncio's own loop.
"""

from __future__ import annotations

import asyncio
import os


def main() -> None:
    """Set the loop policy (unless ``UVLOOP=0``), then run daphne's command line."""
    if os.environ.get("UVLOOP", "1") != "0":
        import uvloop

        asyncio.set_event_loop_policy(uvloop.EventLoopPolicy())
    from daphne.cli import CommandLineInterface

    CommandLineInterface.entrypoint()


if __name__ == "__main__":
    main()
