"""Game records on the platform: the replay's ``record`` (API and page) and
``POST /api/records/parse/`` (protocol.md), in process with Django's test client."""

from __future__ import annotations

import random

import pytest
from django.test import Client

from games.catalog.registry import GAMES
from games.matches import services
from games.matches.models import Match
from games.matches.records import MAX_RECORD_CHARS

from .conftest import make_user, start_match

pytestmark = pytest.mark.django_db

PARSE = "/api/records/parse/"


def play(match: Match, users: dict[int, object], moves: list[dict]) -> Match:
    """Play ``moves`` in turn through the service (the seat to move plays each)."""
    for move in moves:
        match = Match.objects.get(pk=match.pk)
        seat = match.rules.to_move(match.state)[0]
        services.move_play(match_id=match.pk, user=users[seat], ply=match.ply, move=move)
    return Match.objects.get(pk=match.pk)


def play_randomly(match: Match, users: dict[int, object], seed: int = 1) -> Match:
    rng = random.Random(seed)
    while match.status == Match.Status.ACTIVE:
        seat = match.rules.to_move(match.state)[0]
        move = match.rules.random_move(match.state, seat, rng)
        services.move_play(match_id=match.pk, user=users[seat], ply=match.ply, move=move)
        match = Match.objects.get(pk=match.pk)
    return match


def test_the_replay_api_offers_the_record_so_far(client: Client) -> None:
    match, ann, ben = start_match("othello")
    match = play(match, {0: ann, 1: ben}, [{"cell": "f5"}, {"cell": "D6"}, {"cell": "C3"}])
    body = client.get(f"/api/replays/{match.replay_slug}/").json()
    assert body["record"] == "f5d6c3"
    assert match.status == Match.Status.ACTIVE


def test_a_game_without_a_record_has_null() -> None:
    match, _, _ = start_match("alpha_battle")
    body = Client().get(f"/api/replays/{match.replay_slug}/").json()
    assert body["record"] is None


def test_the_replay_page_shows_the_record_with_a_copy_button(client: Client) -> None:
    match, ann, ben = start_match("connect_four")
    match = play(match, {0: ann, 1: ben}, [{"action": "drop", "column": c} for c in (3, 3, 4, 2)])
    page = client.get(f"/r/{match.replay_slug}/").content.decode()
    assert "Game record" in page
    assert '<textarea id="game-record" readonly rows="2" spellcheck="false">4453</textarea>' in page
    assert 'data-copy="game-record"' in page and "js/copy.js" in page


def test_a_page_without_a_record_shows_no_box(client: Client) -> None:
    match, _, _ = start_match("alpha_battle")
    page = client.get(f"/r/{match.replay_slug}/").content.decode()
    assert "game-record" not in page


def test_a_whole_played_match_reads_back_as_its_replay_lists_it() -> None:
    match, ann, ben = start_match("reversi", {"size": 4})
    match = play_randomly(match, {0: ann, 1: ben}, seed=3)
    replay = Client().get(f"/api/replays/{match.replay_slug}/").json()
    read = (
        Client()
        .post(
            PARSE, {"game": "reversi", "options": {"size": 4}, "record": replay["record"]}, "application/json"
        )
        .json()
    )
    assert read["ply"] == match.ply == len(replay["moves"])
    assert read["moves"] == replay["moves"]
    assert read["states"] == replay["states"]


def test_parse_needs_no_login_nor_csrf_and_marks_forced_passes() -> None:
    game = GAMES["reversi"]
    options = game.clean_options({"size": 4})
    rng, played = random.Random(0), []
    for seed in range(200):  # a 4x4 game with a pass in it
        rng.seed(seed)
        state, played = game.setup(options, 0), []
        while game.outcome(state) is None:
            seat, move = game.forced(state) or (game.to_move(state)[0], None)
            move = move or game.random_move(state, seat, rng)
            state = game.play(state, seat, move)
            played.append((seat, move))
        if any("pass" in move for _, move in played):
            break
    client = Client(enforce_csrf_checks=True)
    response = client.post(
        PARSE,
        {"game": "reversi", "options": {"size": 4}, "record": game.record(options, played)},
        "application/json",
    )
    assert response.status_code == 200
    body = response.json()
    assert [(m["seat"], m["move"]) for m in body["moves"]] == played
    passes = [m for m in body["moves"] if m["move"] == {"pass": True}]
    assert passes and all(m["forced"] and m["label"] == "pass" for m in passes)
    assert not any(m["forced"] for m in body["moves"] if "cell" in m["move"])
    assert len(body["states"]) == body["ply"] + 1


@pytest.mark.parametrize(
    ("body", "code", "message"),
    [
        ({"game": "othello", "record": "f5d6c9"}, "bad_record", "Move 3 (c9) is off the 8x8 board."),
        ({"game": "othello", "record": "f5d6d4"}, "bad_record", "Move 3 (d4) is not legal: d4 is taken."),
        ({"game": "othello", "record": 42}, "bad_record", "The record must be text, such as f5d6c3."),
        (
            {"game": "othello", "record": "f5" * (MAX_RECORD_CHARS // 2 + 1)},
            "bad_record",
            "The record is too long (at most 4000 characters).",
        ),
        ({"game": "journey", "record": "a1"}, "bad_record", "The Journey has no game record."),
        ({"game": "chess", "record": "e4"}, "bad_options", "Unknown game: 'chess'."),
        (
            {"game": "reversi", "options": {"size": 5}, "record": ""},
            "bad_options",
            "Board size must be even.",
        ),
        ({"game": "reversi", "options": [], "record": ""}, "bad_options", None),
    ],
)
def test_bad_requests_answer_400_with_the_reason(body: dict, code: str, message: str | None) -> None:
    response = Client().post(PARSE, body, "application/json")
    assert response.status_code == 400
    assert response.json()["error"] == code
    if message is not None:
        assert response.json()["message"] == message


def test_a_body_that_is_not_json_is_bad_request() -> None:
    response = Client().post(PARSE, "f5d6", "text/plain")
    assert response.status_code == 400 and response.json()["error"] == "bad_request"


def test_parse_is_post_only() -> None:
    assert Client().get(PARSE).status_code == 405


def test_a_logged_in_player_reads_records_too() -> None:
    client = Client()
    client.force_login(make_user("cat"))
    response = client.post(PARSE, {"game": "reversi_1d", "record": "3 4 10"}, "application/json")
    assert response.status_code == 200
    assert [m["label"] for m in response.json()["moves"]] == ["3", "4", "10"]
