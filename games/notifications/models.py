"""A user's notifications (the bell) and which of them they also want by e-mail."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from games.matches.models import Match


class Notification(models.Model):
    """One event for one user: "your turn", "bob joined", "You won"... linking to its match.

    ``key`` tells events of one kind in one match apart (the ply of a turn, the joiner, the
    rematch's id): the unique constraint makes announcing the same change twice, from one
    process or two, write one row."""

    class Kind(models.TextChoices):
        TURN = "turn", _("Your turn (correspondence)")
        JOINED = "joined", _("Your opponent joined")
        REMATCH = "rematch", _("Rematch offered")
        ENDED = "ended", _("Match ended")
        LOW_TIME = "low_time", _("Time is running low")
        INVITED = "invited", _("You were challenged")
        DECLINED = "declined", _("Your challenge was declined")
        TOURNAMENT = "tournament", _("A tournament round begins")

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="notifications")
    kind = models.CharField(max_length=16, choices=Kind.choices)
    key = models.CharField(max_length=32, blank=True, default="")
    text = models.CharField(max_length=300)
    url = models.CharField(max_length=200)
    match = models.ForeignKey(Match, null=True, blank=True, on_delete=models.CASCADE, related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)
    read_at = models.DateTimeField(null=True, blank=True)
    emailed_at = models.DateTimeField(null=True, blank=True)  # claimed by the mail task (sent once)

    class Meta:
        ordering = ["-created_at", "-pk"]
        constraints = [
            # match first: the low-time sweep asks "already warned at this ply?" by match.
            models.UniqueConstraint(fields=["match", "kind", "key", "user"], name="notification_once"),
        ]
        indexes = [
            models.Index(fields=["user", "-created_at"], name="notification_list"),
            models.Index(fields=["user"], condition=Q(read_at__isnull=True), name="notification_unread"),
        ]

    def __str__(self) -> str:
        return f"{self.user_id} {self.kind}: {self.text}"


class EmailPreferences(models.Model):
    """Which notifications a user also gets by e-mail (none without an e-mail address). A
    user without a row has the defaults: everything on."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="email_preferences"
    )
    turn = models.BooleanField(_("Your turn in a correspondence match"), default=True)
    low_time = models.BooleanField(_("Time is running low in a correspondence match"), default=True)

    class Meta:
        verbose_name_plural = "e-mail preferences"

    def __str__(self) -> str:
        return f"e-mail preferences of {self.user_id}"
