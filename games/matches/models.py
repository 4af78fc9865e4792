"""Matches, their seats and their moves. No rules here: they live in ``games.rules``."""

from __future__ import annotations

import secrets
from typing import Any

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from games.catalog.registry import GAMES

from .clocks import describe


def new_match_id() -> str:
    """An unguessable match id (the match link is also the invite link)."""
    return secrets.token_urlsafe(9)


def new_replay_slug() -> str:
    """An unguessable replay slug, distinct from the match id."""
    return secrets.token_urlsafe(12)


def option_labels(game: str, options: dict[str, Any]) -> list[tuple[str, str]]:
    """A game's options worth showing, as (label, value) for people (a match's, a
    tournament's): unset ones left out."""
    shown = []
    for name, option in GAMES[game].options.items():
        value = options.get(name)
        if value in (None, "", False):
            continue
        # a box of several lines (a start position) is the board itself: the page draws it
        text = gettext("yes") if value is True else gettext("custom") if option.lines > 1 else str(value)
        if option.type == "choice" and isinstance(value, str):
            text = gettext(value)  # a choice is a word its kit marks ("alliance")
        shown.append((gettext(option.label) if option.label else name, text))  # the label: its kit's word
    return shown


class MatchQuerySet(models.QuerySet):
    def open(self) -> MatchQuerySet:
        """Matches listed in the lobby with a free seat."""
        return self.filter(status=Match.Status.WAITING, visibility=Match.Visibility.OPEN)

    def ongoing(self) -> MatchQuerySet:
        return self.filter(status__in=[Match.Status.WAITING, Match.Status.ACTIVE])

    def finished(self) -> MatchQuerySet:
        return self.filter(status=Match.Status.FINISHED)

    def of_user(self, user) -> MatchQuerySet:
        # one row per match without DISTINCT: a user holds one seat of a match at most
        # (``seat_unique_user``); a DISTINCT would compare every column, boards included
        return self.filter(seats__user=user)

    def listed_for(self, viewer) -> MatchQuerySet:
        """Matches ``viewer`` may see listed: all but invite-only ones, which only their
        players (and staff) see anywhere but at their own link."""
        if viewer is not None and viewer.is_staff:
            return self
        private = Q(visibility=Match.Visibility.INVITE)
        if viewer is None or not viewer.is_authenticated:
            return self.exclude(private)
        return self.exclude(private & ~Q(pk__in=Seat.objects.filter(user=viewer).values("match_id")))


class Match(models.Model):
    class Status(models.TextChoices):
        WAITING = "waiting"
        ACTIVE = "active"
        FINISHED = "finished"
        ABORTED = "aborted"

    class Visibility(models.TextChoices):
        OPEN = "open", _("Open seat in the lobby")
        INVITE = "invite", _("Invite a friend")
        COMPUTER = "computer", _("Play the computer")

    id = models.CharField(primary_key=True, max_length=16, default=new_match_id, editable=False)
    game = models.CharField(max_length=32, db_index=True)  # a slug of games.catalog.registry.GAMES
    options = models.JSONField(default=dict)
    seed = models.BigIntegerField(default=0)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.WAITING, db_index=True)
    visibility = models.CharField(max_length=10, choices=Visibility.choices, default=Visibility.INVITE)
    state = models.JSONField(default=dict)
    ply = models.PositiveIntegerField(default=0)
    result = models.JSONField(null=True, blank=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    rematch_of = models.ForeignKey("self", null=True, blank=True, on_delete=models.SET_NULL, related_name="+")
    replay_slug = models.CharField(max_length=32, unique=True, default=new_replay_slug, editable=False)
    created_at = models.DateTimeField(auto_now_add=True, db_index=True)
    updated_at = models.DateTimeField(auto_now=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    rated = models.BooleanField(default=False)  # its end changes the players' ratings
    # Players may abort it before both have moved, and resigning before any move aborts it.
    # Not a tournament's game: there a player who does not move loses on time (staff still
    # abort, as cancelling the tournament does).
    abortable = models.BooleanField(default=True)
    # The clock (games.matches.clocks): the time control (null: untimed), each seat's time
    # left as of clock_since, and when the first running clock reaches zero.
    time_control = models.JSONField(null=True, blank=True)
    clock_ms = models.JSONField(default=list, blank=True)
    clock_since = models.DateTimeField(null=True, blank=True)
    deadline = models.DateTimeField(null=True, blank=True, db_index=True)
    # The ply at which a running clock was last said to be low (``sweeps``): once per move.
    clock_low_ply = models.PositiveIntegerField(null=True, blank=True)
    # Counts the changes of its players' presence and seats: what was read of its presence
    # stays valid in the cache until it changes (``selectors.presence_of``), not re-read per move.
    presence_version = models.PositiveIntegerField(default=0)
    # The seat offering a draw now (``offers``), or null; the next move of another seat
    # declines it. ``draw_offered`` keeps, per seat ("0", "1"), how many moves that seat had
    # made at its last offer: an offer again only 20 of its own moves later.
    draw_offer = models.PositiveSmallIntegerField(null=True, blank=True)
    draw_offered = models.JSONField(default=dict, blank=True)
    # Takebacks (``takebacks``): whether players may take moves back (casual matches; never
    # rated ones nor between allies); the seat asking now, or null, and the ply of the last
    # move that would stay (0: the start). Any move withdraws the request.
    takebacks = models.BooleanField(default=True)
    takeback_offer = models.PositiveSmallIntegerField(null=True, blank=True)
    takeback_to = models.PositiveIntegerField(null=True, blank=True)
    # Per seat, the moves of its own (not the server's passes) stored so far, and how many of
    # them are still in play (not taken back): what a draw offer and a takeback ask
    # (``abilities``), kept with the row so that every state can say it without a query.
    moves_made = models.JSONField(default=list, blank=True)
    moves_in_play = models.JSONField(default=list, blank=True)

    objects = MatchQuerySet.as_manager()

    class Meta:
        ordering = ["-created_at"]
        verbose_name_plural = "matches"
        # The clock watcher's query (active matches past their deadline) reads only the
        # matches that are due, however many wait (bench/clocks.py).
        indexes = [models.Index(fields=["status", "deadline"], name="match_status_deadline")]
        constraints = [
            # a takeback would change what the ratings measure
            models.CheckConstraint(condition=~Q(rated=True, takebacks=True), name="match_rated_no_takebacks")
        ]

    def __str__(self) -> str:
        return f"{self.rules.name} {self.id}"

    @property
    def rules(self):
        return GAMES[self.game]

    @property
    def option_labels(self) -> list[tuple[str, str]]:
        """The options worth showing, as (label, value) for people: unset ones left out."""
        return option_labels(self.game, self.options)

    @property
    def time_label(self) -> str:
        """The time control for people: "5+3", "3 days a move" or "Untimed"."""
        return describe(self.time_control)

    def get_absolute_url(self) -> str:
        return f"/m/{self.id}/"


class Seat(models.Model):
    """A seat of a match: a user, the computer (``level`` set), or still free."""

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="seats")
    seat = models.PositiveSmallIntegerField()
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="seats"
    )
    level = models.CharField(max_length=16, blank=True, default="")
    # A free seat kept for one user (a challenge): nobody else may take it.
    reserved_for = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.CASCADE, related_name="+"
    )
    # The player's rating in this game when they took the seat (shown beside their name).
    rating = models.IntegerField(null=True, blank=True)
    provisional = models.BooleanField(default=True)

    class Meta:
        ordering = ["seat"]
        constraints = [
            models.UniqueConstraint(fields=["match", "seat"], name="seat_unique_number"),
            models.UniqueConstraint(
                fields=["match", "user"], condition=Q(user__isnull=False), name="seat_unique_user"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.match_id} seat {self.seat}"


class Takeback(models.Model):
    """Moves taken back: every move stored after ``back_to`` (0: the start) that was still in
    play, on the request of ``seat``. It takes a ply of its own (``ply``: the match's ply
    counts moves and takebacks and never goes back), so a move sent before it is stale."""

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="takeback_records")
    ply = models.PositiveIntegerField()
    seat = models.PositiveSmallIntegerField()
    back_to = models.PositiveIntegerField()
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["ply"]
        constraints = [models.UniqueConstraint(fields=["match", "ply"], name="takeback_unique_ply")]

    def __str__(self) -> str:
        return f"{self.match_id} takeback #{self.ply} to {self.back_to}"


class Move(models.Model):
    """One accepted move: ``ply`` counts from 1; a pass the server forced is a move too.
    A move taken back stays, with ``takeback`` set (the game goes on without it)."""

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="moves")
    ply = models.PositiveIntegerField()
    seat = models.PositiveSmallIntegerField()
    move = models.JSONField()
    forced = models.BooleanField(default=False)
    created_at = models.DateTimeField(auto_now_add=True)
    clock_ms = models.JSONField(null=True, blank=True)  # each seat's time left after it
    # RESTRICT: a takeback record goes only with its match (its moves would seem played)
    takeback = models.ForeignKey(
        Takeback, null=True, blank=True, on_delete=models.RESTRICT, related_name="moves"
    )

    class Meta:
        ordering = ["ply"]
        constraints = [models.UniqueConstraint(fields=["match", "ply"], name="move_unique_ply")]

    def __str__(self) -> str:
        return f"{self.match_id} #{self.ply}"


class Presence(models.Model):
    """One open socket of a user in a match; shared by every server process."""

    channel_name = models.CharField(max_length=200, primary_key=True)
    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="presences")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    seen_at = models.DateTimeField(db_index=True)
    # When the socket closed. A user's last closed socket in a match is kept (one row) so
    # that the others can read how long ago they left (``players[].away_since``).
    left_at = models.DateTimeField(null=True, blank=True)


class Rating(models.Model):
    """A player's Glicko-2 rating in one game (games.matches.ratings.glicko2)."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="ratings")
    game = models.CharField(max_length=32)
    rating = models.FloatField(default=1500.0)
    deviation = models.FloatField(default=350.0)
    volatility = models.FloatField(default=0.06)
    games = models.PositiveIntegerField(default=0)  # rated matches played
    updated_at = models.DateTimeField(auto_now=True, db_index=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["user", "game"], name="rating_unique_user_game")]
        indexes = [models.Index(fields=["game", "-rating"], name="rating_game_rank")]

    def __str__(self) -> str:
        return f"{self.user_id} {self.game} {self.rating:.0f}"


class RatingChange(models.Model):
    """What one rated match did to one player's rating (the profile's graph)."""

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="rating_changes")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    game = models.CharField(max_length=32)
    before = models.FloatField()
    after = models.FloatField()
    deviation = models.FloatField()  # after the match
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["created_at"]
        constraints = [models.UniqueConstraint(fields=["match", "user"], name="rating_change_once")]


class LevelRating(models.Model):
    """A computer level's rating in one game, measured by ``manage.py rate_levels``."""

    game = models.CharField(max_length=32)
    level = models.CharField(max_length=16)
    rating = models.FloatField(default=1500.0)
    deviation = models.FloatField(default=350.0)
    volatility = models.FloatField(default=0.06)
    games = models.PositiveIntegerField(default=0)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["game", "level"], name="level_rating_unique")]

    def __str__(self) -> str:
        return f"{self.game} {self.level} {self.rating:.0f}"


class LevelMeasurement(models.Model):
    """One run of measuring every game's levels (the admin's "Measure the levels again"), by
    the task worker, its worker seen to be alive (``games.leases``)."""

    class Status(models.TextChoices):
        QUEUED = "queued"
        RUNNING = "running"
        DONE = "done"
        FAILED = "failed"

    status = models.CharField(max_length=8, choices=Status.choices, default=Status.QUEUED)
    games = models.PositiveIntegerField()  # games per pair of levels
    attempts = models.PositiveSmallIntegerField(default=0)  # workers that claimed it
    beat_at = models.DateTimeField(null=True, blank=True)  # its worker's last sign of life
    error = models.TextField(blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at"]

    def __str__(self) -> str:
        return f"measurement {self.pk} ({self.status})"


class PoolEntry(models.Model):
    """One player waiting in a quick-pairing pool (``games.matches.pairing.matchmaking``), then the match
    they were paired into (kept: the pool's "playing" count reads it)."""

    pool = models.CharField(max_length=40, db_index=True)  # a key of ``pools.POOLS``
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    rating = models.IntegerField()  # their rating in the pool's game when they entered
    bot = models.BooleanField(default=False)  # a bot account
    with_bots = models.BooleanField(default=False)  # a person who accepts a bot opponent
    created_at = models.DateTimeField(auto_now_add=True)
    match = models.ForeignKey(Match, null=True, blank=True, on_delete=models.CASCADE, related_name="+")

    class Meta:
        constraints = [
            # one pool at a time: decided by the database, whatever process takes the request
            models.UniqueConstraint(fields=["user"], condition=Q(match__isnull=True), name="pool_one_wait")
        ]

    def __str__(self) -> str:
        return f"{self.user_id} in {self.pool}"
