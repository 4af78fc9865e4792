"""Where the sockets' database work runs."""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import Any

from channels.db import DatabaseSyncToAsync
from django.db import connections


@cache  # asked for every socket call; the database of a process does not change
def single_writer() -> bool:
    """Is the database SQLite (one writer at a time, one thread for the sockets' work)?"""
    return connections["default"].vendor == "sqlite"


def db_async(func: Callable[..., Any]) -> DatabaseSyncToAsync:
    """``database_sync_to_async(func)``, on one shared thread for SQLite (it takes one writer
    at a time anyway) and on a pool of threads for a server database: there each move's
    round trips to PostgreSQL would otherwise queue behind every other match's (measured by
    ``bench/load.py --redis``; see docs/deploy.md)."""
    return DatabaseSyncToAsync(func, thread_sensitive=single_writer())
