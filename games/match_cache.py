"""The match rows this process last stored, kept in memory and used while the database
still holds exactly them.

Every move starts by locking its match row. Loading the whole row as a model instance (the
state's JSON, the converters, the instance) cost more than the rest of the move's queries
(``bench/load.py``); so the locking query reads only the row's version (ply, status,
updated_at) and the mover's seat, and the full row is loaded only when that version is not
the one this process wrote last: after another process (or the admin) changed the match,
after a restart, or the first time. A version that was never committed (a rolled-back
transaction) simply never matches again.

A match whose kept row turned out stale once (its players are on different processes) is
read in full from then on, by the single query that locks it: keeping it would only add the
version query to every move.
"""

from __future__ import annotations

import copy
from functools import cache
from typing import Any

from django.db import connection

from .errors import ServiceError
from .models import Match, Seat

MAX_MATCHES = 20_000  # rows kept per process (a few KB each); the oldest go first

_KEPT: dict[str, tuple[tuple[Any, ...], Match]] = {}
_SHARED: dict[str, None] = {}  # matches written by other processes too (bounded as _KEPT)


def _locking_select(columns: str) -> str:
    """SELECT ``columns`` of the match row, and the asking user's seat, locking the row."""
    q = connection.ops.quote_name
    lock = " FOR UPDATE" if connection.features.has_select_for_update else ""
    return (
        f"SELECT {columns}, (SELECT s.seat FROM {q(Seat._meta.db_table)} s WHERE s.match_id = m.id"
        f" AND s.user_id = %s) AS user_seat FROM {q(Match._meta.db_table)} m WHERE m.id = %s{lock}"
    )


@cache
def _full_sql() -> str:
    return _locking_select("m.*")


@cache
def _version_sql() -> str:
    q, meta = connection.ops.quote_name, Match._meta
    columns = (f"m.{q(meta.get_field(name).column)}" for name in ("ply", "status", "updated_at"))
    return _locking_select(", ".join(columns))


def locked(match_id: str, user=None) -> Match:
    """The match with its row locked (on SQLite the immediate transaction already holds the
    write lock); ``match.user_seat`` is ``user``'s seat, None if they have none. The instance
    is the caller's own (a copy of the kept one)."""
    user_id = user.pk if user is not None and user.is_authenticated else None
    key = str(match_id)
    kept = _KEPT.get(key)
    if kept is None:
        return _read_full(key, user_id)
    with connection.cursor() as cursor:
        cursor.execute(_version_sql(), [user_id, key])
        row = cursor.fetchone()
    if row is None:
        raise ServiceError("not_found", "No such match.", 404)
    if kept[0] != (row[0], row[1], str(row[2])):
        del _KEPT[key]
        _bounded_add(_SHARED, key, None)
        return _read_full(key, user_id)
    match = copy.copy(kept[1])
    match.user_seat = row[3]
    return match


def _read_full(match_id: str, user_id: int | None) -> Match:
    found = list(Match.objects.raw(_full_sql(), [user_id, match_id]))
    if not found:
        raise ServiceError("not_found", "No such match.", 404)
    return found[0]


def _bounded_add(kept: dict, key: str, value: Any) -> None:
    kept.pop(key, None)
    while len(kept) >= MAX_MATCHES:
        del kept[next(iter(kept))]
    kept[key] = value


def remember(match: Match, updated_at_db: Any) -> None:
    """``match`` has just been written with ``updated_at`` stored as ``updated_at_db`` (the
    value as the database returns it): keep a copy while the match is going on."""
    key = str(match.pk)
    _KEPT.pop(key, None)
    if match.status != Match.Status.ACTIVE or key in _SHARED:
        return
    # str(): as read back, a datetime column may come as a datetime or as the text stored
    _bounded_add(_KEPT, key, ((match.ply, match.status, str(updated_at_db)), copy.copy(match)))
