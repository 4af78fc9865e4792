"""Reads the pages, the API and the socket share: the match object of protocol.md."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.cache import cache
from django.utils import timezone
from django.utils.translation import gettext

from games.catalog.registry import GAMES

from . import abilities, clocks, result_panel, wording
from .models import Match, Move, Presence, Seat

UNKNOWN: Any = object()  # match_public's hint: not known, read it from the database
KEEP_SECONDS = 3600  # how long the cache keeps what does not change (seats, presence)


def presence_of(match: Match) -> dict[int, datetime | None]:
    """Every user who opened this match: None while a socket of theirs is live (on any
    server process), else when they left (their socket closed, or its process stopped
    answering).

    Read from the database when its players' presence changed (``match.presence_version``,
    counted by ``presence``), else from the cache: a move does not read it again. An entry
    lasts until the oldest live socket's heartbeat would be late (a process that died)."""
    key = f"match-presence:{match.pk}:{match.presence_version}"
    found = cache.get(key)
    if found is None:
        found, fresh_for = _read_presence(match)
        cache.set(key, found, fresh_for)
    return found


def _read_presence(match: Match) -> tuple[dict[int, datetime | None], float]:
    """(presence, seconds it stays true unless a player comes or goes)."""
    # The match's few rows, the time compared here: filtering on seen_at in the query led
    # SQLite to scan its index over every recent socket of every match.
    now = timezone.now()
    timeout = timedelta(seconds=settings.PRESENCE_TIMEOUT_SECONDS)
    cutoff = now - timeout
    away: dict[int, datetime | None] = {}
    oldest_live = None
    for user_id, seen_at, left_at in Presence.objects.filter(match=match).values_list(
        "user_id", "seen_at", "left_at"
    ):
        if left_at is None and seen_at >= cutoff:
            away[user_id] = None
            oldest_live = seen_at if oldest_live is None else min(oldest_live, seen_at)
        elif (since := left_at or seen_at) and away.get(user_id, since) is not None:
            away[user_id] = max(since, away.get(user_id) or since)
    fresh_for = KEEP_SECONDS if oldest_live is None else (oldest_live + timeout - now).total_seconds()
    return away, max(fresh_for, 0.5)


def connected_user_ids(match: Match) -> set[int]:
    """Users with a live socket on this match (any server process)."""
    return {user_id for user_id, since in presence_of(match).items() if since is None}


def _utc(moment: datetime | None) -> str | None:
    """ISO 8601 UTC text, as the protocol writes times (``2026-11-24T08:40:12Z``)."""
    return (
        None
        if moment is None
        else moment.astimezone(UTC).isoformat(timespec="seconds").replace("+00:00", "Z")
    )


def read_last_move(match: Match) -> dict[str, Any] | None:
    """The last stored move still in play as ``{"ply", "seat", "move"}``, or None."""
    in_play = Move.objects.filter(match=match, takeback__isnull=True)  # not a move taken back
    return in_play.order_by("-ply").values("ply", "seat", "move").first()


# Two facts of an active match never change again, so they are kept in Django's cache
# rather than read for every new state (bench/load.py: a quarter of a move's queries): its
# seats (all taken when it starts) and, once both players have moved, that it can no
# longer be aborted.


SeatRow = tuple[int, str, int | None, str | None, int | None, bool, bool | None, str | None]


SEAT_FIELDS = ("seat", "level", "user_id", "user__username", "rating", "provisional", "user__account__bot")
SEAT_FIELDS += ("reserved_for__username",)  # a free seat kept for someone: players[].invited


def _seats(match: Match) -> list[SeatRow]:
    """(seat, level, user id, username, rating, provisional, bot, reserved for) of every
    seat, in order (bot: the user's account is a bot; None when they have no account row;
    reserved for: the username a free seat is kept for, a challenge's or a rematch's)."""

    def rows() -> list[SeatRow]:
        return list(Seat.objects.filter(match=match).order_by("seat").values_list(*SEAT_FIELDS))

    if match.status != Match.Status.ACTIVE:
        return rows()
    # One move asks several times (the lock, the state, presence, subscribers): the match
    # object it passes around keeps what it read, as the seats of an active match are fixed.
    known = match.__dict__.get("_seats_read")
    if known is None:
        known = match.__dict__["_seats_read"] = cache.get_or_set(
            f"match-seats:{match.pk}", rows, KEEP_SECONDS
        )
    return known


def seat_rows(match: Match) -> list[tuple[int, str, int | None, str | None]]:
    """(seat, level, user id, username) of every seat, in order."""
    return [row[:4] for row in _seats(match)]


def can_abort(match: Match) -> bool:
    """Abort is allowed until the second player has made a first move (never in a match
    that is not ``abortable``: a tournament's game)."""
    if not match.abortable:
        return False
    if match.status == Match.Status.WAITING:
        return True
    if match.status != Match.Status.ACTIVE or cache.get(f"match-abort-closed:{match.pk}"):
        return False
    movers = match.moves.filter(forced=False).order_by().values_list("seat", flat=True).distinct()[:2]
    if len(movers) < 2:
        return True
    cache.set(f"match-abort-closed:{match.pk}", True, KEEP_SECONDS)
    return False


def computers_only(match: Match) -> bool:
    """Do only computer levels play in the match (one its creator watches)?"""
    return not any(user_id for _, _, user_id, _ in seat_rows(match))


def watch_owner(match: Match) -> int | None:
    """The user id of the creator of a match between computer levels only (not a
    tournament's game), who may stop it at any ply; None for any other match."""
    return match.created_by_id if match.abortable and computers_only(match) else None


def stoppable_by(match: Match) -> int | None:
    """``watch_owner`` while the match is not over; None once it is."""
    return None if match.status in (Match.Status.FINISHED, Match.Status.ABORTED) else watch_owner(match)


def players(match: Match, presence: dict[int, datetime | None] | None = None) -> list[dict[str, Any]]:
    """The seats in order, each with its user and whether a socket of theirs is live."""
    presence = presence_of(match) if presence is None else presence
    names = match.rules.seat_names
    return [
        {
            "seat": seat,
            "username": username,
            "connected": bool(level) or (user_id in presence and presence[user_id] is None),
            "computer": level or None,
            "label": names[seat] if seat < len(names) else f"Seat {seat}",
            "away_since": None if level else _utc(presence.get(user_id)),
            "rating": rating if (user_id or level) and not match.rules.cooperative else None,
            "provisional": bool(provisional) if rating is not None else False,
            "bot": bool(bot),
            "invited": None if username else reserved,
        }
        for seat, level, user_id, username, rating, provisional, bot, reserved in _seats(match)
    ]


def claim_time(
    match: Match, presence: dict[int, datetime | None] | None = None
) -> tuple[datetime | None, list[int]]:
    """When the others may claim the match because a player to move left, and that player's
    seats: (None, []) while nobody to move is away, in a correspondence match (its clock
    decides) and where the server skips an absent player's turn instead (The Journey)."""
    control = match.time_control
    if match.status != Match.Status.ACTIVE or (control and "days" in control):
        return None, []
    presence = presence_of(match) if presence is None else presence
    wait = timedelta(seconds=settings.ABANDON_SECONDS if control else settings.ABANDON_UNTIMED_SECONDS)
    rules, to_move = match.rules, match.rules.to_move(match.state)
    away = {
        seat: presence[user_id] + wait
        for seat, level, user_id, _ in seat_rows(match)
        if seat in to_move and not level and presence.get(user_id) is not None
        if rules.skip_move(match.state, seat) is None
    }
    return (min(away.values()), sorted(away)) if away else (None, [])


def skips_paused(
    match: Match, presence: dict[int, datetime | None] | None = None, to_move: list[int] | None = None
) -> bool:
    """Is the server's skipping of absent players (The Journey) paused: the match is active,
    a player to move could be skipped, and no player has a live socket? Skipping everyone
    in turn while the whole table is away would play the game out with nobody there."""
    if match.status != Match.Status.ACTIVE:
        return False
    rules = match.rules
    to_move = rules.to_move(match.state) if to_move is None else to_move
    if all(rules.skip_move(match.state, seat) is None for seat in to_move):
        return False
    presence = presence_of(match) if presence is None else presence
    players = [user_id for _, level, user_id, _ in seat_rows(match) if not level and user_id]
    return not any(user_id in presence and presence[user_id] is None for user_id in players)


def match_public(match: Match, *, last_move: Any = UNKNOWN) -> dict[str, Any]:
    """The match as every viewer sees it, without the per-viewer fields (you, board,
    legal_moves); ``state`` is the raw game state they are rendered from.

    ``last_move`` may be given by a service that has just stored it (else it is read).
    """
    to_move = match.rules.to_move(match.state) if match.status == Match.Status.ACTIVE else []
    over = match.status in (Match.Status.FINISHED, Match.Status.ABORTED)
    rematch = rematch_of(match) if over else None  # only a match that is over has one
    presence = presence_of(match)
    claim_at, _ = claim_time(match, presence)
    return {
        "id": match.id,
        "game": match.game,
        "name": match.rules.name,
        "options": match.options,
        "rated": match.rated,
        "status": match.status,
        "players": players(match, presence),
        "ply": match.ply,
        "to_move": to_move,
        "turn": to_move[0] if len(to_move) == 1 else None,
        "last_move": read_last_move(match) if last_move is UNKNOWN else last_move,
        "result": match.result,
        "url": match.get_absolute_url(),
        "invite_url": f"/m/{match.id}/join/",
        "replay_url": f"/r/{match.replay_slug}/",
        "can_abort": can_abort(match),
        "stoppable_by": _username(stoppable_by(match)),
        "draw_offer": match.draw_offer if match.status == Match.Status.ACTIVE else None,
        "takebacks": match.takebacks,
        "takeback_offer": match.takeback_offer if match.status == Match.Status.ACTIVE else None,
        "takeback_to": match.takeback_to if match.status == Match.Status.ACTIVE else None,
        "challenge": challenge_of(match),
        "rematch_url": rematch["url"] if rematch else None,
        "rematch": rematch,
        "claim_at": clocks.iso(claim_at),
        "paused": skips_paused(match, presence, to_move),
        "clock": clocks.public(
            match.time_control, match.clock_ms, match.clock_since, to_move, match.deadline, timezone.now()
        ),
        "facts": abilities.facts(match),  # what each viewer may do (for_seat words it)
        "state": match.state,
    }


def challenge_of(match: Match) -> dict[str, Any] | None:
    """The challenge that made a match, while it waits or once it was called off: ``{"from",
    "to", "status": "open" | "declined" | "withdrawn"}`` (as ``GET /api/challenges/`` words
    it); None otherwise (an accepted one is an ordinary match)."""
    if match.status not in (Match.Status.WAITING, Match.Status.ABORTED):
        return None
    # accounts' model, read through the relation (accounts is above this layer)
    challenges = Match._meta.get_field("challenge").related_model.objects
    row = challenges.filter(match=match).values_list("from_user__username", "to_user__username", "accepted")
    found = row.first()
    if found is None:
        return None
    by, to, accepted = found
    waiting = match.status == Match.Status.WAITING
    status = "declined" if accepted is False else "open" if waiting else "withdrawn"
    return {"from": by, "to": to, "status": status}


def rematch_of(match: Match) -> dict[str, Any] | None:
    """The rematch offered after ``match``, as its match object shows it: ``{"url", "by"
    (the seat in ``match`` of who asked), "status": "offered" | "accepted" | "declined" |
    "lapsed"}``; None when nobody asked."""
    row = (
        Match.objects.filter(rematch_of=match)
        .values_list("id", "status", "created_by_id", "created_at", "finished_at")
        .first()
    )
    if row is None:
        return None
    rematch_id, status, asker, created, finished = row
    if status == Match.Status.WAITING:
        said = "offered"
    elif not Seat.objects.filter(match_id=rematch_id, user__isnull=True, level="").exists():
        said = "accepted"  # every seat taken: it began
    else:  # aborted before it began: turned down, or left unanswered until it lapsed
        unanswered = (finished - created).total_seconds() >= settings.REMATCH_OFFER_SECONDS
        said = "lapsed" if unanswered else "declined"
    by = next((seat for seat, _, user_id, _ in seat_rows(match) if user_id and user_id == asker), None)
    return {"url": f"/m/{rematch_id}/", "by": by, "status": said}


def _username(user_id: int | None) -> str | None:
    if user_id is None:
        return None
    return get_user_model().objects.filter(pk=user_id).values_list("username", flat=True).first()


def public_of(match_id: str) -> dict[str, Any] | None:
    """``match_public`` of the match with this id, read now; None if there is none."""
    match = Match.objects.filter(pk=match_id).first()
    return match_public(match) if match is not None else None


def seat_in(public: dict[str, Any], username: str | None) -> int | None:
    """The seat of ``username`` in a match's public data; None for a spectator or visitor."""
    return next((p["seat"] for p in public["players"] if username and p["username"] == username), None)


def for_seat(
    public: dict[str, Any], username: str | None, *, signed_in: bool | None = None
) -> dict[str, Any]:
    """The protocol's ``match`` object for one viewer, from the public data and raw state.
    ``signed_in``: a logged-in spectator (``username`` None: every spectator shares a frame)."""
    rules = GAMES[public["game"]]
    you = seat_in(public, username)
    state = public["state"]
    facts = public["facts"]
    out = {k: v for k, v in public.items() if k not in ("state", "facts")}
    # The game's name and its seats' in the viewer's language (the game's kit marks them).
    out["name"] = gettext(out["name"])
    out["players"] = [{**p, "label": gettext(p["label"]) if p["label"] else ""} for p in out["players"]]
    out["you"] = you
    # What this viewer may do now, by the rules the services enforce (the page decides none).
    out["can_offer_draw"] = you is not None and abilities.draw_refusal(facts, you) is None
    out["can_take_back"] = you is not None and abilities.takeback_refusal(facts, you) is None
    # Resigning now would abort the match, not lose it (the page's question says so).
    out["resign_aborts"] = abilities.resign_aborts(facts)
    # Why this player may not offer a draw now, in words (None: they may, or no draw is
    # there to offer: a spectator, allies, a match not going on, an offer to answer).
    offers = you is not None and facts["status"] == "active" and not facts["cooperative"]
    out["draw_offer_blocked_reason"] = abilities.draw_refusal(facts, you) if offers else None
    member = username is not None if signed_in is None else signed_in
    out["chat"] = {
        "read": sorted(abilities.rooms_read(public, you)),
        "write": sorted(abilities.rooms_written(public, you)) if member else [],
    }
    if out["result"]:
        # The reason in words, as the server's pages say it (the live and replay pages show
        # it and keep no table of their own). Worded when shown, not stored with the result,
        # so older results have it too; a copy: ``public`` is shared by every viewer.
        out["result"] = {**out["result"], "reason_text": wording.reason_text(out["result"].get("reason"))}
    # The result panel's two lines as this viewer reads them (the pages word nothing
    # themselves); beside ``result``, which is the same for every viewer.
    worded = {"cooperative": rules.cooperative, "counts": rules.score_decides}
    out["result_lines"] = (
        {
            "sentence": result_panel.sentence(out, **worded),
            "score": result_panel.score_line(out, **worded),
            "ratings": result_panel.ratings_line(out),
        }
        if out["result"]
        else None
    )
    if out["last_move"] is not None:
        lm = out["last_move"]
        out["last_move"] = {**lm, "move": rules.public_move(state, lm["seat"], lm["move"], you)}
    out["board"] = rules.view(state, you)
    active = public["status"] == Match.Status.ACTIVE
    out["legal_moves"] = rules.legal_moves(state, you) if active and you in public["to_move"] else []
    # A hint is fair only against the computer: between people it would play for you.
    fair = any(p["computer"] for p in public["players"])
    out["hint"] = rules.hint(state, you) if fair and out["legal_moves"] else None
    return out


def match_for_user(match: Match, user) -> dict[str, Any]:
    """The protocol's match object for ``user`` (anonymous: a spectator)."""
    username = user.username if user is not None and user.is_authenticated else None
    return for_seat(match_public(match), username)


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
                "game": match.game,
                "name": rules.name,
                "status": match.status,
                "ply": match.ply,
                "url": match.get_absolute_url(),
                "you": next((s.seat for s in seats if s.user_id == user.pk), None),
                "to_move": rules.to_move(match.state) if match.status == Match.Status.ACTIVE else [],
                "players": [
                    {
                        "seat": s.seat,
                        "username": s.user and s.user.username,
                        "computer": s.level or None,
                        "rating": s.rating,
                        "provisional": s.provisional,
                    }
                    for s in seats
                ],
            }
        )
    return rows
