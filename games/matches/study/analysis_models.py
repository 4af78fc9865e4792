"""A finished match's computer analysis: requested once, run by the task worker, stored."""

from __future__ import annotations

from django.db import models


class MatchAnalysis(models.Model):
    """Every ply of one finished match evaluated (``computer_analysis``). ``plies`` holds one
    entry a move: ``{"ply", "seat", "value", "proved", "best", "best_label", "loss", "mark"}``
    (``value``: the position after the move, for seat 0); ``summary`` one row a seat."""

    class Status(models.TextChoices):
        QUEUED = "queued"
        RUNNING = "running"
        DONE = "done"
        FAILED = "failed"

    match = models.OneToOneField("games.Match", on_delete=models.CASCADE, related_name="computer_analysis")
    status = models.CharField(max_length=8, choices=Status.choices, default=Status.QUEUED)
    done = models.PositiveIntegerField(default=0)  # moves analysed so far (the progress)
    total = models.PositiveIntegerField(default=0)
    plies = models.JSONField(default=list, blank=True)
    summary = models.JSONField(default=list, blank=True)
    error = models.TextField(blank=True)
    attempts = models.PositiveSmallIntegerField(default=0)  # workers that claimed it (games.leases)
    beat_at = models.DateTimeField(null=True, blank=True)  # its worker's last sign of life
    created_at = models.DateTimeField(auto_now_add=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        verbose_name_plural = "match analyses"

    def __str__(self) -> str:
        return f"analysis of {self.match_id} ({self.status})"
