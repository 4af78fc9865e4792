"""``POST /api/analysis/`` (protocol.md, "Analysis"): a position's moves with their values.

The position is the game's start played through ``moves`` (as the replay lists them, or
bare move objects), or an edited ``position`` (``Game.position``). The analysis itself
(``games.catalog.analysis``) runs in the computer's search processes, in the fair queue behind
every game's move (``search_queue.ANALYSIS``), so it never delays a live game's computer.
No login is needed and nothing is stored. The limits come first, before any work: the
requests one address may send (a token bucket that every request spends from, refused ones
too) and the analyses it may have under way, and those of the whole queue (429
``rate_limited``); then a body and a move list are limited. Replaying the moves (up to
``MAX_MOVES`` of them) runs in a thread, off the event loop that serves every socket.
"""

from __future__ import annotations

import asyncio
import time
from collections import Counter
from typing import Any

import orjson
from django.conf import settings
from django.http import HttpRequest, JsonResponse
from django.views.decorators.csrf import csrf_exempt

from accounts.api_auth import error
from games.autoplay.computer import searches
from games.autoplay.search_queue import ANALYSIS
from games.catalog import analysis
from games.catalog.registry import GAMES
from games.realtime.ratelimit import TokenBucket
from games.rules import Game, IllegalMove, OptionError
from games.rules.base import State

MAX_BODY = 64 * 1024
MAX_MOVES = 1000
PER_ADDRESS = 2  # analyses one address may have asked for and not yet received
QUEUE = 24  # analyses waiting or running in this process at once
_asked: Counter[str] = Counter()  # per address: requests under way (replay and analysis)
_buckets: dict[str, TokenBucket] = {}  # per address: the requests it may still send
_FORGET = 10_000  # addresses kept before those with a full bucket (nothing spent) are forgotten


class BadPosition(ValueError):
    """The moves or the position asked about are not a position of the game."""


@csrf_exempt  # it changes nothing: there is no request to forge
async def analysis_view(request: HttpRequest) -> JsonResponse:
    """Analyse the position in the JSON body; 400 ``bad_request`` / ``bad_options`` /
    ``bad_position`` with the reason (and the ``field`` at fault), 429 ``rate_limited`` when
    one address asks too often or too many wait."""
    if request.method != "POST":
        return error("bad_request", "POST a JSON object: see protocol.md, Analysis.", 405)
    address = request.META.get("REMOTE_ADDR") or "?"  # the client's own, behind a trusted proxy too
    if not _bucket(address).take():  # every request spends, a refused one too
        return error("rate_limited", "Too many analyses asked: wait a few seconds.", 429)
    if _asked[address] >= PER_ADDRESS or sum(_asked.values()) >= QUEUE:
        return error("rate_limited", "Too many analyses asked at once: wait for the last ones.", 429)
    _asked[address] += 1
    try:
        return await _answer(request.body, address)
    except _Refused as exc:
        return error(exc.code, str(exc), 400, exc.field)
    finally:
        _asked[address] -= 1
        if _asked[address] <= 0:
            del _asked[address]


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


async def _answer(raw: bytes, address: str) -> JsonResponse:
    """The analysis of the body's position, asked from ``address`` (raises _Refused for bad
    input)."""
    if len(raw) > MAX_BODY:
        raise _Refused("bad_request", f"The body is over {MAX_BODY // 1024} KiB.")
    body = _json(raw)
    game, options = _game(body)
    # Up to MAX_MOVES moves replayed (a tenth of a second on a big board): in a thread, so the
    # event loop goes on serving every other socket and request meanwhile.
    state, line, notes = await asyncio.to_thread(_position, game, options, body)
    found = await searches.run(ANALYSIS, analysis.analyse, game.slug, state, account=("address", address))
    end = game.outcome(state)
    return JsonResponse(
        {
            **found,
            "ply": len(line),
            "line": line,
            "position": game.view(state, None),
            "result": end.as_dict() if end else None,
            "notes": notes,
        }
    )


class _Refused(Exception):
    def __init__(self, code: str, message: str, field: str | None = None) -> None:
        super().__init__(message)
        self.code, self.field = code, field


def _json(raw: bytes) -> dict[str, Any]:
    try:
        body = orjson.loads(raw or b"{}")
    except orjson.JSONDecodeError:
        raise _Refused("bad_request", "The body is not JSON.") from None
    if not isinstance(body, dict):
        raise _Refused("bad_request", "The body must be a JSON object.")
    return body


def _game(body: dict[str, Any]) -> tuple[Game, dict[str, Any]]:
    slug = body.get("game")
    game = GAMES.get(slug) if isinstance(slug, str) else None
    if game is None:
        raise _Refused("bad_options", f"Unknown game: {slug!r}. GET /api/games/ lists them.", "game")
    if not analysis.analysable(game.slug):
        raise _Refused("bad_options", f"{game.name} has no analysis.", "game")
    options = body.get("options")
    if options is None:
        options = {}
    if not isinstance(options, dict):
        raise _Refused("bad_options", "options is an object of the game's options.", "options")
    try:
        options = game.clean_options(options)
    except OptionError as exc:
        raise _Refused("bad_options", str(exc), "options") from None
    return game, options


def _position(game: Game, options: dict[str, Any], body: dict[str, Any]) -> tuple[State, list, list[str]]:
    """(state, the moves played as the replay lists them, notes) of the body's ``moves`` or
    ``position``, a position with something to judge."""
    start, notes = None, []
    if "position" in body:
        to_move = body.get("to_move")
        if to_move is not None and type(to_move) is not int:
            raise _Refused("bad_position", "to_move is a seat number, or null.", "to_move")
        try:
            start, notes = game.position(options, body["position"], to_move)
        except ValueError as exc:
            raise _Refused("bad_position", str(exc), "position") from None
    moves = body.get("moves", [])
    if not isinstance(moves, list):
        raise _Refused("bad_position", "moves is a list of moves from the start.", "moves")
    if len(moves) > MAX_MOVES:
        raise _Refused("bad_position", f"At most {MAX_MOVES} moves.", "moves")
    try:
        state, line = played(game, options, moves, start)
    except BadPosition as exc:
        raise _Refused("bad_position", str(exc), "moves") from None
    if (reason := analysis.unjudged(game.slug, state)) is not None:
        raise _Refused("bad_position", reason, "moves")
    return state, line, notes


def played(
    game: Game, options: dict[str, Any], moves: list[Any], start: State | None = None
) -> tuple[State, list[dict[str, Any]]]:
    """The start (or ``start``, an edited position) played through ``moves`` (replay entries
    ``{"seat", "move", ...}`` or bare
    moves; while several seats are to move at once, an entry's ``seat`` says whose it is); a
    pass the rules force is played when the list does not have it. Returns the
    state and the moves played, ``{"ply", "seat", "move", "forced", "label"}`` as the replay
    lists them. Raises BadPosition naming the move that cannot be played, and why."""
    state = start or game.setup(options, seed=0)  # the analysable games' starts do not depend on it
    line: list[dict[str, Any]] = []

    def play(seat: int, move: Any, forced: bool) -> State:
        label = game.move_label(state, seat, move)
        after = game.play(state, seat, move)
        line.append({"ply": len(line) + 1, "seat": seat, "move": move, "forced": forced, "label": label})
        return after

    for number, entry in enumerate(moves, start=1):
        move = entry.get("move") if isinstance(entry, dict) and "move" in entry else entry
        forced = game.forced(state)
        if forced is not None and move != forced[1]:
            state = play(*forced, True)
        seat = _mover(game.to_move(state), entry, number)
        try:
            move = game.canonical(state, seat, move) if isinstance(move, dict) else move
            state = play(seat, move, forced is not None)
        except (IllegalMove, ValueError, TypeError, KeyError, AttributeError) as exc:
            raise BadPosition(f"Move {number} ({move!r}) cannot be played: {exc}") from None
    return state, line


def _mover(to_move: list[int], entry: Any, number: int) -> int:
    """The seat that plays move ``number``: the one to move, or while several are (secret
    commits) the entry's ``seat``."""
    if not to_move:
        raise BadPosition(f"Move {number}: the game is already over.")
    if len(to_move) == 1:
        return to_move[0]
    seat = entry.get("seat") if isinstance(entry, dict) and "move" in entry else None
    if type(seat) is not int or seat not in to_move:
        seats = " and ".join(map(str, to_move))
        shape = '{"seat": <seat>, "move": ...}'
        raise BadPosition(f"Move {number}: seats {seats} move at once: give it as {shape}.")
    return seat
