"""Alpha Battle over real sockets: a setup never reaches anyone else before both are in."""

from __future__ import annotations

import json
import random

import requests

from games.rules.alpha_battle import alpha_battle
from tests.support.client import Player


def setup_of(rng: random.Random) -> dict:
    letters = "".join(rng.sample("ABCDEFGHIJKLMNOPQRSTUVWXYZ", 26))
    return {"letters": letters, "indices": rng.sample(range(26), 10)}


async def test_secret_setup_stays_secret_until_both_commit(daphne_server):
    rng = random.Random(11)
    p, q = Player(daphne_server.url).signup(), Player(daphne_server.url).signup()
    created = p.create(game="alpha_battle", options={}, side=0)
    q.join(created["id"])
    ps, qs = await p.socket(created["id"]), await q.socket(created["id"])
    watcher = await Player(daphne_server.url).socket(created["id"])  # logged out
    start = await ps.wait_state(lambda m: m["status"] == "active")
    assert start["to_move"] == [0, 1] and start["turn"] is None
    assert start["legal_moves"] and isinstance(start["legal_moves"][0]["letters"], str)

    p_setup, q_setup = setup_of(rng), setup_of(rng)
    await ps.send({"type": "move", "ply": 0, "move": p_setup})
    await ps.wait_state(lambda m: m["ply"] == 1)
    seen_by_q = [await qs.wait_for(lambda m: m["type"] == "state" and m["match"]["ply"] == 1)]
    seen_by_watcher = [await watcher.wait_for(lambda m: m["type"] == "state" and m["match"]["ply"] == 1)]
    replay = requests.get(
        daphne_server.url + "/api/replays/" + created["replay_url"].split("/")[2] + "/", timeout=10
    )
    transcript = requests.get(daphne_server.url + created["replay_url"] + "transcript.txt", timeout=10)
    for raw in [json.dumps(m) for m in seen_by_q + seen_by_watcher] + [replay.text, transcript.text]:
        assert p_setup["letters"] not in raw and json.dumps(p_setup["indices"]) not in raw
    q_view = seen_by_q[0]["match"]
    assert q_view["to_move"] == [1] and q_view["board"]["committed"] == [True, False]
    assert q_view["last_move"]["move"] == {"committed": True}

    # Q saw ply 0 before P's commit: the crossing commit is still accepted.
    await qs.send({"type": "move", "ply": 0, "move": q_setup})
    final = await qs.wait_state(lambda m: m["status"] == "finished")
    expected = alpha_battle(p_setup["letters"], p_setup["indices"], q_setup["letters"], q_setup["indices"])
    assert final["result"]["score"] == expected
    assert final["board"]["setups"][0]["letters"] == p_setup["letters"]
    assert len(final["board"]["rounds"]) == 16
    watched = await watcher.wait_state(lambda m: m["status"] == "finished")
    assert watched["result"] == final["result"]
    text = requests.get(daphne_server.url + created["replay_url"] + "transcript.txt", timeout=10).text
    assert p_setup["letters"] in text and f"Score: {{'P': {expected['P']}, 'Q': {expected['Q']}}}" in text
    for sock in (ps, qs, watcher):
        await sock.close()


async def test_duplicate_commit_is_refused_and_changes_nothing(daphne_server):
    p, q = Player(daphne_server.url).signup(), Player(daphne_server.url).signup()
    created = p.create(game="alpha_battle", options={}, side=0)
    q.join(created["id"])
    ps = await p.socket(created["id"])
    await ps.wait_state(lambda m: m["status"] == "active")
    first = setup_of(random.Random(1))
    await ps.send({"type": "move", "ply": 0, "move": first})
    await ps.wait_state(lambda m: m["ply"] == 1)
    await ps.send({"type": "move", "ply": 0, "move": setup_of(random.Random(2))})
    err = await ps.wait_for(lambda m: m["type"] == "error")
    assert err["code"] == "stale_ply"
    await ps.send({"type": "move", "ply": 1, "move": {"letters": "ABC", "indices": [1]}})
    err = await ps.wait_for(lambda m: m["type"] == "error")
    assert err["code"] == "not_your_turn"
    mine = await ps.wait_state()
    assert mine["ply"] == 1 and mine["board"]["setups"][0]["letters"] == first["letters"]
    await ps.close()


def test_seeded_deal_is_decided_at_once(daphne_server):
    p, q = Player(daphne_server.url).signup(), Player(daphne_server.url).signup()
    created = p.create(game="alpha_battle", options={"seed": 14}, side=0)
    joined = q.join(created["id"])
    assert joined["status"] == "finished"
    from games.rules.alpha_battle import random_setup

    assert joined["result"]["score"] == alpha_battle(*random_setup(14))
