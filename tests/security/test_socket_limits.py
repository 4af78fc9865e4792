"""Finding 7: one user (or one address) could open sockets without end, and spread a flood of
messages over many sockets to dodge the per-socket rate limit. Now: at most
MAX_SOCKETS_PER_USER / MAX_SOCKETS_PER_ADDRESS sockets (the next is closed with 4429), and the
sockets of one user share a token bucket (USER_RATE_PER_SECOND, USER_RATE_BURST).

Each test connects from its own loopback address (127.0.0.x), so the per-address counts of
one test never meet another's.
"""

from __future__ import annotations

import asyncio
import json

from tests.live.helpers import Site

from .conftest import first_event

MAX_PER_USER, MAX_PER_ADDRESS = 3, 5
USER_BURST = 10
SERVER_ENV = {
    "MAX_SOCKETS_PER_USER": str(MAX_PER_USER),
    "MAX_SOCKETS_PER_ADDRESS": str(MAX_PER_ADDRESS),
    "USER_RATE_PER_SECOND": "1",
    "USER_RATE_BURST": str(USER_BURST),
    # each socket's own bucket stays as in production: 10/s, bursts of 30
}


def source(n: int) -> dict:
    """Connect from 127.0.0.<n> (Linux routes all of 127/8 to the loopback)."""
    return {"local_addr": (f"127.0.0.{n}", 0)}


async def accepted(site: Site, player, match_id: str, **kwargs) -> bool:
    """Open a socket: True if it gets its state, False if it is closed with 4429."""
    sock = await site.socket(player, match_id, **kwargs)
    kind, value = await first_event(sock)
    assert (kind, value) == ("closed", 4429) or kind == "state", (kind, value)
    return kind == "state"


async def accepted_soon(site: Site, player, match_id: str, timeout: float = 5, **kwargs) -> bool:
    """A place freed by a close is free once the server has handled that disconnect."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while not await accepted(site, player, match_id, **kwargs):
        if loop.time() > deadline:
            return False
        await asyncio.sleep(0.05)
    return True


async def test_sockets_per_user_are_limited(site):
    alice, bob = site.player("a"), site.player("b")
    match = alice.create(options={"size": 6}, opponent="open")
    kept = []
    for _ in range(MAX_PER_USER):
        sock = await site.socket(alice, match["id"], **source(11))
        await sock.wait_state()
        kept.append(sock)
    assert not await accepted(site, alice, match["id"], **source(11))
    assert not await accepted(site, alice, match["id"], **source(12))  # per user, from anywhere
    assert await accepted(site, bob, match["id"], **source(11))  # another user is not limited
    await kept[0].close()
    assert await accepted_soon(site, alice, match["id"], **source(11))  # closing one frees a place


async def test_sockets_per_address_are_limited(site):
    match = site.player("a").create(options={"size": 6}, opponent="open")
    kept = []
    for _ in range(MAX_PER_ADDRESS):
        sock = await site.socket(site.anon(), match["id"], **source(21))
        await sock.wait_state()
        kept.append(sock)
    assert not await accepted(site, site.anon(), match["id"], **source(21))
    assert not await accepted(site, site.player("c"), match["id"], **source(21))  # logged in too
    assert await accepted(site, site.anon(), match["id"], **source(22))  # another address is fine
    await kept[0].close()
    assert await accepted_soon(site, site.anon(), match["id"], **source(21))


async def test_sockets_of_one_user_share_a_rate_limit(site):
    table = await site.table(options={"size": 6})  # A's first socket, from 127.0.0.1
    extra = []
    for n in (31, 32):  # two more of A's sockets: the most one user may hold
        sock = await site.socket(table.a, table.id, **source(n))
        await sock.wait_state()
        extra.append(sock)
    sockets = [table.sa, *extra]
    per_socket = 6  # 18 in all, past A's burst of 10; each socket far below its own burst of 30
    stale = json.dumps({"type": "move", "ply": 999, "move": {"cell": "A1"}})
    for _ in range(per_socket):
        for sock in sockets:
            await sock.send(stale, pace=False)
    codes = []
    for sock in sockets:
        for _ in range(per_socket):
            error = await sock.wait_for(lambda m: m["type"] == "error")
            codes.append(error["code"])
    assert codes.count("rate_limited") >= per_socket * len(sockets) - USER_BURST - 2, codes
    assert set(codes) == {"stale_ply", "rate_limited"}, codes
    # the other player is not slowed down by A's flood
    await table.sb.send({"type": "move", "ply": 999, "move": {"cell": "A1"}})
    assert (await table.sb.wait_for(lambda m: m["type"] == "error"))["code"] == "stale_ply"


async def test_a_socket_sending_far_past_its_rate_is_closed(site, live):
    """Issue 50: a socket answered ``rate_limited`` for every message it sent past its rate
    was kept open however long it went on. Now, past 300 refusals beyond its rate, it is
    closed with 4408 and gets no more error frames; others are served."""
    match = site.player("h").create(options={"size": 6}, opponent="open")
    sock = await site.socket(site.anon(), match["id"], **source(41))  # a spectator
    await sock.wait_state()
    refused, code = 0, None
    for _ in range(1000):  # one at a time, each reply read: nothing waits in any buffer
        await sock.send({"type": "ping"}, pace=False)
        kind, reply = await first_event(sock)
        if kind == "closed":
            code = reply
            break
        if kind == "error":
            assert reply["code"] == "rate_limited", reply
            refused += 1
            assert (await sock.recv())["type"] == "state"  # a refusal sends the state again
    assert code == 4408, (code, refused)
    assert 300 <= refused < 1000, refused
    other = await site.socket(site.anon(), match["id"], **source(42))
    await other.wait_state()
    await other.send({"type": "ping"})
    assert (await other.wait_for(lambda m: m["type"] in ("pong", "error")))["type"] == "pong"
    assert live.proc.poll() is None
