"""Other players' moves while one client floods ``POST /api/analysis/`` (issue 50, finding 3).

The flood: one address posting, over several connections at once and without pause, the
body the issue saw: a whole game of 26x26 Reversi (672 moves) and one move more, refused
(400) once every move is replayed. Before the fix the replay ran on the event loop before
the per-address limit was checked, and a refused request was never counted (no 429); the
others' moves waited behind it.

Each tree gets its own daphne (``tests/support/server.py``, fresh SQLite database) and
``--matches`` Reversi matches between people (page-faithful clients, one move a match a
second, ``bench/loadkit``); the moves' latency (A sends, B receives the state) is measured
in a window without the flood and in one with it. With ``--baseline-tree`` (a git worktree
of the commit before, e.g. ``git worktree add /tmp/baseline 69d03c3``) the windows alternate
between the two trees, round by round, so both see the same machine.

    .venv/bin/python bench/analysis_flood.py [--baseline-tree /tmp/baseline] [--matches 20]
        [--duration 15] [--connections 4] [--rounds 2]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import sys
import tempfile
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.load import Target, wait_idle  # noqa: E402
from bench.loadkit.report import log  # noqa: E402
from bench.loadkit.runner import Runner  # noqa: E402
from bench.loadkit.tree import Agent, live_server, measured_trees, tree_label  # noqa: E402

FLOOD_ADDRESS = "127.0.0.9"  # one client, beside the players' 127.1.x.y


def flood_body() -> bytes:
    """A whole random game of 26x26 Reversi and one move more (refused: the game is over)."""
    from games.catalog.registry import GAMES

    game = GAMES["reversi"]
    options = game.clean_options({"size": 26})
    state, moves, rng = game.setup(options, seed=0), [], random.Random(50)
    while game.to_move(state):
        seat, move = game.forced(state) or (state["turn"], game.random_move(state, state["turn"], rng))
        moves.append(move)
        state = game.play(state, seat, move)
    return json.dumps({"game": "reversi", "options": options, "moves": [*moves, {"cell": "A1"}]}).encode()


def flood(url: str, body: bytes, until: float) -> Counter:
    """Post ``body`` to ``url`` from ``FLOOD_ADDRESS`` without pause until ``until`` (a
    ``time.time()``): the status codes answered."""
    import requests
    from requests.adapters import HTTPAdapter

    class FromAddress(HTTPAdapter):
        def init_poolmanager(self, *args, **kwargs):
            kwargs["source_address"] = (FLOOD_ADDRESS, 0)
            super().init_poolmanager(*args, **kwargs)

    codes: Counter = Counter()
    with requests.Session() as session:
        session.mount("http://", FromAddress())
        while time.time() < until:
            try:
                r = session.post(url, data=body, headers={"Content-Type": "application/json"}, timeout=60)
                codes[r.status_code] += 1
            except requests.RequestException as exc:
                codes[type(exc).__name__] += 1
    return codes


async def window(target: Target, runner: Runner, args: argparse.Namespace, body: bytes | None) -> dict:
    """One measured window of the matches' moves, with the flood beside it when ``body``."""
    loop = asyncio.get_running_loop()
    flooding = []
    if body is not None:
        url = target.ws_urls[0].replace("ws", "http", 1) + "/api/analysis/"
        until = time.time() + args.duration + 1.0
        pool = ProcessPoolExecutor(args.connections)  # the flood's CPU off the measuring client
        flooding = [loop.run_in_executor(pool, flood, url, body, until) for _ in range(args.connections)]
    stats = await runner.window(1.0, args.duration)
    codes: Counter = Counter()
    for answered in await asyncio.gather(*flooding):
        codes.update(answered)
    if body is not None:
        pool.shutdown()
    row = stats.as_dict()
    row.update(flood=body is not None, codes={str(k): v for k, v in sorted(codes.items(), key=str)})
    return row


async def measure(targets: list[Target], args: argparse.Namespace, body: bytes) -> list[dict]:
    loop = asyncio.get_running_loop()
    for t in targets:
        t.pairs, cookie = await loop.run_in_executor(t.db, t.agent.make_pairs, args.matches, 8)
        t.cfg = {
            "setup": t.setup,
            "ws_urls": t.ws_urls,
            "server_pids": t.server_pids,
            "cookie_name": cookie,
            "page_faithful": True,
            "seed": args.seed,
            "grace": 10.0,
            "size": 8,
        }
    rows = []
    for round_ in range(args.rounds):
        for flooded in (False, True):
            for t in targets:  # the trees alternate, window by window
                runner = Runner(t.cfg, "game", t.pairs, t.db, t.agent)
                await runner.connect()
                row = await window(t, runner, args, body if flooded else None)
                row["round"] = round_ + 1
                rows.append(row)
                await runner.close()
                await wait_idle(t.ws_urls)
                answers = f", flood answers {row['codes']}" if flooded else ""
                log(
                    f"[{t.setup}] round {round_ + 1} {'flood' if flooded else 'quiet'}: moves p50 "
                    f"{row['p50']} ms, p95 {row['p95']} ms, p99 {row['p99']} ms "
                    f"({row['samples']} moves){answers}"
                )
    return rows


def report(rows: list[dict], setups: list[str]) -> None:
    log("\nmoves of the other players (ms): each figure the median of the rounds' (of two, the higher)")
    log(f"{'setup':<10} {'window':<6} {'p50':>8} {'p95':>8} {'p99':>8} {'moves':>6}  flood answers")
    for setup in setups:
        for flooded in (False, True):
            mine = [r for r in rows if r["setup"] == setup and r["flood"] == flooded]
            if not mine:
                continue
            codes: Counter = Counter()
            for r in mine:
                codes.update(r["codes"])
            mid = lambda key, mine=mine: sorted(r[key] or 0 for r in mine)[len(mine) // 2]  # noqa: E731
            log(
                f"{setup:<10} {'flood' if flooded else 'quiet':<6} {mid('p50'):>8} {mid('p95'):>8} "
                f"{mid('p99'):>8} {sum(r['samples'] for r in mine):>6}  {dict(codes) if flooded else ''}"
            )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--matches", type=int, default=20, help="Reversi matches between people")
    parser.add_argument("--duration", type=float, default=15.0, help="s per window")
    parser.add_argument("--connections", type=int, default=4, help="the flooding client's connections")
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--tree", default=str(Path(__file__).resolve().parents[1]))
    parser.add_argument("--baseline-tree", help="also measure this tree (a worktree), alternately")
    parser.add_argument("--baseline-env", action="append", default=[], help=argparse.SUPPRESS)
    parser.add_argument("--json", help="write the rows here")
    args = parser.parse_args()

    import os

    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "site_config.settings")
    import django

    django.setup()
    body = flood_body()
    log(f"flood body: {len(json.loads(body)['moves'])} moves, {len(body) // 1024} KiB")
    trees, envs = measured_trees(args)
    servers, targets = [], []
    with tempfile.TemporaryDirectory(prefix="analysis-flood-") as tmp:
        try:
            for setup, tree in trees:
                server = live_server(tree, Path(tmp) / setup, env=envs[setup])
                servers.append(server)
                server.migrate()
                server.start()
                log(f"[{setup}] daphne pid {server.proc.pid} on {server.url}: {tree_label(tree)}")
                agent = Agent(tree, {"SQLITE_PATH": server.env["SQLITE_PATH"]})
                targets.append(
                    Target(setup, [server.ws_url], [server.proc.pid], agent, db=ThreadPoolExecutor(1))
                )
            rows = asyncio.run(measure(targets, args, body))
        finally:
            for t in targets:
                t.agent.close()
            for server in servers:
                server.kill()
    report(rows, [setup for setup, _ in trees])
    if args.json:
        Path(args.json).write_text(json.dumps(rows, indent=1))


if __name__ == "__main__":
    main()
