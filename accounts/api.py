"""The challenges' JSON API (``/api/challenges/...``, protocol.md; bots and scripts): thin
views over :mod:`accounts.services` (who may be challenged) and
:mod:`games.matches.challenges` (the challenge itself).

Who may call is ``accounts.api_auth.api_view``: a session with CSRF, or a Bearer token.
The routes are in ``site_config/urls.py``, next to the rest of the API's.
"""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest, JsonResponse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST

from games.matches.challenges.selectors import challenge_json, open_challenges
from games.matches.challenges.services import accept as challenge_accept
from games.matches.challenges.services import decline as challenge_decline
from games.matches.errors import ServiceError
from games.matches.models import Match
from games.matches.selectors import match_for_user

from .api_auth import api_view, json_body
from .services import challenge_create


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
            takebacks=body.get("takebacks"),
        )
        match = _with_ws(challenge.match, request.user)
        return JsonResponse({**challenge_json(challenge), "match": match}, status=201)
    if not request.user.is_authenticated:
        raise ServiceError("not_authenticated", _("Log in first (session cookie or API token)."), 401)
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
