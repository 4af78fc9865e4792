"""Lobby, replay, profile and leaderboard pages under concurrent clients, beside a static file
on the same server.

Bar (quality.md): pages at 50 clients x 1 request/s each, p99 under 100 ms: the lobby (logged
out and logged in), the replay page, a profile and the leaderboard. Starts its own daphne
(``tests/support/server.py``, fresh SQLite database), fills it with finished, ongoing and open
matches (whole random Reversi games played through the services; the logged-in player sits in
``--player-matches`` ongoing ones, the 30 its lobby lists at most), and, first, rated Reversi
matches (a few moves, then a resignation) giving ``--rated-players`` people a rating, the
logged-in player among them with 20 more. The targets: the static file, the lobby logged out,
a finished match's replay, the lobby logged in, that player's profile (``/u/bench0/``) and the
Reversi leaderboard (``/leaderboard/reversi/``), the last two logged out. Then, for each
target, keeps ``--clients`` keep-alive HTTP/1.1 connections busy for ``--duration`` seconds,
closed loop (as ``wrk -c 50``: each client sends its next request when the previous answer is
in) and paced (``--rates`` requests/s per client, each timed from when it was due), and prints
requests/s and p50/p95/p99 latency. The baseline is a small static file served by the same daphne
(ServeStatic): the cost of daphne alone. The verdict is read on the paced 1/s figures.

Back to back with the previous release (``--baseline-tree``, e.g. a git worktree at its
commit): a second daphne runs that tree's code on its own database, filled by that tree's
services (``bench/loadkit/tree.py``); the two are measured alternately, figure by figure, and
the logged-in lobby and the profile are printed side by side. A tree with no leaderboard (the
previous release has no ratings) plays no rated match and shows "-" for it. ``--tree`` names
the tree measured as "this" (default: the one this script is in).

    .venv/bin/python bench/pages.py [--clients 50] [--duration 10] [--rates 1,2] [--finished 60]
        [--player-matches 30] [--rated-players 60]
        [--baseline-tree /work/baseline] [--baseline-env NAME=VALUE ...] [--tree <this tree>]

``--baseline-env NAME=VALUE`` (repeatable) sets variables for the baseline's daphne; without
``--baseline-tree`` the baseline is this tree, e.g. ``--baseline-env PAGES_ON_SHARED_THREAD=0``
measures a library override against the stock code (docs/deploy.md, "Library overrides").
"""

from __future__ import annotations

import argparse
import asyncio
import random
import shutil
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT)]

from bench.loadkit.tree import Agent, live_server, measured_trees, tree_label  # noqa: E402
from bench.stats import percentile  # noqa: E402


async def client(
    host: str, port: int, path: str, until: float, latencies: list[float], rate: float | None, cookie: str
) -> None:
    """One keep-alive connection: closed loop (``rate`` None) or ``rate`` requests/s, each
    timed from when it was due (a late server delays the next ones: no coordinated omission)."""
    reader, writer = await asyncio.open_connection(host, port)
    cookie = f"Cookie: {cookie}\r\n" if cookie else ""
    request = f"GET {path} HTTP/1.1\r\nHost: {host}:{port}\r\n{cookie}Connection: keep-alive\r\n\r\n".encode()
    due = time.perf_counter() + (random.random() / rate if rate else 0.0)
    try:
        while time.monotonic() < until:
            if rate:
                await asyncio.sleep(max(0.0, due - time.perf_counter()))
            started = due if rate else time.perf_counter()
            due += 1 / rate if rate else 0.0
            writer.write(request)
            status = await reader.readline()
            length = 0
            while (line := await reader.readline()) not in (b"\r\n", b""):
                name, _, value = line.decode("latin-1").partition(":")
                if name.lower() == "content-length":
                    length = int(value)
            await reader.readexactly(length)
            if not status.startswith(b"HTTP/1.1 200"):
                raise RuntimeError(f"{path}: {status!r}")
            latencies.append(time.perf_counter() - started)
    finally:
        writer.close()


async def measure(
    url: str, path: str, clients: int, duration: float, rate: float | None = None, cookie: str = ""
) -> dict:
    """Figures of ``clients`` clients asking for ``path`` for ``duration`` seconds."""
    host, port = url.removeprefix("http://").split(":")
    latencies: list[float] = []
    until = time.monotonic() + duration
    started = time.monotonic()
    clients_ = (client(host, int(port), path, until, latencies, rate, cookie) for _ in range(clients))
    await asyncio.gather(*clients_)
    elapsed = time.monotonic() - started
    return {
        "path": path,
        "requests": len(latencies),
        "rps": len(latencies) / elapsed,
        **{f"p{q}": percentile(latencies, q) * 1000 for q in (50, 95, 99)},
    }


LOGGED_IN = "lobby, logged in"
PROFILE = "profile page"


def start_tree(name: str, tree: Path, env: dict[str, str], workdir: Path, args: argparse.Namespace) -> tuple:
    """A daphne running ``tree``'s code on a fresh database filled by that tree's services;
    returns (server, targets): (page, path, cookie), path None where the tree has no such page."""
    server = live_server(tree, workdir / name, env=env)
    server.migrate()
    agent = Agent(tree, {"SQLITE_PATH": server.env["SQLITE_PATH"]})
    try:
        replay, cookie = agent.call(
            "populate_pages", args.finished, args.seed, args.player_matches, args.rated_players
        )
        profile, leaderboard = agent.call("page_paths", "bench0", "reversi")
    finally:
        agent.close()
    server.start()
    print(f"[{name}] daphne pid {server.proc.pid} on {server.url}: {tree_label(tree)} {env}", flush=True)
    targets = [
        ("static file (baseline)", "/static/js/http.js", ""),
        ("lobby", "/", ""),
        ("replay page", replay, ""),
        (LOGGED_IN, "/", cookie),
        (PROFILE, profile, ""),
        ("leaderboard page", leaderboard or None, ""),
    ]
    return server, targets


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--clients", type=int, default=50)
    parser.add_argument("--duration", type=float, default=10.0)
    parser.add_argument(
        "--rates", default="1,2", help="paced runs: requests/s per client (comma-separated; '' for none)"
    )
    parser.add_argument("--finished", type=int, default=60, help="finished matches in the database")
    parser.add_argument(
        "--player-matches", type=int, default=30, help="ongoing matches of the logged-in player"
    )
    parser.add_argument(
        "--rated-players", type=int, default=60, help="players with a rating (on the leaderboard)"
    )
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument(
        "--tree", default=str(ROOT), help="the tree measured as this one (default: %(default)s)"
    )
    parser.add_argument("--baseline-tree", help="also measure this tree (e.g. a git worktree), alternately")
    parser.add_argument("--baseline-env", action="append", default=[], metavar="NAME=VALUE")
    args = parser.parse_args()
    rates = [None, *(float(r) for r in args.rates.split(",") if r)]

    trees, envs = measured_trees(args)
    workdir = Path(tempfile.mkdtemp(prefix="bench-pages-"))
    servers, targets = {}, {}
    rows = []  # (tree, page, rate, figures)
    try:
        for name, tree in trees:
            servers[name], targets[name] = start_tree(name, tree, envs[name], workdir, args)
        print(f"{args.clients} clients, {args.duration:g} s per figure; the trees alternate figure by figure")
        for i in range(len(targets[trees[0][0]])):
            for name, _ in trees:  # warm up
                _, path, cookie = targets[name][i]
                if path is not None:
                    asyncio.run(measure(servers[name].url, path, args.clients, 1.0, cookie=cookie))
            for rate in rates:
                for name, _ in trees:
                    page, path, cookie = targets[name][i]
                    if path is None:  # not in this tree: a "-" row
                        rows.append((name, page, rate, None))
                        continue
                    figures = measure(servers[name].url, path, args.clients, args.duration, rate, cookie)
                    rows.append((name, page, rate, asyncio.run(figures)))
    finally:
        for server in servers.values():
            server.kill()
        shutil.rmtree(workdir, ignore_errors=True)
    report(rows, trees, rates, args.clients)
    return 0


def report(rows: list, trees: list, rates: list, clients: int) -> None:
    """The table, the throughputs against the static file, the verdicts, this tree beside the
    baseline; a page the tree lacks (figures None) is a "-" row, left out of the rest."""
    print(
        f"{'tree':9} {'page':24} {'load':>16} {'requests':>9} {'req/s':>7} "
        f"{'p50 ms':>8} {'p95 ms':>8} {'p99 ms':>8}"
    )
    for name, page, rate, r in rows:
        load = "closed loop" if rate is None else f"{rate:g}/s per client"
        if r is None:
            print(f"{name:9} {page:24} {load:>16} {'-':>9} {'-':>7} {'-':>8} {'-':>8} {'-':>8}")
            continue
        print(
            f"{name:9} {page:24} {load:>16} {r['requests']:9d} {r['rps']:7.0f}"
            f" {r['p50']:8.1f} {r['p95']:8.1f} {r['p99']:8.1f}"
        )
    rows = [row for row in rows if row[3] is not None]
    print()
    for name, _ in trees:
        for rate in rates:
            here = [(page, r) for n, page, rt, r in rows if n == name and rt == rate]
            base, pages = here[0][1], here[1:]
            load = "closed loop (as wrk -c)" if rate is None else f"{clients} clients x {rate:g} req/s"
            ratios = ", ".join(f"{page} {r['rps'] / base['rps']:.2f}x" for page, r in pages)
            print(f"[{name}] {load}: throughput vs the static file: {ratios}")
    print()
    for name, _ in trees:  # the bar: every page at 1 request/s per client
        pages = [
            (page, r)
            for n, page, rt, r in rows
            if n == name and rt == 1.0 and page != "static file (baseline)"
        ]
        if pages:
            worst = ", ".join(f"{page} {r['p99']:.0f} ms" for page, r in pages)
            verdict = "PASS" if all(r["p99"] < 100 for _, r in pages) else "FAIL"
            print(f"[{name}] bar: pages at {clients} clients x 1 req/s, p99 < 100 ms: {worst}: {verdict}")
    if len(trees) != 2:
        return
    for title, shown in (("The logged-in lobby", LOGGED_IN), ("The profile page", PROFILE)):
        print(f"\n{title}, this tree beside the baseline tree (same run):")
        for rate in rates:
            b, t = (
                next(r for n, page, rt, r in rows if n == name and rt == rate and page == shown)
                for name in ("baseline", "this")
            )
            load = "closed loop" if rate is None else f"{clients} clients x {rate:g} req/s"
            print(
                f"  {load}: baseline {b['rps']:.0f} req/s p99 {b['p99']:.0f} ms; "
                f"this {t['rps']:.0f} req/s p99 {t['p99']:.0f} ms (p99 {t['p99'] / b['p99']:.2f}x)"
            )


if __name__ == "__main__":
    sys.exit(main())
