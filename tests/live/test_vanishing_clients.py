"""Clients that vanish while a move is being broadcast to them crash nothing.

Spectators' connections are cut (no closing handshake) right as a move goes out, so the
server sends states to sockets that have just gone. Every round the players still get the
move, and the server log stays clean (checked by the autouse fixture of this folder).
"""

from __future__ import annotations

import asyncio
import base64
import random

from tests.live.helpers import settle


async def test_spectators_cut_off_mid_broadcast(site):
    table = await site.table({"size": 8})
    rng = random.Random(5)
    for round_ in range(12):
        watchers = [await site.socket(site.anon(), table.id) for _ in range(8)]
        await asyncio.gather(*(w.wait_state() for w in watchers))
        state = table.sa.state
        mover = table.seat_socket(state["turn"])
        await mover.move(rng.choice(mover.state["legal_moves"]), state["ply"], pace=False)
        await asyncio.sleep(round_ % 4 * 0.002)  # cut at different points of the broadcast
        for w in watchers:
            w.conn.transport.abort()
        for s in (table.sa, table.sb):
            await s.wait_state(lambda m, ply=state["ply"]: m["ply"] > ply or m["status"] != "active")
        await settle([table.sa, table.sb])
        if table.sa.state["status"] != "active":
            break
    assert table.sa.state["ply"] >= 8


async def test_players_tabs_closing_together(site):
    """Each closing tab of a player changes who is connected, which is broadcast to the
    tabs closing beside it."""
    table = await site.table({"size": 6})
    for _ in range(12):
        tabs = [await site.socket(p, table.id) for p in (table.a, table.b, site.anon()) for _ in range(2)]
        await asyncio.gather(*(t.wait_state() for t in tabs))
        await asyncio.gather(*(t.close() for t in tabs))
    await settle([table.sa, table.sb])
    assert table.sa.state["players"][0]["connected"] and table.sa.state["players"][1]["connected"]


async def _upgrade_and_vanish(base: str, path: str, cookie: str, wait: float) -> None:
    """Ask for a WebSocket on ``path`` and drop the connection ``wait`` seconds later,
    before (or while) the server accepts it."""
    host, port = base.removeprefix("http://").rsplit(":", 1)
    reader, writer = await asyncio.open_connection(host, int(port))
    key = base64.b64encode(random.randbytes(16)).decode()
    writer.write(
        (
            f"GET {path} HTTP/1.1\r\nHost: {host}:{port}\r\nUpgrade: websocket\r\n"
            f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n"
            f"Cookie: {cookie}\r\n\r\n"
        ).encode()
    )
    await writer.drain()
    await asyncio.sleep(wait)
    writer.transport.abort()


async def test_clients_gone_before_the_handshake_ends(site):
    """Pages closed while their socket is being opened: the accept (and the 4404 close of an
    unknown match) go to clients already gone; the players see nothing change."""
    table = await site.table({"size": 6})
    base = site.server.url
    for round_ in range(10):
        wait = round_ % 5 * 0.003
        await asyncio.gather(
            *(
                _upgrade_and_vanish(base, f"/ws/matches/{match_id}/", player.cookie_header(), wait)
                for match_id in (table.id, "nosuchmatch0000")
                for player in (table.a, table.b, site.anon())
            )
        )
    await asyncio.sleep(0.5)  # the server handles the connects and disconnects it was sent
    await settle([table.sa, table.sb])
    assert table.sa.state["players"][0]["connected"] and table.sa.state["players"][1]["connected"]
    after = await table.play(table.sa.state["legal_moves"][0])
    assert after["ply"] == 1
