"""Turns the server owes a match, started again when a socket arrives.

A turn is a task of the process that saw the change; after a restart (``kill -9`` with the
computer to move, or a player away) nothing runs it. Every socket that opens on a match
checks: the first visitor after the restart, player or spectator, sets it going again
(a turn already running is not started twice).
"""

from __future__ import annotations

from typing import Any

from games.matches.models import Match

from . import absence, computer
from .turns import start


async def resume(public: dict[str, Any]) -> None:
    """Start every turn the server owes the match described by ``public``."""
    if public["status"] != Match.Status.ACTIVE:
        return
    for key, turn, args in computer.turns(public) + absence.turns(public):
        await start(key, turn, args)
