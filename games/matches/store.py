"""A move's persistence, written as SQL, used by ``services.move_play``: with ``chat_store``,
the only SQL of ``games/``.

A move is the site's hot path: read the match row (locked), insert the move (and any passes
the server forced after it), update the match row where its ply is still the one read (as
boardgame.io refuses a stale move by its state id). Through the ORM those three statements
cost more than the rest of the move together: building and compiling each query and turning
rows into objects was 40% of a move's server CPU (py-spy, ``bench/load.py``). Here each
statement is written once per database vendor, and values go through the fields' own
conversions (``get_db_prep_save`` on the way in, the fields' and the backend's converters on
the way out), so what is stored and read is exactly what the ORM would store and read. The
statements are plain SQL that SQLite and PostgreSQL both run (``FOR UPDATE`` where the backend
has it; SQLite's ``BEGIN IMMEDIATE`` already holds its one writer lock).

Everything else about matches stays on the ORM.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cache
from typing import Any

from django.db import connection
from django.utils import timezone

from .models import Match, Move

# What a move changes in the match row (``updated_at`` is set here, as ``auto_now`` would).
MOVE_FIELDS = (
    "ply",
    "state",
    "status",
    "result",
    "finished_at",
    "updated_at",
    "clock_ms",
    "clock_since",
    "deadline",
    "draw_offer",
    "takeback_offer",
    "takeback_to",
    "moves_made",
    "moves_in_play",
)
MOVE_ROW = ("match", "ply", "seat", "move", "forced", "created_at", "clock_ms")


@cache
def _read_sql(vendor: str, for_update: bool) -> tuple[str, tuple[str, ...], tuple[Callable[[Any], Any], ...]]:
    """The locking read of one match: SQL, the attribute names, one converter per column."""
    fields = Match._meta.concrete_fields
    columns = ", ".join(connection.ops.quote_name(f.column) for f in fields)
    table = connection.ops.quote_name(Match._meta.db_table)
    pk = connection.ops.quote_name(Match._meta.pk.column)
    sql = f"SELECT {columns} FROM {table} WHERE {pk} = %s" + (" FOR UPDATE" if for_update else "")
    return sql, tuple(f.attname for f in fields), tuple(converter(f) for f in fields)


def converter(field) -> Callable[[Any], Any]:
    """What the ORM applies to this column's raw value (the backend's, then the field's)."""
    steps = [*connection.ops.get_db_converters(field.cached_col), *field.get_db_converters(connection)]
    expression = field.cached_col

    def convert(value: Any) -> Any:
        for step in steps:
            value = step(value, expression, connection)
        return value

    return convert


def read_locked(match_id: str) -> Match | None:
    """The match, its row locked until the transaction ends; None if there is none."""
    sql, names, converters = _read_sql(connection.vendor, connection.features.has_select_for_update)
    with connection.cursor() as cursor:
        cursor.execute(sql, [match_id])
        row = cursor.fetchone()
    if row is None:
        return None
    return Match.from_db(
        connection.alias, names, [convert(value) for convert, value in zip(converters, row, strict=True)]
    )


@cache
def _insert_sql(vendor: str, rows: int) -> str:
    table = connection.ops.quote_name(Move._meta.db_table)
    fields = [Move._meta.get_field(name) for name in MOVE_ROW]
    columns = ", ".join(connection.ops.quote_name(f.column) for f in fields)
    values = ", ".join(["(" + ", ".join(["%s"] * len(fields)) + ")"] * rows)
    return f"INSERT INTO {table} ({columns}) VALUES {values}"


def insert_moves(match: Match, moves: Sequence[dict[str, Any]]) -> None:
    """Insert the moves (``ply``, ``seat``, ``move``, ``forced``, ``clock_ms``) in one
    statement; a ply stored already raises ``IntegrityError`` (``move_unique_ply``)."""
    now = timezone.now()
    fields = [Move._meta.get_field(name) for name in MOVE_ROW]
    params: list[Any] = []
    for move in moves:
        values = {"match": match.pk, "created_at": now, "forced": False, "clock_ms": None, **move}
        params += [f.get_db_prep_save(values[f.name], connection) for f in fields]
    with connection.cursor() as cursor:
        cursor.execute(_insert_sql(connection.vendor, len(moves)), params)


@cache
def _update_sql(vendor: str) -> str:
    quote = connection.ops.quote_name
    sets = ", ".join(f"{quote(Match._meta.get_field(name).column)} = %s" for name in MOVE_FIELDS)
    return (
        f"UPDATE {quote(Match._meta.db_table)} SET {sets} "
        f"WHERE {quote(Match._meta.pk.column)} = %s AND {quote('ply')} = %s"
    )


def save_move(match: Match, ply_read: int) -> bool:
    """Write what a move changed in the match row, if the row is still at ``ply_read``;
    False when it is not (another move was stored first)."""
    match.updated_at = timezone.now()
    params = [
        Match._meta.get_field(name).get_db_prep_save(getattr(match, name), connection) for name in MOVE_FIELDS
    ]
    with connection.cursor() as cursor:
        cursor.execute(_update_sql(connection.vendor), [*params, match.pk, ply_read])
        return cursor.rowcount == 1
