"""Reads the pages, the API and the socket share: the match object of protocol.md."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django.conf import settings
from django.utils import timezone

from .models import Match, Move, Presence


def connected_user_ids(match: Match) -> set[int]:
    """Users with a live socket on this match (any server process)."""
    cutoff = timezone.now() - timedelta(seconds=settings.PRESENCE_TIMEOUT_SECONDS)
    return set(Presence.objects.filter(match=match, seen_at__gte=cutoff).values_list("user_id", flat=True))


def last_move(match: Match) -> dict[str, Any] | None:
    row = Move.objects.filter(match=match).order_by("-ply").values("ply", "seat", "move").first()
    return dict(row) if row else None


def match_public(match: Match) -> dict[str, Any]:
    """The match as every viewer sees it, without the per-viewer fields (you, board, legal_moves)."""
    from .services import can_abort

    rules = match.rules
    online = connected_user_ids(match)
    players = []
    for seat in match.seats.select_related("user").order_by("seat"):
        players.append(
            {
                "seat": seat.seat,
                "username": seat.user.username if seat.user else None,
                "connected": bool(seat.level) or (seat.user_id in online),
                "computer": seat.level or None,
                "label": rules.seat_names[seat.seat]
                if seat.seat < len(rules.seat_names)
                else f"Seat {seat.seat}",
            }
        )
    to_move = rules.to_move(match.state) if match.status == Match.Status.ACTIVE else []
    rematch = Match.objects.filter(rematch_of=match).values_list("id", flat=True).first()
    return {
        "id": match.id,
        "game": match.game,
        "name": rules.name,
        "options": match.options,
        "status": match.status,
        "players": players,
        "ply": match.ply,
        "to_move": to_move,
        "turn": to_move[0] if len(to_move) == 1 else None,
        "last_move": last_move(match),
        "result": match.result,
        "url": f"/m/{match.id}/",
        "invite_url": f"/m/{match.id}/join/",
        "replay_url": f"/r/{match.replay_slug}/",
        "can_abort": can_abort(match),
        "rematch_url": f"/m/{rematch}/" if rematch else None,
        "state": match.state,
    }


def for_seat(public: dict[str, Any], username: str | None) -> dict[str, Any]:
    """The protocol's ``match`` object for one viewer, from the public data and raw state."""
    from .rules import GAMES

    rules = GAMES[public["game"]]
    you = next((p["seat"] for p in public["players"] if username and p["username"] == username), None)
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


def match_for_user(match: Match, user) -> dict[str, Any]:
    """The protocol's match object for ``user`` (anonymous: a spectator)."""
    username = user.username if user is not None and user.is_authenticated else None
    return for_seat(match_public(match), username)
