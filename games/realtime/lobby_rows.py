"""The rows of the lobby page as the lobby socket pushes them (``lobby_push``): for each row
the fields it shows, as data (for bots and tests), and ``html``, the row rendered by the same
template the page renders it with (``templates/games/lobby/*_row.html``), so a pushed row
and a row of the page are the same markup and the page decides nothing.

Each builder reads with the lobby view's selectors (``Match.objects.open``,
``selectors.match_rows``, ``challenges.selectors.challenges_to``, ``accounts.follows.following``,
``pairing.pools_public``, ``notifications.services.unread_count``) and is called once per
change and audience (everyone, or one player), never once per socket.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from types import SimpleNamespace
from typing import Any

from django.core.cache import cache
from django.db.models import Count, Max, Q
from django.template.loader import render_to_string
from django.utils.translation import get_language

from accounts.follows import following
from games.matches.challenges.selectors import challenge_json, challenges_to
from games.matches.models import Match, Seat
from games.matches.pairing import matchmaking as pairing
from games.matches.selectors import match_rows
from games.notifications.services import unread_count

Row = dict[str, Any]
OPEN_LIMIT, MINE_LIMIT, FINISHED_LIMIT = 50, 30, 20  # as many as the lobby page lists


def _iso(moment) -> str | None:
    return None if moment is None else moment.isoformat().replace("+00:00", "Z")


def matches():
    """Matches with what a row reads of them (the creator, the seats and their users)."""
    return Match.objects.select_related("created_by").prefetch_related("seats__user")


def open_row(match: Match) -> Row:
    """An open seat (a listed match waiting for players), as every visitor sees it."""
    creator = next((s for s in match.seats.all() if s.user_id and s.user_id == match.created_by_id), None)
    return {
        "id": match.pk,
        "game": match.game,
        "name": match.rules.name,
        "options": dict(match.option_labels),
        "by": match.created_by.username if match.created_by else None,
        "rating": creator.rating if creator else None,
        "provisional": bool(creator and creator.provisional),
        "time": match.time_label,
        "rated": match.rated,
        "created_at": _iso(match.created_at),
        "join_url": f"/m/{match.pk}/join/",
        "html": render_to_string("games/lobby/open_row.html", {"m": match}),
    }


def my_row(row: Row) -> Row:
    """A row of ``match_rows`` (your matches) with ``your_turn`` and its ``html``."""
    turn = row["status"] == Match.Status.ACTIVE and row["you"] in row["to_move"]
    return {**row, "your_turn": turn, "html": render_to_string("games/lobby/mine_row.html", {"m": row})}


def my_rows_of(match_id: str) -> Callable[[int], Row] | None:
    """The "your matches" row of one match as the player of a seat sees it (seat -> row, its
    ``html`` rendered in the language of the call), from one read of the match and its seats
    for all its players; None when there is no such match."""
    rows = match_rows(Match.objects.filter(pk=match_id), SimpleNamespace(pk=None))
    return (lambda seat: my_row({**rows[0], "you": seat})) if rows else None


def finished_row(match: Match, viewer=None) -> Row:
    """A finished match, worded for ``viewer`` ("You won"), or for anyone (None)."""
    seats = sorted(match.seats.all(), key=lambda s: s.seat)
    html = render_to_string("games/lobby/finished_row.html", {"m": match, "user": viewer})
    return {
        "id": match.pk,
        "game": match.game,
        "name": match.rules.name,
        "players": [
            {"seat": s.seat, "username": s.user.username if s.user_id else None, "computer": s.level or None}
            for s in seats
        ],
        "result": match.result,
        "finished_at": _iso(match.finished_at),
        "replay_url": f"/r/{match.replay_slug}/",
        "html": html,
    }


def challenge_rows(user) -> list[Row]:
    """The open challenges to ``user`` (a user or its id; ``challenges_to``), each as the protocol's challenge
    plus ``side`` and ``html`` (its Accept and Decline forms without a CSRF token: the page
    adds its own)."""
    return [
        {
            **challenge_json(row["challenge"]),
            "side": row["side"],
            "html": render_to_string("games/lobby/challenge_row.html", {"row": row}),
        }
        for row in challenges_to(user)
    ]


def person_rows(user) -> list[Row]:
    """The people ``user`` follows (``following``: online, playing what ``user`` may watch)."""
    return [{**p, "html": render_to_string("games/lobby/person_row.html", {"p": p})} for p in following(user)]


def pools_of(user=None) -> dict[str, Any]:
    """The pools' counts and ``user``'s place in them, as ``GET /api/pools/`` (counts only)."""
    data = pairing.pools_public(user)
    return {"pools": [counts(p) for p in data["pools"]], "mine": data["mine"]}


def counts(pool: dict[str, Any]) -> dict[str, Any]:
    """A pool's key and counts: what a ``pool_counts`` frame says of it."""
    return {"key": pool["key"], "waiting": pool["waiting"], "playing": pool["playing"]}


def _listed_rows(user) -> tuple[list[Row], list[Row]]:
    """(open seats, recently finished) as the lobby view lists them for ``user`` (None:
    anyone): not their own seats among the open ones, their own matches among the finished."""
    open_matches = matches().open()
    shown = Q(visibility=Match.Visibility.OPEN)
    if user is not None:
        open_matches = open_matches.exclude(seats__user=user)
        shown |= Q(pk__in=Seat.objects.filter(user=user).values("match_id"))
    finished = matches().finished().filter(shown).order_by("-finished_at")
    return (
        [open_row(m) for m in open_matches.order_by("-created_at")[:OPEN_LIMIT]],
        [finished_row(m, user) for m in finished[:FINISHED_LIMIT]],
    )


def _anyones_rows() -> tuple[list[Row], list[Row]]:
    """What every logged-out visitor's snapshot lists, from Django's cache under the versions
    the lobby page's fragments use (``games.web.views.lobby``): a seat listed, taken or
    withdrawn, or a match finished, makes a new key. Many pages reconnect at once after a
    restart: they share one read."""
    opened = Match.objects.open().order_by().aggregate(n=Count("pk"), newest=Max("created_at"))
    public_finished = Match.objects.finished().filter(visibility=Match.Visibility.OPEN)
    newest = public_finished.order_by("-finished_at").values_list("finished_at", "pk").first()
    version = hashlib.md5(f"{opened['n']}:{opened['newest']}:{newest}".encode(), usedforsecurity=False)
    # in the socket's language (its rows are rendered words): one entry per language
    key = f"lobby-push-anyone:{get_language()}:{version.hexdigest()}"  # no spaces: any backend takes it
    return cache.get_or_set(key, lambda: _listed_rows(None), ANYONE_CACHE_SECONDS)


ANYONE_CACHE_SECONDS = 60  # as the page's fragments: "… ago" texts stay right to the minute


def snapshot(user) -> dict[str, Any]:
    """Everything the lobby shows ``user`` (anonymous: None or not authenticated), as the
    lobby view lists it: the fields of ``lobby_snapshot``."""
    signed_in = user is not None and user.is_authenticated
    open_rows, finished_rows = _listed_rows(user) if signed_in else _anyones_rows()
    data: dict[str, Any] = {
        "open": open_rows,
        "mine": [],
        "finished": finished_rows,
        "challenges": [],
        "following": [],
        "pools": pools_of(user if signed_in else None),
        "unread": None,
    }
    if signed_in:
        ongoing = Match.objects.ongoing().of_user(user)[:MINE_LIMIT]
        data["mine"] = [my_row(row) for row in match_rows(ongoing, user)]
        data["challenges"] = challenge_rows(user)
        data["following"] = person_rows(user)
        data["unread"] = unread_count(user=user)
    return data
