"""The quick-pairing API (protocol.md, "Quick pairing"): the pools and their counts, entering
one, leaving. Thin views over ``games.matches.pairing.matchmaking``; the pools are public, and each
caller sees only their own place in them."""

from __future__ import annotations

from django.http import HttpRequest, JsonResponse
from django.views.decorators.http import require_GET, require_POST

from accounts.api_auth import api_view
from games.matches.pairing import matchmaking as pairing


@require_GET
@api_view
def pools_list(request: HttpRequest) -> JsonResponse:
    """``GET /api/pools/``: every pool with its waiting and playing counts, and ``mine``."""
    return JsonResponse(pairing.pools_public(request.user))


@require_POST
@api_view
def pool_enter(request: HttpRequest, key: str) -> JsonResponse:
    """``POST /api/pools/<key>/``: wait in that pool (paired at once when someone fits)."""
    pairing.pool_enter(user=request.user, pool=key)
    return JsonResponse(pairing.pools_public(request.user)["mine"], status=201)


@require_POST
@api_view
def pool_leave(request: HttpRequest) -> JsonResponse:
    """``POST /api/pools/leave/``: stop waiting (``left`` false: not waiting, or paired)."""
    left = pairing.pool_leave(user=request.user)
    return JsonResponse({"left": left, **pairing.pools_public(request.user)["mine"]})
