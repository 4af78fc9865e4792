"""A chat line's persistence, written as SQL (as ``store`` writes a move's): used by ``chat.chat_say``.

A line is said beside every move of the site, on the same database thread. Through the ORM
its eight statements (the user's row locked, the match, chat on, the bar, the seats, the last
lines, the lines of the window, the insert) took 2.5 ms in-process, of which their SQL took
0.18 ms: the rest was building and compiling each query and turning the match row (its whole
state) into an object. Under ``bench/load.py --chat 5`` a line cost 12 ms of server CPU, three
moves' worth (py-spy: the service was most of it). Here, as in
``store``, each statement is written once per database vendor and values go through the
fields' own conversions, so what is compared, stored and read is what the ORM would use:

1. on PostgreSQL the user's row is locked (two lines of one user are counted one by one;
   SQLite's ``BEGIN IMMEDIATE`` already holds its one writer lock);
2. one SELECT reads every fact the rules ask about (:class:`Facts`);
3. one INSERT stores the line and returns its id.

The rules themselves stay in ``chat``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from functools import cache
from typing import Any

from django.contrib.auth import get_user_model
from django.db import connection

from ..models import Match, Seat
from ..store import converter
from .chat_models import ChatBar, ChatLine

LINE_ROW = ("match", "room", "user", "text", "at", "hidden")


@dataclass(frozen=True, slots=True)
class Facts:
    """What the rules of a line ask about one user in one match, read in one statement."""

    status: str | None  # the match's status; None: there is no such match
    seated: bool  # the user holds a seat of the match
    people: int  # seats held by people (not the computer)
    chat_off: bool  # the user turned chat off in their settings
    bar_until: datetime | None  # the bar that ends last, if one is running
    bar_reason: str | None
    recent: tuple[str, ...]  # the user's last lines of this match, newest first
    in_window: int  # the user's lines (any match) said after ``since``


def _column(model, name: str) -> str:
    return connection.ops.quote_name(model._meta.get_field(name).column)


def _table(model) -> str:
    return connection.ops.quote_name(model._meta.db_table)


@cache
def _facts_sql(vendor: str, recent: int) -> str:
    """One row of scalar subqueries; the parameters in order: match, match, user, match, "",
    user, False, user, now (twice), user, since, then user and match for each recent line."""
    user_model = get_user_model()
    account = user_model._meta.get_field("account").related_model  # accounts is above us
    seat, bar, line = _table(Seat), _table(ChatBar), _table(ChatLine)
    bar_where = (
        f"FROM {bar} WHERE {_column(ChatBar, 'user')} = %s AND {_column(ChatBar, 'until')} > %s "
        f"ORDER BY {_column(ChatBar, 'until')} DESC, {_column(ChatBar, 'id')} DESC LIMIT 1"
    )
    mine = f"FROM {line} WHERE {_column(ChatLine, 'user')} = %s"
    texts = [
        f"(SELECT {_column(ChatLine, 'text')} {mine} AND {_column(ChatLine, 'match')} = %s "
        f"ORDER BY {_column(ChatLine, 'id')} DESC LIMIT 1 OFFSET {n})"
        for n in range(recent)
    ]
    columns = [
        f"(SELECT {_column(Match, 'status')} FROM {_table(Match)} WHERE {_column(Match, 'id')} = %s)",
        f"(SELECT COUNT(*) FROM {seat} WHERE {_column(Seat, 'match')} = %s AND {_column(Seat, 'user')} = %s)",
        f"(SELECT COUNT(*) FROM {seat} WHERE {_column(Seat, 'match')} = %s "
        f"AND {_column(Seat, 'user')} IS NOT NULL AND {_column(Seat, 'level')} = %s)",
        f"(SELECT COUNT(*) FROM {_table(account)} WHERE {_column(account, 'user')} = %s "
        f"AND {_column(account, 'chat')} = %s)",
        f"(SELECT {_column(ChatBar, 'until')} {bar_where})",
        f"(SELECT {_column(ChatBar, 'reason')} {bar_where})",
        f"(SELECT COUNT(*) {mine} AND {_column(ChatLine, 'at')} > %s)",
        *texts,
    ]
    return "SELECT " + ", ".join(columns)


def _at(value: datetime):
    return ChatLine._meta.get_field("at").get_db_prep_value(value, connection)


def facts(*, match_id: str, user_id: int, now: datetime, since: datetime, recent: int) -> Facts:
    """The facts of ``user_id`` saying a line in ``match_id`` at ``now``: the bars running
    then, the lines after ``since`` counted, the last ``recent`` of this match read."""
    off = get_user_model()._meta.get_field("account").related_model._meta.get_field("chat")
    params = [
        match_id,
        match_id,
        user_id,
        match_id,
        "",
        user_id,
        off.get_db_prep_value(False, connection),
        *(user_id, _at(now)) * 2,
        user_id,
        _at(since),
        *(user_id, match_id) * recent,
    ]
    with connection.cursor() as cursor:
        cursor.execute(_facts_sql(connection.vendor, recent), params)
        status, seated, people, chat_off, until, reason, in_window, *texts = cursor.fetchone()
    return Facts(
        status=status,
        seated=bool(seated),
        people=people,
        chat_off=bool(chat_off),
        bar_until=None if until is None else _until_converter()(until),
        bar_reason=reason,
        recent=tuple(text for text in texts if text is not None),
        in_window=in_window,
    )


@cache
def _until_converter() -> Callable[[Any], Any]:
    return converter(ChatBar._meta.get_field("until"))


def lock_user(user_id: int) -> None:
    """Lock the user's row until the transaction ends (PostgreSQL: ``FOR UPDATE``; SQLite's
    transaction already holds the only writer lock, so nothing is sent)."""
    if not connection.features.has_select_for_update:
        return
    user = get_user_model()
    sql = f"SELECT 1 FROM {_table(user)} WHERE {_column(user, 'id')} = %s FOR UPDATE"
    with connection.cursor() as cursor:
        cursor.execute(sql, [user_id])


@cache
def _insert_sql(vendor: str) -> str:
    fields = [ChatLine._meta.get_field(name) for name in LINE_ROW]
    returning, _ = connection.ops.return_insert_columns([ChatLine._meta.pk])
    columns = ", ".join(connection.ops.quote_name(f.column) for f in fields)
    values = ", ".join(["%s"] * len(fields))
    return f"INSERT INTO {_table(ChatLine)} ({columns}) VALUES ({values}) {returning}"


def insert_line(*, match_id: str, user_id: int, room: str, text: str, at: datetime) -> int:
    """Store a shown line; returns its id."""
    values = {"match": match_id, "room": room, "user": user_id, "text": text, "at": at, "hidden": False}
    params = [ChatLine._meta.get_field(name).get_db_prep_save(values[name], connection) for name in LINE_ROW]
    with connection.cursor() as cursor:
        cursor.execute(_insert_sql(connection.vendor), params)
        return cursor.fetchone()[0]
