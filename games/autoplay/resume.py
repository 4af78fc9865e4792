"""Turns the server owes a match, started again after a restart.

A turn is a task of the process that saw the change; after a restart (``kill -9`` with the
computer to move, or a player away) nothing runs it. Two things set it going again: the
server's start (``resume_owed``, called by ``site_config.startup`` once daphne's loop runs: every
active match with a computer seat), and every socket that opens on a match (``resume``: the
first visitor, player or spectator). A turn already running is not started twice, and a
move made twice (two processes starting the same turn) is refused the second time.
"""

from __future__ import annotations

import logging
from typing import Any

from channels.db import database_sync_to_async

from games.matches.models import Match
from games.matches.selectors import match_public

from . import absence, computer
from .turns import start

log = logging.getLogger(__name__)
AT_START = 500  # matches looked at when the server starts (the oldest first)


async def resume(public: dict[str, Any]) -> None:
    """Start every turn the server owes the match described by ``public``."""
    if public["status"] != Match.Status.ACTIVE:
        return
    for key, turn, args in computer.turns(public) + absence.turns(public):
        await start(key, turn, args)


def owed() -> list[dict[str, Any]]:
    """The public data of the active matches with a computer seat (their turns may be owed)."""
    ids = (
        Match.objects.filter(status=Match.Status.ACTIVE, seats__level__gt="")
        .order_by("updated_at")
        .values_list("pk", flat=True)
        .distinct()[:AT_START]
    )
    return [match_public(match) for match in Match.objects.filter(pk__in=list(ids))]


async def resume_owed() -> int:
    """On the server's loop, at its start: start every computer turn owed; returns how many
    matches were looked at."""
    try:
        publics = await database_sync_to_async(owed)()
    except Exception:  # a database not migrated yet, or gone: the sockets resume them later
        log.exception("resuming the computer's turns failed")
        return 0
    for public in publics:
        await resume(public)
    return len(publics)
