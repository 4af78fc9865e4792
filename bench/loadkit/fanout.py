"""The bare Channels relay as a fan-out (``bench/watchers.py``'s baseline): one sender and
``members`` other sockets in one group of ``site_config/bench_relay.py`` (routed when the
server runs with ``BENCH_RELAY=1``), one padded message a "ply" at the match's pace; what one
extra frame costs Channels + daphne alone. And the slope of a cost against the fan-out."""

from __future__ import annotations

import asyncio
import json
import random

import websockets
from websockets.exceptions import ConnectionClosed

from bench.loadkit import loopback_address
from bench.loadkit.measure import proc_cpu


async def relay_answers(ws_url: str) -> bool:
    """Does this server relay at ``/ws/bench/relay/`` (a tree run with ``BENCH_RELAY=1``)?"""
    try:
        async with websockets.connect(ws_url + "/ws/bench/relay/probe/", open_timeout=10) as ws:
            await ws.send(json.dumps({"n": 0}))
            return json.loads(await asyncio.wait_for(ws.recv(), 5)) == {"n": 0}
    except Exception:  # noqa: BLE001 - refused, closed, silent: no relay
        return False


async def _open(url: str, n: int, gate: asyncio.Semaphore):
    for attempt in range(4):
        try:
            async with gate:
                return await websockets.connect(url, open_timeout=60, local_addr=(loopback_address(n), 0))
        except (OSError, TimeoutError, websockets.InvalidHandshake):
            if attempt == 3:
                raise
            await asyncio.sleep(2**attempt)
    raise AssertionError("unreachable")


async def relay_fanout(
    ws_url: str,
    pid: int,
    members: int,
    messages: int,
    rate: float,
    frame_bytes: int,
    concurrency: int,
    grace: float,
) -> dict[str, float | list[float]]:
    """One sender and ``members`` others (sockets 2.. from their own loopback addresses);
    ``messages`` frames of about ``frame_bytes`` at ``rate`` a second. Returns the daphne's CPU
    a message (``cpu_ms``), every (member, message) delay (``delays``, s) and ``missing``."""
    loop, gate = asyncio.get_running_loop(), asyncio.Semaphore(concurrency)
    url = f"{ws_url}/ws/bench/relay/fan{random.randrange(16**8):08x}/"
    sockets = await asyncio.gather(*(_open(url, 2 + i, gate) for i in range(members + 1)))
    sender, others = sockets[0], sockets[1:]
    sent: dict[int, float] = {}
    seen = [set() for _ in others]
    delays: list[float] = []

    async def member(i: int, ws) -> None:
        try:
            async for raw in ws:
                n, at = json.loads(raw)["n"], loop.time()
                seen[i].add(n)
                if n in sent:
                    delays.append(at - sent[n])
        except ConnectionClosed:
            pass

    readers = [asyncio.create_task(member(i, ws)) for i, ws in enumerate(others)]
    drain = asyncio.create_task(_drain(sender))
    # Each member joined its group before its handshake was accepted: one probe (a fan-out to
    # all, so sent once, never repeated into a backlog) shows they all hear the sender.
    await sender.send(json.dumps({"n": 0}))
    deadline = loop.time() + 60
    while loop.time() < deadline and not all(0 in s for s in seen):
        await asyncio.sleep(0.1)
    await asyncio.sleep(1.0)
    pad = "x" * max(0, frame_bytes - len(json.dumps({"n": messages, "pad": ""})))
    cpu0, next_at = proc_cpu([pid]), loop.time()
    for n in range(1, messages + 1):
        await asyncio.sleep(max(0.0, next_at - loop.time()))
        sent[n] = loop.time()
        await sender.send(json.dumps({"n": n, "pad": pad}))
        next_at = sent[n] + 1.0 / rate
    deadline = loop.time() + grace
    while loop.time() < deadline and any(len(s) <= messages for s in seen):
        await asyncio.sleep(0.05)
    cpu = proc_cpu([pid]) - cpu0
    await asyncio.gather(*(ws.close() for ws in sockets), return_exceptions=True)
    await asyncio.gather(*readers, drain, return_exceptions=True)
    missing = sum(1 for s in seen for n in sent if n not in s)
    return {"cpu_ms": cpu * 1000 / messages, "delays": delays, "missing": missing}


async def _drain(ws) -> None:
    """The sender is a member too: read (and drop) its own copies."""
    try:
        async for _ in ws:
            pass
    except ConnectionClosed:
        pass


def slope(xs: list[float], ys: list[float]) -> float | None:
    """The least-squares slope of ``ys`` against ``xs`` (None with fewer than two distinct x)."""
    if len(set(xs)) < 2:
        return None
    mx, my = sum(xs) / len(xs), sum(ys) / len(ys)
    return sum((x - mx) * (y - my) for x, y in zip(xs, ys, strict=True)) / sum((x - mx) ** 2 for x in xs)


def steps(xs: list[float], ys: list[float]) -> list[tuple[float, float, float]]:
    """Each step's slope: ``(x0, x1, (y1 - y0) / (x1 - x0))`` over the sorted ``xs``."""
    pts = sorted(zip(xs, ys, strict=True))
    return [
        (a[0], b[0], (b[1] - a[1]) / (b[0] - a[0]))
        for a, b in zip(pts, pts[1:], strict=False)
        if b[0] != a[0]
    ]
