"""Issue 39 (2) in-process: a computer analysis whose worker stopped (its lease lapsed) is
taken up by the servers' sweep and finished by the next real worker (``db_worker --batch``)
from the last move stored; after three ends it fails with a message and may be asked for
again; the site's limit counts only live analyses; a beating run keeps its lease."""

from __future__ import annotations

import random
import time
from datetime import timedelta

import pytest
from django.core.management import call_command
from django.test import Client
from django.utils import timezone

from games import leases
from games.catalog.registry import GAMES
from games.matches import services
from games.matches.models import Match
from games.matches.study import computer_analysis
from games.matches.study.analysis_models import MatchAnalysis

from .conftest import start_match

pytestmark = pytest.mark.django_db(transaction=True)
ONE_D = GAMES["reversi_1d"]


def finished(seed: int, names=("ann", "ben")) -> Match:
    """A 1-D Reversi match between two people played to its end at random."""
    match, ann, ben = start_match("reversi_1d", {}, names=names)
    rng = random.Random(seed)
    while (state := Match.objects.get(pk=match.pk)).status == Match.Status.ACTIVE:
        seat = state.state["turn"]
        move = ONE_D.random_move(state.state, seat, rng)
        services.move_play(match_id=match.pk, user=(ann, ben)[seat], ply=state.ply, move=move)
    return Match.objects.get(pk=match.pk)


def worker() -> None:
    call_command("db_worker", batch=True, interval=0, verbosity=0)


def lapse(analysis: MatchAnalysis, **fields) -> None:
    """As a worker killed mid-way leaves it: running, claimed, unheard of for an hour."""
    long_ago = timezone.now() - timedelta(hours=1)
    MatchAnalysis.objects.filter(pk=analysis.pk).update(status="running", beat_at=long_ago, **fields)


def test_a_lapsed_analysis_is_taken_up_and_goes_on_from_its_last_stored_move():
    match = finished(3)
    client, url = Client(), f"/api/replays/{match.replay_slug}/analysis/"
    assert client.post(url).status_code == 201
    worker()
    whole = client.get(url).json()
    assert whole["status"] == "done" and whole["total"] > 4
    # the same analysis as a killed worker left it after two moves (the two it stored)
    analysis = MatchAnalysis.objects.get(match=match)
    kept = [dict(p, best_label="kept") for p in whole["plies"][:2]]  # marked: were they redone?
    lapse(analysis, attempts=1, done=2, plies=kept, summary=[], finished_at=None)
    assert client.get(url).json()["status"] == "running"
    assert computer_analysis.take_up_lapsed() == 1
    assert client.get(url).json()["status"] == "queued"
    assert computer_analysis.take_up_lapsed() == 0  # taken up once
    worker()
    again = client.get(url).json()
    analysis.refresh_from_db()
    assert again["status"] == "done" and analysis.attempts == 2 and again["message"] == ""
    assert again["plies"][:2] == kept  # not analysed twice
    assert again["plies"][2:] == whole["plies"][2:] and again["done"] == again["total"] == whole["total"]


def test_three_ends_fail_it_with_a_message_and_it_may_be_asked_for_again():
    match = finished(5)
    client, url = Client(), f"/api/replays/{match.replay_slug}/analysis/"
    assert client.post(url).status_code == 201
    analysis = MatchAnalysis.objects.get(match=match)
    lapse(analysis, attempts=leases.MAX_ATTEMPTS)
    assert computer_analysis.take_up_lapsed() == 0
    failed = client.get(url).json()
    assert failed["status"] == "failed" and failed["message"] == computer_analysis.STOPPED
    assert client.post(url).status_code == 201  # asked again: from the start
    queued = client.get(url).json()
    assert (queued["status"], queued["message"], queued["done"]) == ("queued", "", 0)
    worker()
    assert client.get(url).json()["status"] == "done"


def test_the_limit_counts_only_live_analyses(settings):
    settings.TASK_LEASE_SECONDS = 30
    limit = computer_analysis.MAX_WAITING
    matches = [finished(seed, names=(f"a{seed}", f"b{seed}")) for seed in range(limit + 1)]
    client = Client()
    for match in matches[:limit]:
        assert client.post(f"/api/replays/{match.replay_slug}/analysis/").status_code == 201
    last = f"/api/replays/{matches[-1].replay_slug}/analysis/"
    assert client.post(last).json()["error"] == "rate_limited"  # all queued: live
    MatchAnalysis.objects.update(status="running", beat_at=timezone.now(), attempts=1)
    assert client.post(last).json()["error"] == "rate_limited"  # all running, beating
    lapse(MatchAnalysis.objects.first())
    assert client.post(last).status_code == 201  # a lapsed one holds no place


def test_a_beating_run_keeps_its_lease(settings):
    settings.TASK_LEASE_SECONDS = 0.6  # a beat every 0.1 s
    match = finished(7)
    analysis = MatchAnalysis.objects.create(match=match, status="running", attempts=1)
    lapse(analysis, attempts=1)
    with leases.beating(MatchAnalysis.objects.filter(pk=analysis.pk)):
        time.sleep(0.8)  # the subject: longer than the lease, beats all along
        assert computer_analysis.take_up_lapsed() == 0
    time.sleep(0.8)  # and no beat once the run ended
    assert computer_analysis.take_up_lapsed() == 1
