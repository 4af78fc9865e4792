"""Every game played to its end by real WebSocket clients that know no rules: they pick from
``legal_moves`` (or, where that is a description, from what it describes)."""

from __future__ import annotations

import random

import pytest
import requests

from tests.support.client import Player, Socket

LISTED = [
    ("reversi", {"size": 6, "blocks": "A1 F6"}),
    ("othello", {}),
    ("connect_four", {}),
    ("connect_four", {"rows": 5, "columns": 5, "pop_out": True}),
    ("reversi_1d", {}),
]


async def latest(sock: Socket, ply: int) -> dict:
    """The first state this socket gets at ``ply`` or later."""
    return await sock.wait_state(lambda m: m["ply"] >= ply or m["status"] != "active", timeout=20)


@pytest.mark.parametrize("slug,options", LISTED, ids=[f"{s}-{i}" for i, (s, _) in enumerate(LISTED)])
async def test_two_clients_play_a_whole_game(daphne_server, slug, options):
    rng = random.Random(f"{slug}{options}")
    a, b = Player(daphne_server.url).signup(), Player(daphne_server.url).signup()
    created = a.create(game=slug, options=options, side=0)
    b.join(created["id"])
    socks = [await a.socket(created["id"]), await b.socket(created["id"])]
    watcher = await Player(daphne_server.url).socket(created["id"])
    views = [await latest(s, 0) for s in socks]
    plies = 0
    while views[0]["status"] == "active" and plies < 400:
        mover = views[0]["turn"]
        assert mover in (0, 1) and views[1 - mover]["legal_moves"] == []
        move = rng.choice(views[mover]["legal_moves"])
        await socks[mover].send({"type": "move", "ply": views[mover]["ply"], "move": move})
        views = [await latest(s, views[0]["ply"] + 1) for s in socks]
        assert views[0]["ply"] == views[1]["ply"] and views[0]["board"] == views[1]["board"]
        plies += 1
    if views[0]["status"] == "active":  # a pop-out game can go on for ever: resign it
        await socks[0].send({"type": "resign"})
        views = [await s.wait_state(lambda m: m["status"] == "finished") for s in socks]
    result = views[0]["result"]
    assert views[0]["status"] == "finished" and result == views[1]["result"] and result["message"]
    seen = await watcher.wait_state(lambda m: m["status"] == "finished", timeout=20)
    assert seen["board"] == views[0]["board"] and seen["you"] is None
    replay = requests.get(daphne_server.url + "/api/replays/" + created["replay_url"][3:], timeout=10).json()
    assert len(replay["states"]) == len(replay["moves"]) + 1 == views[0]["ply"] + 1
    assert replay["states"][-1] == seen["board"]
    text = requests.get(daphne_server.url + created["replay_url"] + "transcript.txt", timeout=10).text
    assert text.strip()
    for sock in socks + [watcher]:
        await sock.close()


def journey_move(view: dict, rng: random.Random) -> dict:
    """A move chosen from the described choices: an answer, or any cell but one's own."""
    choices = view["legal_moves"]
    if "answer" in choices[0]:
        return rng.choice(choices)
    own = view["board"]["warriors"][view["you"]]["pos"]
    cells = [[x, y] for x in range(10) for y in range(10) if [x, y] != own]
    return {"target": rng.choice(cells)}


async def test_journey_with_three_clients(daphne_server):
    rng = random.Random(3)
    people = [Player(daphne_server.url).signup() for _ in range(3)]
    created = people[0].create(
        game="journey", options={"mode": "alliance", "players": 3, "seed": "5"}, side=0
    )
    assert created["status"] == "waiting" and len(created["players"]) == 3
    for person in people[1:]:
        person.join(created["id"])
    socks = [await p.socket(created["id"]) for p in people]
    views = [await latest(s, 0) for s in socks]
    assert sorted(v["you"] for v in views) == [0, 1, 2]
    by_seat = {v["you"]: i for i, v in enumerate(views)}
    unmet_seen = []
    for _ in range(120):
        if views[0]["status"] != "active":
            break
        seat = views[0]["turn"]
        mover = by_seat[seat]
        for i, v in enumerate(views):
            assert (v["legal_moves"] != []) == (i == mover)
            assert v["board"] == views[0]["board"]
        board = views[0]["board"]
        unmet_seen += [m for m in board["monsters"] if "power" not in m]
        move = journey_move(views[mover], rng)
        await socks[mover].send({"type": "move", "ply": views[mover]["ply"], "move": move})
        views = [await latest(s, views[0]["ply"] + 1) for s in socks]
    assert unmet_seen, "some monster's power stayed hidden for a while"
    final_ply = views[0]["ply"]
    replay = requests.get(daphne_server.url + "/api/replays/" + created["replay_url"][3:], timeout=10).json()
    assert len(replay["moves"]) == final_ply
    text = requests.get(daphne_server.url + created["replay_url"] + "transcript.txt", timeout=10).text
    assert text.startswith("Welcome to Kafustrok. Light blesses you.")
    for sock in socks:
        await sock.close()
