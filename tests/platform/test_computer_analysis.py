"""A finished match's computer analysis (issue 26) in-process: asked for once over the API,
run by the real task worker (``db_worker --batch``), every move judged with proved values
that agree with a plain minimax, marks and each player's summary; refusals."""

from __future__ import annotations

import random
from functools import cache

import pytest
from django.core.management import call_command
from django.test import Client

from games.catalog import review
from games.catalog.registry import GAMES
from games.matches import services
from games.matches.models import Match
from games.matches.study.analysis_models import MatchAnalysis

from .conftest import make_user, start_match

pytestmark = pytest.mark.django_db(transaction=True)
ONE_D = GAMES["reversi_1d"]


@cache
def minimax(board: tuple[str, ...], turn: int) -> int:
    """Final (mover - other) discs under perfect play, over the engine's own moves."""
    state = {"board": list(board), "turn": turn, "last": None, "flipped": []}
    end = ONE_D.outcome(state)
    if end is not None:
        score = list(end.score.values())
        return score[turn] - score[1 - turn]
    return max(
        -minimax(tuple(after["board"]), after["turn"])
        for move in ONE_D.legal_moves(state, turn)
        for after in [ONE_D.play(state, turn, move)]
    )


def played_out(seed: int) -> tuple[Match, list[dict]]:
    """A 1-D Reversi match between two people played to its end at random."""
    match, ann, ben = start_match("reversi_1d", {})
    rng, states = random.Random(seed), []
    while (state := Match.objects.get(pk=match.pk)).status == Match.Status.ACTIVE:
        seat = state.state["turn"]
        states.append(state.state)
        move = ONE_D.random_move(state.state, seat, rng)
        services.move_play(match_id=match.pk, user=(ann, ben)[seat], ply=state.ply, move=move)
    return Match.objects.get(pk=match.pk), states


def test_asked_once_run_by_the_worker_and_exact():
    match, states = played_out(3)
    client = Client()
    url = f"/api/replays/{match.replay_slug}/analysis/"
    assert client.get(url).status_code == 404
    first = client.post(url)
    assert first.status_code == 201 and first.json()["status"] == "queued"
    assert client.post(url).status_code == 200  # once per match
    call_command("db_worker", batch=True, interval=0, verbosity=0)
    done = client.get(url).json()
    assert done["status"] == "done" and done["done"] == done["total"] == len(states) == 12
    for entry, state in zip(done["plies"], states, strict=True):
        seat = entry["seat"]
        values = {}
        for move in ONE_D.legal_moves(state, seat):
            after = ONE_D.play(state, seat, move)
            values[move["position"]] = -minimax(tuple(after["board"]), after["turn"])
        best = max(values.values())
        played = Match.objects.get(pk=match.pk).moves.get(ply=entry["ply"]).move["position"]
        assert entry["proved"] and entry["value"] == values[played] * (1 if seat == 0 else -1)
        assert values[entry["best"]["position"]] == best
        assert entry["loss"] == best - values[played]
        assert (
            entry["mark"]
            == review.mark(
                {"value": best, "proved": True, "outcome": review_outcome(best)},
                {"value": values[played], "proved": True, "outcome": review_outcome(values[played])},
            )[0]
        )
    assert [row["seat"] for row in done["summary"]] == [0, 1]
    for row in done["summary"]:
        assert row["moves"] == 6 and 0 <= row["accuracy"] <= 100


def test_the_replay_page_changes_with_its_analysis():
    """The replay's ETag follows the analysis: a reload after it is asked for, or done, gets
    the page with it (a 304 kept the one without, and the marks never came)."""
    match, _ = played_out(5)
    client, page = Client(), f"/r/{match.replay_slug}/"
    etags = [client.get(page)["ETag"]]
    client.post(f"/api/replays/{match.replay_slug}/analysis/")
    etags.append(client.get(page, HTTP_IF_NONE_MATCH=etags[-1])["ETag"])
    call_command("db_worker", batch=True, interval=0, verbosity=0)
    done = client.get(page, HTTP_IF_NONE_MATCH=etags[-1])
    assert done.status_code == 200 and len(set(etags + [done["ETag"]])) == 3
    assert '"status": "done"' in done.content.decode()
    assert client.get(page, HTTP_IF_NONE_MATCH=done["ETag"]).status_code == 304


def review_outcome(value: int) -> str:
    return "win" if value > 0 else "loss" if value < 0 else "draw"


def test_refusals():
    client = Client()
    assert client.post("/api/replays/nope/analysis/").json()["error"] == "not_found"
    match, _, _ = start_match("reversi_1d", {})
    r = client.post(f"/api/replays/{match.replay_slug}/analysis/")
    assert (r.status_code, r.json()["error"]) == (409, "not_over")
    cy = make_user("cy")
    journey = services.match_create(user=cy, game="journey", options={}, opponent="invite", side=0)
    Match.objects.filter(pk=journey.pk).update(status=Match.Status.FINISHED)
    r = client.post(f"/api/replays/{journey.replay_slug}/analysis/")
    assert (r.status_code, r.json()["error"]) == (400, "bad_options")
    assert not MatchAnalysis.objects.exists()
    assert client.put(f"/api/replays/{match.replay_slug}/analysis/").status_code == 405


def test_marks_and_summary():
    best = {"value": 4, "proved": True, "outcome": "win"}
    assert review.mark(best, {"value": 4, "proved": True, "outcome": "win"}) == ("best", 0)
    # a proved win thrown into a draw is a blunder, whatever the loss
    assert review.mark(best, {"value": 0, "proved": True, "outcome": "draw"}) == ("blunder", 4)
    assert review.mark(best, {"value": 1, "proved": True, "outcome": "win"}) == ("inaccuracy", 3)
    guess = {"value": 3.0, "proved": False, "outcome": None}
    assert review.mark(guess, {**guess, "value": -3.0}) == ("mistake", 6.0)
    plies = [
        {"seat": 0, "loss": 0, "mark": "best"},
        {"seat": 0, "loss": 10, "mark": "blunder"},
        {"seat": 1, "loss": None, "mark": None},
    ]
    assert review.summary(plies, 2) == [
        {"seat": 0, "accuracy": 50.0, "moves": 2, "inaccuracy": 0, "mistake": 0, "blunder": 1},
        {"seat": 1, "accuracy": None, "moves": 0, "inaccuracy": 0, "mistake": 0, "blunder": 0},
    ]


def test_the_time_an_analysis_takes_is_said_up_front():
    """Each move has the analysis' budget (0.8 s), so a long game takes minutes: the replay
    says the most it takes before anyone asks, and the analysis how much is left."""
    match, states = played_out(7)
    client, url = Client(), f"/api/replays/{match.replay_slug}/analysis/"
    page = client.get(f"/r/{match.replay_slug}/").content.decode()
    assert "looks at each move for up to 0.8 s: this game takes it at most 10 s." in page
    assert match.ply == len(states) == 12
    assert client.post(url).json()["seconds_left"] == 10  # ceil(12 x 0.8)
    assert 'id="analysis-time"' not in client.get(f"/r/{match.replay_slug}/").content.decode()
    call_command("db_worker", batch=True, interval=0, verbosity=0)
    assert client.get(url).json()["seconds_left"] == 0
