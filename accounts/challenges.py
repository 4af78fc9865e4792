"""Challenges: one player invites another by name to a match of two.

A challenge is a match that waits (invite-only, the challenger seated, ``services.match_create``)
plus a :class:`~accounts.models.Challenge` row naming who may take the free seat. Accepting
takes it (``services.match_join``: the match starts); declining aborts the match as its
challenger may (``services.match_abort``); the challenger withdraws by aborting it. The
functions here write only the challenge row: every change of the match goes through the
services. After the commit, :data:`challenged` tells the challenged player's event sockets
(``games.realtime.events_socket``); these functions send nothing themselves.

Routes: the JSON API (``/api/challenges/...``, bots and scripts; ``games.web.api.api_view``:
a session with CSRF, or a Bearer token) and two page forms (a person challenging a bot from
its profile, answering a challenge on their own profile).
"""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth import get_user_model
from django.contrib.auth.decorators import login_required
from django.db import transaction
from django.dispatch import Signal
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect
from django.utils import timezone
from django.views.decorators.http import require_http_methods, require_POST

from games.matches import services
from games.matches.errors import ServiceError
from games.matches.models import Match
from games.matches.selectors import match_for_user
from games.rules import GAMES
from games.web.api import api_view, json_body

from .models import Challenge

challenged = Signal()  # after the commit of a new challenge; receivers get ``challenge``


# -- services ---------------------------------------------------------------------------
def challenge_create(
    *,
    user,
    to: Any,
    game: Any,
    options: Any = None,
    clock: Any = None,
    rated: Any = False,
    side: Any = "random",
) -> Challenge:
    """Challenge the player named ``to`` to a match of two (the options, clock, rated and
    side as ``POST /api/matches/`` takes them); refused with a ServiceError."""
    target = (
        get_user_model().objects.filter(username=to, is_active=True).first() if isinstance(to, str) else None
    )
    if target is None:
        raise ServiceError("not_found", f"No player named {to!r}.", 404)
    if target.pk == user.pk:
        raise ServiceError("bad_options", "Challenge someone else.", 400, field="to")
    with transaction.atomic():
        match = services.match_create(
            user=user,
            game=game,
            options=options,
            opponent="invite",
            side=side,
            clock=clock,
            rated=rated,
            reserve_for=target,
        )
        if match.seats.count() != 2:  # rolled back with the match
            raise ServiceError("bad_options", "A challenge is a match of two players.", 400, field="options")
        challenge = Challenge.objects.create(from_user=user, to_user=target, match=match)
        transaction.on_commit(lambda: challenged.send_robust(sender=Challenge, challenge=challenge))
    return challenge


def _answerable(challenge_id: Any, user) -> Challenge:
    """The challenge, locked, if ``user`` may answer it now."""
    challenge = (
        Challenge.objects.select_for_update()
        .select_related("match", "from_user")
        .filter(pk=challenge_id)
        .first()
        if str(challenge_id).isdigit()
        else None
    )
    if challenge is None:
        raise ServiceError("not_found", "No such challenge.", 404)
    if challenge.to_user_id != user.pk:
        raise ServiceError("not_challenged", "Only the challenged player may answer a challenge.", 403)
    if challenge.answered_at is not None or challenge.match.status != Match.Status.WAITING:
        raise ServiceError("challenge_closed", "This challenge was already answered or withdrawn.", 409)
    return challenge


def challenge_accept(*, challenge_id: Any, user) -> Match:
    """Take the seat the challenge keeps for ``user``: the match starts."""
    with transaction.atomic():
        challenge = _answerable(challenge_id, user)
        match = services.match_join(match_id=challenge.match_id, user=user)
        challenge.answered_at, challenge.accepted = timezone.now(), True
        challenge.save(update_fields=["answered_at", "accepted"])
    return match


def challenge_decline(*, challenge_id: Any, user) -> Challenge:
    """Say no: the match is aborted (as its challenger may while it waits)."""
    with transaction.atomic():
        challenge = _answerable(challenge_id, user)
        services.match_abort(match_id=challenge.match_id, user=challenge.from_user)
        challenge.answered_at, challenge.accepted = timezone.now(), False
        challenge.save(update_fields=["answered_at", "accepted"])
    return challenge


# -- reads ------------------------------------------------------------------------------
def challenge_json(challenge: Challenge) -> dict[str, Any]:
    """A challenge as the protocol writes it (``docs/protocol.md``)."""
    match = challenge.match
    free = next((s.seat for s in match.seats.all() if s.user_id is None and not s.level), None)
    return {
        "id": challenge.pk,
        "from": challenge.from_user.username,
        "to": challenge.to_user.username,
        "game": match.game,
        "options": match.options,
        "clock": match.time_control,
        "rated": match.rated,
        "you": free,  # the seat kept for the challenged player
        "match_id": match.pk,
        "status": "accepted" if challenge.accepted else "declined" if challenge.accepted is False else "open",
        "accept_url": f"/api/challenges/{challenge.pk}/accept/",
        "decline_url": f"/api/challenges/{challenge.pk}/decline/",
    }


def open_challenges(**lookup: Any):
    """Open challenges matching ``lookup`` (``to_user=``, ``from_user=``), oldest first."""
    return (
        Challenge.objects.open()
        .filter(**lookup)
        .select_related("from_user", "to_user", "match")
        .prefetch_related("match__seats")
    )


def challengeable_games() -> list[tuple[str, str]]:
    """(slug, name) of the games a challenge can be for: two players with default options."""
    return [(slug, g.name) for slug, g in GAMES.items() if g.seat_count(g.clean_options({})) == 2]


# -- JSON API ---------------------------------------------------------------------------
def _with_ws(match: Match, user) -> dict[str, Any]:
    return {**match_for_user(match, user), "ws_url": f"/ws/matches/{match.pk}/"}


@require_http_methods(["GET", "POST"])
@api_view
def api_challenges(request: HttpRequest) -> JsonResponse:
    """``POST /api/challenges/``: challenge a player (201: the challenge, with its match as the
    challenger sees it). ``GET``: the open challenges to and from the caller."""
    if request.method == "POST":
        body = json_body(request)
        challenge = challenge_create(
            user=request.user,
            to=body.get("to"),
            game=body.get("game"),
            options=body.get("options") or {},
            clock=body.get("clock"),
            rated=body.get("rated", False),
            side=body.get("side", "random"),
        )
        match = _with_ws(challenge.match, request.user)
        return JsonResponse({**challenge_json(challenge), "match": match}, status=201)
    if not request.user.is_authenticated:
        raise ServiceError("not_authenticated", "Log in first (session cookie or API token).", 401)
    return JsonResponse(
        {
            "received": [challenge_json(c) for c in open_challenges(to_user=request.user)[:100]],
            "sent": [challenge_json(c) for c in open_challenges(from_user=request.user)[:100]],
        }
    )


@require_POST
@api_view
def api_accept(request: HttpRequest, challenge_id: str) -> JsonResponse:
    """``POST /api/challenges/<id>/accept/``: 200 with the match object (now active)."""
    return JsonResponse(
        _with_ws(challenge_accept(challenge_id=challenge_id, user=request.user), request.user)
    )


@require_POST
@api_view
def api_decline(request: HttpRequest, challenge_id: str) -> JsonResponse:
    """``POST /api/challenges/<id>/decline/``: 200 with the challenge (declined)."""
    return JsonResponse(challenge_json(challenge_decline(challenge_id=challenge_id, user=request.user)))


# -- pages ------------------------------------------------------------------------------
@require_POST
@login_required
def page_challenge(request: HttpRequest, username: str) -> HttpResponse:
    """The "Challenge" form of a profile: on to the waiting match's page."""
    target = get_object_or_404(get_user_model(), username=username)
    try:
        challenge = challenge_create(
            user=request.user,
            to=target.username,
            game=request.POST.get("game"),
            rated=bool(request.POST.get("rated")),
        )
    except ServiceError as exc:
        messages.error(request, exc.message)
        return redirect("profile", username=target.username)
    messages.success(request, f"You challenged {target.username}: the match starts when they accept.")
    return redirect(challenge.match.get_absolute_url())


@require_POST
@login_required
def page_answer(request: HttpRequest, challenge_id: int, answer: str) -> HttpResponse:
    """Accept (on to the match) or decline a challenge from one's own profile."""
    if answer not in ("accept", "decline"):
        raise Http404("No such answer.")
    try:
        if answer == "accept":
            return redirect(challenge_accept(challenge_id=challenge_id, user=request.user).get_absolute_url())
        challenge_decline(challenge_id=challenge_id, user=request.user)
        messages.info(request, "Challenge declined.")
    except ServiceError as exc:
        messages.error(request, exc.message)
    return redirect("profile", username=request.user.username)
