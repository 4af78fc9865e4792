"""The HTTP JSON API of protocol.md against a live daphne server."""

from __future__ import annotations

import pytest
import requests

from tests.live.helpers import settle
from tests.support.client import Player, replay_slug


def assert_error(r: requests.Response, status: int, code: str) -> dict:
    """A protocol error: the status, a JSON body with the code (docs/protocol.md) and a message."""
    assert r.status_code == status, (r.status_code, r.text[:500])
    assert r.headers["Content-Type"].startswith("application/json"), r.headers["Content-Type"]
    body = r.json()
    assert set(body) >= {"error", "message"}, body
    assert isinstance(body["error"], str) and body["error"], body
    assert isinstance(body["message"], str) and body["message"], body
    assert body["error"] == code, body
    return body


def test_games_list_shape(daphne_server):
    r = requests.get(daphne_server.url + "/api/games/", timeout=10)
    assert r.status_code == 200
    games = r.json()
    assert isinstance(games, list) and games
    for game in games:
        assert {"slug", "name", "options", "players"} <= set(game), game
        assert isinstance(game["name"], str) and game["name"]
        assert len(game["players"]) == 2 and game["players"][0] <= game["players"][1]
        for name, option in game["options"].items():
            assert {"type", "default"} <= set(option), (name, option)
            default = option["default"]
            if option["type"] == "int" and default is not None:
                assert option.get("min", default) <= default <= option.get("max", default), (name, option)
            if option["type"] == "choice":
                assert default in option["choices"], (name, option)
    reversi = next(g for g in games if g["slug"] == "reversi")
    assert reversi["players"] == [2, 2]
    size = reversi["options"]["size"]
    assert (size["type"], size["default"], size["min"], size["max"]) == ("int", 8, 4, 26)
    assert reversi["options"]["blocks"]["type"] == "text"
    assert reversi["options"]["blocks"]["default"] == ""


def test_create_returns_links(daphne_server):
    alice = Player(daphne_server.url).signup()
    r = alice.api("POST", "/api/matches/", {"game": "reversi", "options": {"size": 6}, "opponent": "invite"})
    assert r.status_code == 201, r.text
    body = r.json()
    mid = body["id"]
    assert isinstance(mid, str) and mid
    assert body["url"] == f"/m/{mid}/"
    assert body["ws_url"] == f"/ws/matches/{mid}/"
    assert body["invite_url"] and body["replay_url"]
    assert replay_slug(body) != mid
    assert body["options"]["size"] == 6
    # the links lead somewhere real
    assert alice.get(body["url"]).status_code == 200
    assert requests.get(daphne_server.url + body["replay_url"], timeout=10).status_code == 200


def test_anonymous_create_is_401(daphne_server):
    anon = Player(daphne_server.url)
    anon.get("/accounts/signup/")  # a csrftoken cookie, so only the missing login is wrong
    assert anon.http.cookies.get("csrftoken")
    r = anon.api("POST", "/api/matches/", {"game": "reversi", "options": {}, "opponent": "invite"})
    assert_error(r, 401, "not_authenticated")


def test_missing_csrf_header_is_403_json(daphne_server):
    alice = Player(daphne_server.url).signup()
    r = alice.http.post(
        daphne_server.url + "/api/matches/",
        json={"game": "reversi", "options": {}, "opponent": "invite"},
        timeout=10,
    )
    assert_error(r, 403, "csrf_failed")
    # a wrong token is refused the same way
    r = alice.http.post(
        daphne_server.url + "/api/matches/",
        json={"game": "reversi", "options": {}, "opponent": "invite"},
        headers={"X-CSRFToken": "x" * 32},
        timeout=10,
    )
    assert_error(r, 403, "csrf_failed")


@pytest.mark.parametrize(
    ("body", "says"),
    [
        ({"options": {"size": 4, "blocks": "A1 B1 C1 D1 A4 B4 C4 D4 A2"}}, "Too many blocks!"),
        ({"options": {"size": 4, "blocks": "B2"}}, "Invalid position! B2 holds a starting disc"),
        ({"options": {"size": 8, "blocks": "E5"}}, "Invalid position! E5 holds a starting disc"),
        ({"options": {"size": 4, "blocks": "A1 a1"}}, "Invalid position! A1 is listed twice"),
        ({"options": {"size": 4, "blocks": "E5"}}, "Invalid position! E5 is off the board"),
        ({"options": {"size": 6, "blocks": "A0"}}, "Invalid position! A0 is not a cell address"),
        ({"options": {"size": 5}}, "even"),
        ({"options": {"size": 28}}, "26"),
        ({"options": {"size": 2}}, "4"),
        ({"options": {"size": "big"}}, "number"),
        ({"game": "chess"}, "chess"),
        ({"side": 2}, "Side"),
        ({"side": "left"}, "Side"),
        ({"opponent": "nobody"}, "Opponent"),
        ({"opponent": "computer", "level": "grandmaster"}, "level"),
    ],
)
def test_bad_options_are_400_with_reason(daphne_server, body, says):
    alice = Player(daphne_server.url).signup()
    payload = {"game": "reversi", "options": {}, "opponent": "invite", "side": 0, **body}
    err = assert_error(alice.api("POST", "/api/matches/", payload), 400, "bad_options")
    assert says in err["message"], err


def test_malformed_body_is_400(daphne_server):
    alice = Player(daphne_server.url).signup()
    headers = {"X-CSRFToken": alice.http.cookies["csrftoken"], "Content-Type": "application/json"}
    for raw in (b"{not json", b"[1, 2]"):
        r = alice.http.post(daphne_server.url + "/api/matches/", data=raw, headers=headers, timeout=10)
        assert_error(r, 400, "bad_request")


def test_join_full_and_twice(daphne_server):
    alice, bob, carol = (Player(daphne_server.url).signup() for _ in range(3))
    created = alice.create(options={"size": 6}, side=0)
    mid = created["id"]
    # the creator "joining" her own waiting match changes nothing
    again = alice.join(mid)
    assert again["status"] == "waiting" and again["you"] == 0
    assert [p["username"] for p in again["players"]] == [alice.username, None]

    joined = bob.join(mid)
    assert joined["status"] == "active"
    assert joined["you"] == 1
    assert [p["username"] for p in joined["players"]] == [alice.username, bob.username]
    assert joined["to_move"] == [0] and joined["turn"] == 0

    assert_error(carol.api("POST", f"/api/matches/{mid}/join/"), 409, "match_full")
    twice = bob.join(mid)
    assert twice["status"] == "active" and twice["you"] == 1
    assert twice["players"] == joined["players"]
    # the refused third player is still a spectator
    seen = carol.match(mid)
    assert seen["you"] is None and seen["legal_moves"] == []


def test_unknown_match_is_404_json(daphne_server):
    alice = Player(daphne_server.url).signup()
    assert_error(alice.api("GET", "/api/matches/nope-nope/"), 404, "not_found")
    assert_error(alice.api("POST", "/api/matches/nope-nope/join/"), 404, "not_found")
    assert_error(alice.api("GET", "/api/replays/nope-nope/"), 404, "not_found")


async def test_api_match_equals_socket_state(site):
    table = await site.table({"size": 6})
    await table.play(table.sa.state["legal_moves"][0])
    watcher = await table.watch()
    await settle(table.sockets)
    for player, sock in ((table.a, table.sa), (table.b, table.sb), (site.anon(), watcher)):
        api = player.match(table.id)
        assert set(api) == set(sock.state)
        assert api == sock.state


async def test_replay_api_logged_out(site):
    table = await site.table({"size": 6})
    for _ in range(3):
        mover = table.seat_socket(table.sa.state["turn"])
        await table.play(mover.state["legal_moves"][-1])
    slug = replay_slug(table.match)
    assert slug != table.id
    r = requests.get(f"{site.server.url}/api/replays/{slug}/", timeout=10)
    assert r.status_code == 200
    replay = r.json()
    assert replay["match"]["id"] == table.id
    moves, states = replay["moves"], replay["states"]
    assert len(moves) == table.sa.state["ply"] == 3
    assert len(states) == len(moves) + 1
    assert [m["ply"] for m in moves] == [1, 2, 3]
    assert [m["seat"] for m in moves] == [0, 1, 0]
    assert all(set(m) >= {"ply", "seat", "move"} for m in moves)
    assert states[-1] == table.sa.state["board"]
    assert moves[-1]["move"] == table.sa.state["last_move"]["move"]
    # the replay page works logged out too
    assert requests.get(site.server.url + table.match["replay_url"], timeout=10).status_code == 200


def test_private_matches_are_not_listed(daphne_server):
    host, visitor = Player(daphne_server.url).signup(), Player(daphne_server.url).signup()
    private = host.create(opponent="invite", options={"size": 6})["id"]
    public = host.create(opponent="open", options={"size": 6})["id"]
    for viewer in (visitor, Player(daphne_server.url)):
        r = viewer.get("/")
        assert r.status_code == 200
        assert public in r.text
        assert private not in r.text


def test_actions_need_a_seat_and_the_right_moment(daphne_server):
    alice, bob, carol = (Player(daphne_server.url).signup() for _ in range(3))
    mid = alice.create(options={"size": 6}, side=0)["id"]
    bob.join(mid)
    for action in ("resign", "abort", "rematch"):
        assert_error(carol.api("POST", f"/api/matches/{mid}/{action}/"), 403, "not_a_player")
    assert_error(alice.api("POST", f"/api/matches/{mid}/rematch/"), 409, "not_over")
    alice.move_once(mid)  # before any move, resigning would abort
    resigned = bob.api("POST", f"/api/matches/{mid}/resign/")
    assert resigned.status_code == 200
    assert resigned.json()["status"] == "finished"
    assert resigned.json()["result"]["winner"] == 0 and resigned.json()["result"]["reason"] == "resign"
    assert_error(alice.api("POST", f"/api/matches/{mid}/resign/"), 409, "match_over")
    assert_error(carol.api("POST", f"/api/matches/{mid}/join/"), 409, "match_full")


MATCH = {"game": "reversi", "options": {}, "opponent": "invite", "side": 0}
CPU = {**MATCH, "opponent": "computer"}
DUEL = {"to": "<other>", "game": "reversi"}
CUP = {"name": "Cup", "game": "reversi", "clock": {"initial": 180, "increment": 2}}


@pytest.mark.parametrize(
    ("path", "body", "status", "code", "field"),
    [
        ("/api/matches/", {**MATCH, "game": "chess"}, 400, "bad_options", "game"),
        ("/api/matches/", {**MATCH, "options": 5}, 400, "bad_options", "options"),
        ("/api/matches/", {**MATCH, "options": {"size": 5}}, 400, "bad_options", "size"),
        ("/api/matches/", {**MATCH, "options": {"size": 4, "blocks": "B2"}}, 400, "bad_options", "blocks"),
        ("/api/matches/", {**MATCH, "options": {"colour": "red"}}, 400, "bad_options", "colour"),
        ("/api/matches/", {**MATCH, "side": 2}, 400, "bad_options", "side"),
        ("/api/matches/", {**MATCH, "opponent": "nobody"}, 400, "bad_options", "opponent"),
        ("/api/matches/", {**CPU, "level": "grandmaster"}, 400, "bad_options", "level"),
        ("/api/matches/", {**MATCH, "clock": {"initial": 0, "increment": 0}}, 400, "bad_options", "clock"),
        ("/api/matches/", {**MATCH, "clock": {"days": 4}}, 400, "bad_options", "clock"),
        ("/api/matches/", {**MATCH, "clock": "fast"}, 400, "bad_options", "clock"),
        ("/api/matches/", {**MATCH, "rated": "yes"}, 400, "bad_options", "rated"),
        ("/api/matches/", {**CPU, "level": "random", "rated": True}, 400, "bad_options", "rated"),
        ("/api/matches/", {**MATCH, "rated": True, "takebacks": True}, 400, "bad_options", "takebacks"),
        ("/api/matches/", {**MATCH, "takebacks": "no"}, 400, "bad_options", "takebacks"),
        ("/api/records/parse/", {"game": "othello", "record": 42}, 400, "bad_record", "record"),
        ("/api/records/parse/", {"game": "othello", "record": "f5z9"}, 400, "bad_record", "record"),
        ("/api/records/parse/", {"game": "chess", "record": "e4"}, 400, "bad_options", "game"),
        ("/api/challenges/", {"to": "<me>", "game": "reversi"}, 400, "bad_options", "to"),
        ("/api/challenges/", {"to": "nobody-at-all", "game": "reversi"}, 404, "not_found", "to"),
        ("/api/challenges/", {**DUEL, "game": "journey"}, 400, "bad_options", "game"),
        ("/api/challenges/", {**DUEL, "clock": {"days": 9}}, 400, "bad_options", "clock"),
        ("/api/tournaments/", {**CUP, "name": ""}, 400, "bad_options", "name"),
        ("/api/tournaments/", {**CUP, "clock": None}, 400, "bad_options", "clock"),
        ("/api/tournaments/", {**CUP, "options": {"size": 3}}, 400, "bad_options", "size"),
        ("/api/tournaments/", {**CUP, "levels": ["grandmaster"]}, 400, "bad_options", "levels"),
    ],
)
def test_field_errors_name_their_field(daphne_server, path, body, status, code, field):
    """protocol.md: every 4xx error about one field names it in ``field`` (issue 50)."""
    alice, bob = Player(daphne_server.url).signup(), Player(daphne_server.url).signup()
    names = {"<me>": alice.username, "<other>": bob.username}
    body = {key: names.get(value, value) if isinstance(value, str) else value for key, value in body.items()}
    err = assert_error(alice.api("POST", path, body), status, code)
    assert err.get("field") == field, err


def test_errors_without_a_field_at_fault_have_none(daphne_server):
    """``field`` only when one field is at fault: not for a body that is not JSON."""
    alice = Player(daphne_server.url).signup()
    headers = {"X-CSRFToken": alice.http.cookies["csrftoken"], "Content-Type": "application/json"}
    r = alice.http.post(daphne_server.url + "/api/matches/", data=b"[1]", headers=headers, timeout=10)
    assert "field" not in assert_error(r, 400, "bad_request")
