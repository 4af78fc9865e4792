"""A match's chat: its lines, reports of lines, and who staff barred from chatting."""

from __future__ import annotations

from django.conf import settings
from django.db import models


class ChatLine(models.Model):
    """One line said in one of a match's two rooms; ``hidden`` by staff, it is shown nowhere."""

    class Room(models.TextChoices):
        PLAYERS = "players"  # the players (allies in The Journey)
        SPECTATORS = "spectators"

    match = models.ForeignKey("games.Match", on_delete=models.CASCADE, related_name="chat_lines")
    room = models.CharField(max_length=10, choices=Room.choices)
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    text = models.CharField(max_length=140)
    at = models.DateTimeField(auto_now_add=True, db_index=True)
    hidden = models.BooleanField(default=False)

    class Meta:
        ordering = ["id"]
        indexes = [models.Index(fields=["match", "room", "id"], name="chat_line_room")]

    def __str__(self) -> str:
        return f"{self.user_id}: {self.text[:40]}"


class ChatReport(models.Model):
    """Someone reported a line to staff."""

    line = models.ForeignKey(ChatLine, on_delete=models.CASCADE, related_name="reports")
    by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-at"]
        constraints = [models.UniqueConstraint(fields=["line", "by"], name="chat_report_once")]


class ChatBar(models.Model):
    """Staff barred ``user`` from chatting until ``until``, for ``reason`` (told to them)."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="chat_bars")
    reason = models.CharField(max_length=200)
    until = models.DateTimeField()
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-until"]


class ChatMute(models.Model):
    """A player of ``match`` does not hear the other side's chat in it."""

    match = models.ForeignKey("games.Match", on_delete=models.CASCADE, related_name="+")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")

    class Meta:
        constraints = [models.UniqueConstraint(fields=["match", "user"], name="chat_mute_once")]
