"""Computer analysis of a finished match (issue "Study a game"): anyone who can see its replay
asks for it once; the task worker (``games.autoplay.tasks``) evaluates every move with the
analysis board's own code (``games.ai.analysis``), marks it (``games.ai.review``) and stores
the result with the match, the progress too, so the replay shows it growing.
"""

from __future__ import annotations

import logging
from typing import Any

from django.db import IntegrityError, transaction
from django.dispatch import Signal
from django.utils import timezone

from games.ai import review
from games.ai.analysis import analysable, analyse, hindsight

from .analysis_models import MatchAnalysis
from .errors import ServiceError
from .models import Match
from .replays import positions

log = logging.getLogger(__name__)
MAX_WAITING = 20  # analyses queued or running at once on the whole site
PLY_BUDGET = 0.8  # seconds a position: a 60-move Othello game within a minute
analysis_requested = Signal()  # sent with analysis_id once the request is committed


def analysis_request(*, slug: str) -> tuple[MatchAnalysis, bool]:
    """Ask for the computer analysis of the finished match whose replay is ``slug``: (it,
    whether this call asked first; else it is the one asked for before). Refusals:
    ``not_found``, ``not_over``, ``bad_options`` (a game without analysis), ``rate_limited``
    (too many waiting)."""
    match = Match.objects.filter(replay_slug=slug).first()
    if match is None:
        raise ServiceError("not_found", "No such replay.", 404)
    existing = MatchAnalysis.objects.filter(match=match).first()
    if existing is not None:
        return existing, False
    if match.status != Match.Status.FINISHED:
        raise ServiceError("not_over", "A game is analysed once it is finished.", 409)
    if not analysable(match.game):
        raise ServiceError("bad_options", f"{match.rules.name} has no computer analysis.", 400)
    Status = MatchAnalysis.Status
    if MatchAnalysis.objects.filter(status__in=(Status.QUEUED, Status.RUNNING)).count() >= MAX_WAITING:
        raise ServiceError("rate_limited", "The computer is busy analysing other games: try again soon.", 429)
    try:
        with transaction.atomic():
            analysis = MatchAnalysis.objects.create(match=match)
            transaction.on_commit(lambda: analysis_requested.send(MatchAnalysis, analysis_id=analysis.pk))
    except IntegrityError:  # asked twice at once: the first one stands
        return MatchAnalysis.objects.get(match=match), False
    return analysis, True


def analysis_run(analysis_id: int) -> None:
    """(The task worker.) Evaluate every move of the match, storing the progress as it goes."""
    analysis = MatchAnalysis.objects.select_related("match").get(pk=analysis_id)
    if analysis.status == MatchAnalysis.Status.DONE:
        return
    match = analysis.match
    try:
        states, moves = positions(match)
        chosen = [i for i, move in enumerate(moves) if not move["forced"]]
        analysis.status, analysis.total = MatchAnalysis.Status.RUNNING, len(chosen)
        analysis.done, analysis.plies = 0, []
        analysis.save(update_fields=["status", "total", "done", "plies"])
        for i in chosen:
            state = hindsight(match.game, states, i, moves[i]["seat"])
            analysis.plies.append(judged(match.game, state, moves[i], i + 1))
            analysis.done += 1
            analysis.save(update_fields=["plies", "done"])
        analysis.summary = review.summary(analysis.plies, len(match.seats.all()), match.game)
        analysis.status, analysis.finished_at = MatchAnalysis.Status.DONE, timezone.now()
        analysis.save(update_fields=["summary", "status", "finished_at"])
    except Exception as exc:  # recorded for staff; the replay says it failed
        log.exception("computer analysis of %s failed", match.pk)
        failed = MatchAnalysis.Status.FAILED
        MatchAnalysis.objects.filter(pk=analysis_id).update(status=failed, error=repr(exc))


def judged(slug: str, state: dict[str, Any], move: dict[str, Any], number: int) -> dict[str, Any]:
    """Move ``number`` of the game as finally played (takebacks left out, as the replay numbers
    it) against the analysis of the position it is judged in (``analysis.hindsight``): its
    value after it (for seat 0), the best move, the loss and the mark."""
    found = analyse(slug, state, PLY_BUDGET, played=move["move"])
    rows, seat = found["moves"], move["seat"]
    played = next((row for row in rows if row["move"] == move["move"]), None)
    best = rows[0] if rows else None
    mark, loss = review.mark(best, played, slug) if best and played else (None, None)
    value = None if played is None or played["value"] is None else played["value"] * (1 if seat == 0 else -1)
    return {
        "ply": number,
        "seat": seat,
        "value": value,
        "proved": bool(played and played["proved"]),
        "best": best["move"] if best else None,
        "best_label": best["label"] if best else None,
        "loss": loss,
        "mark": mark,
    }


def analysis_json(match: Match) -> dict[str, Any] | None:
    """The replay's ``analysis`` object (protocol.md), or None when nobody asked for one."""
    analysis = MatchAnalysis.objects.filter(match=match).first()
    if analysis is None:
        return None
    return {
        "status": analysis.status,
        "done": analysis.done,
        "total": analysis.total,
        "plies": analysis.plies,
        "summary": analysis.summary,
    }
