"""Lobby and replay pages under concurrent clients, beside a static file on the same server.

Bar (quality.md): the lobby and the replay page at 50 concurrent clients, p99 under 100 ms.
Starts its own daphne (``tests/support/server.py``, fresh SQLite database), fills it with
finished, ongoing and open matches (whole random Reversi games played through the services),
then, for each target, keeps ``--clients`` keep-alive HTTP/1.1 connections busy for
``--duration`` seconds (closed loop, as ``wrk -c 50``: each client sends its next request
when the previous answer is in) and prints requests/s and p50/p95/p99 latency. The baseline
is a small static file served by the same daphne (ServeStatic): the cost of daphne alone.

Anonymous visitors' lobby and replay pages are answered from memory by ``site_config.front``
(one render per ``VISITOR_CACHE_SECONDS``); the bar is read on those. For scale, the lobby as
a logged-in player sees it (rendered by Django for every request) is measured too and printed
beside them, outside the verdict.

    .venv/bin/python bench/pages.py [--clients 50] [--duration 10] [--finished 60]
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT)]

from bench.stats import percentile  # noqa: E402


def populate(finished: int, seed: int) -> tuple[str, str]:
    """Users and matches in the server's database; returns the path of a finished replay and
    the Cookie header of a logged-in player."""
    import django

    django.setup()
    from django.contrib.auth import get_user_model

    from games import services
    from games.models import Match

    rng = random.Random(seed)
    User = get_user_model()
    users = [User.objects.create_user(f"bench{i}", password=None) for i in range(20)]
    replay = ""
    for i in range(finished + 20 + 10):
        a, b = rng.sample(users, 2)
        visibility = "open" if i % 3 else "invite"
        match = services.match_create(user=a, game="reversi", options={}, opponent=visibility, side=0)
        if i >= finished + 20:
            continue  # an open seat (listed in the lobby when public)
        services.match_join(match_id=match.pk, user=b)
        match.refresh_from_db()
        moves = 10**6 if i < finished else rng.randrange(4, 30)
        while match.status == Match.Status.ACTIVE and moves:
            seat = match.state["turn"]
            move = rng.choice(match.rules.legal_moves(match.state, seat))
            match = services.move_play(match_id=match.pk, user=(a, b)[seat], ply=match.ply, move=move)
            moves -= 1
        if match.status == Match.Status.FINISHED:
            replay = f"/r/{match.replay_slug}/"
    return replay, session_cookie(users[0])


def session_cookie(user) -> str:
    """A Cookie header logging ``user`` in."""
    from django.conf import settings

    from bench.loadkit.database import session_key

    return f"{settings.SESSION_COOKIE_NAME}={session_key(user)}"


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


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--clients", type=int, default=50)
    parser.add_argument("--duration", type=float, default=10.0)
    parser.add_argument(
        "--rates", default="1,2", help="paced runs: requests/s per client (comma-separated; '' for none)"
    )
    parser.add_argument("--finished", type=int, default=60, help="finished matches in the database")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    rates = [None, *(float(r) for r in args.rates.split(",") if r)]

    from tests.support.server import LiveServer

    workdir = Path(tempfile.mkdtemp(prefix="bench-pages-"))
    server = LiveServer(workdir)
    os.environ.update(DJANGO_SETTINGS_MODULE="site_config.settings", SQLITE_PATH=server.env["SQLITE_PATH"])
    server.migrate()
    replay, cookie = populate(args.finished, args.seed)
    server.start()
    targets = [
        ("static file (baseline)", "/static/js/http.js", ""),
        ("lobby", "/", ""),
        ("replay page", replay, ""),
        (LOGGED_IN, "/", cookie),
    ]
    print(f"daphne pid {server.proc.pid}: {args.clients} clients, {args.duration:g} s per figure")
    rows = []
    try:
        for name, path, cookie in targets:
            asyncio.run(measure(server.url, path, args.clients, 1.0, cookie=cookie))  # warm up
            for rate in rates:
                figures = asyncio.run(measure(server.url, path, args.clients, args.duration, rate, cookie))
                rows.append((name, rate, figures))
    finally:
        server.kill()
    print(f"{'page':24} {'load':>16} {'requests':>9} {'req/s':>7} {'p50 ms':>8} {'p95 ms':>8} {'p99 ms':>8}")
    for name, rate, r in rows:
        load = "closed loop" if rate is None else f"{rate:g}/s per client"
        print(
            f"{name:24} {load:>16} {r['requests']:9d} {r['rps']:7.0f}"
            f" {r['p50']:8.1f} {r['p95']:8.1f} {r['p99']:8.1f}"
        )
    for rate in rates:
        base = next(r for name, rt, r in rows if rt == rate)
        pages = [(name, r) for name, rt, r in rows[1:] if rt == rate and r is not base and name != LOGGED_IN]
        logged_in = next(r for name, rt, r in rows if rt == rate and name == LOGGED_IN)
        load = "closed loop (as wrk -c)" if rate is None else f"{args.clients} clients x {rate:g} req/s"
        ratios = ", ".join(f"{name} {r['rps'] / base['rps']:.2f}x" for name, r in pages)
        verdict = "PASS" if all(r["p99"] < 100 for _, r in pages) else "FAIL"
        print(f"{load}: throughput vs the static file: {ratios}; bar p99 < 100 ms: {verdict}", end="")
        ratio = logged_in["rps"] / base["rps"]
        print(f" (logged-in lobby, not kept: {ratio:.2f}x, p99 {logged_in['p99']:.0f} ms)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
