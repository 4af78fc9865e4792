"""Daphne's memory under socket churn: rounds of 500 WebSockets opened and closed on one match.

Bar (quality.md): a process that has opened and closed 10 x 500 sockets holds no more memory
than after the second round (within 10 MB); report the memory of an idle open socket.

Starts a daphne of a tree (``tests/support/server.py`` from that tree's directory, so it runs
that tree's code, on a fresh SQLite database migrated by that tree's manage.py), signs players
up and creates a Reversi match over HTTP as a browser would (protocol.md), then, each round,
opens ``--sockets`` WebSockets to ``/ws/matches/<id>/`` (half with a player's session cookie,
half anonymous spectators; each waits for its first ``state``), lets them sit idle a second,
closes them all, waits for the server to be quiet plus a second, and reads the daphne
process's RSS (``VmRSS`` of ``/proc/<pid>/status``). As real visitors would, the sockets come
from many addresses (each its own, on loopback) and the logged-in half from several players
(at most ``--per-player`` sockets each), so that the server's per-address and per-user limits
(if the tree has them) refuse none.

The idle open socket's memory: per round, (RSS with every socket open and idle - RSS just
before they opened) / sockets; but a process reuses the memory of the sockets it closed (and
keeps what it leaks), so after round 1 that says little, and round 1 includes the process
warming up. So after the rounds it also opens ``--sockets`` sockets and then as many more, past
the rounds' high-water mark: (RSS with both sets - RSS with the first) / sockets.

    .venv/bin/python bench/sockets_memory.py [--tree <this tree>] [--compare /work/baseline]
        [--rounds 10] [--sockets 500] [--per-player 25] [--concurrency 50]

``--compare`` runs that tree first, then this one, in the same run, and prints both.
"""

from __future__ import annotations

import argparse
import asyncio
import math
import shutil
import sys
import tempfile
import time
from pathlib import Path

import requests
from websockets.exceptions import ConnectionClosed

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT)]

from bench.loadkit import loopback_address  # noqa: E402
from bench.loadkit.sockets import open_match_socket  # noqa: E402
from bench.loadkit.tree import live_server, tree_label  # noqa: E402
from tests.support.client import Player  # noqa: E402

BAR_MB = 10.0


def proc_status(pid: int, field: str) -> int:
    """A number from /proc/<pid>/status (``VmRSS`` is in KB)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith(field + ":"):
            return int(line.split()[1])
    raise RuntimeError(f"no {field} for pid {pid}")


def wait_quiet(base_url: str, timeout: float = 60.0) -> None:
    """Until the server answers an API request quickly three times in a row (the closed
    sockets' disconnect work is done)."""
    deadline, quick = time.monotonic() + timeout, 0
    while time.monotonic() < deadline and quick < 3:
        started = time.monotonic()
        requests.get(base_url + "/api/games/", timeout=30)
        quick = quick + 1 if time.monotonic() - started < 0.05 else 0
        time.sleep(0.1)


async def open_socket(url: str, cookie: str, address: str, gate: asyncio.Semaphore) -> tuple:
    """A socket that has received its first state, and the task reading whatever follows (so
    that nothing waits in a buffer on either side; it returns how many frames it read)."""
    ws, _, _ = await open_match_socket(url, address, gate, cookie)

    async def drain() -> int:
        frames = 0
        try:
            async for _ in ws:
                frames += 1
        except ConnectionClosed:
            pass
        return frames

    return ws, asyncio.create_task(drain())


async def close_all(sockets: list) -> int:
    """Close them; returns how many frames they got after their first state."""
    await asyncio.gather(*(ws.close() for ws, _ in sockets), return_exceptions=True)
    frames = await asyncio.gather(*(task for _, task in sockets), return_exceptions=True)
    return sum(f for f in frames if isinstance(f, int))


async def open_batch(ws_url: str, cookies: list[str], first: int, count: int, concurrency: int) -> list:
    """Sockets ``first`` .. ``first + count - 1``, each from its own address: even ones logged
    in (the players in turn), odd ones anonymous; all or none (the others closed, an error)."""
    gate = asyncio.Semaphore(concurrency)
    tasks = []
    for i in range(first, first + count):
        cookie = cookies[i // 2 % len(cookies)] if i % 2 == 0 else ""
        tasks.append(open_socket(ws_url, cookie, loopback_address(i), gate))
    opened = await asyncio.gather(*tasks, return_exceptions=True)
    sockets = [s for s in opened if not isinstance(s, BaseException)]
    failed = [s for s in opened if isinstance(s, BaseException)]
    if failed:
        await close_all(sockets)
        raise RuntimeError(f"{len(failed)} of {count} sockets failed; the first: {failed[0]!r}")
    return sockets


async def one_round(ws_url: str, cookies: list[str], args: argparse.Namespace, pid: int) -> tuple:
    """Open the round's sockets, let them sit idle a second, close them all; returns the RSS
    (KB) while they were open, the seconds they took to open, and the frames they got after
    their first state (presence news)."""
    started = time.monotonic()
    sockets = await open_batch(ws_url, cookies, 0, args.sockets, args.concurrency)
    took = time.monotonic() - started
    await asyncio.sleep(1.0)
    rss = proc_status(pid, "VmRSS")
    return rss, took, await close_all(sockets)


async def idle_socket_kb(ws_url: str, cookies: list[str], args: argparse.Namespace, pid: int) -> float:
    """An idle socket's memory beyond what the rounds left: with ``--sockets`` open (the rounds'
    high-water mark), as many more; (RSS with both - RSS with the first) / sockets."""
    first = await open_batch(ws_url, cookies, 0, args.sockets, args.concurrency)
    try:
        await asyncio.sleep(1.0)
        one = proc_status(pid, "VmRSS")
        first += await open_batch(ws_url, cookies, args.sockets, args.sockets, args.concurrency)
        await asyncio.sleep(1.0)
        return (proc_status(pid, "VmRSS") - one) / args.sockets
    finally:
        await close_all(first)


def measure(tree: Path, args: argparse.Namespace, workdir: Path) -> tuple[list[tuple[int, int, int]], float]:
    """Per round: (RSS before opening, RSS with every socket open, RSS after closing) in KB;
    and the idle socket's KB beyond the rounds."""
    server = live_server(tree, workdir)
    server.migrate()
    server.start()
    pid = server.proc.pid
    print(f"daphne pid {pid} on {server.url}: {tree_label(tree)}", flush=True)
    try:
        players = [Player(server.url).signup() for _ in range(math.ceil(args.sockets / args.per_player))]
        match = players[0].create(game="reversi", opponent="invite")
        cookies = ["; ".join(f"{c.name}={c.value}" for c in p.http.cookies) for p in players]
        ws_url = f"{server.ws_url}/ws/matches/{match['id']}/"
        wait_quiet(server.url)
        rounds = []
        for n in range(1, args.rounds + 1):
            before = proc_status(pid, "VmRSS")
            opened, took, frames = asyncio.run(one_round(ws_url, cookies, args, pid))
            wait_quiet(server.url)
            time.sleep(1.0)
            after = proc_status(pid, "VmRSS")
            rounds.append((before, opened, after))
            print(
                f"  round {n:2}: {args.sockets} sockets opened in {took:.1f} s; RSS {before / 1024:.1f} MB"
                f" -> {opened / 1024:.1f} MB open -> {after / 1024:.1f} MB closed"
                f"; {frames} frames after the first states, {proc_status(pid, 'Threads')} threads",
                flush=True,
            )
        return rounds, asyncio.run(idle_socket_kb(ws_url, cookies, args, pid))
    finally:
        server.kill()


def report(name: str, rounds: list[tuple[int, int, int]], idle: float, sockets: int) -> None:
    print(f"\n[{name}] {'round':>5} {'RSS MB':>8} {'open MB':>8} {'idle socket KB':>15}")
    for n, (before, opened, after) in enumerate(rounds, 1):
        print(f"[{name}] {n:>5} {after / 1024:8.1f} {opened / 1024:8.1f} {(opened - before) / sockets:15.1f}")
    if len(rounds) > 2:
        grown = (rounds[-1][2] - rounds[1][2]) / 1024
        verdict = "PASS" if abs(grown) <= BAR_MB else "FAIL"
        print(
            f"[{name}] round {len(rounds)} - round 2 = {grown:.1f} MB (bar: within {BAR_MB:g} MB): {verdict}"
            f"; {grown * 1024 / ((len(rounds) - 2) * sockets):.1f} KB per socket opened and closed"
        )
    first = (rounds[0][1] - rounds[0][0]) / sockets
    print(
        f"[{name}] idle open socket: {idle:.1f} KB ({sockets} more beyond the rounds' {sockets}: RSS with "
        f"{2 * sockets} open - RSS with {sockets}, / {sockets}); round 1, RSS with {sockets} open - with none"
        f" (the process warming up too): {first:.1f} KB"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tree", default=str(ROOT), help="the tree measured (default: %(default)s)")
    parser.add_argument("--compare", help="also measure this tree first (e.g. /work/baseline)")
    parser.add_argument("--rounds", type=int, default=10)
    parser.add_argument("--sockets", type=int, default=500)
    parser.add_argument("--per-player", type=int, default=25, help="logged-in sockets per player")
    parser.add_argument("--concurrency", type=int, default=50, help="handshakes at once")
    args = parser.parse_args()
    trees = [("this", Path(args.tree).resolve())]
    if args.compare:
        trees.insert(0, ("baseline", Path(args.compare).resolve()))
    workdir = Path(tempfile.mkdtemp(prefix="bench-sockets-"))
    results = {}
    try:
        for name, tree in trees:
            print(f"[{name}] {args.rounds} rounds of {args.sockets} sockets", flush=True)
            results[name] = measure(tree, args, workdir / name)
    finally:
        shutil.rmtree(workdir, ignore_errors=True)
    for name, (rounds, idle) in results.items():
        report(name, rounds, idle, args.sockets)
    return 0


if __name__ == "__main__":
    sys.exit(main())
