"""A person's puzzle ratings for their profile: per game, the rating, the tries and the best
streak, and the rating after each of the last tries (the graph's points)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from games.catalog.registry import KITS
from games.matches.ratings.glicko2 import Rating

from .models import PuzzleRating, PuzzleTry

LAST = 100  # the graph shows the last this many counted tries


@dataclass(frozen=True)
class Step:
    """One counted try: when, the rating after it, which puzzle, solved or not."""

    at: datetime
    rating: int
    puzzle: int
    solved: bool


def puzzle_ratings(user: Any) -> list[dict[str, Any]]:
    """``user``'s puzzle rating in each game they tried puzzles in (by the game's name): name,
    slug, rating, provisional, solved, failed, best streak, ``start`` (the rating before the
    first step shown) and ``steps`` (the last ``LAST`` tries, oldest first)."""
    rows = []
    for row in PuzzleRating.objects.filter(user=user):
        kit = KITS.get(row.game)
        if kit is None or kit.puzzles is None:
            continue
        tries = PuzzleTry.objects.filter(user=user, puzzle__game=row.game).order_by("-created_at", "-pk")
        recent = list(tries.values_list("created_at", "rating_after", "puzzle_id", "solved")[: LAST + 1])[
            ::-1
        ]
        start = round(recent.pop(0)[1]) if len(recent) > LAST else round(Rating().rating)
        rows.append(
            {
                "game": row.game,
                "name": kit.game.name,
                "rating": round(row.rating),
                "provisional": Rating(row.rating, row.deviation, row.volatility).provisional,
                "solved": row.solved,
                "failed": row.failed,
                "best_streak": row.best_streak,
                "start": start,
                "steps": [Step(at, round(after), pk, solved) for at, after, pk, solved in recent],
            }
        )
    return sorted(rows, key=lambda r: r["name"])
