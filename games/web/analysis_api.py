"""``POST /api/analysis/`` (protocol.md, "Analysis"): a position's moves with their values.

The position is the game's start played through ``moves`` (as the replay lists them, or
bare move objects), or an edited ``position`` (``Game.position``). Replaying the moves (up to
``MAX_MOVES``) and the analysis itself (``games.catalog.analysis_line``) run in the
computer's search processes, in the fair queue behind every game's move
(``search_queue.ANALYSIS``): they take nothing from the event loop that serves every socket,
and never delay a live game's computer. No login is needed and nothing is stored. The limits
come first, before any work: the requests one address may send (a token bucket that every
request spends from, refused ones too), the analyses it may have under way and those of the
whole queue (429 ``rate_limited``); then a body and a move list are limited.
"""

from __future__ import annotations

import time
from collections import Counter
from typing import Any

import orjson
from django.conf import settings
from django.http import HttpRequest, JsonResponse
from django.utils.translation import gettext as _
from django.views.decorators.csrf import csrf_exempt

from accounts.api_auth import error
from games.autoplay.computer import searches
from games.autoplay.search_queue import ANALYSIS
from games.catalog import analysis, analysis_line
from games.catalog.registry import GAMES
from games.matches.errors import told
from games.realtime.ratelimit import TokenBucket
from games.rules import Game, OptionError
from games.rules.base import State

MAX_BODY = 64 * 1024
MAX_MOVES = 1000
PER_ADDRESS = 2  # analyses one address may have asked for and not yet received
QUEUE = 24  # analyses waiting or running in this process at once
_asked: Counter[str] = Counter()  # per address: requests under way (replay and analysis)
_buckets: dict[str, TokenBucket] = {}  # per address: the requests it may still send
_FORGET = 10_000  # addresses kept before those with a full bucket (nothing spent) are forgotten


@csrf_exempt  # it changes nothing: there is no request to forge
async def analysis_view(request: HttpRequest) -> JsonResponse:
    """Analyse the position in the JSON body; 400 ``bad_request`` / ``bad_options`` /
    ``bad_position`` with the reason (and the ``field`` at fault), 429 ``rate_limited`` when
    one address asks too often or too many wait."""
    if request.method != "POST":
        return error("bad_request", _("POST a JSON object: see protocol.md, Analysis."), 405)
    address = request.META.get("REMOTE_ADDR") or "?"  # the client's own, behind a trusted proxy too
    if not _bucket(address).take():  # every request spends, a refused one too
        return error("rate_limited", _("Too many analyses asked: wait a few seconds."), 429)
    if _asked[address] >= PER_ADDRESS or sum(_asked.values()) >= QUEUE:
        return error("rate_limited", _("Too many analyses asked at once: wait for the last ones."), 429)
    _asked[address] += 1
    try:
        found = await _answer(request.body, address)
    except _Refused as exc:
        return error(exc.code, str(exc), 400, exc.field)
    finally:
        _asked[address] -= 1
        if _asked[address] <= 0:
            del _asked[address]
    if "error" in found:
        # made without Django (the search process): its refusal (a template and its values)
        # or a kit's marked words ("… is analysed once a setup is public") said here in the
        # reader's language
        refusal = found.get("refusal")
        message = told(refusal) if refusal is not None else _(found["message"])
        return error(found["error"], message, 400, found["field"])
    return JsonResponse(found)


def _bucket(address: str) -> TokenBucket:
    """The token bucket of ``address`` (``ANALYSIS_RATE_PER_SECOND``, in bursts of
    ``ANALYSIS_RATE_BURST``)."""
    bucket = _buckets.get(address)
    if bucket is None:
        if len(_buckets) >= _FORGET:  # many addresses: forget those whose bucket is full again
            now = time.monotonic()
            for known in [a for a, b in _buckets.items() if now - b.at >= b.burst / b.rate]:
                del _buckets[known]
        bucket = TokenBucket(settings.ANALYSIS_RATE_PER_SECOND, settings.ANALYSIS_RATE_BURST)
        _buckets[address] = bucket
    return bucket


async def _answer(raw: bytes, address: str) -> dict[str, Any]:
    """The analysis API's answer for the body's position asked from ``address``, or its
    refusal ``{"error", "message", "field"}`` (raises _Refused for what is refused here)."""
    if len(raw) > MAX_BODY:
        raise _Refused("bad_request", _("The body is over %(size)s KiB.") % {"size": MAX_BODY // 1024})
    body = _json(raw)
    game, options = _game(body)
    start, notes, moves = _position(game, options, body)
    found = await searches.run(
        ANALYSIS, analysis_line.answer, game.slug, options, moves, start, account=("address", address)
    )
    return found if "error" in found else {**found, "notes": [told(note) for note in notes]}


class _Refused(Exception):
    def __init__(self, code: str, message: str, field: str | None = None) -> None:
        super().__init__(message)
        self.code, self.field = code, field


def _json(raw: bytes) -> dict[str, Any]:
    try:
        body = orjson.loads(raw or b"{}")
    except orjson.JSONDecodeError:
        raise _Refused("bad_request", _("The body is not JSON.")) from None
    if not isinstance(body, dict):
        raise _Refused("bad_request", _("The body must be a JSON object."))
    return body


def _game(body: dict[str, Any]) -> tuple[Game, dict[str, Any]]:
    slug = body.get("game")
    game = GAMES.get(slug) if isinstance(slug, str) else None
    if game is None:
        raise _Refused(
            "bad_options", _("Unknown game: %(game)r. GET /api/games/ lists them.") % {"game": slug}, "game"
        )
    if not analysis.analysable(game.slug):
        raise _Refused("bad_options", _("%(game)s has no analysis.") % {"game": _(game.name)}, "game")
    options = body.get("options")
    if options is None:
        options = {}
    if not isinstance(options, dict):
        raise _Refused("bad_options", _("options is an object of the game's options."), "options")
    try:
        options = game.clean_options(options)
    except OptionError as exc:
        raise _Refused("bad_options", told(exc), "options") from None
    return game, options


def _position(
    game: Game, options: dict[str, Any], body: dict[str, Any]
) -> tuple[State | None, list[str], list[Any]]:
    """(the edited position or None for the start, its notes, the moves played from it) of
    the body; the moves are replayed in the search process."""
    start, notes = None, []
    if "position" in body:
        to_move = body.get("to_move")
        if to_move is not None and type(to_move) is not int:
            raise _Refused("bad_position", _("to_move is a seat number, or null."), "to_move")
        try:
            start, notes = game.position(options, body["position"], to_move)
        except ValueError as exc:
            raise _Refused("bad_position", told(exc), "position") from None
    moves = body.get("moves", [])
    if not isinstance(moves, list):
        raise _Refused("bad_position", _("moves is a list of moves from the start."), "moves")
    if len(moves) > MAX_MOVES:
        raise _Refused("bad_position", _("At most %(most)s moves.") % {"most": MAX_MOVES}, "moves")
    return start, notes, moves
