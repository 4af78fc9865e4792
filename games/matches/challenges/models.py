"""A challenge: one player invites another by name to a match that waits for them."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q


class ChallengeQuerySet(models.QuerySet):
    def open(self) -> ChallengeQuerySet:
        """Not answered, and its match still waits for the challenged player."""
        return self.filter(answered_at__isnull=True, match__status="waiting")


class Challenge(models.Model):
    """One player invites another to a match: the match waits (invite-only, the challenger
    seated) until the challenged player accepts (takes the seat) or declines (aborted)."""

    from_user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    to_user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="challenges_received"
    )
    match = models.OneToOneField("games.Match", on_delete=models.CASCADE, related_name="challenge")
    created_at = models.DateTimeField(auto_now_add=True)
    answered_at = models.DateTimeField(null=True, blank=True)
    accepted = models.BooleanField(null=True, blank=True)  # None until answered

    objects = ChallengeQuerySet.as_manager()

    class Meta:
        db_table = "accounts_challenge"  # its table from when it lived in accounts
        ordering = ["created_at"]
        indexes = [models.Index(fields=["to_user", "answered_at"], name="challenge_to_open")]
        constraints = [
            models.CheckConstraint(condition=~Q(from_user=models.F("to_user")), name="challenge_not_self")
        ]

    def __str__(self) -> str:
        return f"{self.from_user_id} -> {self.to_user_id} ({self.match_id})"
