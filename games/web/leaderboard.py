"""The leaderboard of each game: its active rated players by Glicko-2 rating."""

from __future__ import annotations

from functools import partial

from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from accounts.api_auth import api_view
from games.catalog.registry import GAMES
from games.matches.errors import ServiceError
from games.matches.models import Seat
from games.matches.ratings.standings import ACTIVE_DAYS, leaderboard, leaderboard_version

from .words import game_info


def _rateable() -> list:
    return [g for g in GAMES.values() if not g.cooperative]


@require_GET
def leaderboard_index(request: HttpRequest) -> HttpResponse:
    """``/leaderboard/`` (the menu's link): the leaderboard of the game the viewer played last,
    else of the first game that has one."""
    ranked = [game.slug for game in _rateable()]
    last = None
    if request.user.is_authenticated:
        last = (
            Seat.objects.filter(user=request.user, match__game__in=ranked)
            .order_by("-match__created_at")
            .values_list("match__game", flat=True)
            .first()
        )
    return redirect("leaderboard", last or ranked[0])


@require_GET
def leaderboard_page(request: HttpRequest, slug: str) -> HttpResponse:
    """``/leaderboard/<slug>/``: rank, player, rating (``?`` while provisional), games.

    The table is cached for a minute per viewer (their own row is marked) under the version
    of the game's ratings: ``rows`` is read only when it is not cached."""
    game = GAMES.get(slug)
    if game is None or game.cooperative:
        raise Http404("No leaderboard for that game.")
    return render(
        request,
        "games/leaderboard.html",
        {
            "game": game_info(game),
            "rows": partial(leaderboard, slug),
            "version": leaderboard_version(slug),
            "games": [game_info(g) for g in _rateable()],
            "active_days": ACTIVE_DAYS,
        },
    )


@require_GET
@api_view
def leaderboard_api(request: HttpRequest, slug: str) -> JsonResponse:
    """``GET /api/leaderboard/<slug>/``: ``{"game", "players": [{rank, username, rating,
    deviation, provisional, games}]}``."""
    game = GAMES.get(slug)
    if game is None or game.cooperative:
        raise ServiceError("not_found", _("No leaderboard for that game."), 404)
    return JsonResponse({"game": slug, "players": leaderboard(slug)})
