"""Daphne's memory under a socket flood: ``--sockets`` anonymous WebSockets sending as fast as
they can and never reading, for ``--seconds``.

Bar (issue 50, docs/deploy.md "Socket floods"): the server's RSS during the flood stays within
``--bar`` MB of its RSS before it, and others are still served meanwhile.

Per tree (``--baseline-tree`` first, e.g. ``git worktree add /work/baseline 69d03c3``, then
this one, in the same run): a daphne of that tree (``tests/support/server.py`` from the tree's
directory, its own fresh SQLite database), a player with a Reversi match waiting for an
opponent (public: anyone may watch); then the flood, from a child process: half the sockets
on ``/ws/lobby/``, half on ``/ws/matches/<id>/``, each from its own loopback address (many
people, as a botnet would be: no per-address limit catches them), each sending
``{"type": "ping"}`` frames as fast as it can and reading nothing (its client stops reading
once 16 frames wait, so what the server sends piles up on the server's side). A socket the
server closes opens again (an attacker would). Meanwhile this process reads the server's RSS
(``VmRSS`` of ``/proc/<pid>/status``) twice a second and, every two seconds, asks as an
ordinary visitor: ``GET /api/games/`` and a fresh match socket's first ``state``. After the
flood its sockets are dropped, and the RSS is read once the server is quiet again.

    .venv/bin/python bench/socket_flood.py [--baseline-tree /work/baseline] [--tree <this tree>]
        [--sockets 50] [--seconds 60]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import multiprocessing
import shutil
import sys
import tempfile
import threading
import time
from pathlib import Path

import requests
import websockets
from websockets.exceptions import ConnectionClosed

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT)]

from bench.loadkit import loopback_address  # noqa: E402
from bench.loadkit.sockets import open_match_socket  # noqa: E402
from bench.loadkit.tree import live_server, tree_label  # noqa: E402
from bench.sockets_memory import proc_status, wait_quiet  # noqa: E402
from tests.support.client import Player  # noqa: E402

BAR_MB = 60.0  # docs/deploy.md: 50 sockets x (500 small frames waiting + 1 MiB unread)
PING = json.dumps({"type": "ping"})


async def flood_one(url: str, address: str, until: float, stats: dict[str, int]) -> None:
    """One flooder: send pings without pause (yielding to the loop now and then), read nothing;
    open again whenever the server closes it, until ``until``."""
    loop = asyncio.get_running_loop()
    while loop.time() < until:
        try:
            ws = await websockets.connect(url, max_queue=16, open_timeout=10, local_addr=(address, 0))
        except (OSError, TimeoutError, websockets.InvalidHandshake):
            stats["refused"] += 1
            await asyncio.sleep(0.5)
            continue
        stats["opened"] += 1
        try:
            while loop.time() < until:
                for _ in range(32):
                    await ws.send(PING)
                stats["frames"] += 32
                await asyncio.sleep(0)
        except ConnectionClosed:
            stats["closed"] += 1
            await asyncio.sleep(0.5)
        finally:
            ws.transport.abort()  # no closing handshake: the client reads nothing


def flood(ws_base: str, match_id: str, sockets: int, seconds: float, results) -> None:
    """The child process: ``sockets`` flooders for ``seconds``; puts its counts on ``results``."""

    async def run() -> dict[str, int]:
        stats = {"opened": 0, "closed": 0, "refused": 0, "frames": 0}
        until = asyncio.get_running_loop().time() + seconds
        paths = ["/ws/lobby/", f"/ws/matches/{match_id}/"]
        await asyncio.gather(
            *(
                flood_one(ws_base + paths[i % 2], loopback_address(1000 + i), until, stats)
                for i in range(sockets)
            )
        )
        return stats

    results.put(asyncio.run(run()))


async def probe(base_url: str, ws_url: str, n: int) -> float:
    """An ordinary visitor: the lobby's API and a fresh match socket's first state; seconds."""
    started = time.monotonic()
    await asyncio.to_thread(requests.get, base_url + "/api/games/", timeout=30)
    ws, _, _ = await open_match_socket(ws_url, loopback_address(n), asyncio.Semaphore(1))
    await ws.close()
    return time.monotonic() - started


def first_error(log: str) -> str:
    """The last lines of the log's first traceback (where it was raised, and what)."""
    lines = log[log.find("Traceback") :].splitlines() if "Traceback" in log else []
    end = next((i for i, line in enumerate(lines[1:], 1) if not line.startswith(" ")), len(lines) - 1)
    return "\n".join(lines[max(0, end - 60) : end + 1])


class Sampler(threading.Thread):
    """Reads the process's RSS (KB) twice a second, keeping the peak, until stopped."""

    def __init__(self, pid: int) -> None:
        super().__init__(daemon=True)
        self.pid, self.peak, self.running = pid, 0, True

    def run(self) -> None:
        while self.running:
            try:
                self.peak = max(self.peak, proc_status(self.pid, "VmRSS"))
            except (OSError, RuntimeError):  # the process died
                return
            time.sleep(0.5)


async def probing(base_url: str, ws_url: str, seconds: float, sampler: Sampler, cap_kb: int) -> tuple:
    """During the flood (or until the RSS passes ``cap_kb``, to spare the machine), one
    ordinary visitor every two seconds, one at a time; the seconds of those answered, and how
    many failed (or had no answer by the flood's end)."""
    loop = asyncio.get_running_loop()
    until, probes, failed = loop.time() + seconds, [], 0
    n = 2000
    while loop.time() + 2 < until and sampler.peak < cap_kb:
        await asyncio.sleep(2)
        n += 1
        try:
            probes.append(await asyncio.wait_for(probe(base_url, ws_url, n), max(1.0, until - loop.time())))
        except Exception:  # noqa: BLE001 - counted: the server failed an ordinary visitor
            failed += 1
    while loop.time() < until and sampler.peak < cap_kb:
        await asyncio.sleep(0.5)
    return probes, failed


def measure(tree: Path, args: argparse.Namespace, workdir: Path) -> dict:
    """Start the tree's daphne, flood it, and return its figures."""
    server = live_server(tree, workdir)
    server.migrate()
    server.start()
    pid = server.proc.pid
    print(f"daphne pid {pid} on {server.url}: {tree_label(tree)}", flush=True)
    try:
        host = Player(server.url).signup()
        match = host.create(game="reversi", opponent="open")
        ws_url = f"{server.ws_url}/ws/matches/{match['id']}/"
        asyncio.run(probe(server.url, ws_url, 1))  # warm: the first socket and page
        wait_quiet(server.url)
        before = proc_status(pid, "VmRSS")
        sampler = Sampler(pid)
        sampler.start()
        results = multiprocessing.Queue()
        child = multiprocessing.Process(
            target=flood, args=(server.ws_url, match["id"], args.sockets, args.seconds, results)
        )
        child.start()
        cap_kb = int(args.cap * 1024)
        probes, failed = asyncio.run(probing(server.url, ws_url, args.seconds, sampler, cap_kb))
        capped = sampler.peak >= cap_kb
        if capped:
            child.kill()
        stats = {"opened": 0, "closed": 0, "refused": 0, "frames": 0} if capped else results.get(timeout=120)
        child.join(timeout=30)
        alive = server.proc.poll() is None
        if alive:  # what the server still had to read and send is done, or dropped
            wait_quiet(server.url, timeout=300)
        sampler.running = False
        sampler.join()
        if alive:
            time.sleep(5)
        after = proc_status(pid, "VmRSS") if alive else 0
        log = server.log()
        return {
            "before": before, "peak": sampler.peak, "after": after, "alive": alive, "probes": probes,
            "failed": failed, "capped": capped, "traceback": first_error(log),
            "tracebacks": log.count("Traceback"), **stats,
        }  # fmt: skip
    finally:
        server.kill()


def report(name: str, r: dict, args: argparse.Namespace) -> None:
    mb = {k: r[k] / 1024 for k in ("before", "peak", "after")}
    grown = mb["peak"] - mb["before"]
    probes = sorted(r["probes"])
    worst = f"{probes[-1] * 1000:.0f} ms" if probes else "-"
    print(
        f"[{name}] RSS before {mb['before']:.1f} MB, peak {mb['peak']:.1f} MB (+{grown:.1f}),"
        f" after {mb['after']:.1f} MB; bar: peak within {args.bar:g} MB of before:"
        f" {'PASS' if grown <= args.bar and r['alive'] else 'FAIL'}"
        f"{f' (stopped early: past --cap {args.cap:g} MB)' if r['capped'] else ''}\n"
        f"[{name}]   flood: {args.sockets} sockets, {r['frames']:,} frames sent, {r['opened']} opened,"
        f" {r['closed']} closed by the server, {r['refused']} connects refused\n"
        f"[{name}]   others meanwhile: {len(probes)} probes answered (slowest {worst}), {r['failed']} failed;"
        f" server {'up' if r['alive'] else 'DIED'}, {r['tracebacks']} tracebacks in its log"
    )
    if r["traceback"]:
        print(f"[{name}]   the first: {r['traceback']}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tree", default=str(ROOT), help="the tree measured (default: %(default)s)")
    parser.add_argument("--baseline-tree", help="also measure this tree, first (e.g. a git worktree)")
    parser.add_argument("--sockets", type=int, default=50)
    parser.add_argument("--seconds", type=float, default=60)
    parser.add_argument("--bar", type=float, default=BAR_MB, help="MB the peak may exceed the RSS before")
    parser.add_argument("--cap", type=float, default=4000, help="MB of RSS at which a flood is stopped early")
    args = parser.parse_args()
    trees = [("this", Path(args.tree).resolve())]
    if args.baseline_tree:
        trees.insert(0, ("baseline", Path(args.baseline_tree).resolve()))
    workdir = Path(tempfile.mkdtemp(prefix="bench-flood-"))
    results = {}
    try:
        for name, tree in trees:
            print(f"[{name}] {args.sockets} sockets flooding for {args.seconds:g} s", flush=True)
            results[name] = measure(tree, args, workdir / name)
    finally:
        shutil.rmtree(workdir, ignore_errors=True)
    print()
    for name, r in results.items():
        report(name, r, args)
    return 0


if __name__ == "__main__":
    sys.exit(main())
