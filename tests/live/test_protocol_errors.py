"""Every error code of protocol.md, on the real socket.

The codes are checked on Reversi one by one, then on every game the server lists. For each
refusal: the error reaches the sender only, a fresh ``state`` follows it on that
socket, and nothing stored changed (checked through the logged-out replay API).
"""

from __future__ import annotations

import asyncio
import json

import requests

from tests.live.helpers import Table, both_online, refused, settle, stored


async def test_ping_pong(site):
    table = await site.table({"size": 6})
    for sock in (table.sa, await table.watch()):
        await sock.send({"type": "ping"})
        assert await sock.recv() == {"type": "pong"}


async def test_bad_message(site):
    table = await site.table({"size": 6})
    sa = table.sa
    ply = sa.state["ply"]
    cell = sa.state["legal_moves"][0]
    frames = [
        "this is not JSON",
        b"\x00\x01binary",
        json.dumps([{"type": "move", "ply": ply, "move": cell}]),
        json.dumps("move"),
        json.dumps(None),
        json.dumps({"type": "dance"}),
        json.dumps({"ply": ply, "move": cell}),
        json.dumps({"type": "move", "move": cell}),
        json.dumps({"type": "move", "ply": str(ply), "move": cell}),
        json.dumps({"type": "move", "ply": float(ply) + 0.5, "move": cell}),
        json.dumps({"type": "move", "ply": ply, "move": cell["cell"]}),
        json.dumps({"type": "move", "ply": ply, "move": [cell]}),
        json.dumps({"type": "move", "ply": ply}),
        json.dumps({"type": "move", "ply": ply, "move": cell, "pad": "x" * 100_000}),
        json.dumps({"type": "ping", "pad": "x" * 100_000}),
    ]
    for frame in frames:
        error, state = await refused(table, sa, frame, "bad_message")
        assert state["legal_moves"] == sa.state["legal_moves"] and state["you"] == 0
    # the socket still works: the move it kept trying is accepted now
    after = await table.play(cell)
    assert after["ply"] == ply + 1 and after["last_move"]["move"] == cell


async def test_not_a_player(site):
    table = await site.table({"size": 6})
    cell = table.sa.state["legal_moves"][0]
    outsider = await table.watch(site.player("c"))
    anonymous = await table.watch()
    for sock in (outsider, anonymous):
        assert sock.state["you"] is None and sock.state["legal_moves"] == []
        for message in (
            {"type": "move", "ply": sock.state["ply"], "move": cell},
            {"type": "resign"},
            {"type": "abort"},
        ):
            await refused(table, sock, message, "not_a_player")
    # both still follow the game, read-only
    ply = table.sa.state["ply"]
    await table.play(cell)
    for sock in (outsider, anonymous):
        assert sock.state["ply"] == ply + 1
        assert sock.state["you"] is None and sock.state["legal_moves"] == []
        assert sock.state["board"] == table.sa.state["board"]
        assert sock.state["last_move"]["move"] == cell


async def test_not_your_turn_before_the_opponent_joins(site):
    alice, bob = site.player("a"), site.player("b")
    created = alice.create(options={"size": 6}, side=0)
    sa = await site.socket(alice, created["id"])
    await sa.wait_state(lambda m: m["players"][0]["connected"])
    await settle([sa])
    assert sa.state["status"] == "waiting" and sa.state["legal_moves"] == []
    table = Table(site, created, alice, bob, sa, await site.socket(site.anon(), created["id"]))
    await table.sb.wait_state()
    await settle(table.sockets)
    await refused(table, sa, {"type": "move", "ply": 0, "move": {"cell": "B3"}}, "not_your_turn")
    assert table.replay()["moves"] == []


async def test_not_your_turn_on_the_opponents_turn(site):
    table = await site.table({"size": 6})
    assert table.sb.state["turn"] == 0 and table.sb.state["legal_moves"] == []
    cell = table.sa.state["legal_moves"][0]
    await refused(table, table.sb, {"type": "move", "ply": 0, "move": cell}, "not_your_turn")
    await table.play(cell)
    reply = table.sb.state["legal_moves"][0]
    await refused(table, table.sa, {"type": "move", "ply": 1, "move": reply}, "not_your_turn")


async def test_stale_ply(site):
    table = await site.table({"size": 6})
    cell = table.sa.state["legal_moves"][0]
    await table.play(cell)
    # the same accepted move sent again: the second is refused
    await refused(table, table.sa, {"type": "move", "ply": 0, "move": cell}, "stale_ply")
    await table.play(table.sb.state["legal_moves"][0])
    # an old ply on one's own turn, a future ply, a negative ply
    legal = table.sa.state["legal_moves"][0]
    for ply in (0, 1, 3, 99, -1):
        await refused(table, table.sa, {"type": "move", "ply": ply, "move": legal}, "stale_ply")
    assert [m["ply"] for m in table.replay()["moves"]] == [1, 2]


async def test_same_move_sent_twice_at_once(site):
    table = await site.table({"size": 6})
    message = {"type": "move", "ply": 0, "move": table.sa.state["legal_moves"][0]}
    await table.sa.send(message)
    await table.sa.send(message)  # a double click: the copy is in flight before the answer
    states = await table.sb.wait_state(lambda m: m["ply"] == 1)
    got = [await table.sa.recv() for _ in range(3)]
    errors = [m for m in got if m["type"] == "error"]
    assert [e["code"] for e in errors] == ["stale_ply"], got
    assert got.index(errors[0]) < 2 and got[got.index(errors[0]) + 1]["type"] == "state"
    assert all(m["match"]["ply"] == 1 for m in got if m["type"] == "state")
    assert await table.sb.barrier() == []
    assert [m["ply"] for m in table.replay()["moves"]] == [1]
    assert states["last_move"]["move"] == message["move"]


async def test_illegal_move(site):
    table = await site.table({"size": 8})
    ply = table.sa.state["ply"]
    for move in (
        {"cell": "D4"},  # occupied (a starting disc)
        {"cell": "E4"},  # occupied by the opponent
        {"cell": "A1"},  # flips nothing
        {"cell": "F6"},  # flips nothing, next to the discs
        {"cell": "Z99"},
        {"cell": "I1"},  # off an 8x8 board
        {"cell": ""},
        {"cell": 5},
        {"cell": None},
        {"cell": "D3", "extra": 1},
        {},
        {"pass": True},  # black has moves: no passing
    ):
        error, state = await refused(
            table, table.sa, {"type": "move", "ply": ply, "move": move}, "illegal_move"
        )
        assert state["legal_moves"] == table.sa.state["legal_moves"] != []
    await table.play({"cell": "e3"})  # lower case is accepted
    assert table.sb.state["board"]["board"][2][4] == "X"


async def test_match_over(site):
    table = await site.table({"size": 6})
    await table.play(table.sa.state["legal_moves"][0])  # before any move, resigning aborts
    cell = table.sb.state["legal_moves"][0]
    await table.sb.send({"type": "resign"})
    for sock in table.sockets:
        await sock.wait_state(lambda m: m["status"] == "finished")
    for sock, message in (
        (table.sa, {"type": "move", "ply": 1, "move": cell}),
        (table.sb, {"type": "move", "ply": 1, "move": cell}),
        (table.sa, {"type": "resign"}),
        (table.sb, {"type": "resign"}),
    ):
        error, state = await refused(table, sock, message, "match_over")
        assert state["status"] == "finished" and state["legal_moves"] == []
    assert table.sa.state["result"]["winner"] == 0


async def test_rate_limited(site):
    table = await site.table({"size": 6})
    sa = table.sa
    before = stored(table)
    # 200 frames at once, each a (stale) move: nothing may be stored either way
    flood = json.dumps({"type": "move", "ply": 999, "move": sa.state["legal_moves"][0]})
    for _ in range(200):
        await sa.send(flood, pace=False)
    answers = []  # every frame gets its answer, an error and then a fresh state
    while len(answers) < 400:
        answers.append(await sa.recv(timeout=30))
    assert [m["type"] for m in answers] == ["error", "state"] * 200, answers[-4:]
    codes = [m["code"] for m in answers[::2]]
    assert "rate_limited" in codes
    assert set(codes) <= {"rate_limited", "stale_ply"}, set(codes)
    assert codes[0] == "stale_ply"  # the burst allowance is honoured first
    assert all(m["match"]["ply"] == 0 for m in answers[1::2])
    assert stored(table) == before
    assert await table.sb.barrier() == []
    # once the flood is over, the socket works again
    await asyncio.sleep(1.5)
    assert await sa.barrier() == []
    after = await table.play(sa.state["legal_moves"][0])
    assert after["ply"] == 1


async def test_every_game_refuses_with_the_codes_of_protocol_md(site):
    """Every game the server lists (``GET /api/games/``: its registry), with its default
    options: bad_message, not_a_player, stale_ply, not_your_turn (where a seat waits),
    illegal_move (a move of no game's shape), then match_over once a player resigned."""
    games = requests.get(f"{site.server.url}/api/games/", timeout=10).json()
    assert len(games) >= 7
    for game in games:
        slug = game["slug"]
        alice, bob = site.player("a"), site.player("b")
        created = alice.create(game=slug, side=0)
        if len(created["players"]) > 1:
            bob.join(created["id"])
        sa = await site.socket(alice, created["id"])
        sb = await site.socket(bob, created["id"])
        for sock in (sa, sb):
            await sock.wait_state(lambda m: m["status"] == "active" and both_online(m))
        await settle([sa, sb])
        table = Table(site, created, alice, bob, sa, sb)
        anonymous = await table.watch()
        view = sa.state
        ply, legal = view["ply"], view["legal_moves"]
        mover, waiting = (sa, sb) if 0 in view["to_move"] else (sb, sa)
        shaped = (mover.state["legal_moves"] or legal)[0]  # a legal move, or its description
        await refused(table, mover, "this is not JSON", "bad_message")
        await refused(table, anonymous, {"type": "move", "ply": ply, "move": shaped}, "not_a_player")
        await refused(table, mover, {"type": "move", "ply": ply + 5, "move": shaped}, "stale_ply")
        if waiting.state["you"] is not None and waiting.state["you"] not in view["to_move"]:
            await refused(table, waiting, {"type": "move", "ply": ply, "move": shaped}, "not_your_turn")
        move = {"type": "move", "ply": ply, "move": {"no_such_field": True}}
        await refused(table, mover, move, "illegal_move")
        await mover.send({"type": "resign"})
        over = await mover.wait_state(lambda m: m["status"] != "active")
        await settle(table.sockets)
        await refused(table, mover, {"type": "move", "ply": over["ply"], "move": shaped}, "match_over")
