"""Players who left for good: after a timeout the server plays their turn's skip move, for
games that allow it (The Journey), so the others can finish.

A subscriber of ``MatchStarted``, ``MoveMade`` and ``PlayerLeft``: a player to move with no
open socket is watched; if they are still away ``ABSENT_SKIP_SECONDS`` later, at the same ply,
their skip is played. While no player of the match has a socket open the skipping pauses
(``paused`` in the match object): nobody would see the turns go by. A player's socket
opening starts the timers again (``resume``, from the match socket's connect).
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

from channels.db import database_sync_to_async
from django.conf import settings

from games.catalog.registry import GAMES
from games.matches import services
from games.matches.errors import ServiceError
from games.matches.events import MatchStarted, MoveMade, PlayerLeft
from games.matches.models import Match
from games.matches.selectors import connected_user_ids, skips_paused

from .turns import Turn, start_once

log = logging.getLogger(__name__)


def turns(public: dict[str, Any]) -> list[Turn]:
    """A timer for every absent player to move who could be skipped (none while paused)."""
    if public.get("paused"):
        return []
    rules = GAMES[public["game"]]
    found: list[Turn] = []
    for player in public["players"]:
        seat = player["seat"]
        absent = player["username"] is not None and not player["computer"] and not player["connected"]
        if absent and seat in public["to_move"] and rules.skip_move(public["state"], seat) is not None:
            key = ("absence", public["id"], public["ply"], seat)
            found.append((key, skip_later, (public["id"], public["ply"], seat)))
    return found


def watch_absent(event: MatchStarted | MoveMade | PlayerLeft) -> None:
    """Start the timers of the absent players to move."""
    for key, turn, args in turns(event.public):
        start_once(key, turn, *args)


async def skip_later(match_id: str, ply: int, seat: int) -> None:
    """Wait, then skip ``seat``'s turn if they are still away at ``ply``."""
    await asyncio.sleep(settings.ABSENT_SKIP_SECONDS)
    try:
        await database_sync_to_async(skip_if_absent)(match_id, ply, seat)
    except ServiceError as exc:
        log.info("skip in %s refused: %s", match_id, exc.message)
    except Exception:
        log.exception("skip failed in %s", match_id)


def skip_if_absent(match_id: str, ply: int, seat: int) -> None:
    """Play ``seat``'s skip move at ``ply`` if its player still has no open socket, while
    another player has one (the others left meanwhile: paused)."""
    match = Match.objects.filter(pk=match_id, status=Match.Status.ACTIVE, ply=ply).first()
    if match is None:
        return
    player = match.seats.filter(seat=seat, level="", user__isnull=False).first()
    skip = match.rules.skip_move(match.state, seat)
    if player is None or skip is None or skips_paused(match):
        return
    if player.user_id in connected_user_ids(match):
        return
    services.move_play(match_id=match_id, user=None, ply=ply, move=skip, seat=seat)
