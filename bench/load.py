"""Concurrent matches over real WebSockets, beside a bare Channels relay on the same server.

Bars (docs: quality.md): at 200 matches (one move per match per second, page-faithful
clients) the move relay's p99 (player A sends a move, player B receives the state with the
new ply) under 100 ms; the saturation throughput (the highest moves/s with p99 under 250
ms) at least 0.6x the bare relay's, measured in the same run, and at least 0.8x what
bot-like clients reach (``--compare-bot-like``); every move delivered exactly once.
Scale-out (``--redis``): two daphne processes on the Redis channel layer and PostgreSQL,
players of one match on different processes, saturation throughput at least 1.3x one process.

    .venv/bin/python bench/load.py [--matches 10,100,200,500] [--duration 15]
        [--sat-matches 200] [--sat-duration 8] [--sat-steps 10] [--no-saturation] [--size 8] [--chat 5]
        [--baseline-tree /work/baseline] [--tree <this tree>] [--no-relay]
        [--redis | --redis-only] [--redis-matches 10,100,200] [--json out.json]
        [--url http://127.0.0.1:8000 [--url ...] [--pid <daphne pid> ...]]
        [--bot-like | --compare-bot-like]

Back to back with the previous release (``--baseline-tree``, e.g. a git worktree at its
commit: ``git worktree add /work/baseline <commit>``): a second daphne is started from that
tree (its code, its own fresh database), and every phase runs on both, alternately (game on
the baseline, game on this tree, ...; the saturation searches alternate step by step), so
both see the same machine. The report prints them side by side with the ratio this/baseline
(bar: this tree's game saturation at least 0.7x the baseline's). ``--tree`` names the tree
measured as "this" (default: the one this script is in).

By default it starts its own daphne (``tests/support/server.py``: fresh SQLite database,
in-memory channel layer) with ``BENCH_RELAY=1``, which routes the bare relay consumer
(``site_config/bench_relay.py``) at ``/ws/bench/relay/<group>/``. ``--redis`` then also starts
throw-away PostgreSQL and Redis servers (``tests/support/backing.py``) and two daphne
processes on them, player A on the first and B on the second. Users, sessions and matches are
made directly with Django in the server's database (fast: unusable passwords, sessions from
the session store) by an agent process running that server's tree's code
(``bench/loadkit/tree.py``); each match starts a random number of moves into its game
(played through the services at set-up, not measured) so that the matches of a run end at
different times. Every measured move then goes through the real sockets. Each player's
socket comes from its own loopback address (``127.1.x.y``; a server on loopback), as real
players' would: a tree's per-address limits (sockets open, messages a second) then see one
person each. With ``--url`` it drives a running server instead (give ``--url`` twice for two
processes: player A on the first, B on the second); run it with that server's
``SQLITE_PATH`` or ``DATABASE_URL`` in the environment, and start the server with
``BENCH_RELAY=1`` for the relay baseline. A server that does not relay at
``/ws/bench/relay/`` (a tree without it) simply gets no relay phases.

The game clients are page-faithful (``bench/loadkit/browser.py``): each player does what the
match page does, once per match: ``GET /m/<id>/`` with its session cookie (before it plays:
in no measured latency, though a match replaced during a window loads its pages in it), then
its socket on ``/ws/matches/<id>/?moves=1``, keeping the move list from its ``move_list`` and
each ``state``'s ``moves_added`` (a gap, or the list sent whole again, is reported).
``--bot-like``: the old clients (no page, no ``?moves=1``). ``--compare-bot-like`` adds a
"bot-like" setup on the same server (its own pairs, no relay of its own): every game phase
and saturation step runs page-faithful, then bot-like, alternately, and the report gives
the saturation page-faithful / bot-like (bar: at least 0.8x).

What is measured, per phase (``N`` matches, a fixed pace per match, a fixed window):
- the game (Reversi, 8x8 by default): the player to move picks a random move from
  ``legal_moves`` and sends it at its match's pace (one move per match per second: each
  player every other second; a match waits for the previous move's state, so it never runs
  ahead). Latency is A's send to B's receipt of a ``state`` whose ``ply`` covers A's move.
  A finished match is replaced by a new one (new pages and sockets) once both players have
  its final state, so the load stays steady. A state is a state whatever it carries beside
  ``match`` (``moves_added``): latency and exactly-once read its ``match``.
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
- the chat load (``--chat 5``): each fixed phase once more as ``chat``, the same game with a
  line in the players' room every 5 s in every match (the two players in turn), beside the
  moves: the move p99 with and without it (the ``game`` phase of the same N), the chat
  line's own p99 (sent to heard by the other player); then as ``talk``: lines and no moves,
  a line every ``TALK_EVERY`` s (1.5) in every match, so that they come at about the game
  phase's rate of moves, for the server CPU of a line beside a move's (bar: a line at most
  1.0x a move; at a fifth of the moves' rate each event costs more and the figure wanders). Both
  are measured directly: what the open sockets cost doing nothing (measured first, for
  ``IDLE_WINDOW`` s) is taken off the talk phase's and the game phase's CPU, then divided by
  the lines sent and the moves stored.
- the CPU the daphne process(es) spent per move/message, the CPU of this load client, and how
  busy the whole machine was: the load client shares this 2-core machine (and so may other
  work: the load average is printed), so compare figures within one run.

The parts live in ``bench/loadkit/``: ``conversations`` (two sockets taking turns, game or
relay), ``runner`` (phases at a pace, the saturation search), ``measure`` (CPU figures and
the statistics of a window), ``database`` (the fast set-up), ``tree`` (a tree's server and
its set-up agent), ``report`` (the table and the verdicts), ``browser`` (what the match page
does: its page load, its socket's path, its move list), ``fanout`` (the bare relay as one
sender and many members, for ``bench/watchers.py``). This file starts the servers and runs
the phases.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import shutil
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT)]
from bench.loadkit import TALK_EVERY  # noqa: E402
from bench.loadkit.fanout import relay_answers  # noqa: E402
from bench.loadkit.report import log, report  # noqa: E402
from bench.loadkit.runner import Runner, Search, saturate  # noqa: E402
from bench.loadkit.tree import Agent, live_server, tree_label  # noqa: E402


@dataclass
class Target:
    """One setup under load: its server(s), the agent doing its database set-up, its pairs."""

    setup: str
    ws_urls: list[str]
    server_pids: list[int]
    agent: Agent
    backing_pids: list[int] = field(default_factory=list)
    relay: bool = True
    page_faithful: bool = True  # its game clients do what the match page does (else bot-like)
    pairs: list[dict] = field(default_factory=list)
    cfg: dict = field(default_factory=dict)
    db: ThreadPoolExecutor = field(default_factory=lambda: ThreadPoolExecutor(1, "bench-db"))


# -- the phases ---------------------------------------------------------------------------------
async def run_phases(cfg: dict, targets: list[Target]) -> list[dict]:
    loop = asyncio.get_running_loop()
    most = max(cfg["matches"] + ([cfg["sat_matches"]] if cfg["saturation"] else []))

    async def set_up(t: Target) -> None:
        started = time.monotonic()
        t.pairs, cookie_name = await loop.run_in_executor(t.db, t.agent.make_pairs, most, cfg["size"])
        took = time.monotonic() - started
        log(f"[{t.setup}] set-up: {most} pairs (users, sessions, matches) in {took:.1f} s")
        t.cfg = {
            **cfg,
            "setup": t.setup,
            "ws_urls": t.ws_urls,
            "server_pids": t.server_pids,
            "backing_pids": t.backing_pids,
            "cookie_name": cookie_name,
            "page_faithful": t.page_faithful,
        }
        if cfg["relay"] and t.relay:
            t.relay = await relay_answers(t.ws_urls[0])
            if not t.relay:
                log(f"[{t.setup}] no bare relay at /ws/bench/relay/ on this server: no relay phases")

    await asyncio.gather(*(set_up(t) for t in targets))
    results: list[dict] = []
    order = sorted(set(cfg["matches"]) | ({cfg["sat_matches"]} if cfg["saturation"] else set()))
    # kind by kind, the targets alternating: game on the baseline, game on this tree, relay, ...
    kinds = ("game", "chat", "talk", "relay")
    plan = [(t, k) for k in kinds if cfg[k] for t in targets if k != "relay" or t.relay]
    for n in order:
        searching = cfg["saturation"] and n == cfg["sat_matches"]
        # For the saturation search everything stays connected, the windows alternating.
        # (The chat loads are fixed phases only: beside the search, on their own.)
        chatty = ("chat", "talk")
        groups = [[p for p in plan if p[1] not in chatty]] if searching else [[p] for p in plan]
        groups += [[p] for p in plan if p[1] in chatty] if searching else []
        for group in groups:
            runners = []
            for t, kind in group:
                runner = Runner(t.cfg, kind, t.pairs[:n], t.db, t.agent)
                try:
                    took = await runner.connect()
                except Exception as exc:  # noqa: BLE001 - report what happened, go on
                    log(f"[{t.setup}] {kind} x{n}: connecting failed: {exc!r}")
                    results.append({"setup": t.setup, "kind": kind, "matches": n, "failed": repr(exc)})
                    await runner.close()
                    continue
                retried = f" ({runner.connect_retries} handshakes retried)" if runner.connect_retries else ""
                retried += f" ({runner.bad_pages} page loads not 200)" if runner.bad_pages else ""
                log(f"[{t.setup}] {kind} x{n}: {2 * n} sockets connected in {took:.1f} s{retried}")
                runners.append(runner)
            firsts = []
            for runner in runners:
                firsts.append(await runner.window(cfg["rate"], cfg["duration"]))
                results.append(firsts[-1].as_dict())
                if searching:
                    results[-1]["sat_first"] = True  # the fixed phase that opened the search
            if searching:
                stats = await saturate([Search(r, f) for r, f in zip(runners, firsts, strict=True)])
                results += [s.as_dict() for s in stats]
            for runner in runners:
                await runner.close()
            await wait_idle([u for t in targets for u in t.ws_urls])
    for t in targets:
        t.db.shutdown()
    return results


async def wait_idle(ws_urls: list[str], timeout: float = 90.0) -> None:
    """Wait until the server(s) answer an API request quickly: the sockets just closed leave
    work behind (presence, broadcasts) that would otherwise slow the next phase's handshakes."""
    import requests

    urls = [u.replace("ws", "http", 1) + "/api/games/" for u in ws_urls]
    deadline, quick = time.monotonic() + timeout, 0
    while time.monotonic() < deadline and quick < 3:
        started = time.monotonic()
        await asyncio.gather(*(asyncio.to_thread(requests.get, u, timeout=30) for u in urls))
        quick = quick + 1 if time.monotonic() - started < 0.1 else 0
        await asyncio.sleep(0.2)


def run(cfg: dict, targets: list[Target]) -> list[dict]:
    try:
        return asyncio.run(run_phases(cfg, targets))
    finally:
        for t in targets:
            t.agent.close()


# -- the servers ----------------------------------------------------------------------------------
def base_cfg(args: argparse.Namespace, matches: list[int]) -> dict:
    return {
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
        "chat": args.chat > 0 and not args.no_game,
        "talk": args.chat > 0 and not args.no_game,
        "chat_every": args.chat,
        "talk_every": min(args.chat, TALK_EVERY),
    }


def run_single(args: argparse.Namespace, workdir: Path) -> list[dict]:
    """This tree on one daphne process; with ``--baseline-tree``, the baseline's beside it."""
    trees = [("1 process", Path(args.tree).resolve())]
    if args.baseline_tree:
        trees.insert(0, ("baseline", Path(args.baseline_tree).resolve()))
    servers, targets, faithful = [], [], not args.bot_like
    try:
        for setup, tree in trees:
            server = live_server(tree, workdir / setup.replace(" ", "-"), env={"BENCH_RELAY": "1"})
            servers.append(server)
            server.migrate()
            server.start()
            log(
                f"[{setup}] daphne pid {server.proc.pid} on {server.url} (SQLite, in-memory layer): "
                f"{tree_label(tree)}"
            )
            agent = Agent(tree, {"SQLITE_PATH": server.env["SQLITE_PATH"]})
            targets.append(Target(setup, [server.ws_url], [server.proc.pid], agent, page_faithful=faithful))
        if args.compare_bot_like:  # the same server, its own pairs, bot-like clients
            t = targets[-1]
            targets.append(
                Target("bot-like", t.ws_urls, t.server_pids, t.agent, relay=False, page_faithful=False)
            )
        return run(base_cfg(args, args.matches), targets)
    finally:
        for server in servers:
            server.kill()


def run_cluster(args: argparse.Namespace, workdir: Path) -> list[dict]:
    from tests.support.backing import Postgres, Redis

    tree = Path(args.tree).resolve()
    pg, redis = Postgres().start(), Redis().start()
    servers = []
    try:
        env = {"DATABASE_URL": pg.url, "REDIS_URL": redis.url, "BENCH_RELAY": "1"}
        servers = [live_server(tree, workdir / "cluster", env=env) for _ in range(2)]
        servers[0].migrate()
        for server in servers:
            server.start()
        postmaster = int((pg.dir / "data" / "postmaster.pid").read_text().split()[0])
        log(
            f"[2 procs] daphne pids {[s.proc.pid for s in servers]} on {[s.url for s in servers]} "
            f"(PostgreSQL, Redis layer; player A on the first, B on the second): {tree_label(tree)}"
        )
        target = Target(
            "2 procs",
            [s.ws_url for s in servers],
            [s.proc.pid for s in servers],
            Agent(tree, {"DATABASE_URL": pg.url}),
            backing_pids=[postmaster, redis.proc.pid],
            page_faithful=not args.bot_like,
        )
        return run(base_cfg(args, args.redis_matches), [target])
    finally:
        for server in servers:
            server.kill()
        redis.stop()
        pg.stop()


def run_urls(args: argparse.Namespace) -> list[dict]:
    urls = [u.rstrip("/").replace("http://", "ws://").replace("https://", "wss://") for u in args.url]
    extra = {k: os.environ[k] for k in ("SQLITE_PATH", "DATABASE_URL") if k in os.environ}
    agent = Agent(Path(args.tree).resolve(), extra)
    target = Target("target", urls, args.pid or [], agent, page_faithful=not args.bot_like)
    return run(base_cfg(args, args.matches), [target])


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
    parser.add_argument(
        "--chat", type=float, default=0.0, help="a chat phase too: a line every CHAT s a match (e.g. 5)"
    )
    parser.add_argument("--grace", type=float, default=10.0, help="s to wait for the last deliveries")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--relay-bytes", type=int, default=0, help="pad each relay message (0: just the number)"
    )
    parser.add_argument(
        "--tree", default=str(ROOT), help="the tree measured as this one (default: %(default)s)"
    )
    parser.add_argument(
        "--baseline-tree", help="also run every phase on this tree (e.g. a git worktree), alternately"
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
    parser.add_argument("--bot-like", action="store_true", help="game clients as bots: no page, no ?moves=1")
    parser.add_argument(
        "--compare-bot-like", action="store_true", help="also bot-like game phases, alternating (one process)"
    )
    parser.add_argument("--json", help="also write every figure to this file")
    args = parser.parse_args()
    args.matches = [int(x) for x in args.matches.split(",") if x]
    args.redis_matches = [int(x) for x in args.redis_matches.split(",") if x]
    load_before = Path("/proc/loadavg").read_text().strip()
    log(f"bench/load.py: {os.cpu_count()} cores, load {load_before}; the load client shares this machine")
    log(
        f"game clients: {'bot-like' if args.bot_like else 'page-faithful'}"
        + (", and bot-like beside them (setup 'bot-like')" if args.compare_bot_like else "")
    )
    workdir = Path(tempfile.mkdtemp(prefix="bench-load-"))
    results: list[dict] = []
    started = time.monotonic()
    try:
        if args.url:
            results += run_urls(args)
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
