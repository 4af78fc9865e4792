"""What a notification says, for the one user who gets it ("Reversi vs bob: You won")."""

from __future__ import annotations

import math

from games.matches.models import Match
from games.rules import GAMES
from games.templatetags.people import result_line

SeatRow = tuple[int, str, int | None, str | None]  # games.matches.selectors.seat_rows


def title(game: str, seats: list[SeatRow], user_id: int) -> str:
    """The match as ``user_id`` would name it: ``Reversi vs bob``, ``The Journey with alice
    and bob``, ``Reversi vs the computer``."""
    rules = GAMES[game]
    others = list(  # each name once: two computer seats are "the computer"
        dict.fromkeys(
            username or ("the computer" if level else "an open seat")
            for _, level, uid, username in seats
            if uid != user_id
        )
    )
    if not others:
        return rules.name
    names = others[0] if len(others) == 1 else f"{', '.join(others[:-1])} and {others[-1]}"
    return f"{rules.name} {'with' if rules.cooperative else 'vs'} {names}"


def ended(match: Match, user, seats: list[SeatRow]) -> str:
    """``Reversi vs bob: You won · the board is full``, ``... : You ran out of time — bob
    won``, ``Reversi vs bob was aborted``. ``match`` has its seats (and users) prefetched."""
    name = title(match.game, seats, user.pk)
    if match.status == Match.Status.ABORTED:
        return f"{name} was aborted"
    return f"{name}: {result_line(match, user)}"


def time_left(ms: int) -> str:
    """``15 s``; then whole minutes or hours, rounded up (4:10 hours left: ``5 hours``)."""
    seconds = max(0, ms) // 1000
    if seconds < 120:
        return f"{seconds} s"
    if seconds < 2 * 3600:
        return f"{math.ceil(seconds / 60)} min"
    return f"{math.ceil(seconds / 3600)} hours"
