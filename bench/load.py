"""Concurrent matches over real WebSockets, beside a bare Channels relay on the same server.

Bars (docs: quality.md): at 200 matches (one move per match per second) the move relay's p99
(player A sends a move, player B receives the state with the new ply) under 100 ms; the
saturation throughput (the highest moves/s with p99 under 250 ms) at least 0.6x the bare
relay's, measured in the same run; every move delivered exactly once. Scale-out (``--redis``):
two daphne processes on the Redis channel layer and PostgreSQL, players of one match on
different processes, saturation throughput at least 1.3x one process.

    .venv/bin/python bench/load.py [--matches 10,100,200,500] [--duration 15]
        [--sat-matches 200] [--sat-duration 8] [--sat-steps 10] [--no-saturation] [--size 8]
        [--redis | --redis-only] [--redis-matches 10,100,200] [--json out.json]
        [--url http://127.0.0.1:8000 [--url ...] [--pid <daphne pid> ...]]

By default it starts its own daphne (``tests/support/server.py``: fresh SQLite database,
in-memory channel layer) with ``BENCH_RELAY=1``, which routes the bare relay consumer
(``site_config/bench_relay.py``) at ``/ws/bench/relay/<group>/``. ``--redis`` then also starts
throw-away PostgreSQL and Redis servers (``tests/support/backing.py``) and two daphne
processes on them, player A on the first and B on the second. Users, sessions and matches are
made directly with Django in the server's database (fast: unusable passwords, sessions from
the session store); each match starts a random number of moves into its game (played through
the services at set-up, not measured) so that the matches of a run end at different times.
Every measured move then goes through the real sockets. With ``--url`` it drives a running
server instead (give ``--url`` twice for two processes: player A on the first, B on the
second); run it with that server's ``SQLITE_PATH`` or ``DATABASE_URL`` in the environment,
and start the server with ``BENCH_RELAY=1`` for the relay baseline.

What is measured, per phase (``N`` matches, a fixed pace per match, a fixed window):
- the game (Reversi, 8x8 by default): the player to move picks a random move from
  ``legal_moves`` and sends it at its match's pace (one move per match per second: each
  player every other second; a match waits for the previous move's state, so it never runs
  ahead). Latency is A's send to B's receipt of a ``state`` whose ``ply`` covers A's move.
  A finished match is replaced by a new one (new sockets) once both players have its final
  state, so the load stays steady.
- the relay: the same pairs and pace with numbered messages through the bare group relay
  (both members receive each message, as both players receive each state).
- exactly once: after the window (and a grace for the last deliveries), every move stored
  in the database (non-forced ``Move`` rows for the plies the clients sent) must have reached
  both players' sockets once (a socket's first state covers the moves made before it):
  ``lost`` counts missing (move, socket) deliveries, ``dup`` a ply delivered twice, a state
  repeated verbatim without a refusal before it once both sockets are settled, or a ply going
  backwards (an older state after a newer one). States caused by presence changes or refusals
  are not duplicates. ``err`` counts refusals received and moves neither stored nor refused.
- saturation: at ``--sat-matches`` matches the pace is raised (x1.3 a step; a failing step is
  run once more before the search believes it; then one step between the best passing and
  the lowest failing pace) until p99 exceeds 250 ms; the game's and the relay's steps
  alternate, so both see the same machine. The saturation throughput is the highest moves/s
  with p99 under 250 ms (and at least 80% of the pace asked for).
- the CPU the daphne process(es) spent per move/message, the CPU of this load client, and how
  busy the whole machine was: the load client shares this 2-core machine (and so may other
  work: the load average is printed), so compare figures within one run.

The parts live in ``bench/loadkit/``: ``conversations`` (two sockets taking turns, game or
relay), ``runner`` (phases at a pace, the saturation search), ``measure`` (CPU figures and
the statistics of a window), ``database`` (the fast set-up), ``report`` (the table and the
verdicts). This file runs a setup's phases in a worker process and starts the servers.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT)]
from bench.loadkit.database import django_setup, make_pairs  # noqa: E402
from bench.loadkit.report import log, report  # noqa: E402
from bench.loadkit.runner import Runner, Search, saturate  # noqa: E402


# -- the worker: one setup's phases ------------------------------------------------------------
async def run_phases(cfg: dict) -> list[dict]:
    django_setup()
    from games import broadcast

    # This process has no sockets: the group sends of its own set-up would go nowhere.
    broadcast.send_group = lambda group, event: None
    db = ThreadPoolExecutor(max_workers=1, thread_name_prefix="bench-db")
    loop = asyncio.get_running_loop()
    most = max(cfg["matches"] + ([cfg["sat_matches"]] if cfg["saturation"] else []))
    started = time.monotonic()
    pairs, cfg["cookie_name"] = await loop.run_in_executor(db, make_pairs, most, cfg["size"])
    took = time.monotonic() - started
    log(f"[{cfg['setup']}] set-up: {most} pairs (users, sessions, matches) in {took:.1f} s")
    results: list[dict] = []
    order = sorted(set(cfg["matches"]) | ({cfg["sat_matches"]} if cfg["saturation"] else set()))
    kinds = [k for k in ("game", "relay") if cfg[k]]
    for n in order:
        searching = cfg["saturation"] and n == cfg["sat_matches"]
        # For the saturation search both kinds stay connected, their windows alternating.
        groups = [kinds] if searching else [[k] for k in kinds]
        for group in groups:
            runners = []
            for kind in group:
                runner = Runner(cfg, kind, pairs[:n], db)
                try:
                    took = await runner.connect()
                except Exception as exc:  # noqa: BLE001 - report what happened, go on
                    log(f"[{cfg['setup']}] {kind} x{n}: connecting failed: {exc!r}")
                    results.append({"setup": cfg["setup"], "kind": kind, "matches": n, "failed": repr(exc)})
                    await runner.close()
                    continue
                retried = f" ({runner.connect_retries} handshakes retried)" if runner.connect_retries else ""
                log(f"[{cfg['setup']}] {kind} x{n}: {2 * n} sockets connected in {took:.1f} s{retried}")
                runners.append(runner)
            firsts = []
            for runner in runners:
                firsts.append(await runner.window(cfg["rate"], cfg["duration"]))
                results.append(firsts[-1].as_dict())
            if searching:
                stats = await saturate([Search(r, f) for r, f in zip(runners, firsts, strict=True)])
                results += [s.as_dict() for s in stats]
            for runner in runners:
                await runner.close()
            await wait_idle(cfg)
    db.shutdown()
    return results


async def wait_idle(cfg: dict, timeout: float = 90.0) -> None:
    """Wait until the server(s) answer an API request quickly: the sockets just closed leave
    work behind (presence, broadcasts) that would otherwise slow the next phase's handshakes."""
    import requests

    urls = [u.replace("ws", "http", 1) + "/api/games/" for u in cfg["ws_urls"]]
    deadline, quick = time.monotonic() + timeout, 0
    while time.monotonic() < deadline and quick < 3:
        started = time.monotonic()
        await asyncio.gather(*(asyncio.to_thread(requests.get, u, timeout=30) for u in urls))
        quick = quick + 1 if time.monotonic() - started < 0.1 else 0
        await asyncio.sleep(0.2)


def worker(config_path: str) -> None:
    cfg = json.loads(Path(config_path).read_text())
    results = asyncio.run(run_phases(cfg))
    Path(cfg["out"]).write_text(json.dumps(results))


# -- the orchestrator: servers and worker processes ---------------------------------------------
def run_worker(cfg: dict, env: dict[str, str], workdir: Path) -> list[dict]:
    cfg_path, out_path = workdir / f"bench-{cfg['setup']}.json", workdir / f"bench-{cfg['setup']}-out.json"
    cfg["out"] = str(out_path)
    cfg_path.write_text(json.dumps(cfg))
    subprocess.run([sys.executable, __file__, "--worker", str(cfg_path)], env=env, cwd=ROOT, check=True)
    results = json.loads(out_path.read_text())
    sat_n = cfg["sat_matches"] if cfg["saturation"] else None
    for r in results:  # mark the fixed phase that opened the saturation search
        if r.get("matches") == sat_n and r.get("phase") == "fixed":
            r["sat_first"] = True
    return results


def worker_env(extra: dict[str, str]) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("REDIS_URL", "DATABASE_URL", "SQLITE_PATH")}
    return {**env, "DJANGO_SETTINGS_MODULE": "site_config.settings", "PYTHONUNBUFFERED": "1", **extra}


def base_cfg(args: argparse.Namespace, setup: str, matches: list[int]) -> dict:
    return {
        "setup": setup,
        "matches": matches,
        "duration": args.duration,
        "sat_matches": args.sat_matches,
        "sat_duration": args.sat_duration,
        "sat_steps": args.sat_steps,
        "saturation": not args.no_saturation,
        "relay": not args.no_relay,
        "size": args.size,
        "grace": args.grace,
        "seed": args.seed,
        "relay_bytes": args.relay_bytes,
        "game": not args.no_game,
        "rate": args.rate,
    }


def run_single(args: argparse.Namespace, workdir: Path) -> list[dict]:
    from tests.support.server import LiveServer

    server = LiveServer(workdir / "single", env={"BENCH_RELAY": "1"})
    server.workdir.mkdir(parents=True, exist_ok=True)
    server.migrate()
    server.start()
    try:
        cfg = base_cfg(args, "1 process", args.matches)
        cfg.update(ws_urls=[server.ws_url], server_pids=[server.proc.pid])
        log(f"[1 process] daphne pid {server.proc.pid} on {server.url} (SQLite, in-memory layer)")
        return run_worker(cfg, worker_env({"SQLITE_PATH": server.env["SQLITE_PATH"]}), workdir)
    finally:
        server.kill()


def run_cluster(args: argparse.Namespace, workdir: Path) -> list[dict]:
    from tests.support.backing import Postgres, Redis
    from tests.support.server import LiveServer

    pg, redis = Postgres().start(), Redis().start()
    servers: list[LiveServer] = []
    try:
        env = {"DATABASE_URL": pg.url, "REDIS_URL": redis.url, "BENCH_RELAY": "1"}
        (workdir / "cluster").mkdir(parents=True, exist_ok=True)
        servers = [LiveServer(workdir / "cluster", env=env), LiveServer(workdir / "cluster", env=env)]
        servers[0].migrate()
        for server in servers:
            server.start()
        cfg = base_cfg(args, "2 procs", args.redis_matches)
        postmaster = int((pg.dir / "data" / "postmaster.pid").read_text().split()[0])
        cfg.update(
            ws_urls=[s.ws_url for s in servers],
            server_pids=[s.proc.pid for s in servers],
            backing_pids=[postmaster, redis.proc.pid],
        )
        log(
            f"[2 procs] daphne pids {[s.proc.pid for s in servers]} on {[s.url for s in servers]} "
            f"(PostgreSQL, Redis layer; player A on the first, B on the second)"
        )
        return run_worker(cfg, worker_env({"DATABASE_URL": pg.url}), workdir)
    finally:
        for server in servers:
            server.kill()
        redis.stop()
        pg.stop()


def run_urls(args: argparse.Namespace, workdir: Path) -> list[dict]:
    urls = [u.rstrip("/").replace("http://", "ws://").replace("https://", "wss://") for u in args.url]
    cfg = base_cfg(args, "target", args.matches)
    cfg.update(ws_urls=urls, server_pids=args.pid or [])
    extra = {k: os.environ[k] for k in ("SQLITE_PATH", "DATABASE_URL") if k in os.environ}
    return run_worker(cfg, worker_env(extra), workdir)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--matches", default="10,100,200,500", help="fixed phases: concurrent matches")
    parser.add_argument("--duration", type=float, default=15.0, help="s per fixed phase")
    parser.add_argument("--sat-matches", type=int, default=200, help="matches of the saturation search")
    parser.add_argument("--sat-duration", type=float, default=8.0, help="s per saturation step")
    parser.add_argument("--sat-steps", type=int, default=10, help="at most this many steps up (or down)")
    parser.add_argument("--no-saturation", action="store_true")
    parser.add_argument("--no-relay", action="store_true", help="skip the bare relay baseline")
    parser.add_argument("--no-game", action="store_true", help="only the relay (e.g. to profile it)")
    parser.add_argument(
        "--rate", type=float, default=1.0, help="moves a second per match in the fixed phases"
    )
    parser.add_argument("--size", type=int, default=8, help="Reversi board size")
    parser.add_argument("--grace", type=float, default=10.0, help="s to wait for the last deliveries")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--relay-bytes", type=int, default=0, help="pad each relay message (0: just the number)"
    )
    parser.add_argument(
        "--redis", action="store_true", help="also two daphne processes on Redis + PostgreSQL"
    )
    parser.add_argument("--redis-only", action="store_true", help="only the two-process setup")
    parser.add_argument("--redis-matches", default="10,100,200", help="fixed phases of the two-process setup")
    parser.add_argument(
        "--url", action="append", help="drive a running server (twice: A on one, B on the other)"
    )
    parser.add_argument(
        "--pid", type=int, action="append", help="with --url: server pids for the CPU figures"
    )
    parser.add_argument("--json", help="also write every figure to this file")
    parser.add_argument("--worker", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        worker(args.worker)
        return
    args.matches = [int(x) for x in args.matches.split(",") if x]
    args.redis_matches = [int(x) for x in args.redis_matches.split(",") if x]
    load_before = Path("/proc/loadavg").read_text().strip()
    log(f"bench/load.py: {os.cpu_count()} cores, load {load_before}; the load client shares this machine")
    workdir = Path(tempfile.mkdtemp(prefix="bench-load-"))
    results: list[dict] = []
    started = time.monotonic()
    try:
        if args.url:
            results += run_urls(args, workdir)
        else:
            if not args.redis_only:
                results += run_single(args, workdir)
            if args.redis or args.redis_only:
                results += run_cluster(args, workdir)
    finally:
        shutil.rmtree(workdir, ignore_errors=True)
    report(results, args, load_before)
    print(f"\nwall time {time.monotonic() - started:.0f} s")
    if args.json:
        Path(args.json).write_text(json.dumps(results, indent=1))


if __name__ == "__main__":
    main()
