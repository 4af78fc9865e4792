"""Who solves: a person with an account (ratings and tries in the database) or a visitor
(the same kept in their session). Both answer the same questions, so the rest of puzzles
never asks which one it has."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.contrib.sessions.backends.base import SessionBase
from django.db import transaction
from django.db.models import Exists, F
from django.http import HttpRequest
from django.utils import timezone

from games.matches.ratings.glicko2 import Rating

from .models import Puzzle, PuzzleRating, PuzzleTry

SESSION = "puzzles"  # {"ratings": {game: [r, d, v]}, "tried": {id: solved}, "best": {game: n}}


@dataclass(frozen=True)
class Standing:
    """What a puzzle's page shows of the person: their rating in its game, whether their try
    of it counted already, their best streak there."""

    rating: Rating
    tried: bool
    best_streak: int


@dataclass
class Solver:
    """The person solving: their account (None: a visitor) and their session, from a page's
    request (``of``) or a puzzle socket's scope."""

    user: Any
    session: SessionBase

    @classmethod
    def of(cls, request: HttpRequest) -> Solver:
        user = request.user
        return cls(user if user.is_authenticated else None, request.session)

    def _session(self) -> dict[str, Any]:
        """The visitor's puzzles in their session, to change (``session.modified`` after)."""
        return self.session.setdefault(SESSION, {"ratings": {}, "tried": {}, "best": {}})

    def _stored(self) -> dict[str, Any]:
        """The same, to read: a page or a refused check stores no session for a visitor."""
        return self.session.get(SESSION) or {"ratings": {}, "tried": {}, "best": {}}

    def rating(self, game: str, lock: bool = False) -> Rating:
        """The puzzle rating in ``game`` (a newcomer's: 1500, provisional); ``lock``: an
        account's row held until the transaction ends (it is about to change)."""
        if self.user:
            rows = PuzzleRating.objects.filter(user=self.user, game=game)
            row = (rows.select_for_update() if lock else rows).first()
            return Rating(row.rating, row.deviation, row.volatility) if row else Rating()
        stored = self._stored()["ratings"].get(game)
        return Rating(*stored) if stored else Rating()

    def standing(self, puzzle: Puzzle) -> Standing:
        """The page's ``Standing`` for ``puzzle``: one query for an account (a try counted
        always comes with a rating row of its game, made in the same transaction)."""
        if self.user:
            tries = PuzzleTry.objects.filter(user=self.user, puzzle=puzzle)
            row = (
                PuzzleRating.objects.filter(user=self.user, game=puzzle.game)
                .annotate(tried=Exists(tries))
                .first()
            )
            if row is None:
                return Standing(Rating(), False, 0)
            return Standing(Rating(row.rating, row.deviation, row.volatility), row.tried, row.best_streak)
        tried = str(puzzle.pk) in self._stored()["tried"]
        return Standing(self.rating(puzzle.game), tried, self.best_streak(puzzle.game))

    def tried(self, game: str) -> set[int]:
        """The puzzles of ``game`` whose try counted."""
        if self.user:
            return set(
                PuzzleTry.objects.filter(user=self.user, puzzle__game=game).values_list(
                    "puzzle_id", flat=True
                )
            )
        ids = {int(pk) for pk in self._stored()["tried"]}
        return set(Puzzle.objects.filter(pk__in=ids, game=game).values_list("pk", flat=True))

    def has_tried(self, puzzle: Puzzle) -> bool:
        if self.user:
            return PuzzleTry.objects.filter(user=self.user, puzzle=puzzle).exists()
        return str(puzzle.pk) in self._stored()["tried"]

    def count(self, puzzle: Puzzle, solved: bool, after: Rating) -> bool:
        """Record the try that counts and the new rating; False (nothing changed) when a try
        of this puzzle counted already (an account's: IntegrityError, rolling back the
        transaction the caller holds the puzzle's and the rating's rows in)."""
        if self.user:
            PuzzleTry.objects.create(user=self.user, puzzle=puzzle, solved=solved, rating_after=after.rating)
            changes = {"rating": after.rating, "deviation": after.deviation, "volatility": after.volatility}
            rows = PuzzleRating.objects.filter(user=self.user, game=puzzle.game)
            counts = {"solved": F("solved") + solved, "failed": F("failed") + (not solved)}
            if not rows.update(**changes, **counts, updated_at=timezone.now()):
                PuzzleRating.objects.create(
                    user=self.user, game=puzzle.game, **changes, solved=solved, failed=not solved
                )
            return True
        data = self._session()
        if str(puzzle.pk) in data["tried"]:
            return False
        data["tried"][str(puzzle.pk)] = solved
        data["ratings"][puzzle.game] = [after.rating, after.deviation, after.volatility]
        self.session.modified = True
        return True

    def best_streak(self, game: str) -> int:
        if self.user:
            row = PuzzleRating.objects.filter(user=self.user, game=game).first()
            return row.best_streak if row else 0
        return self._stored()["best"].get(game, 0)

    def reached_streak(self, game: str, streak: int) -> None:
        """Keep ``streak`` as the best in ``game`` when it is."""
        if streak <= self.best_streak(game):
            return
        if self.user:
            with transaction.atomic():
                row, _ = PuzzleRating.objects.select_for_update().get_or_create(user=self.user, game=game)
                row.best_streak = max(row.best_streak, streak)
                row.save(update_fields=["best_streak", "updated_at"])
        else:
            self._session()["best"][game] = streak
            self.session.modified = True
