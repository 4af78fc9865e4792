"""``POST /api/analysis/`` (protocol.md, "Analysis"): a position's moves with their values.

The position is the game's start played through ``moves`` (as the replay lists them, or
bare move objects), or an edited ``position`` (``Game.position``). The analysis itself
(``games.catalog.analysis``) runs in the computer's search processes, in the fair queue behind
every game's move (``search_queue.ANALYSIS``), so it never delays a live game's computer.
No login is needed and nothing is stored; a body, a move list and the analyses one address
has waiting are limited, and so is the queue as a whole (429 ``rate_limited``).
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import orjson
from django.http import HttpRequest, JsonResponse
from django.views.decorators.csrf import csrf_exempt

from accounts.api_auth import error
from games.autoplay.computer import searches
from games.autoplay.search_queue import ANALYSIS
from games.catalog import analysis
from games.catalog.registry import GAMES
from games.rules import Game, IllegalMove, OptionError
from games.rules.base import State

MAX_BODY = 64 * 1024
MAX_MOVES = 1000
PER_ADDRESS = 2  # analyses one address may have asked for and not yet received
QUEUE = 24  # analyses waiting or running in this process at once
_asked: Counter[str] = Counter()


class BadPosition(ValueError):
    """The moves or the position asked about are not a position of the game."""


@csrf_exempt  # it changes nothing: there is no request to forge
async def analysis_view(request: HttpRequest) -> JsonResponse:
    """Analyse the position in the JSON body; 400 ``bad_request`` / ``bad_options`` /
    ``bad_position`` with the reason, 429 ``rate_limited`` when too many wait."""
    if request.method != "POST":
        return error("bad_request", "POST a JSON object: see protocol.md, Analysis.", 405)
    if len(request.body) > MAX_BODY:
        return error("bad_request", f"The body is over {MAX_BODY // 1024} KiB.", 400)
    try:
        body = _json(request.body)
        game, options = _game(body)
        state, line, notes = _position(game, options, body)
        if (reason := analysis.unjudged(game.slug, state)) is not None:
            raise _Refused("bad_position", reason)
    except _Refused as exc:
        return error(exc.code, str(exc), 400)
    address = request.META.get("REMOTE_ADDR") or "?"  # the client's own, behind a trusted proxy too
    if _asked[address] >= PER_ADDRESS or sum(_asked.values()) >= QUEUE:
        return error("rate_limited", "Too many analyses asked at once: wait for the last ones.", 429)
    _asked[address] += 1
    try:
        found = await searches.run(ANALYSIS, analysis.analyse, game.slug, state)
    finally:
        _asked[address] -= 1
        if _asked[address] <= 0:
            del _asked[address]
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
    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code


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
        raise _Refused("bad_options", f"Unknown game: {slug!r}. GET /api/games/ lists them.")
    if not analysis.analysable(game.slug):
        raise _Refused("bad_options", f"{game.name} has no analysis.")
    try:
        options = game.clean_options(body.get("options") or {})
    except OptionError as exc:
        raise _Refused("bad_options", str(exc)) from None
    return game, options


def _position(game: Game, options: dict[str, Any], body: dict[str, Any]) -> tuple[State, list, list[str]]:
    """(state, the moves played as the replay lists them, notes) of the body's ``moves`` or
    ``position``."""
    start, notes = None, []
    if "position" in body:
        to_move = body.get("to_move")
        if to_move is not None and type(to_move) is not int:
            raise _Refused("bad_position", "to_move is a seat number, or null.")
        try:
            start, notes = game.position(options, body["position"], to_move)
        except ValueError as exc:
            raise _Refused("bad_position", str(exc)) from None
    moves = body.get("moves", [])
    if not isinstance(moves, list):
        raise _Refused("bad_position", "moves is a list of moves from the start.")
    if len(moves) > MAX_MOVES:
        raise _Refused("bad_position", f"At most {MAX_MOVES} moves.")
    try:
        return (*played(game, options, moves, start), notes)
    except BadPosition as exc:
        raise _Refused("bad_position", str(exc)) from None


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
