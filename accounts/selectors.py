"""A user's record, read from the match platform's models."""

from __future__ import annotations

from collections import defaultdict
from typing import Any

from games.matches.models import Match, Seat
from games.rules import GAMES


def user_record(user, viewer=None) -> dict[str, Any]:
    """Per-game played/wins/losses/draws, and the ongoing and recent finished matches
    ``viewer`` may see (invite-only ones only to their players and staff)."""
    stats: dict[str, dict[str, int]] = defaultdict(lambda: {"played": 0, "wins": 0, "losses": 0, "draws": 0})
    seats = Seat.objects.filter(user=user, match__status=Match.Status.FINISHED).select_related("match")
    for seat in seats:
        row = stats[seat.match.game]
        row["played"] += 1
        result = seat.match.result or {}
        winners = result.get("winners", [] if result.get("winner") is None else [result["winner"]])
        key = "wins" if seat.seat in winners else "draws" if result.get("draw") else "losses"
        row[key] += 1
    record = [
        {"game": GAMES[slug].name if slug in GAMES else slug, **row} for slug, row in sorted(stats.items())
    ]
    totals = {k: sum(r[k] for r in record) for k in ("played", "wins", "losses", "draws")}
    mine = Match.objects.of_user(user).listed_for(viewer).prefetch_related("seats__user")
    return {
        "record": record,
        "totals": totals,
        "ongoing": mine.filter(status__in=[Match.Status.WAITING, Match.Status.ACTIVE])[:20],
        "recent": mine.filter(status=Match.Status.FINISHED).order_by("-finished_at")[:20],
    }
