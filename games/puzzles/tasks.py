"""The puzzle search as a background task (the admin's "Find new puzzles")."""

from __future__ import annotations

import random

from django_tasks import task

from games.catalog.registry import KITS

from .services import find_and_store


@task()
def find_puzzles_task(game: str, count: int, seed: int) -> int:
    """Find and store up to ``count`` new puzzles of ``game``; how many were stored."""
    return len(find_and_store(KITS[game], count, random.Random(seed)))
