"""Which puzzle to show: the next one near a person's rating, the day's, a game's counts."""

from __future__ import annotations

import datetime
import random

from django.core.cache import cache
from django.db.models import Count, F
from django.db.models.functions import Abs

from .models import Puzzle
from .solvers import Solver

NEAREST = 8  # the next puzzle is one of the nearest this many to the person's rating, at random


def next_for(solver: Solver, game: str) -> Puzzle | None:
    """A puzzle of ``game`` the person has not tried, near their rating (None: tried them all)."""
    mine = solver.rating(game).rating
    fresh = Puzzle.objects.filter(game=game).exclude(pk__in=solver.tried(game))
    near = list(fresh.order_by(Abs(F("rating") - mine)).values_list("pk", flat=True)[:NEAREST])
    return Puzzle.objects.get(pk=random.choice(near)) if near else None


def daily(day: datetime.date | None = None) -> Puzzle | None:
    """The day's puzzle, the same for everyone all day (UTC), from every game's."""
    day = day or datetime.datetime.now(datetime.UTC).date()
    key = f"puzzles:daily:{day.isoformat()}"
    pk = cache.get(key)
    if pk is None:
        ids = list(Puzzle.objects.order_by("pk").values_list("pk", flat=True))
        if not ids:
            return None
        pk = ids[random.Random(day.toordinal()).randrange(len(ids))]
        cache.set(key, pk, 24 * 3600)
    return Puzzle.objects.filter(pk=pk).first()


def counts() -> dict[str, int]:
    """How many puzzles each game has."""
    return dict(Puzzle.objects.values_list("game").annotate(n=Count("pk")).values_list("game", "n"))
