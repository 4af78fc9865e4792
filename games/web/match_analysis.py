"""A finished match's computer analysis over HTTP (protocol.md, "Computer analysis"): ask for
it (anyone who can see the replay: its link; once per match) and read its progress and
result. The replay page does both (``static/js/replay_analysis.js``)."""

from __future__ import annotations

from django.http import HttpRequest, JsonResponse
from django.utils.translation import gettext as _
from django.views.decorators.csrf import csrf_exempt

from accounts.api_auth import error
from games.matches.errors import ServiceError
from games.matches.models import Match
from games.matches.study.computer_analysis import analysis_json, analysis_request


@csrf_exempt  # asks for what anyone with the link may ask for, once: nothing to forge
def replay_analysis(request: HttpRequest, slug: str) -> JsonResponse:
    """``GET``: the analysis (404 ``not_found`` until someone asks); ``POST``: ask for it
    (201 when this request queued it, 200 when it was asked for already)."""
    if request.method == "POST":
        try:
            analysis, asked = analysis_request(slug=slug)
        except ServiceError as exc:
            return JsonResponse(exc.as_dict(), status=exc.status)
        return JsonResponse(analysis_json(analysis.match), status=201 if asked else 200)
    if request.method not in ("GET", "HEAD"):
        return error("bad_request", _("GET the analysis, or POST to ask for it."), 405)
    match = Match.objects.filter(replay_slug=slug).first()
    found = analysis_json(match) if match is not None else None
    if found is None:
        return error("not_found", _("No computer analysis of this game yet: POST to ask for one."), 404)
    return JsonResponse(found)
