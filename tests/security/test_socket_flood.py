"""Issue 50, finding 4: a socket sending without pause, or not reading what it is sent,
grew the server's memory without bound (daphne queued every frame for a consumer that handles
one at a time, and buffered every frame for a client that never took them). Now daphne's
protocol is ``games.realtime.flood_guard``'s: past 500 frames waiting for the consumer, or
1 MiB waiting for the client, it stops reading that socket and closes it with 4408.

Here the rate limits are lifted, so that only the guard can close a socket (the rate-limit
flood is tested in ``test_socket_limits.py``); each test connects from its own address.
"""

from __future__ import annotations

import asyncio
import json
import socket

import websockets

LIFTED = "1000000"
SERVER_ENV = {
    name: LIFTED
    for name in (
        "MOVE_RATE_PER_SECOND", "MOVE_RATE_BURST", "USER_RATE_PER_SECOND", "USER_RATE_BURST",
        "ADDRESS_RATE_PER_SECOND", "ADDRESS_RATE_BURST",
    )
}  # fmt: skip
PING = json.dumps({"type": "ping"})
RESET = "reset before the close frame came"


def source(n: int) -> dict:
    """Connect from 127.0.0.<n> (Linux routes all of 127/8 to the loopback)."""
    return {"local_addr": (f"127.0.0.{n}", 0)}


async def served(site, match_id: str, n: int) -> bool:
    """Another visitor, from 127.0.0.<n>, gets its state and its pong."""
    sock = await site.socket(site.anon(), match_id, **source(n))
    await sock.wait_state()
    await sock.send({"type": "ping"})
    return (await sock.wait_for(lambda m: m["type"] == "pong"))["type"] == "pong"


async def test_a_socket_sending_faster_than_it_is_handled_is_closed(site, live):
    """20,000 pings at once: the socket is closed before it has answered them all."""
    match = site.player("h").create(options={"size": 6}, opponent="open")
    ws = await websockets.connect(f"{live.ws_url}/ws/lobby/", **source(51))
    sent, replies, code = 20000, 0, None
    try:
        for _ in range(sent):  # without reading, and without a pause: far faster than it is handled
            await ws.send(PING)
    except websockets.ConnectionClosed as exc:
        # Closed while still flooding: the server closed it with frames of ours unread in its
        # buffer, so its kernel may answer with a reset that overtakes the 4408 close frame.
        code = exc.rcvd.code if exc.rcvd is not None else RESET
    while code is None:
        try:
            replies += json.loads(await asyncio.wait_for(ws.recv(), 10))["type"] == "pong"
        except websockets.ConnectionClosed as exc:
            code = exc.rcvd.code if exc.rcvd is not None else 0
        except TimeoutError:  # still open, and quiet
            break
    assert code in (4408, RESET), (code, replies)
    assert replies < sent, replies  # what came past the bound was never read
    assert await served(site, match["id"], 52)
    assert live.proc.poll() is None


async def test_a_socket_whose_client_does_not_read_is_closed(site, live):
    match = site.player("h").create(options={"size": 8}, opponent="open")
    raw = socket.socket()
    raw.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)  # a client that takes little
    raw.bind(("127.0.0.53", 0))
    raw.connect(("127.0.0.1", live.port))
    # max_queue=1: the client stops reading once one frame waits: what the server sends piles up
    ws = await websockets.connect(f"{live.ws_url}/ws/matches/{match['id']}/", sock=raw, max_queue=1)
    closed = False
    for _ in range(400):  # each frame refused with an error and a state (about 1.5 KB)
        try:
            for _ in range(50):
                await asyncio.wait_for(ws.send(json.dumps({"type": "unknown"})), 10)
            await asyncio.sleep(0.02)  # a pace the socket keeps up with: no inbound flood
        except websockets.ConnectionClosed:
            closed = True
            break
        except TimeoutError:  # the server reads no more of it, and keeps it open
            break
    assert closed
    assert await served(site, match["id"], 54)
    assert live.proc.poll() is None
