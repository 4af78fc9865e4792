"""Player A on one daphne process, player B on another: moves cross processes both ways."""

from __future__ import annotations

import random

from tests.support.client import Player


async def test_whole_game_across_two_processes(cluster):
    one, two = cluster
    a = Player(one.url).signup()
    b = Player(two.url).signup()  # B's account and session live in the shared database
    created = a.create(options={"size": 6})
    b.join(created["id"])
    sa, sb = await a.socket(created["id"]), await b.socket(created["id"])
    watcher = await Player(two.url).socket(created["id"])
    views = [await sa.wait_state(lambda m: m["status"] == "active"), await sb.wait_state()]
    rng = random.Random(6)
    crossed = {0: 0, 1: 0}
    while views[0]["status"] == "active":
        mover = views[0]["turn"]
        move = rng.choice(views[mover]["legal_moves"])
        ply = views[0]["ply"]
        await (sa, sb)[mover].send({"type": "move", "ply": ply, "move": move})
        views = [
            await s.wait_state(lambda m, p=ply: m["ply"] > p or m["status"] != "active", timeout=20)
            for s in (sa, sb)
        ]
        assert views[0]["board"] == views[1]["board"]
        crossed[mover] += 1
    assert crossed[0] > 0 and crossed[1] > 0  # moves went from process one to two and back
    final = await watcher.wait_state(lambda m: m["status"] == "finished", timeout=20)
    assert final["result"] == views[0]["result"] == views[1]["result"]
    replay = Player(one.url).replay(created)
    assert len(replay["moves"]) == views[0]["ply"]
    for sock in (sa, sb, watcher):
        await sock.close()


async def test_presence_is_shared_between_processes(cluster):
    one, two = cluster
    a, b = Player(one.url).signup(), Player(two.url).signup()
    created = a.create(options={"size": 4})
    b.join(created["id"])
    sb = await b.socket(created["id"])
    await sb.wait_state()
    sa = await a.socket(created["id"])
    seen = await sb.wait_state(lambda m: m["players"][0]["connected"], timeout=20)
    assert seen["players"][1]["connected"]
    await sa.close()
    gone = await sb.wait_state(lambda m: not m["players"][0]["connected"], timeout=20)
    assert gone["players"][0]["username"] == a.username
    await sb.close()


async def test_chat_crosses_processes_and_keeps_its_rooms(cluster):
    """Issue 25: a line said on one process reaches the sockets of the other (Redis), each
    hearing only the rooms it reads; the history is read from PostgreSQL."""
    one, two = cluster
    a, b, c = Player(one.url).signup(), Player(two.url).signup(), Player(two.url).signup()
    created = a.create(options={"size": 6})
    b.join(created["id"])
    sa, sb = await a.socket(created["id"]), await b.socket(created["id"])
    sc = await c.socket(created["id"])
    for sock in (sa, sb, sc):
        await sock.wait_state()
    await sa.send({"type": "chat", "room": "players", "text": "gl from one"})
    for sock in (sa, sb, sc):
        got = await sock.wait_for(lambda m: m["type"] == "chat", timeout=20)
        assert (got["line"]["text"], got["line"]["username"]) == ("gl from one", a.username)
    await sc.send({"type": "chat", "room": "spectators", "text": "from two"})
    assert (await sc.wait_for(lambda m: m["type"] == "chat", timeout=20))["line"]["text"] == "from two"
    assert [m for m in await sa.barrier() if m["type"] == "chat"] == []  # not while they play
    late = await Player(one.url).socket(created["id"])
    history = await late.wait_for(lambda m: m["type"] == "chat_history", timeout=20)
    assert [line["text"] for line in history["lines"]] == ["gl from one", "from two"]
    for sock in (sa, sb, sc, late):
        await sock.close()


async def test_a_draw_offered_on_one_process_is_accepted_on_the_other(cluster):
    """Issue 25: the offer reaches the other process's sockets (``draw_offer``), the answer
    comes back, and the match ends drawn by agreement for everyone."""
    one, two = cluster
    a, b = Player(one.url).signup(), Player(two.url).signup()
    created = a.create(options={"size": 6}, side=0)
    b.join(created["id"])
    sa, sb = await a.socket(created["id"]), await b.socket(created["id"])
    watcher = await Player(two.url).socket(created["id"])
    views = [await sa.wait_state(lambda m: m["status"] == "active"), await sb.wait_state()]
    for mover in (0, 1):  # each has moved once: an offer may be made
        ply = views[0]["ply"]
        await (sa, sb)[mover].send({"type": "move", "ply": ply, "move": views[mover]["legal_moves"][0]})
        views = [await s.wait_state(lambda m, p=ply: m["ply"] > p, timeout=20) for s in (sa, sb)]
    await sa.send({"type": "offer_draw"})
    for sock in (sb, watcher):
        await sock.wait_state(lambda m: m["draw_offer"] == 0, timeout=20)
    await sb.send({"type": "accept_draw"})
    for sock in (sa, sb, watcher):
        final = await sock.wait_state(lambda m: m["status"] == "finished", timeout=20)
        assert final["result"]["reason"] == "agreement" and final["result"]["draw"]
    for sock in (sa, sb, watcher):
        await sock.close()
