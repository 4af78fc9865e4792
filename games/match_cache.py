"""The match rows this process last stored, kept in memory and used while the database
still holds exactly them.

Every move starts by locking its match row. Loading the whole row as a model instance (the
state's JSON, the converters, the instance) cost more than the rest of the move's queries
(``bench/load.py``); so the locking query reads only the row's version (ply, status,
updated_at) and the mover's seat, and the full row is loaded only when that version is not
the one this process wrote last: after another process (or the admin) changed the match,
after a restart, or the first time. A version that was never committed (a rolled-back
transaction) simply never matches again.
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


@cache
def _version_sql() -> str:
    q, meta = connection.ops.quote_name, Match._meta
    lock = " FOR UPDATE" if connection.features.has_select_for_update else ""
    column = {name: q(meta.get_field(name).column) for name in ("ply", "status", "updated_at")}
    return (
        f"SELECT m.{column['ply']}, m.{column['status']}, m.{column['updated_at']},"
        f" (SELECT s.seat FROM {q(Seat._meta.db_table)} s WHERE s.match_id = m.id AND s.user_id = %s)"
        f" FROM {q(meta.db_table)} m WHERE m.id = %s{lock}"
    )


def locked(match_id: str, user=None) -> Match:
    """The match with its row locked (on SQLite the immediate transaction already holds the
    write lock); ``match.user_seat`` is ``user``'s seat, None if they have none. The instance
    is the caller's own (a copy of the kept one)."""
    user_id = user.pk if user is not None and user.is_authenticated else None
    with connection.cursor() as cursor:
        cursor.execute(_version_sql(), [user_id, str(match_id)])
        row = cursor.fetchone()
    if row is None:
        raise ServiceError("not_found", "No such match.", 404)
    kept = _KEPT.get(str(match_id))
    if kept is not None and kept[0] == (row[0], row[1], str(row[2])):
        match = copy.copy(kept[1])
    else:
        match = Match.objects.get(pk=match_id)
    match.user_seat = row[3]
    return match


def remember(match: Match, updated_at_db: Any) -> None:
    """``match`` has just been written with ``updated_at`` stored as ``updated_at_db`` (the
    value as the database returns it): keep a copy while the match is going on."""
    key = str(match.pk)
    _KEPT.pop(key, None)
    if match.status != Match.Status.ACTIVE:
        return
    while len(_KEPT) >= MAX_MATCHES:
        del _KEPT[next(iter(_KEPT))]
    # str(): as read back, a datetime column may come as a datetime or as the text stored
    _KEPT[key] = ((match.ply, match.status, str(updated_at_db)), copy.copy(match))
