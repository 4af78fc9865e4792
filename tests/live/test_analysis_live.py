"""``POST /api/analysis/`` on a real daphne (issue 26): proved values agree with a plain
minimax written here (over the rules' engine only), bad input is a 400 with its reason and
field, and one address asking for too many at once, or too often, gets 429 (issue 50: its
refused requests count too, and the limit comes before any replay)."""

from __future__ import annotations

import random
from concurrent.futures import ThreadPoolExecutor
from functools import cache

import requests

from games.catalog.registry import GAMES
from games.rules.alpha_battle import alpha_battle
from tests.support.server import serving

ONE_D = GAMES["reversi_1d"]


def ask(server, body, **kwargs) -> requests.Response:
    return requests.post(f"{server.url}/api/analysis/", json=body, timeout=60, **kwargs)


@cache
def minimax_1d(board: tuple[str, ...], turn: int) -> int:
    """Final (mover - other) discs under perfect play, by the engine's own moves."""
    state = {"board": list(board), "turn": turn, "last": None, "flipped": []}
    end = ONE_D.outcome(state)
    if end is not None:
        score = list(end.score.values())
        return score[turn] - score[1 - turn]
    return max(
        -minimax_1d(tuple(after["board"]), after["turn"])
        for move in ONE_D.legal_moves(state, turn)
        for after in [ONE_D.play(state, turn, move)]
    )


def test_one_dimensional_reversi_values_are_proved_and_exact(daphne_server):
    rng = random.Random(26)
    for _ in range(4):
        state, moves = ONE_D.setup({}, seed=0), []
        for _ in range(rng.randrange(4, 8)):
            move = ONE_D.random_move(state, state["turn"], rng)
            moves.append(move)
            state = ONE_D.play(state, state["turn"], move)
        r = ask(daphne_server, {"game": "reversi_1d", "moves": moves})
        assert r.status_code == 200, r.text
        body = r.json()
        assert (body["to_move"], body["ply"], body["proved"]) == (state["turn"], len(moves), True)
        assert body["position"]["board"] == state["board"]
        seat = state["turn"]
        expected = {}
        for move in ONE_D.legal_moves(state, seat):
            after = ONE_D.play(state, seat, move)
            expected[move["position"]] = -minimax_1d(tuple(after["board"]), after["turn"])
        got = {row["move"]["position"]: row["value"] for row in body["moves"]}
        assert got == expected
        assert body["value"] == max(expected.values())
        assert body["outcome"] == ("win" if body["value"] > 0 else "loss" if body["value"] < 0 else "draw")
        assert [row["value"] for row in body["moves"]] == sorted(got.values(), reverse=True)  # best first


def test_bad_input_is_a_400_with_its_reason(daphne_server):
    one_d = "reversi_1d"
    for body, code, field, words in (
        ({"game": "chess"}, "bad_options", "game", "Unknown game"),
        ({"game": "journey"}, "bad_options", "game", "The Journey has no analysis."),
        ({"game": "connect_four", "options": []}, "bad_options", "options", "options is an object"),
        ({"game": "connect_four", "options": "x"}, "bad_options", "options", "options is an object"),
        ({"game": "connect_four", "options": {"rows": 99}}, "bad_options", "options", "Rows"),
        ({"game": one_d, "moves": [{"position": 3}, {"position": 3}]}, "bad_position", "moves", "Move 2"),
        ({"game": one_d, "moves": "f5"}, "bad_position", "moves", "moves is a list"),
        ({"game": one_d, "position": "..Q........."}, "bad_position", "position", "Slot 3 holds 'Q'"),
        ({"game": one_d, "position": "....XO......", "to_move": "X"}, "bad_position", "to_move", "to_move"),
        ({"game": one_d, "moves": [{"position": 1}] * 1001}, "bad_position", "moves", "At most 1000 moves"),
    ):
        r = ask(daphne_server, body)
        assert r.status_code == 400, (body, r.text)
        answer = r.json()
        assert (answer["error"], answer["field"]) == (code, field) and words in answer["message"], answer
    r = requests.post(f"{daphne_server.url}/api/analysis/", data=b"[1]", timeout=10)
    assert (r.status_code, r.json()["error"]) == (400, "bad_request")
    r = requests.get(f"{daphne_server.url}/api/analysis/", timeout=10)
    assert r.status_code == 405 and r.json()["error"] == "bad_request"


def test_an_edited_position_is_analysed(daphne_server):
    r = ask(daphne_server, {"game": "reversi_1d", "position": "XOOOOOOOOOO.", "to_move": 0})
    assert r.status_code == 200, r.text
    body = r.json()
    only = {"move": {"position": 12}, "proved": True, "outcome": "win", "value": 12, "label": "12"}
    assert body["moves"] == [only]
    assert body["ply"] == 0 and body["notes"] == []


def test_one_address_asking_too_many_at_once_is_refused(daphne_server):
    # Pop-out Connect Four: no solver, no book, the search's whole second each time.
    start = {"game": "connect_four", "options": {"pop_out": True}, "moves": []}
    with ThreadPoolExecutor(8) as pool:
        answers = list(pool.map(lambda _: ask(daphne_server, start), range(8)))
    codes = [r.status_code for r in answers]
    assert codes.count(200) >= 2 and 429 in codes and set(codes) == {200, 429}, codes
    refused = next(r for r in answers if r.status_code == 429).json()
    assert refused["error"] == "rate_limited" and refused["message"]


def test_alpha_battle_one_setup_public_answers_the_best_reply(daphne_server):
    p = {"letters": "MZNHUVIOEPTWFJCBXKALSDQGYR", "indices": [1, 3, 2, 8, 10, 12, 9, 7, 4, 22]}
    q = {"letters": "YFTUCSQOMGKPXNDWHIVJRABZEL", "indices": [21, 24, 25, 3, 4, 1, 8, 9, 10, 17]}
    most = sum(map(ord, "QRSTUVWXYZ")) - sum(map(ord, "ABCDEFGHIJ"))  # no reply beats it
    for seat, setup in ((0, p), (1, q)):
        r = ask(daphne_server, {"game": "alpha_battle", "moves": [{"seat": seat, "move": setup}]})
        assert r.status_code == 200, r.text
        body = r.json()
        (row,) = body["moves"]
        assert (body["to_move"], body["proved"], body["outcome"], body["value"]) == (
            1 - seat,
            True,
            "win",
            most,
        )
        assert (row["proved"], row["outcome"], row["value"]) == (True, "win", most)
        both = (setup, row["move"]) if seat == 0 else (row["move"], setup)
        score = alpha_battle(both[0]["letters"], both[0]["indices"], both[1]["letters"], both[1]["indices"])
        assert score["PQ"[1 - seat]] - score["PQ"[seat]] == most  # the seed's rounds agree
        assert body["line"] == [{"ply": 1, "seat": seat, "move": setup, "forced": False, "label": "setup"}]
        assert body["position"]["setups"] == [None, None]  # the view shows nobody's setup
    r = ask(
        daphne_server, {"game": "alpha_battle", "moves": [{"seat": 0, "move": p}, {"seat": 1, "move": q}]}
    )
    body = r.json()
    assert (r.status_code, body["to_move"], body["moves"]) == (200, None, [])
    assert body["result"]["score"] == {"P": 64, "Q": 96}
    for moves, words in (
        ([], "Alpha Battle is analysed once a setup is public: give one seat's setup in moves."),
        ([p], "Move 1: seats 0 and 1 move at once"),
        ([{"seat": 0, "move": {**p, "indices": [1, 1]}}], "Move 1"),
    ):
        r = ask(daphne_server, {"game": "alpha_battle", "moves": moves})
        assert (r.status_code, r.json()["error"]) == (400, "bad_position"), r.text
        assert words in r.json()["message"]
    assert requests.get(f"{daphne_server.url}/analysis/alpha_battle/", timeout=10).status_code == 404


def long_refused_body() -> dict:
    """A whole game of 26x26 Reversi (some 670 moves, as the issue's flood sent) and one move
    more: refused, once all the others are replayed."""
    game = GAMES["reversi"]
    options = game.clean_options({"size": 26})
    state, moves, rng = game.setup(options, seed=0), [], random.Random(50)
    while game.to_move(state):
        seat, move = game.forced(state) or (state["turn"], game.random_move(state, state["turn"], rng))
        moves.append(move)
        state = game.play(state, seat, move)
    return {"game": "reversi", "options": options, "moves": [*moves, {"cell": "A1"}]}


def test_refused_requests_count_and_the_limit_comes_before_the_replay(tmp_path):
    # A burst of 3 requests an address, refilled once a minute: a bad body spends as a good one.
    limits = {"ANALYSIS_RATE_BURST": "3", "ANALYSIS_RATE_PER_SECOND": "0.016"}
    body = long_refused_body()
    assert 600 < len(body["moves"]) <= 1000
    with serving(tmp_path, limits) as server:
        answers = [ask(server, body) for _ in range(8)]
        codes = [r.status_code for r in answers]
        assert codes == [400] * 3 + [429] * 5, codes  # before: 400 each time, the replay each time
        first, refused = answers[0].json(), answers[-1].json()
        assert (first["error"], first["field"]) == ("bad_position", "moves")
        assert "the game is already over" in first["message"]
        assert refused["error"] == "rate_limited" and refused["message"]
