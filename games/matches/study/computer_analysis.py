"""Computer analysis of a finished match (issue "Study a game"): anyone who can see its replay
asks for it once; the task worker (``games.autoplay.tasks``) evaluates every move with the
analysis board's own code (``games.catalog.analysis``), marks it (``games.catalog.review``) and stores
the result with the match, the progress too, so the replay shows it growing. Its worker is
seen to be alive (``games.leases``): one killed mid-way leaves the analysis to the next
worker, which goes on from the last move stored; after three such ends it fails and may be
asked for again.
"""

from __future__ import annotations

import logging
import math
from typing import Any

from django.db import IntegrityError, transaction
from django.db.models import F
from django.dispatch import Signal
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from games import leases
from games.catalog import review
from games.catalog.analysis import analysable, analyse, hindsight

from ..errors import ServiceError
from ..models import Match
from ..replays import positions
from .analysis_models import MatchAnalysis

log = logging.getLogger(__name__)
MAX_WAITING = 20  # analyses queued or running at once on the whole site
PLY_BUDGET = 0.8  # seconds a position: a 60-move Othello game within a minute
analysis_requested = Signal()  # sent with analysis_id once the request is committed
# In English where stored (an analysis's ``error``), in the reader's language where shown (``failure``).
FAILED_MESSAGE = gettext_noop(
    "The analysis failed. The site's staff have the details; you may ask for it again."
)
STOPPED = gettext_noop(
    "The computer stopped three times while analysing this game; you may ask for it again."
)


def analysis_request(*, slug: str) -> tuple[MatchAnalysis, bool]:
    """Ask for the computer analysis of the finished match whose replay is ``slug``: (it,
    whether this call asked first; else it is the one asked for before). Refusals:
    ``not_found``, ``not_over``, ``bad_options`` (a game without analysis), ``rate_limited``
    (too many waiting)."""
    match = Match.objects.filter(replay_slug=slug).first()
    if match is None:
        raise ServiceError("not_found", _("No such replay."), 404)
    Status = MatchAnalysis.Status
    existing = MatchAnalysis.objects.filter(match=match).first()
    if existing is not None and existing.status != Status.FAILED:
        return existing, False
    if match.status != Match.Status.FINISHED:
        raise ServiceError("not_over", _("A game is analysed once it is finished."), 409)
    if not analysable(match.game):
        raise ServiceError(
            "bad_options", _("%(game)s has no computer analysis.") % {"game": _(match.rules.name)}, 400
        )
    waiting = MatchAnalysis.objects.filter(  # a lapsed run waits for nobody
        leases.alive(), status__in=(Status.QUEUED, Status.RUNNING)
    )
    if waiting.count() >= MAX_WAITING:
        raise ServiceError(
            "rate_limited", _("The computer is busy analysing other games: try again soon."), 429
        )
    if existing is not None:  # failed: asked for again, from the start
        asked = MatchAnalysis.objects.filter(pk=existing.pk, status=Status.FAILED).update(
            status=Status.QUEUED, attempts=0, done=0, total=0, plies=[], summary=[], error=""
        )
        if asked:
            transaction.on_commit(lambda: analysis_requested.send(MatchAnalysis, analysis_id=existing.pk))
        existing.refresh_from_db()
        return existing, bool(asked)
    try:
        with transaction.atomic():
            analysis = MatchAnalysis.objects.create(match=match)
            transaction.on_commit(lambda: analysis_requested.send(MatchAnalysis, analysis_id=analysis.pk))
    except IntegrityError:  # asked twice at once: the first one stands
        return MatchAnalysis.objects.get(match=match), False
    return analysis, True


def analysis_run(analysis_id: int) -> None:
    """(The task worker.) Evaluate every move of the match from the last one stored, storing
    the progress as it goes, while its lease beats; a run given up meanwhile stops."""
    Status = MatchAnalysis.Status
    claimed = MatchAnalysis.objects.filter(pk=analysis_id, status=Status.QUEUED).update(
        status=Status.RUNNING, beat_at=timezone.now(), attempts=F("attempts") + 1
    )
    if not claimed:
        return  # done, running elsewhere, or gone: never run twice
    analysis = MatchAnalysis.objects.select_related("match").get(pk=analysis_id)
    this_run = MatchAnalysis.objects.filter(pk=analysis_id, status=Status.RUNNING, attempts=analysis.attempts)
    match = analysis.match
    try:
        with leases.beating(this_run):
            states, moves = positions(match)
            chosen = [i for i, move in enumerate(moves) if not move["forced"]]
            plies = analysis.plies if analysis.total == len(chosen) else []
            if not this_run.update(total=len(chosen), done=len(plies), plies=plies):
                return
            for i in chosen[len(plies) :]:
                state = hindsight(match.game, states, i, moves[i]["seat"])
                plies.append(judged(match.game, state, moves[i], i + 1))
                if not this_run.update(plies=plies, done=len(plies), beat_at=timezone.now()):
                    return  # given up as lapsed and queued again: the next run writes
            summary = review.summary(plies, len(match.seats.all()), match.game)
            this_run.update(summary=summary, status=Status.DONE, finished_at=timezone.now())
    except Exception as exc:  # recorded for staff; the replay says it failed
        log.exception("computer analysis of %s failed", match.pk)
        this_run.update(status=Status.FAILED, error=repr(exc), finished_at=timezone.now())


def take_up_lapsed() -> int:
    """(Every server's sweep.) Analyses whose worker stopped beating go to the next worker
    (from their last stored move), or fail after three ends (``games.leases``)."""
    return leases.take_up(
        MatchAnalysis.objects.all(),
        message=STOPPED,
        enqueue=lambda pk: analysis_requested.send(MatchAnalysis, analysis_id=pk),
    )


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


def failure(analysis: MatchAnalysis) -> str:
    """What the replay says of a failed analysis (empty otherwise)."""
    if analysis.status != MatchAnalysis.Status.FAILED:
        return ""
    return _(STOPPED) if analysis.error == STOPPED else _(FAILED_MESSAGE)


def analysis_json(match: Match) -> dict[str, Any] | None:
    """The replay's ``analysis`` object (protocol.md), or None when nobody asked for one."""
    analysis = MatchAnalysis.objects.filter(match=match).first()
    if analysis is None:
        return None
    return {
        "status": analysis.status,
        "message": failure(analysis),
        "done": analysis.done,
        "total": analysis.total,
        "plies": analysis.plies,
        "summary": analysis.summary,
        "seconds_left": seconds_left(analysis, match),
    }


def seconds_left(analysis: MatchAnalysis, match: Match) -> int:
    """The most an analysis still queued or running will take once the worker runs it: its
    moves left at ``PLY_BUDGET`` each (before it starts, the match's plies bound its moves)."""
    if analysis.status not in (MatchAnalysis.Status.QUEUED, MatchAnalysis.Status.RUNNING):
        return 0
    return longest_seconds((analysis.total or match.ply) - analysis.done)


def longest_seconds(moves: int) -> int:
    """The most the analysis of ``moves`` moves takes: each position has ``PLY_BUDGET``."""
    return math.ceil(max(moves, 0) * PLY_BUDGET)
