"""Whole games between real clients: two players (and a spectator) on real sockets."""

from __future__ import annotations

import asyncio
import random

import requests

from tests.live.helpers import (
    Table,
    both_online,
    expected_winner,
    game_view,
    plies_seen,
    refused,
    settle,
    states_seen,
)

RESULT_LINES = {0: "Player X wins!", 1: "Player O wins!", None: "Draw game!"}


def broadcast_plies(moves: list[dict]) -> list[int]:
    """The plies clients see a state for: the start, and each player's move together with
    the passes the server forced right after it (one state for the lot)."""
    plies = [0]
    for i, move in enumerate(moves):
        nxt = moves[i + 1] if i + 1 < len(moves) else None
        if nxt is None or not nxt["forced"]:
            if move["ply"] != plies[-1]:
                plies.append(move["ply"])
    return plies


def check_against_replay(table: Table, replay: dict) -> None:
    """Every state a socket saw is the replay's position at that ply, last move included."""
    moves, states = replay["moves"], replay["states"]
    assert [m["ply"] for m in moves] == list(range(1, len(moves) + 1))
    assert len(states) == len(moves) + 1
    for sock in table.sockets:
        for seen in states_seen(sock):
            assert seen["board"] == states[seen["ply"]], seen["ply"]
            if seen["ply"]:
                stored = moves[seen["ply"] - 1]
                assert seen["last_move"] == {k: stored[k] for k in ("ply", "seat", "move")}
            else:
                assert seen["last_move"] is None


def transcript(site, replay: dict) -> str:
    r = requests.get(site.server.url + replay["match"]["transcript_url"], timeout=10)
    assert r.status_code == 200
    assert r.headers["Content-Type"].startswith("text/plain")
    return r.text


async def test_whole_game_with_a_spectator(site):
    table = await site.table({"size": 8})
    watcher = await table.watch()
    # (with this seed the game has a forced pass in the middle: another path for the checks)
    final = await table.play_random(random.Random(20240608))

    # everybody ends on the same finished position
    assert final["status"] == "finished"
    for sock in table.sockets:
        assert sock.state["status"] == "finished"
        for key in ("ply", "board", "result", "last_move", "to_move", "turn"):
            assert sock.state[key] == final[key], key
        assert sock.state["legal_moves"] == []
    result = final["result"]
    assert result["score"] == final["board"]["count"]
    assert result["winner"] == expected_winner(result["score"])
    assert result["reason"] in ("board full", "no valid moves", "draw")

    replay = table.replay()
    moves = replay["moves"]
    assert len(moves) == final["ply"]
    assert replay["match"]["status"] == "finished" and replay["match"]["result"] == result
    assert replay["states"][-1] == final["board"]
    # every ply reached both players and the spectator, in order (a forced pass travels
    # with the move before it: one stored move, one state)
    expected = broadcast_plies(moves)
    assert plies_seen(table.sa) == plies_seen(table.sb) == plies_seen(watcher) == expected
    check_against_replay(table, replay)
    # a server-forced pass is a stored {"pass": true} that clients see as last_move
    for move in moves:
        assert move["forced"] == (move["move"] == {"pass": True}), move
    for seen in states_seen(watcher):
        if seen["last_move"] and moves[seen["ply"] - 1]["forced"]:
            assert seen["last_move"]["move"] == {"pass": True}

    text = transcript(site, replay)
    assert "Game over:" in text
    assert text.rstrip("\n").endswith(RESULT_LINES[result["winner"]])
    assert text.count("Round ") == len(moves)


async def test_forced_pass_mid_game(site):
    # 4x4 with blocks A2 A4 C4: after X plays A3, O has no move and the server passes for it
    table = await site.table({"size": 4, "blocks": "A2 A4 C4"})
    watcher = await table.watch()
    assert {"cell": "A3"} in table.sa.state["legal_moves"]
    state = await table.play({"cell": "A3"})
    assert state["ply"] == 2 and state["status"] == "active"
    for sock in table.sockets:
        assert sock.state["last_move"] == {"ply": 2, "seat": 1, "move": {"pass": True}}
        assert sock.state["turn"] == 0
    assert table.sa.state["legal_moves"] and table.sb.state["legal_moves"] == []
    moves = table.replay()["moves"]
    assert [(m["ply"], m["seat"], m["move"], m["forced"]) for m in moves] == [
        (1, 0, {"cell": "A3"}, False),
        (2, 1, {"pass": True}, True),
    ]
    assert plies_seen(watcher) == [0, 2]
    final = await table.play_random(random.Random(4))
    assert final["status"] == "finished"
    check_against_replay(table, table.replay())
    assert "Player O has no valid moves! Pass!" in transcript(site, table.replay())


async def test_blocked_board_ends_on_join_with_two_passes(site):
    alice, bob = site.player("a"), site.player("b")
    created = alice.create(options={"size": 4, "blocks": "B1 C1 A2 D2 A3 D3 B4 C4"}, side=0)
    sa = await site.socket(alice, created["id"])
    await sa.wait_state(lambda m: m["players"][0]["connected"])
    joined = bob.join(created["id"])
    assert joined["status"] == "finished"
    assert joined["ply"] == 2
    result = joined["result"]
    assert (result["winner"], result["reason"], result["score"]) == (None, "draw", {"X": 2, "O": 2})
    assert joined["last_move"] == {"ply": 2, "seat": 1, "move": {"pass": True}}
    seen = await sa.wait_state(lambda m: m["status"] == "finished")
    assert game_view(seen) | {"you": None} == game_view(joined) | {"you": None}
    replay = site.anon().replay(created)
    assert [(m["ply"], m["seat"], m["move"], m["forced"]) for m in replay["moves"]] == [
        (1, 0, {"pass": True}, True),
        (2, 1, {"pass": True}, True),
    ]
    assert len(replay["states"]) == 3
    text = transcript(site, replay)
    assert "Player X has no valid moves! Pass!" in text
    assert "Player O has no valid moves! Pass!" in text
    assert "Game over:" in text
    assert text.rstrip("\n").endswith("Draw game!")


async def test_presence(site):
    table = await site.table({"size": 6})
    assert table.sb.state["players"][0]["connected"] is True
    await table.sa.close()
    gone = await table.sb.wait_state(lambda m: m["players"][0]["connected"] is False)
    assert gone["players"][1]["connected"] is True
    table.sa = await site.socket(table.a, table.id)
    back = await table.sb.wait_state(lambda m: m["players"][0]["connected"] is True)
    assert back["players"][1]["connected"] is True
    mine = await table.sa.wait_state(both_online)
    assert mine["you"] == 0 and mine["legal_moves"]


async def test_a_socket_gets_one_state_on_arrival(site):
    """Arriving, a player's socket gets the current state once (its own arrival is not sent
    to it again), and the opponent gets one new state saying they are connected."""
    table = await site.table({"size": 6})
    await table.sa.close()
    await table.sb.wait_state(lambda m: m["players"][0]["connected"] is False)
    await settle([table.sb])
    before = len(table.sb.history)
    table.sa = await site.socket(table.a, table.id)
    first = await table.sa.wait_state()
    assert both_online(first) and first["you"] == 0 and first["legal_moves"]
    await settle(table.sockets)
    assert table.sa.history == [{"type": "state", "match": first}]
    arrivals = table.sb.history[before:]
    assert [m["type"] for m in arrivals] == ["state"] and both_online(arrivals[0]["match"])


async def test_resign(site):
    table = await site.table({"size": 6})
    await table.play(table.sa.state["legal_moves"][0])
    await table.sa.send({"type": "resign"})
    for sock in table.sockets:
        state = await sock.wait_state(lambda m: m["status"] == "finished")
        assert state["result"]["winner"] == 1
        assert state["result"]["reason"] == "resign"
        assert state["legal_moves"] == [] and state["to_move"] == []
    text = transcript(site, table.replay())
    assert "Player X resigned." in text


async def test_abort_before_the_second_players_first_move(site):
    table = await site.table({"size": 6})
    assert table.sa.state["can_abort"] is True
    await table.play(table.sa.state["legal_moves"][0])
    assert table.sb.state["can_abort"] is True
    await table.sb.send({"type": "abort"})
    for sock in table.sockets:
        state = await sock.wait_state(lambda m: m["status"] == "aborted")
        assert state["legal_moves"] == [] and state["result"] is None
    await refused(table, table.sa, {"type": "abort"}, "match_over")


async def test_abort_refused_after_both_moved(site):
    table = await site.table({"size": 6})
    await table.play(table.sa.state["legal_moves"][0])
    await table.play(table.sb.state["legal_moves"][0])
    assert table.sa.state["can_abort"] is False
    for sock in (table.sa, table.sb):
        error, state = await refused(table, sock, {"type": "abort"}, "cannot_abort")
        assert state["status"] == "active"
    r = table.a.api("POST", f"/api/matches/{table.id}/abort/")
    assert r.status_code == 409 and r.json()["error"] == "cannot_abort"
    assert table.a.match(table.id)["status"] == "active"


async def test_rematch(site):
    table = await site.table({"size": 6, "blocks": "A1 F6"})
    await table.play(table.sa.state["legal_moves"][0])
    await table.sb.send({"type": "resign"})
    await asyncio.gather(*(s.wait_state(lambda m: m["status"] == "finished") for s in table.sockets))
    await settle(table.sockets)

    r = table.a.api("POST", f"/api/matches/{table.id}/rematch/")
    assert r.status_code == 200, r.text
    new = r.json()
    assert new["id"] != table.id
    # an offer: B is not seated (nor their clock started) until B says yes
    assert new["status"] == "waiting" and new["ply"] == 0
    assert new["options"] == table.match["options"] == {"size": 6, "blocks": "A1 F6", "start": ""}
    assert [p["username"] for p in new["players"]] == [None, table.a.username]
    assert new["you"] == 1
    # both old pages learn about the offer at once
    offer = {"url": f"/m/{new['id']}/", "by": 0, "status": "offered"}
    for sock in table.sockets:
        state = await sock.wait_state(lambda m: m["rematch_url"] is not None)
        assert state["rematch_url"] == f"/m/{new['id']}/" and state["rematch"] == offer
    # B accepts by asking too: the same rematch, now live; both old pages say so
    again = table.b.api("POST", f"/api/matches/{table.id}/rematch/").json()
    assert again["id"] == new["id"] and again["you"] == 0 and again["status"] == "active"
    assert [p["username"] for p in again["players"]] == [table.b.username, table.a.username]
    for sock in table.sockets:
        await sock.wait_state(lambda m: (m["rematch"] or {}).get("status") == "accepted")
    # and it is live: B now plays X and moves first
    sb = await site.socket(table.b, new["id"])
    state = await sb.wait_state(lambda m: m["you"] == 0)
    assert state["turn"] == 0 and state["legal_moves"]
    assert state["board"]["board"][0][0] == "#" and state["board"]["board"][5][5] == "#"
    move = state["legal_moves"][0]
    await sb.move(move)
    after = await sb.wait_state(lambda m: m["ply"] == 1)
    assert after["last_move"] == {"ply": 1, "seat": 0, "move": move}


async def test_computer_opponent_answers_by_itself(site):
    alice = site.player("h")
    created = alice.create(options={"size": 6}, opponent="computer", level="random", side=0)
    assert created["status"] == "active"
    assert created["players"][1]["computer"] == "random"
    sock = await site.socket(alice, created["id"])
    rng = random.Random(99)
    human_moves, played = 0, -1
    for _ in range(100):
        # our turn again after the move we made (the computer has answered), or the end
        state = await sock.wait_state(
            lambda m, after=played: m["status"] != "active" or (m["turn"] == 0 and m["ply"] > after),
            timeout=20,
        )
        if state["status"] != "active":
            break
        assert state["legal_moves"]
        played = state["ply"]
        await sock.move(rng.choice(state["legal_moves"]), played)
        human_moves += 1
    else:
        raise AssertionError("the game against the computer did not end")
    assert state["status"] == "finished"
    assert state["result"]["winner"] == expected_winner(state["result"]["score"])
    moves = site.anon().replay(created)["moves"]
    assert [m["ply"] for m in moves] == list(range(1, len(moves) + 1))
    computer = [m for m in moves if m["seat"] == 1 and not m["forced"]]
    humans = [m for m in moves if m["seat"] == 0 and not m["forced"]]
    assert len(humans) == human_moves and computer
    # the computer answered every human move that left it a move to make
    for i, m in enumerate(moves[:-1]):
        if m["seat"] == 0:
            assert moves[i + 1]["seat"] == 1, moves[i : i + 2]


async def test_computer_moves_first_when_it_plays_black(site):
    alice = site.player("h")
    created = alice.create(options={"size": 6}, opponent="computer", level="random", side=1)
    sock = await site.socket(alice, created["id"])
    state = await sock.wait_state(lambda m: m["ply"] >= 1, timeout=20)
    assert state["last_move"]["seat"] == 0
    assert state["you"] == 1 and state["turn"] == 1 and state["legal_moves"]
