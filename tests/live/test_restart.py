"""Reconnects: a server killed with SIGKILL mid-game, and a socket dropped while the opponent moves."""

from __future__ import annotations

import asyncio
import contextlib
import random
import time

import pytest
import websockets

from tests.live.helpers import Site, both_online, game_view, server_errors, settle
from tests.support.server import LiveServer


async def test_kill_9_mid_game_then_finish(fresh_server):
    site = Site(fresh_server)
    try:
        table = await site.table({"size": 6})
        watcher = await table.watch()
        rng = random.Random(31)
        played = []
        for _ in range(8):
            mover = table.seat_socket(table.sa.state["turn"])
            move = rng.choice(mover.state["legal_moves"])
            await table.play(move)
            played.append(move)
        seen = {name: game_view(s.state) for name, s in (("a", table.sa), ("b", table.sb), ("w", watcher))}
        assert seen["a"]["ply"] == 8

        fresh_server.kill()  # SIGKILL: no clean shutdown
        for sock in table.sockets:
            with pytest.raises(websockets.ConnectionClosed):
                await sock.wait_for(lambda m: False, timeout=10)
        fresh_server.start()

        # new sockets (the pages reconnecting) get exactly what they last saw
        table.sa = await site.socket(table.a, table.id)
        table.sb = await site.socket(table.b, table.id)
        table.watchers = [await site.socket(site.anon(), table.id)]
        for name, sock in (("a", table.sa), ("b", table.sb), ("w", table.watchers[0])):
            assert game_view(await sock.wait_state()) == seen[name]
        await asyncio.gather(
            *(s.wait_state(both_online) for s in (table.sa, table.sb) if not both_online(s.state))
        )
        await settle(table.sockets)

        final = await table.play_random(rng)
        assert final["status"] == "finished"
        moves = table.replay()["moves"]
        assert [m["ply"] for m in moves] == list(range(1, final["ply"] + 1))
        assert [m["move"] for m in moves[:8]] == played  # nothing accepted before the kill was lost
        for sock in table.sockets:
            assert sock.state["ply"] == final["ply"] and sock.state["board"] == final["board"]
        assert not server_errors(fresh_server.log()), fresh_server.log()[-3000:]
    finally:
        await site.close()


async def test_dropped_socket_gets_the_current_state_on_reconnect(site):
    table = await site.table({"size": 6})
    await table.play(table.sa.state["legal_moves"][0])
    # A's connection drops without a goodbye (a lost network) while B is to move ...
    assert table.sb.state["turn"] == 1
    table.sa.conn.transport.abort()
    await table.sb.wait_state(lambda m: m["players"][0]["connected"] is False)
    # ... B moves meanwhile ...
    move = table.sb.state["legal_moves"][-1]
    await table.sb.move(move)
    moved = await table.sb.wait_state(lambda m: m["ply"] == 2)
    # ... and A's page reconnects: it gets the current state and can go on
    table.sa = await site.socket(table.a, table.id)
    back = await table.sa.wait_state()
    assert back["ply"] == 2 and back["last_move"] == {"ply": 2, "seat": 1, "move": move}
    assert back["board"] == moved["board"] and back["you"] == 0 and back["legal_moves"]
    await table.sb.wait_state(lambda m: m["players"][0]["connected"] is True)
    await settle(table.sockets)
    after = await table.play(back["legal_moves"][0])
    assert after["ply"] == 3


async def test_after_kill_9_players_show_as_gone_within_the_presence_timeout(tmp_path):
    """Issue 14 (11): presence rows of a process that died count as gone after
    PRESENCE_TIMEOUT_SECONDS, kept fresh meanwhile by the process's heartbeat, not by pings."""
    server = LiveServer(tmp_path, env={"PRESENCE_TIMEOUT_SECONDS": "3", "PRESENCE_HEARTBEAT_SECONDS": "0.5"})
    server.migrate()
    server.start()
    site = Site(server)
    try:
        table = await site.table({"size": 6})
        await asyncio.sleep(4)  # longer than the timeout, without a ping: still connected
        assert both_online(table.a.match(table.id))
        server.kill()
        server.start()
        killed_at = time.monotonic()
        while any(p["connected"] for p in table.a.match(table.id)["players"]):
            assert time.monotonic() - killed_at < 10, "the dead process's sockets still count as connected"
            await asyncio.sleep(0.25)
        assert not server_errors(server.log()), server.log()[-3000:]
    finally:
        await site.close()
        server.kill()


async def test_computer_to_move_at_a_kill_9_moves_when_its_opponent_returns(tmp_path):
    """Issue 14 (9): a computer turn pending at a kill -9 is played once the player reconnects."""
    server = LiveServer(tmp_path, env={"COMPUTER_MOVE_DELAY": "3"})
    server.migrate()
    server.start()
    site = Site(server)
    try:
        human = site.player("h")
        match = human.create(opponent="computer", level="random", side=0, options={"size": 6})
        sock = await site.socket(human, match["id"])
        first = await sock.wait_state()
        await sock.move(first["legal_moves"][0])
        await sock.wait_state(lambda m: m["ply"] >= 1 and m["turn"] == 1)
        assert len(server.processes()) > 1, "the search process has not started"
        server.kill()  # within the computer's 3 s delay: its move was never stored
        killed_at = time.monotonic()
        while left := server.processes():  # the search process and its fork server follow
            assert time.monotonic() - killed_at < 10, f"left behind by the killed server: {left}"
            await asyncio.sleep(0.2)
        server.start()
        assert human.match(match["id"])["ply"] == 1
        back = await site.socket(human, match["id"])
        answered = await back.wait_state(lambda m: m["ply"] >= 2, timeout=20)
        assert answered["last_move"]["seat"] == 1
        assert not server_errors(server.log()), server.log()[-3000:]
    finally:
        await site.close()
        server.kill()


@contextlib.asynccontextmanager
async def stalled_computer_match(tmp_path):
    """Two computers play (nobody has a seat) and the server is killed within the first
    computer's 3 s delay, then started again: (server, site, owner, match)."""
    server = LiveServer(tmp_path, env={"COMPUTER_MOVE_DELAY": "3"})
    server.migrate()
    server.start()
    site = Site(server)
    try:
        owner = site.player("w")
        match = owner.create(
            opponent="computer", level=["random", "random"], side="watch", options={"size": 6}
        )
        assert match["status"] == "active" and match["you"] is None
        server.kill()  # its turn was never stored
        server.start()
        yield server, site, owner, match
        assert not server_errors(server.log()), server.log()[-3000:]
    finally:
        await site.close()
        server.kill()


async def test_a_computer_match_stalled_by_a_kill_9_goes_on_when_a_spectator_arrives(tmp_path):
    """Issue 14 (9): turns the server owed before a restart start again when any socket
    opens on the match, a spectator's too."""
    async with stalled_computer_match(tmp_path) as (server, site, owner, match):
        stalled = owner.match(match["id"])["ply"]
        watcher = await site.socket(site.anon(), match["id"])
        moved = await watcher.wait_state(lambda m: m["ply"] > stalled, timeout=20)
        assert moved["last_move"]["seat"] in (0, 1)


async def test_a_computer_match_stalled_by_a_kill_9_goes_on_with_nobody_there(tmp_path):
    """Issue 24 (8): the computer's turns owed at a kill -9 start again when the server
    starts, with no socket on the match (a timed game between two computers lost on time)."""
    async with stalled_computer_match(tmp_path) as (server, site, owner, match):
        deadline = asyncio.get_running_loop().time() + 20
        while owner.match(match["id"])["ply"] == 0:  # polled over HTTP: no socket opens
            assert asyncio.get_running_loop().time() < deadline, "the owed turn never ran"
            await asyncio.sleep(0.5)
