"""The levels' ratings measured in the background: the task the admin's "Measure the levels
again" starts, run by the task worker (``manage.py db_worker``); the same run as
``manage.py rate_levels``, in one process so the site keeps the other core."""

from __future__ import annotations

from typing import Any

from django_tasks import task

from .level_ratings import DEFAULT_GAMES, rate_levels


@task()
def rate_levels_task(games: int = DEFAULT_GAMES) -> list[dict[str, Any]]:
    """Rate every game's levels (``games`` games per pair) and store them; the rows are the
    task's result."""
    return rate_levels(games=games, only=None, rng_seed=0)
