"""Many watchers: one match, many spectators, the delay of every move to every spectator.

Bar (quality.md): one match with 1,000 spectators; every spectator has each move within
250 ms (p99).

    .venv/bin/python bench/watchers.py [--spectators 1000] [--moves 40] [--rate 1] [--size 8]
        [--concurrency 50] [--rounds 1] [--grace 10] [--seed 1]
        [--baseline-tree /work/baseline] [--baseline-env NAME=VALUE ...] [--tree <this tree>]

Starts a daphne of a tree (``bench/loadkit/tree.py``: that tree's code on a fresh SQLite
database); its agent makes two users with sessions seated in a new public ("open") Reversi
match through the services (``database.watched_match``). The two players' sockets open with
their session cookies, then ``--spectators`` anonymous sockets on ``/ws/matches/<id>/``, at
most ``--concurrency`` handshakes at a time, each from its own loopback address and with the
site's own ``Origin`` (as a browser page of the site would); each waits for its first
``state``. The players then take turns at ``--rate`` moves a second, each move picked from the
``legal_moves`` of the state its player received, for ``--moves`` moves (fewer if the game
ends first). A move's delay to a spectator: from the mover's send to that spectator's receipt
of a ``state`` whose ``ply`` covers the move. Reported, after up to ``--grace`` s for the last
deliveries: deliveries expected (spectators x moves) and received, the missing ones (counted
as late for the p99), p50/p95/p99/max over every (spectator, move), the p99 over moves of the
last spectator's delay, tracebacks in the server's log, the daphne's CPU and RSS, and the load
client's CPU (it shares this 2-core machine; its own queueing is part of every delay).

``--baseline-tree`` (e.g. ``git worktree add /work/baseline <commit>``) starts a second daphne
from that tree; each round measures the baseline, then this tree, back to back (a new match
and new sockets each time), and the report puts them side by side with the ratio.
``--baseline-env NAME=VALUE`` (repeatable) sets variables for the baseline's daphne; without
``--baseline-tree`` the baseline is this tree, e.g. ``--baseline-env SOCKET_DISPATCH_LOOP=0``
measures a library override against the stock code (docs/deploy.md, "Library overrides").
"""

from __future__ import annotations

import argparse
import asyncio
import json
import math
import os
import random
import shutil
import sys
import tempfile
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from websockets.exceptions import ConnectionClosed

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT)]
from bench.loadkit import loopback_address  # noqa: E402
from bench.loadkit.measure import client_cpu, machine_cpu, proc_cpu  # noqa: E402
from bench.loadkit.report import log  # noqa: E402
from bench.loadkit.sockets import open_match_socket  # noqa: E402
from bench.loadkit.tree import Agent, live_server, measured_trees, tree_label  # noqa: E402
from bench.sockets_memory import proc_status, wait_quiet  # noqa: E402
from bench.stats import percentile  # noqa: E402

BAR = 0.250  # s: p99 of every spectator's delay for every move
INF = float("inf")
LISTS = ("delays", "last")  # per (spectator, move) and per move: pooled over rounds


@dataclass
class Watch:
    """One measured match: when each move was sent, what each spectator saw and when."""

    sent: dict[int, float] = field(default_factory=dict)  # ply after the move -> send time
    seen: list[int] = field(default_factory=list)  # per spectator: the highest ply received
    delays: list[float] = field(default_factory=list)  # every (spectator, move)
    last: dict[int, float] = field(default_factory=dict)  # ply -> the last spectator's delay
    frames: int = 0  # frames the spectators received after their first state
    closed: Counter = field(default_factory=Counter)  # spectator sockets closed early, by code
    errors: Counter = field(default_factory=Counter)  # error frames (players and spectators)
    states: list[dict | None] = field(default_factory=lambda: [None, None])  # each player's latest
    changed: asyncio.Event = field(default_factory=asyncio.Event)
    retry: bool = False  # a move was refused: its player may send one at the same ply
    closing: bool = False  # the run is over: sockets closing now are not closed early

    def on_spectator_state(self, i: int, ply: int, at: float) -> None:
        for p in range(self.seen[i] + 1, ply + 1):
            sent = self.sent.get(p)
            if sent is not None:
                self.delays.append(at - sent)
                self.last[p] = max(self.last.get(p, 0.0), at - sent)
        self.seen[i] = max(self.seen[i], ply)


async def connect(url: str, origin: str, address: str, gate: asyncio.Semaphore, cookie: str = ""):
    """A socket that has received its first state; returns (socket, that state's match, retries)."""
    return await open_match_socket(url, address, gate, cookie, origin)


async def spectate(ws, i: int, w: Watch) -> None:
    loop = asyncio.get_running_loop()
    try:
        async for raw in ws:
            at = loop.time()
            w.frames += 1
            msg = json.loads(raw)
            if msg.get("type") == "state":
                w.on_spectator_state(i, msg["match"]["ply"], at)
            else:
                w.errors[f"spectator {msg.get('code', msg.get('type'))}"] += 1
    except ConnectionClosed:
        pass
    if not w.closing:
        w.closed[ws.close_code] += 1


async def play(ws, seat: int, w: Watch) -> None:
    try:
        async for raw in ws:
            msg = json.loads(raw)
            if msg.get("type") == "state":
                w.states[seat] = msg["match"]
            elif msg.get("type") == "error":
                w.errors[f"player {msg.get('code')}"] += 1
                w.sent = {p: t for p, t in w.sent.items() if p <= (w.states[seat] or {}).get("ply", 0)}
                w.retry = True
            w.changed.set()
    except ConnectionClosed:
        w.errors[f"player socket closed {ws.close_code}"] += 1
        w.changed.set()


async def drive(players: list, w: Watch, args: argparse.Namespace) -> None:
    """The players take turns at the pace, each move from its player's ``legal_moves``."""
    loop, rng = asyncio.get_running_loop(), random.Random(args.seed)
    next_at, done = loop.time(), -1  # done: the ply the last move was sent at
    while len(w.sent) < args.moves:
        w.changed.clear()
        ready = [
            (seat, m)
            for seat, m in enumerate(w.states)
            if m
            and m["status"] == "active"
            and (m["ply"] > done or w.retry)
            and seat in m["to_move"]
            and m["legal_moves"]
        ]
        if any(m and m["status"] != "active" for m in w.states):
            break  # the game is over
        if not ready:
            try:
                await asyncio.wait_for(w.changed.wait(), 30)
            except TimeoutError:
                log(f"no state to move on after 30 s (ply {done + 1}): stopping")
                break
            continue
        seat, match = ready[0]
        await asyncio.sleep(max(0.0, next_at - loop.time()))
        move = rng.choice(match["legal_moves"])
        w.sent[match["ply"] + 1] = now = loop.time()
        await players[seat].send(json.dumps({"type": "move", "ply": match["ply"], "move": move}))
        next_at, done, w.retry = now + 1.0 / args.rate, match["ply"], False


async def measure(name: str, server, agent: Agent, args: argparse.Namespace) -> dict:
    """One match with its spectators on this server: connect, play, drain; the figures."""
    loop, pid = asyncio.get_running_loop(), server.proc.pid
    log_from = server.log_path.stat().st_size
    pair, cookie_name = await asyncio.to_thread(agent.call, "watched_match", args.size)
    url, origin = f"{server.ws_url}/ws/matches/{pair['match_id']}/", server.url
    w, gate, players = Watch(), asyncio.Semaphore(args.concurrency), []
    rss0 = proc_status(pid, "VmRSS") / 1024
    for seat in (0, 1):
        cookie = f"{cookie_name}={pair['keys'][seat]}"
        ws, w.states[seat], _ = await connect(url, origin, loopback_address(seat), gate, cookie)
        players.append(ws)
    readers = [asyncio.create_task(play(ws, seat, w)) for seat, ws in enumerate(players)]
    started = time.monotonic()
    opened = await asyncio.gather(
        *(connect(url, origin, loopback_address(2 + i), gate) for i in range(args.spectators)),
        return_exceptions=True,
    )
    took = time.monotonic() - started
    failed = [o for o in opened if isinstance(o, BaseException)]
    opened = [o for o in opened if not isinstance(o, BaseException)]
    sockets, w.seen = [o[0] for o in opened], [o[1]["ply"] for o in opened]
    readers += [asyncio.create_task(spectate(ws, i, w)) for i, ws in enumerate(sockets)]
    rss1 = proc_status(pid, "VmRSS") / 1024
    log(
        f"[{name}] {len(sockets)} spectators connected in {took:.1f} s ({sum(o[2] for o in opened)} "
        f"retries, {len(failed)} failed{': ' + repr(failed[0]) if failed else ''}); daphne pid {pid} "
        f"RSS {rss0:.0f} -> {rss1:.0f} MB"
    )
    await asyncio.sleep(1.0)
    cpu0, client0, busy0, t0 = proc_cpu([pid]), client_cpu(), machine_cpu(), loop.time()
    await drive(players, w, args)
    final, drain_from = max(w.sent, default=0), loop.time()
    while loop.time() < drain_from + args.grace and any(s < final for s in w.seen):
        await asyncio.sleep(0.05)
    duration = loop.time() - t0
    cpu, client, busy1 = proc_cpu([pid]) - cpu0, client_cpu() - client0, machine_cpu()
    rss2 = proc_status(pid, "VmRSS") / 1024
    w.closing = True
    await asyncio.gather(*(ws.close() for ws in players + sockets), return_exceptions=True)
    await asyncio.gather(*readers, return_exceptions=True)
    await asyncio.to_thread(wait_quiet, server.url)
    with server.log_path.open(errors="replace") as f:
        f.seek(log_from)
        server_log = f.read()
    moves = len(w.sent)
    missing = sum(1 for s in w.seen for p in w.sent if s < p) + len(failed) * moves
    delays, last = w.delays + [INF] * missing, [w.last.get(p, INF) for p in w.sent]
    f = {
        f"connect {args.spectators} spectators (s)": took,
        "spectators failing to connect": len(failed),
        "moves measured": moves,
        "deliveries expected": args.spectators * moves,
        "deliveries received": len(w.delays),
        "missing": missing,
        "sockets closed early": sum(w.closed.values()),
        "error frames": sum(w.errors.values()),
        "tracebacks in the server log": server_log.count("Traceback"),
        "frames per spectator per move": w.frames / max(1, moves * len(sockets)),
        **{f"p{q} ms": pct(delays, q) for q in (50, 95, 99)},
        "max ms": max(delays, default=0.0) * 1000,
        "last spectator p99 ms": pct(last, 99),
        "server CPU cores": cpu / duration,
        "server CPU ms per move": cpu * 1000 / max(1, moves),
        "server RSS before (MB)": rss0,
        "server RSS connected (MB)": rss1,
        "server RSS after moves (MB)": rss2,
        "client CPU cores": client / duration,
        "machine busy %": 100 * (busy1[0] - busy0[0]) / max(1, busy1[1] - busy0[1]),
        "delays": delays,
        "last": last,
    }
    if w.closed or w.errors or f["tracebacks in the server log"]:
        log(f"[{name}] closed early (by code): {dict(w.closed)}; errors: {dict(w.errors)}")
        log(f"[{name}] server log: {server_log[server_log.find('Traceback') :][:1500]}")
    log(
        f"[{name}] {moves} moves, {len(w.delays)}/{args.spectators * moves} deliveries, p50/p95/p99/max "
        + "/".join(f"{f[k]:.1f}" for k in ("p50 ms", "p95 ms", "p99 ms", "max ms"))
        + f" ms, last spectator p99 {f['last spectator p99 ms']:.1f} ms; server {f['server CPU cores']:.2f}"
        f" cores, client {f['client CPU cores']:.2f}, machine busy {f['machine busy %']:.0f}%"
    )
    return f


def num(v: float) -> str:
    if not math.isfinite(v) or v != int(v):
        return f"{v:.2f}" if abs(v) < 10 else f"{v:.1f}"
    return f"{v:.0f}"


def pct(values: list[float], q: float) -> float:
    """The percentile in ms (inf when a missing delivery falls there, nan when no values)."""
    v = percentile(values, q)
    return float("nan") if v is None else v * 1000


def report(results: dict[str, list[dict]]) -> None:
    """Side by side (the rounds of a tree pooled: the percentiles over all their deliveries,
    the rest averaged), the ratio this/baseline, and the verdict for this tree."""
    names, figs = list(results), {}
    for name, runs in results.items():
        figs[name] = {k: sum(r[k] for r in runs) / len(runs) for k in runs[0] if k not in LISTS}
        pool = {k: [d for r in runs for d in r[k]] for k in LISTS}
        figs[name].update({f"p{q} ms": pct(pool["delays"], q) for q in (50, 95, 99)})
        figs[name].update(
            {"max ms": max(r["max ms"] for r in runs), "last spectator p99 ms": pct(pool["last"], 99)}
        )
    print(f"\n{'':<34}" + "".join(f"{n:>12}" for n in names) + ("  this/baseline" if len(names) > 1 else ""))
    for key in figs[names[0]]:
        values = [figs[n][key] for n in names]
        line = f"{key:<34}" + "".join(f"{num(v):>12}" for v in values)
        if len(names) > 1 and values[0] not in (0, INF):
            line += f"{values[-1] / values[0]:>14.2f}x"
        print(line)
    for name in names:
        if len(results[name]) > 1:
            print(f"{name}: p99 by round " + ", ".join(f"{r['p99 ms']:.1f}" for r in results[name]) + " ms")
    this = figs[names[-1]]
    ok = this["p99 ms"] < BAR * 1000 and this["moves measured"] > 0
    lost = f", {this['missing']:.0f} deliveries missing a round" if this["missing"] else ""
    print(f"\np99 {this['p99 ms']:.1f} ms (bar < {BAR * 1000:.0f} ms{lost}): {'PASS' if ok else 'FAIL'}")


async def run(
    trees: list[tuple[str, Path]], envs: dict[str, dict[str, str]], args: argparse.Namespace, workdir: Path
) -> dict[str, list[dict]]:
    servers, agents, results = {}, {}, {name: [] for name, _ in trees}
    try:
        for name, tree in trees:
            server = live_server(tree, workdir / name, env=envs[name])
            server.migrate()
            server.start()
            servers[name] = server
            agents[name] = Agent(tree, {"SQLITE_PATH": server.env["SQLITE_PATH"]})
            log(f"[{name}] daphne pid {server.proc.pid} on {server.url}: {tree_label(tree)} {envs[name]}")
        for r in range(args.rounds):
            for name, _ in trees:
                log(f"-- round {r + 1}: {name}")
                results[name].append(await measure(name, servers[name], agents[name], args))
        return results
    finally:
        for agent in agents.values():
            agent.close()
        for server in servers.values():
            server.kill()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--spectators", type=int, default=1000)
    parser.add_argument("--moves", type=int, default=40, help="moves measured (fewer if the game ends)")
    parser.add_argument("--rate", type=float, default=1.0, help="moves a second")
    parser.add_argument("--size", type=int, default=8, help="Reversi board size")
    parser.add_argument("--concurrency", type=int, default=50, help="handshakes at a time")
    parser.add_argument("--rounds", type=int, default=1, help="measurements per tree, alternating")
    parser.add_argument("--grace", type=float, default=10.0, help="s to wait for the last deliveries")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--tree", default=str(ROOT), help="the tree measured as this one")
    parser.add_argument("--baseline-tree", help="also measure this tree, back to back")
    parser.add_argument("--baseline-env", action="append", default=[], metavar="NAME=VALUE")
    args = parser.parse_args()
    trees, envs = measured_trees(args)
    load_before = Path("/proc/loadavg").read_text().strip()
    log(f"bench/watchers.py: {os.cpu_count()} cores, load {load_before}; the client shares this machine")
    workdir = Path(tempfile.mkdtemp(prefix="bench-watchers-"))
    started = time.monotonic()
    try:
        results = asyncio.run(run(trees, envs, args, workdir))
    finally:
        shutil.rmtree(workdir, ignore_errors=True)
    report(results)
    print(f"load before {load_before}, after {Path('/proc/loadavg').read_text().strip()}; ", end="")
    print(f"wall time {time.monotonic() - started:.0f} s")


if __name__ == "__main__":
    main()
