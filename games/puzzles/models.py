"""Puzzles, people's puzzle ratings and their tries.

One puzzle per game and position (``digest``); one try that counts per person and puzzle
(``PuzzleTry``'s unique pair), so a rating moves once per puzzle. Visitors without an account
keep theirs in the session (``games.puzzles.solvers``).
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import pgettext_lazy

from games.matches.ratings.glicko2 import START


class Puzzle(models.Model):
    """A position, its proved solution and where it came from."""

    class Result(models.TextChoices):
        WIN = "win", pgettext_lazy("a puzzle's result: find the move that keeps the", "win")
        DRAW = "draw", pgettext_lazy("a puzzle's result: find the move that keeps the", "draw")

    game = models.CharField(max_length=32)  # a slug of games.catalog.registry.KITS
    digest = models.CharField(max_length=40)  # the position's (games.catalog.puzzle_finder.position_key)
    moves = models.JSONField()  # [seat, move] from the start of a game with the kit's puzzle options
    seat = models.PositiveSmallIntegerField()  # who solves: the seat to move
    result = models.CharField(max_length=4, choices=Result.choices)
    solution = models.JSONField()  # the solver's moves and the replies, the solver's first and last
    themes = models.JSONField(default=list)
    solver = models.CharField(max_length=100)
    nodes = models.BigIntegerField()
    seconds = models.FloatField()
    source = models.CharField(max_length=200)  # where it was found, for people
    mistake = models.JSONField(null=True)  # the opponent's move that let the result in
    rating = models.FloatField(default=START[0])
    deviation = models.FloatField(default=START[1])
    volatility = models.FloatField(default=START[2])
    tries = models.PositiveIntegerField(default=0)
    solved = models.PositiveIntegerField(default=0)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["game", "digest"], name="puzzle_one_per_position")]
        indexes = [models.Index(fields=["game", "rating"], name="puzzle_game_rating")]

    def __str__(self) -> str:
        return f"{self.game} puzzle {self.pk}"


class PuzzleRating(models.Model):
    """A person's Glicko-2 puzzle rating in one game, and their best streak there."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="puzzle_ratings"
    )
    game = models.CharField(max_length=32)
    rating = models.FloatField(default=START[0])
    deviation = models.FloatField(default=START[1])
    volatility = models.FloatField(default=START[2])
    solved = models.PositiveIntegerField(default=0)
    failed = models.PositiveIntegerField(default=0)
    best_streak = models.PositiveIntegerField(default=0)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["user", "game"], name="puzzle_rating_one_per_game")]

    def __str__(self) -> str:
        return f"{self.user_id} {self.game} {self.rating:.0f}"


class PuzzleTry(models.Model):
    """The try of a puzzle that counted for a person's rating (the first one finished)."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="puzzle_tries")
    puzzle = models.ForeignKey(Puzzle, on_delete=models.CASCADE, related_name="counted_tries")
    solved = models.BooleanField()
    rating_after = models.FloatField()  # the person's puzzle rating after it: the profile's graph
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["user", "puzzle"], name="puzzle_try_once")]

    def __str__(self) -> str:
        return f"{self.user_id} {self.puzzle_id} {'solved' if self.solved else 'failed'}"
