"""The puzzle pages (issue 51): ``/puzzles/`` (every game's puzzles, your ratings, the day's
puzzle), ``/puzzles/<game>/`` (the next puzzle near your rating), ``/puzzles/<game>/<id>/``
(one puzzle: the share link), ``/puzzles/<game>/streak/`` and the one POST a move
``/puzzles/<game>/<id>/check/`` (docs/protocol.md, "Puzzles"). ``static/js/puzzle.js`` draws
the board with the game's own renderer and shows what the server answers."""

from __future__ import annotations

import datetime
from typing import Any

import orjson
from django.core.cache import cache
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST, require_safe

from games.catalog.registry import KITS
from games.puzzles.models import Puzzle
from games.puzzles.page import shown, task
from games.puzzles.selectors import counts, daily, next_for
from games.puzzles.services import PuzzleError, check_sent
from games.puzzles.solvers import Solver
from games.puzzles.streaks import Streak
from games.realtime.outgoing import PUZZLE_SOCKET
from games.web.shared_thread import short_write
from games.web.words import game_info

MAX_BODY = 16 * 1024


def _kit(slug: str):
    kit = KITS.get(slug)
    if kit is None or kit.puzzles is None:
        raise Http404("No puzzles for this game.")
    return kit


def daily_card() -> dict[str, str] | None:
    """The day's puzzle as the front page shows it (None: there are no puzzles): made once a
    day (UTC) per language and process, as every lobby shows it."""
    day = datetime.datetime.now(datetime.UTC).date()
    key = f"puzzles:daily-card:{day.isoformat()}:{get_language()}"
    card = cache.get(key)
    if card is None:
        puzzle = daily(day)
        card = {}  # kept too: no puzzles yet
        if puzzle is not None:
            url = reverse("puzzle_page", args=[puzzle.game, puzzle.pk])
            card = {"game_name": _(KITS[puzzle.game].game.name), "task": task(puzzle), "url": url}
        cache.set(key, card, DAILY_CARD_SECONDS)
    return card or None


DAILY_CARD_SECONDS = 600  # a puzzle added on a site that had none shows within minutes


@require_safe
def puzzle_index(request: HttpRequest) -> HttpResponse:
    """Every game with puzzles: how many, your rating and best streak there; the day's puzzle."""
    solver, have = Solver.of(request), counts()
    games = []
    for slug, kit in KITS.items():
        if kit.puzzles is None or not have.get(slug):
            continue
        mine = solver.rating(slug)
        games.append(
            {
                "slug": slug,
                "name": _(kit.game.name),
                "count": have[slug],
                "rating": round(mine.rating),
                "provisional": mine.provisional,
                "best_streak": solver.best_streak(slug),
            }
        )
    return render(request, "puzzles/index.html", {"games": games, "daily": daily_card()})


@require_safe
def puzzle_next(request: HttpRequest, slug: str) -> HttpResponse:
    """The next puzzle for you: one you have not tried, near your rating."""
    kit = _kit(slug)
    puzzle = next_for(Solver.of(request), slug)
    if puzzle is None:
        return render(request, "puzzles/none_left.html", {"game": game_info(kit.game)}, status=200)
    return redirect("puzzle_page", slug, puzzle.pk)


@require_safe
def puzzle_daily(request: HttpRequest) -> HttpResponse:
    """The day's puzzle (the front page links here)."""
    puzzle = daily()
    if puzzle is None:
        raise Http404("No puzzles yet.")
    return redirect("puzzle_page", puzzle.game, puzzle.pk)


@require_safe
def puzzle_page(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    """One puzzle: its link is the one to share."""
    kit = _kit(slug)
    puzzle = get_object_or_404(Puzzle, pk=pk, game=slug)
    return _page(request, kit, puzzle, streak=None)


@require_safe
def puzzle_streak(request: HttpRequest, slug: str) -> HttpResponse:
    """The streak's puzzle (a streak starts when none runs)."""
    kit = _kit(slug)
    run = Streak(request.session, slug)
    current = run.current or run.start()
    if current is None:
        raise Http404("No puzzles for this game.")
    return _page(request, kit, Puzzle.objects.get(pk=current), streak=run)


@require_POST
def puzzle_streak_new(request: HttpRequest, slug: str) -> HttpResponse:
    """Give up the streak running and start a new one."""
    _kit(slug)
    Streak(request.session, slug).start()
    return redirect("puzzle_streak", slug)


def _page(request: HttpRequest, kit, puzzle: Puzzle, streak: Streak | None) -> HttpResponse:
    solver = Solver.of(request)
    context = shown(solver, puzzle, streak)
    context["game"] = game_info(kit.game)  # the renderers read its seat names (#game-info)
    # The socket the checks go by when there is a session to keep them in (else the POST); an
    # account's carries the header's bell too, so that the page holds one socket, not two.
    if solver.user:
        context["data"]["socket"] = f"{PUZZLE_SOCKET}?bell=1"
    elif request.session.session_key:
        context["data"]["socket"] = PUZZLE_SOCKET
    return render(request, "puzzles/puzzle.html", context)


@short_write
@require_POST
def puzzle_check(request: HttpRequest, slug: str, pk: int) -> JsonResponse:
    """One move checked: ``{"line": [...], "again": bool, "streak": bool}`` (protocol.md); a game
    without puzzles has none to check (``no_puzzle``, as JSON like every answer here)."""
    try:
        answer = check_sent(Solver.of(request), slug, pk, _body(request.body))
    except PuzzleError as exc:
        return JsonResponse(exc.as_dict(), status=exc.status)
    return JsonResponse(answer)


def _body(raw: bytes) -> dict[str, Any]:
    if len(raw) > MAX_BODY:
        raise PuzzleError("bad_request", _("The body is over %(size)s KiB.") % {"size": MAX_BODY // 1024})
    try:
        body = orjson.loads(raw or b"{}")
    except orjson.JSONDecodeError:
        raise PuzzleError("bad_request", _("The body is not JSON.")) from None
    if not isinstance(body, dict):
        raise PuzzleError("bad_request", _("The body must be a JSON object."))
    return body
