"""The reads of accounts: a user's record (from the match platform's models) and
challenges (the open ones, the JSON the protocol writes)."""

from __future__ import annotations

from collections import defaultdict
from functools import partial
from typing import Any

from django.db.models import Count, Max

from games.catalog.registry import GAMES
from games.matches.models import Match, Seat
from games.matches.ratings.standings import ratings_of
from games.matches.wording import verdict

from .rating_graph import rating_graph


def seat_outcome(match: Match, seat: int | None) -> str | None:
    """``"won"``, ``"lost"`` or ``"draw"`` for ``seat`` of a finished match (None: no seat,
    or not finished). A co-operative game is won or lost by the whole table, never drawn
    (``games.matches.wording.verdict``, which the pages' words use too)."""
    if seat is None or match.status != Match.Status.FINISHED or not match.result:
        return None
    rules = GAMES.get(match.game)
    return verdict(match.result, seat, cooperative=bool(rules and rules.cooperative))


def user_record(user, viewer=None) -> dict[str, Any]:
    """Per-game played/wins/losses/draws, and the ongoing and recent finished matches
    ``viewer`` may see (invite-only ones only to their players and staff)."""
    stats: dict[str, dict[str, int]] = defaultdict(lambda: {"played": 0, "wins": 0, "losses": 0, "draws": 0})
    seats = (
        Seat.objects.filter(user=user, match__status=Match.Status.FINISHED)
        .select_related("match")
        .only("seat", "match__game", "match__status", "match__result")  # not every board
    )
    keys = {"won": "wins", "lost": "losses", "draw": "draws"}
    for seat in seats:
        row = stats[seat.match.game]
        row["played"] += 1
        row[keys[seat_outcome(seat.match, seat.seat) or "lost"]] += 1
    record = [
        {"game": GAMES[slug].name if slug in GAMES else slug, **row} for slug, row in sorted(stats.items())
    ]
    totals = {k: sum(r[k] for r in record) for k in ("played", "wins", "losses", "draws")}
    mine = Match.objects.of_user(user).listed_for(viewer).prefetch_related("seats__user")
    return {
        "ratings": [
            {**r, "name": GAMES[r["game"]].name, "graph": rating_graph(user, r["game"], viewer)}
            for r in ratings_of(user)
        ],
        "record": record,
        "totals": totals,
        "ongoing": mine.filter(status__in=[Match.Status.WAITING, Match.Status.ACTIVE])[:20],
        "recent": mine.filter(status=Match.Status.FINISHED).order_by("-finished_at")[:20],
    }


def record_page(user, viewer=None) -> dict[str, Any]:
    """The profile's record for ``viewer``, for a template fragment cached under ``version``:
    ``history`` is ``user_record``, called only when the fragment is not cached; ``version``
    (one query) changes with any change of the user's matches (a new one, a move, an end, a
    rating), since each moves the match's ``updated_at``."""
    changed = Match.objects.filter(seats__user=user).aggregate(n=Count("pk"), last=Max("updated_at"))
    return {"history": partial(user_record, user, viewer), "version": f"{changed['n']}:{changed['last']}"}
