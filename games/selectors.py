"""Reads the pages, the API and the socket share: the match object of protocol.md."""

from __future__ import annotations

from datetime import timedelta
from functools import cache
from typing import Any

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import connection
from django.utils import timezone

from .models import Match, Move, Presence, Seat


def connected_user_ids(match: Match) -> set[int]:
    """Users with a live socket on this match (any server process)."""
    cutoff = timezone.now() - timedelta(seconds=settings.PRESENCE_TIMEOUT_SECONDS)
    return set(Presence.objects.filter(match=match, seen_at__gte=cutoff).values_list("user_id", flat=True))


def read_last_move(match: Match) -> dict[str, Any] | None:
    row = Move.objects.filter(match=match).order_by("-ply").values("ply", "seat", "move").first()
    return dict(row) if row else None


UNKNOWN: Any = object()  # match_public's hints: not known, ask the database


@cache
def _players_sql() -> str:
    q = connection.ops.quote_name
    user = get_user_model()._meta
    return (
        f"SELECT s.seat, s.level, u.{q(user.get_field('username').column)}, EXISTS("
        f"SELECT 1 FROM {q(Presence._meta.db_table)} p"
        " WHERE p.match_id = s.match_id AND p.user_id = s.user_id AND p.seen_at >= %s)"
        f" FROM {q(Seat._meta.db_table)} s"
        f" LEFT JOIN {q(user.db_table)} u ON u.{q(user.pk.column)} = s.user_id"
        " WHERE s.match_id = %s ORDER BY s.seat"
    )


def _players(match: Match, rules) -> list[dict[str, Any]]:
    """The seats in order, each with its user and whether a socket of theirs is live.

    One plain SQL query: it runs for every new state (every move), and building it with the
    ORM costs some twenty times what the query itself costs."""
    cutoff = timezone.now() - timedelta(seconds=settings.PRESENCE_TIMEOUT_SECONDS)
    with connection.cursor() as cursor:
        cursor.execute(_players_sql(), [connection.ops.adapt_datetimefield_value(cutoff), match.pk])
        rows = cursor.fetchall()
    names = rules.seat_names
    return [
        {
            "seat": seat,
            "username": username,
            "connected": bool(level) or bool(online),
            "computer": level or None,
            "label": names[seat] if seat < len(names) else f"Seat {seat}",
        }
        for seat, level, username, online in rows
    ]


def match_public(match: Match, *, last_move: Any = UNKNOWN) -> dict[str, Any]:
    """The match as every viewer sees it, without the per-viewer fields (you, board, legal_moves).

    ``last_move`` may be given by a service that has just stored it (else it is read).
    """
    from .services import can_abort

    rules = match.rules
    to_move = rules.to_move(match.state) if match.status == Match.Status.ACTIVE else []
    over = match.status in (Match.Status.FINISHED, Match.Status.ABORTED)
    # Only a match that is over can have a rematch (services.match_rematch).
    rematch = Match.objects.filter(rematch_of=match).values_list("id", flat=True).first() if over else None
    return {
        "id": match.id,
        "game": match.game,
        "name": rules.name,
        "options": match.options,
        "status": match.status,
        "players": _players(match, rules),
        "ply": match.ply,
        "to_move": to_move,
        "turn": to_move[0] if len(to_move) == 1 else None,
        "last_move": read_last_move(match) if last_move is UNKNOWN else last_move,
        "result": match.result,
        "url": f"/m/{match.id}/",
        "invite_url": f"/m/{match.id}/join/",
        "replay_url": f"/r/{match.replay_slug}/",
        "can_abort": can_abort(match),
        "rematch_url": f"/m/{rematch}/" if rematch else None,
        "state": match.state,
    }


def seat_in(public: dict[str, Any], username: str | None) -> int | None:
    """The seat of ``username`` in a match's public data; None for a spectator or visitor."""
    return next((p["seat"] for p in public["players"] if username and p["username"] == username), None)


def for_seat(public: dict[str, Any], username: str | None) -> dict[str, Any]:
    """The protocol's ``match`` object for one viewer, from the public data and raw state."""
    from .rules import GAMES

    rules = GAMES[public["game"]]
    you = seat_in(public, username)
    state = public["state"]
    out = {k: v for k, v in public.items() if k != "state"}
    out["you"] = you
    if out["last_move"] is not None:
        lm = out["last_move"]
        out["last_move"] = {**lm, "move": rules.public_move(state, lm["seat"], lm["move"], you)}
    out["board"] = rules.view(state, you)
    active = public["status"] == Match.Status.ACTIVE
    out["legal_moves"] = rules.legal_moves(state, you) if active and you in public["to_move"] else []
    out["hint"] = rules.hint(state, you) if out["legal_moves"] else None
    return out


def match_rows(matches, user) -> list[dict[str, Any]]:
    """A player's list of matches (the lobby's "your matches"): for each, the fields of the
    match object a row shows (name, players, you, status, to_move, ply, url), from one query
    for the matches and one for their seats; no board, moves or presence."""
    rows = []
    for match in matches.prefetch_related("seats__user"):
        rules = match.rules
        seats = sorted(match.seats.all(), key=lambda s: s.seat)
        rows.append(
            {
                "id": match.id,
                "name": rules.name,
                "status": match.status,
                "ply": match.ply,
                "url": f"/m/{match.id}/",
                "you": next((s.seat for s in seats if s.user_id == user.pk), None),
                "to_move": rules.to_move(match.state) if match.status == Match.Status.ACTIVE else [],
                "players": [
                    {"seat": s.seat, "username": s.user and s.user.username, "computer": s.level or None}
                    for s in seats
                ],
            }
        )
    return rows


def match_for_user(match: Match, user) -> dict[str, Any]:
    """The protocol's match object for ``user`` (anonymous: a spectator)."""
    username = user.username if user is not None and user.is_authenticated else None
    return for_seat(match_public(match), username)
