"""The JSON API of protocol.md. Views stay thin: parse, call a service or selector, answer.

Who may call (``api_view``), the error body and the JSON body come from
``accounts.api_auth``, shared with the challenges' API (``accounts.api``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.http import HttpRequest, HttpResponse, JsonResponse
from django.utils.translation import gettext as _
from django.views.csrf import csrf_failure as html_csrf_failure
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_GET, require_POST

from accounts.api_auth import api_view, error, json_body
from games.catalog.computer import levels
from games.catalog.registry import GAMES
from games.matches import rematches, services
from games.matches.errors import ServiceError
from games.matches.models import Match
from games.matches.records import read_record
from games.matches.replays import replay_json
from games.matches.selectors import match_for_user


def get_match(**lookup: Any) -> Match:
    """The match, or a JSON 404."""
    match = Match.objects.filter(**lookup).first()
    if match is None:
        raise ServiceError("not_found", _("No such match."), 404)
    return match


@require_GET
def games_list(request: HttpRequest) -> JsonResponse:
    """``GET /api/games/``: every game with its options schema and seats."""
    return JsonResponse([{**g.info(), "levels": levels(slug)} for slug, g in GAMES.items()], safe=False)


@require_POST
@api_view
def match_create(request: HttpRequest) -> JsonResponse:
    """``POST /api/matches/``: create a match seated by the caller."""
    body = json_body(request)
    match = services.match_create(
        user=request.user,
        game=body.get("game"),
        options=body.get("options") or {},
        opponent=body.get("opponent", "invite"),
        side=body.get("side", "random"),
        level=body.get("level") or "",
        clock=body.get("clock"),
        rated=body.get("rated", False),
        takebacks=body.get("takebacks"),
    )
    data = match_for_user(match, request.user)
    return JsonResponse({**data, "ws_url": f"/ws/matches/{match.id}/"}, status=201)


@require_GET
@api_view
def match_detail(request: HttpRequest, match_id: str) -> JsonResponse:
    """``GET /api/matches/<id>/``: the same object the socket sends as ``state``."""
    return JsonResponse(match_for_user(get_match(pk=match_id), request.user))


def _action(service: Callable) -> Callable:
    @require_POST
    @api_view
    def view(request: HttpRequest, match_id: str) -> JsonResponse:
        match = service(match_id=match_id, user=request.user)
        return JsonResponse(match_for_user(match, request.user))

    view.__doc__ = f"``POST``: {service.__doc__}"
    return view


match_join = _action(services.match_join)
match_resign = _action(services.match_resign)
match_abort = _action(services.match_abort)
match_rematch = _action(rematches.match_rematch)
rematch_decline = _action(rematches.rematch_decline)


@require_GET
@api_view
def replay_detail(request: HttpRequest, slug: str) -> HttpResponse:
    """``GET /api/replays/<slug>/``: summary, every move and the board after each ply."""
    return HttpResponse(replay_json(get_match(replay_slug=slug)), content_type="application/json")


@csrf_exempt  # no login, nothing stored, nobody's session acts: no forged request to stop
@require_POST
def record_parse(request: HttpRequest) -> JsonResponse:
    """``POST /api/records/parse/``: a game record played from the start, as a replay lists
    it (the analysis board opens it); 400 with the reason for a bad one."""
    try:
        body = json_body(request)
        read = read_record(game=body.get("game"), options=body.get("options"), text=body.get("record"))
    except ServiceError as exc:
        return JsonResponse(exc.as_dict(), status=exc.status)
    return JsonResponse(read)


def csrf_failure(request: HttpRequest, reason: str = "") -> Any:
    """CSRF refusals: JSON for the API and any JSON body (the puzzles' check), Django's page
    for forms."""
    if request.path.startswith("/api/") or request.content_type == "application/json":
        said = _("CSRF check failed: %(reason)s. Send the X-CSRFToken header.") % {"reason": reason}
        return error("csrf_failed", said, 403)
    return html_csrf_failure(request, reason)
