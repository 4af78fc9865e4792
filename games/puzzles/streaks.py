"""Streak mode: puzzles one after another, each a little harder, until the first mistake.
A streak lives in the session (anyone may run one); its tries move no rating, and the best
streak is kept (``Solver.reached_streak``)."""

from __future__ import annotations

from typing import Any

from django.contrib.sessions.backends.base import SessionBase
from django.db.models import F
from django.db.models.functions import Abs

from .models import Puzzle

KEY = "puzzle_streaks"  # {game: {"count": n, "current": id or None, "done": [ids]}}
FIRST, STEP = 1000, 60  # the first puzzle's rating and how much harder each next one is


class Streak:
    """The session's streak in one game."""

    def __init__(self, session: SessionBase, game: str) -> None:
        self.session, self.game = session, game
        self.data = self.session.get(KEY, {}).get(game) or {"count": 0, "current": None, "done": []}

    @property
    def current(self) -> int | None:
        """The puzzle to solve now (None: no streak running)."""
        return self.data["current"]

    @property
    def count(self) -> int:
        return self.data["count"]

    def start(self) -> int | None:
        """A new streak from its first puzzle (the one running is given up)."""
        self.data = {"count": 0, "current": None, "done": []}
        self.data["current"] = self._next()
        self._save()
        return self.current

    def solved(self, solver: Any) -> dict[str, Any]:
        """The streak's puzzle solved: one more, and the next puzzle."""
        self.data["count"] += 1
        self.data["done"].append(self.current)
        self.data["current"] = self._next()
        self._save()
        solver.reached_streak(self.game, self.count)
        return {"count": self.count, "over": self.current is None, "best": solver.best_streak(self.game)}

    def failed(self, solver: Any) -> dict[str, Any]:
        """A mistake ends the streak."""
        self.data["current"] = None
        self._save()
        return {"count": self.count, "over": True, "best": solver.best_streak(self.game)}

    def _next(self) -> int | None:
        target = FIRST + STEP * self.data["count"]
        candidates = Puzzle.objects.filter(game=self.game).exclude(pk__in=self.data["done"])
        return candidates.order_by(Abs(F("rating") - target), "pk").values_list("pk", flat=True).first()

    def _save(self) -> None:
        self.session[KEY] = {**self.session.get(KEY, {}), self.game: self.data}
