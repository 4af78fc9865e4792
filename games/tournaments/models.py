"""Tournaments, their entrants and their pairings. The arithmetic lives in ``pairing``; every
write goes through ``services``."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from games.catalog.registry import GAMES
from games.matches.clocks import describe
from games.matches.models import Match


class TournamentQuerySet(models.QuerySet):
    def listed(self) -> TournamentQuerySet:
        """Upcoming and running: what the lobby shows."""
        return self.filter(status__in=[Tournament.Status.UPCOMING, Tournament.Status.RUNNING])


class Tournament(models.Model):
    class Format(models.TextChoices):
        ROUND_ROBIN = "round_robin", _("Round robin")
        SWISS = "swiss", _("Swiss")

    class Entry(models.TextChoices):
        ANYONE = "anyone", _("Anyone")
        HUMANS = "humans", _("Humans only")
        BOTS = "bots", _("Bots only")

    class Status(models.TextChoices):
        UPCOMING = "upcoming"
        RUNNING = "running"
        FINISHED = "finished"
        CANCELLED = "cancelled"

    name = models.CharField(max_length=80)
    game = models.CharField(max_length=32)  # a slug of games.catalog.registry.GAMES
    options = models.JSONField(default=dict)
    clock = models.JSONField()  # a time control of games.matches.clocks (never untimed)
    rated = models.BooleanField(default=False)  # its games between people are rated
    format = models.CharField(max_length=12, choices=Format.choices, default=Format.ROUND_ROBIN)
    rounds = models.PositiveSmallIntegerField(default=0)  # Swiss: as asked; round robin: set at the start
    double = models.BooleanField(default=False)  # round robin: every pair meets twice, colours swapped
    starts_at = models.DateTimeField(db_index=True)
    entry = models.CharField(max_length=8, choices=Entry.choices, default=Entry.ANYONE)
    max_entrants = models.PositiveSmallIntegerField(default=16)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.UPCOMING, db_index=True)
    round = models.PositiveSmallIntegerField(default=0)  # the round being played (0: not started)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    objects = TournamentQuerySet.as_manager()

    class Meta:
        ordering = ["-starts_at"]

    def __str__(self) -> str:
        return f"{self.name} ({self.get_format_display()}, {self.game})"

    @property
    def game_name(self) -> str:
        """The game's name for people ("Reversi", not the slug)."""
        return gettext(GAMES[self.game].name) if self.game in GAMES else self.game  # marked by its kit

    @property
    def time_label(self) -> str:
        """The time control for people, as on matches: "2+1", "3 days a move"."""
        return describe(self.clock)


class Entrant(models.Model):
    """A player of a tournament: a user, or one of the site's computer levels."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="entrants")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.CASCADE)
    level = models.CharField(max_length=16, blank=True, default="")
    joined_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["joined_at", "id"]
        constraints = [
            models.UniqueConstraint(
                fields=["tournament", "user"], condition=Q(user__isnull=False), name="entrant_unique_user"
            ),
            models.CheckConstraint(
                condition=(Q(user__isnull=False) & Q(level="")) | (Q(user__isnull=True) & ~Q(level="")),
                name="entrant_user_or_level",
            ),
        ]

    def __str__(self) -> str:
        return self.name

    @property
    def name(self) -> str:
        if self.user_id:
            return self.user.username
        return gettext("Computer (%(level)s)") % {"level": gettext(self.level)}  # the level: its kit's word


class Pairing(models.Model):
    """One game of a round (``second`` None: a bye), its match, and the points once it ended."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="pairings")
    round = models.PositiveSmallIntegerField()
    first = models.ForeignKey(Entrant, on_delete=models.CASCADE, related_name="+")  # seat 0
    second = models.ForeignKey(Entrant, null=True, blank=True, on_delete=models.CASCADE, related_name="+")
    match = models.OneToOneField(
        Match, null=True, blank=True, on_delete=models.SET_NULL, related_name="tournament_pairing"
    )
    first_points = models.PositiveSmallIntegerField(null=True, blank=True)  # None: still playing
    second_points = models.PositiveSmallIntegerField(null=True, blank=True)

    class Meta:
        ordering = ["round", "id"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "round", "first"], name="pairing_unique_first"),
        ]

    def __str__(self) -> str:
        return f"round {self.round}: {self.first_id} - {self.second_id}"

    @property
    def done(self) -> bool:
        return self.first_points is not None
