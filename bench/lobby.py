"""Many lobby pages: matches opening, starting and ending, pushed to every open lobby page.

Bar (the issue "Page-faithful benchmarks"): 1,000 open lobby pages while matches open,
start and end at 10 events a second; a lobby page costs at most 1.5x one relay frame's server
CPU per event, and every page gets every open and close of a listed match.

    .venv/bin/python bench/lobby.py [--pages 0,100,1000] [--rate 10] [--duration 20]
        [--logged-in 0.1] [--players 20] [--abort-every 5] [--in-flight 8]
        [--concurrency 50] [--grace 60] [--seed 1] [--tree <this tree>]

Starts a daphne of a tree (``bench/loadkit/tree.py``: its code on a fresh SQLite database,
with ``BENCH_RELAY=1`` so that the bare relay is routed too); its agent makes users with
sessions (``database.watched_match``: two at a time). For each ``--pages`` N, two phases,
back to back on the same server:

- lobby: N pages (``bench/loadkit/lobby_clients.py``), each as ``static/js/lobby.js``: one
  ``GET /`` (logged out, or for ``--logged-in`` of them a user of their own, one socket each
  under ``MAX_SOCKETS_PER_USER``), then ``/ws/lobby/?push=lobby`` from its own loopback
  address with the site's ``Origin`` up to its ``lobby_snapshot``; every frame read and
  recorded by type and row id, a ping every 25 s as ``socket.js``; no other HTTP (the page
  makes none after load). Then, for ``--duration`` s, ``--rate`` events a second through the
  site's real paths by ``--players`` other users (each acting from the lobby's own CSRF
  cookie, creators rotated under the quota of 10 waiting matches): ``POST /api/matches/``
  (``"opponent": "open"``: an *open* event, frame ``open_seat``), ``POST
  /api/matches/<id>/join/`` by another player (*start*: ``open_seat_closed``), then one move
  over the match socket (``/ws/matches/<id>/``, as the match page sends it: a resignation
  before any move aborts the match, which then never shows as finished) and ``POST
  /api/matches/<id>/resign/`` (*end*: ``finished_match``); every ``--abort-every``-th match is
  aborted while waiting instead (``/abort/``: *end*, ``open_seat_closed``). At most
  ``--in-flight`` matches are under way at once, each next step sent after the previous
  answer. So the server's real subscribers (``lobby_push``, ``lobby_events``,
  notifications...) run for every event.
- relay: N members of one group of the bare Channels relay (``site_config/bench_relay.py``)
  and one more member sending messages at the rate the lobby phase of the same N reached (at
  most ``--rate``: a busy server answers the lobby's requests late and the events slow down),
  padded to the mean size of the lobby frames seen in a warm-up: the cost of one extra frame.

Measured per phase, over the window (from the first event to the last frame of the last one,
at most ``--grace`` s after the last was sent: a saturated relay delivers late, and its CPU
counts until it has): daphne's CPU per event (or message), raw and net (less its CPU with the
same sockets open and nothing happening, measured for 5 s just before: its sweeps, the pages'
pings), the frames each page got per event (by type), the delay from an event's HTTP answer
to each page's receipt of that match's frame (by the match id in the row; a frame that came
before its answer counts 0, and the share that did is printed, with the delay from the
request's send), p50/p99, a missing one counting as infinite; each kind's answer time; the
deliveries expected (pages x events) and missing, repeated frames, refused requests, sockets
closed early, tracebacks in the server's log, the client's CPU and the machine's (the client
shares this 2-core machine).

The slope of net CPU per event against N is a page's (a member's) cost per event: fitted over
the phases with N > 0 when there are two or more (a lobby event with no page listening renders no
row, so N = 0 is not on the same line), else against N = 0. The verdict: the lobby's slope
over the relay's (bar <= 1.5x), and nothing missing.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import shutil
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

from websockets.exceptions import ConnectionClosed

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT)]
from bench.loadkit import loopback_address  # noqa: E402
from bench.loadkit.lobby_clients import LobbyPage, Player, relay_member  # noqa: E402
from bench.loadkit.lobby_flow import Event, Flow, drive  # noqa: E402
from bench.loadkit.measure import Window, idle_cores, net_ms  # noqa: E402
from bench.loadkit.report import log  # noqa: E402
from bench.loadkit.tree import Agent, live_server, tree_label  # noqa: E402
from bench.lobby_report import phase_line, report  # noqa: E402
from bench.sockets_memory import wait_quiet  # noqa: E402
from bench.watchers_report import pct  # noqa: E402

INF = float("inf")
FIRST_PAGE = 1000  # pages' addresses: loopback_address(FIRST_PAGE + i); the players' below


def server_log_since(server, offset: int) -> str:
    with server.log_path.open(errors="replace") as f:
        f.seek(offset)
        return f.read()


async def open_pages(
    server, users: list[dict], count: int, args: argparse.Namespace
) -> tuple[list[LobbyPage], list]:
    """``count`` pages loaded (the first ``--logged-in`` share each with a user of its own)."""
    signed_in = min(len(users), round(count * args.logged_in))
    pages = [
        LobbyPage(loopback_address(FIRST_PAGE + i), dict(users[i]) if i < signed_in else {})
        for i in range(count)
    ]
    gate = asyncio.Semaphore(args.concurrency)
    done = await asyncio.gather(
        *(p.load(server.url, server.ws_url, gate) for p in pages), return_exceptions=True
    )
    failed = [d for d in done if isinstance(d, BaseException)]
    return [p for p, d in zip(pages, done, strict=True) if not isinstance(d, BaseException)], failed


async def lobby_phase(
    server, players: list[Player], users: list[dict], count: int, args: argparse.Namespace
) -> dict:
    """N lobby pages under ``--rate`` events a second: the figures."""
    loop = asyncio.get_running_loop()
    log_from = server.log_path.stat().st_size
    started = time.monotonic()
    pages, failed = await open_pages(server, users, count, args)
    took = time.monotonic() - started
    listeners = [asyncio.create_task(p.listen()) for p in pages]
    log(
        f"[lobby {count}] {len(pages)} pages loaded in {took:.1f} s ({len(failed)} failed"
        f"{': ' + repr(failed[0]) if failed else ''})"
    )
    await asyncio.sleep(1.0)
    idle = await idle_cores(server.proc.pid)
    window, flow = Window(server.proc.pid), Flow()
    for p in pages:  # what came before the window (another phase's leftovers) is not counted
        p.frames.clear()
        p.sizes = p.repeats = 0
    await drive(server.url, server.ws_url, players, args, args.duration, flow)
    drain_from = loop.time()
    keys = [(e.frame, e.match) for e in flow.events]
    while loop.time() < drain_from + args.grace and any(k not in p.seen for p in pages for k in keys):
        await asyncio.sleep(0.05)
    figures = window.close()
    closed_early = sum(1 for p in pages if p.closed is not None)
    await asyncio.gather(*(p.ws.close() for p in pages), return_exceptions=True)
    await asyncio.gather(*listeners, return_exceptions=True)
    await asyncio.to_thread(wait_quiet, server.url)
    delays, sent_delays, early, missing = [], [], 0, len(failed) * len(flow.events)
    for p in pages:
        for e in flow.events:
            at = p.seen.get((e.frame, e.match))
            if at is None:
                missing += 1
                continue
            delays.append(max(0.0, at - e.answered))
            sent_delays.append(at - e.sent)
            early += at < e.answered
    frames = Counter()
    for p in pages:
        frames.update(p.frames)
    events = len(flow.events)
    total = sum(frames.values())
    server_log = server_log_since(server, log_from)
    f = {
        "kind": "lobby",
        "n": count,
        "connect s": took,
        "failed to connect": len(failed),
        "events": events,
        "events/s": events / args.duration,  # while they were sent (the window adds the drain)
        "by kind": dict(Counter(e.kind for e in flow.events)),
        "refused": dict(flow.refused),
        "skipped ticks": flow.skipped,
        "srv ms/event": figures["server_cpu"] * 1000 / max(1, events),
        "net ms/event": net_ms(figures, idle, events),
        "idle cores": idle,
        "srv cores": figures["server_cpu"] / figures["duration"],
        "window s": figures["duration"],
        "frames/page/event": total / max(1, events * len(pages)),
        "frame types": dict(frames),
        "frame bytes": pages_bytes(pages) / max(1, total),
        "expected": count * events,
        "missing": missing,
        "repeats": sum(p.repeats for p in pages),
        "closed early": closed_early,
        "tracebacks": server_log.count("Traceback"),
        "p50 ms": pct(delays + [INF] * missing, 50),
        "p99 ms": pct(delays + [INF] * missing, 99),
        "max ms": max(delays, default=0.0) * 1000,
        "before answer %": 100 * early / max(1, len(delays)),
        "from request p50 ms": pct(sent_delays + [INF] * missing, 50),
        "from request p99 ms": pct(sent_delays + [INF] * missing, 99),
        "answer ms": {kind: round(pct(times, 50), 1) for kind, times in answer_times(flow.events).items()},
        "cli cores": figures["client_cores"],
        "busy %": figures["busy"],
    }
    if f["tracebacks"]:
        log(f"[lobby {count}] server log: {server_log[server_log.find('Traceback') :][:2000]}")
    log(phase_line(f))
    return f


def answer_times(events: list[Event]) -> dict[str, list[float]]:
    """Each kind's HTTP answer times (s), from its request's send."""
    out: dict[str, list[float]] = {}
    for e in events:
        out.setdefault(e.kind, []).append(e.answered - e.sent)
    return out


def pages_bytes(pages: list[LobbyPage]) -> int:
    return sum(p.sizes for p in pages)


async def relay_phase(server, count: int, size: int, rate: float, args: argparse.Namespace) -> dict:
    """N members of one relay group and one sender at ``rate`` messages a second."""
    loop = asyncio.get_running_loop()
    log_from = server.log_path.stat().st_size
    url = f"{server.ws_url}/ws/bench/relay/lobby{count}x{random.randrange(16**6):06x}/"
    gate = asyncio.Semaphore(args.concurrency)
    started = time.monotonic()
    done = await asyncio.gather(
        *(relay_member(url, server.url, loopback_address(FIRST_PAGE + i), gate) for i in range(count)),
        return_exceptions=True,
    )
    members = [d for d in done if not isinstance(d, BaseException)]
    failed = len(done) - len(members)
    sender = await relay_member(url, server.url, loopback_address(FIRST_PAGE - 1), gate)
    took = time.monotonic() - started
    log(f"[relay {count}] {len(members)} members connected in {took:.1f} s ({failed} failed)")
    sent: dict[int, float] = {}
    got: list[dict[int, float]] = [{} for _ in members]

    async def member(i: int, ws) -> None:
        try:
            async for raw in ws:
                got[i].setdefault(json.loads(raw)["n"], loop.time())
        except ConnectionClosed:
            pass

    async def drain(ws) -> None:
        try:
            async for _ in ws:
                pass
        except ConnectionClosed:
            pass

    readers = [asyncio.create_task(member(i, ws)) for i, ws in enumerate(members)]
    readers.append(asyncio.create_task(drain(sender)))
    await asyncio.sleep(1.0)
    idle = await idle_cores(server.proc.pid)
    window = Window(server.proc.pid)
    pad = "x" * max(0, size - len(json.dumps({"n": 0, "pad": ""})) - 3)
    start = loop.time()
    k = 0
    while loop.time() < start + args.duration:
        sent[k] = loop.time()
        await sender.send(json.dumps({"n": k, "pad": pad}))
        k += 1
        await asyncio.sleep(max(0.0, start + k / rate - loop.time()))
    drain_from = loop.time()
    while loop.time() < drain_from + args.grace and any(len(g) < len(sent) for g in got):
        await asyncio.sleep(0.05)
    figures = window.close()
    await asyncio.gather(*(ws.close() for ws in members + [sender]), return_exceptions=True)
    await asyncio.gather(*readers, return_exceptions=True)
    await asyncio.to_thread(wait_quiet, server.url)
    delays = [g[n] - t for g in got for n, t in sent.items() if n in g]
    missing = count * len(sent) - len(delays)
    f = {
        "kind": "relay",
        "n": count,
        "connect s": took,
        "failed to connect": failed,
        "events": len(sent),
        "events/s": len(sent) / args.duration,
        "srv ms/event": figures["server_cpu"] * 1000 / max(1, len(sent)),
        "net ms/event": net_ms(figures, idle, len(sent)),
        "idle cores": idle,
        "srv cores": figures["server_cpu"] / figures["duration"],
        "window s": figures["duration"],
        "frames/page/event": 1.0 if members else 0.0,
        "frame bytes": len(json.dumps({"n": 0, "pad": pad})),
        "expected": count * len(sent),
        "missing": missing,
        "repeats": 0,
        "closed early": 0,
        "tracebacks": server_log_since(server, log_from).count("Traceback"),
        "p50 ms": pct(delays + [INF] * missing, 50),
        "p99 ms": pct(delays + [INF] * missing, 99),
        "max ms": max(delays, default=0.0) * 1000,
        "cli cores": figures["client_cores"],
        "busy %": figures["busy"],
    }
    log(phase_line(f))
    return f


async def make_users(agent: Agent, count: int) -> tuple[list[dict[str, str]], str]:
    """``count`` users with sessions (as cookies), made by the agent two at a time."""
    users, name = [], "sessionid"
    while len(users) < count:
        pair, name = await asyncio.to_thread(agent.call, "watched_match", 8)
        users += [{name: key} for key in pair["keys"]]
    return users[:count], name


async def warm_up(server, players: list[Player], args: argparse.Namespace) -> int:
    """A few events to one page: the server warm, and the mean size of a lobby frame (bytes)."""
    page = LobbyPage(loopback_address(FIRST_PAGE))
    await page.load(server.url, server.ws_url, asyncio.Semaphore(1))
    listener = asyncio.create_task(page.listen())
    await drive(server.url, server.ws_url, players, args, 3.0, Flow())
    await asyncio.sleep(1.0)
    await page.ws.close()
    await listener
    frames = sum(page.frames.values())
    log(f"warm-up: {frames} frames {dict(page.frames)}, {page.sizes / max(1, frames):.0f} bytes each")
    return round(page.sizes / max(1, frames)) if frames else 1500


async def run(args: argparse.Namespace, workdir: Path) -> list[dict]:
    """Start the server, make the users, measure each size: lobby then relay."""
    sizes = [int(n) for n in args.pages.split(",")]
    tree = Path(args.tree).resolve()
    server = live_server(tree, workdir / "this", env={"BENCH_RELAY": "1"})
    server.migrate()
    server.start()
    agent = Agent(tree, {"SQLITE_PATH": server.env["SQLITE_PATH"]})
    try:
        log(f"daphne pid {server.proc.pid} on {server.url}: {tree_label(tree)}")
        signed_in = round(max(sizes) * args.logged_in)
        users, _ = await make_users(agent, args.players + signed_in)
        players = [Player(loopback_address(i), users[i]) for i in range(args.players)]
        await asyncio.gather(*(p.sign_in(server.url) for p in players))
        size = await warm_up(server, players, args)
        rows = []
        for count in sizes:
            rows.append(await lobby_phase(server, players, users[args.players :], count, args))
            rate = min(args.rate, rows[-1]["events/s"]) if count else args.rate
            rows.append(await relay_phase(server, count, size, rate, args))
        return rows
    finally:
        agent.close()
        server.kill()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--pages", default="0,100,1000", help="page counts, one lobby and one relay phase each"
    )
    parser.add_argument("--rate", type=float, default=10.0, help="events (relay: messages) a second")
    parser.add_argument("--duration", type=float, default=20.0, help="s of events per phase")
    parser.add_argument("--logged-in", type=float, default=0.1, help="share of pages logged in (a user each)")
    parser.add_argument("--players", type=int, default=20, help="users making the events (no page open)")
    parser.add_argument(
        "--abort-every", type=int, default=5, help="every n-th match aborted while waiting (0: none)"
    )
    parser.add_argument("--in-flight", type=int, default=8, help="matches under way at once")
    parser.add_argument("--concurrency", type=int, default=50, help="page loads at a time")
    parser.add_argument("--grace", type=float, default=60.0, help="s to wait at most for the last frames")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--tree", default=str(ROOT), help="the tree measured")
    args = parser.parse_args()
    if args.players < 2:
        parser.error("--players: at least 2 (one creates, another joins)")
    random.seed(args.seed)
    load_before = Path("/proc/loadavg").read_text().strip()
    log(f"bench/lobby.py: {os.cpu_count()} cores, load {load_before}; the client shares this machine")
    workdir = Path(tempfile.mkdtemp(prefix="bench-lobby-"))
    started = time.monotonic()
    try:
        rows = asyncio.run(run(args, workdir))
    finally:
        shutil.rmtree(workdir, ignore_errors=True)
    ok = report(rows, args)
    print(f"load before {load_before}, after {Path('/proc/loadavg').read_text().strip()}; ", end="")
    print(f"wall time {time.monotonic() - started:.0f} s")
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
