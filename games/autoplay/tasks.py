"""The computer's background tasks, run by the task worker (``manage.py db_worker``): the
levels' ratings (the admin's "Measure the levels again"; the same run as ``manage.py
rate_levels``, in one process so the site keeps the other core) and a finished match's
computer analysis, asked for on its replay."""

from __future__ import annotations

from typing import Any

from django.dispatch import receiver
from django_tasks import task

from games.matches.study import computer_analysis

from . import level_ratings


@task()
def rate_levels_task(measurement_id: int) -> list[dict[str, Any]]:
    """Run one queued measurement of every game's levels (``level_ratings.measurement_run``);
    the rows are the task's result."""
    return level_ratings.measurement_run(measurement_id)


@task()
def analyse_match_task(analysis_id: int) -> None:
    """A finished match's computer analysis (``computer_analysis.analysis_run``)."""
    computer_analysis.analysis_run(analysis_id)


@receiver(computer_analysis.analysis_requested, dispatch_uid="computer_analysis.enqueue")
def enqueue_analysis(sender, analysis_id: int, **kwargs) -> None:
    """A requested analysis goes to the worker."""
    analyse_match_task.enqueue(analysis_id)


@receiver(level_ratings.measurement_queued, dispatch_uid="level_ratings.enqueue")
def enqueue_measurement(sender, measurement_id: int, **kwargs) -> None:
    """A queued measurement goes to the worker."""
    rate_levels_task.enqueue(measurement_id)
