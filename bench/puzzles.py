"""Server CPU of the puzzle pages and of a checked move, beside the lobby page's, in one run.

Bar (issue 51): a puzzle page and a checked move each cost under 5 ms of server CPU. Starts its
own daphne (``bench/loadkit/tree.py``: this tree on a fresh SQLite database, the shipped
puzzles loaded by migrate), fills the lobby as ``bench/pages.py`` does (finished, ongoing and
open Reversi matches; the logged-in player sits in 30), then sends each target's requests one
after another, each on its own connection, and reads daphne's CPU time (``/proc``) before and
after: CPU ms a request, less what daphne spends idle over the same time (measured for 5 s
first). ``--rounds`` rounds each send ``--requests`` of every target's, so that the machine's
other work, when it comes in bursts, shows in one round's figures rather than in one target's:
each target's median over the rounds is read against the bar, beside their range and the wall
latency p50/p95 of all its requests. The targets:

- the baseline: a static file (daphne alone), ``GET /api/games/`` logged in (a small
  constant answer: daphne, Django and the session's two queries), the lobby (``/``),
  logged out and logged in, and the bell socket every other page of a logged-in person
  opens (``/ws/lobby/?push=bell``: opened, its count read, a ping answered, closed);
- the puzzle socket as a logged-in puzzle page opens it instead (``/ws/puzzles/?bell=1``: it
  carries the page's bell), the same way;
- for each game with puzzles: its puzzle page (``/puzzles/<game>/<id>/``): first every
  puzzle of the game once, all in the first round (the first view of a puzzle in a process
  replays its game: ``games/puzzles/board.py`` keeps the position), then cycling through
  them, logged out (a new visitor each time, as from a shared link) and logged in; and the
  next puzzle as a logged-in page's "Next puzzle" gets it, a ``next`` on its open socket
  (no page loaded again);
- its checked moves, as ``static/js/puzzle.js`` sends them (``{"line": [move], "again":
  false, "streak": false}``, logged in): a ``check`` frame on the person's open puzzle socket
  (what the page does when it has a session: every account's page), and the same by the POST
  with the page's CSRF cookie (a visitor's first check, and outside clients): a right first
  move answered by the opponent's reply (puzzles of more than one move); a right first move
  that solves the puzzle, and a wrong move, each the person's first try of that puzzle (it
  counts: both ratings move). People take turns, each sending at most 20 checks (within a
  socket's rate limit, as a page keeps to it). Every answer is checked to be the one
  expected (reply, solved and rated, wrong and rated).

    .venv/bin/python bench/puzzles.py [--requests 100] [--rounds 3] [--warm-up 20] [--finished 30]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import math
import os
import shutil
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from itertools import cycle, islice
from pathlib import Path
from typing import Any

import websockets

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT)]

from bench.loadkit.lobby_clients import Player, http  # noqa: E402
from bench.loadkit.measure import Window, idle_cores, net_ms  # noqa: E402
from bench.loadkit.report import log  # noqa: E402
from bench.loadkit.tree import Agent, live_server, tree_label  # noqa: E402
from bench.stats import percentile  # noqa: E402

BAR_MS = 5.0  # server CPU a puzzle page or a checked move (issue 51)
ADDRESS = "127.0.0.1"
STATIC = "static file (daphne alone)"
SOCKET = "/ws/puzzles/"
BELL = "bell socket opened (other pages')"
OPENED = "puzzle socket + bell opened (its page's)"
LOBBY = "lobby, logged out"


@dataclass
class Request:
    path: str
    player: Player | None = None  # None: a new visitor
    body: dict[str, Any] | None = None  # a check's JSON (POST or socket), None for a GET
    expect: dict[str, Any] | None = None  # what the check's answer must say
    via: str = "http"  # "http"; "socket": a check on the player's open puzzle socket; "next": a
    # next puzzle asked for there; "open": the puzzle socket opened (its handshake, the session
    # and account read, what it sends on connect) and closed again


class Sockets:
    """Each player's puzzle socket, as its page keeps it open (opened before it is measured)."""

    def __init__(self, url: str) -> None:
        self.ws_base = url.replace("http://", "ws://")
        self.origin = url
        self.open: dict[int, Any] = {}

    async def connect(self, player: Player, path: str = SOCKET) -> Any:
        cookie = "; ".join(f"{k}={v}" for k, v in player.cookies.items())
        return await websockets.connect(
            self.ws_base + path,
            origin=self.origin,
            additional_headers={"Cookie": cookie},
            local_addr=(ADDRESS, 0),
        )

    async def of(self, player: Player) -> Any:
        if id(player) not in self.open:
            self.open[id(player)] = await self.connect(player)
        return self.open[id(player)]

    async def close(self) -> None:
        for ws in self.open.values():
            await ws.close()


@dataclass
class Target:
    name: str
    measured: list[Request]
    warm: list[Request]
    baseline: bool = False  # read beside the others, not against the bar
    once: bool = False  # all its requests in the first round (each page's first view)


async def send(url: str, request: Request, sockets: Sockets) -> None:
    """One request, its answer checked: 200, and for a check the verdict expected."""
    if request.via == "open":  # as the page opens it: what it sends on connect read, then a ping
        ws = await sockets.connect(request.player, request.path)
        await ws.send(json.dumps({"type": "ping"}))
        while (frame := json.loads(await ws.recv()))["type"] != "pong":
            if frame["type"] != "unread":
                raise RuntimeError(f"{request.path} sent {str(frame)[:200]}")
        await ws.close()
        return
    if request.via == "next":  # "Next puzzle" on the page: the socket sends it
        ws = await sockets.of(request.player)
        await ws.send(json.dumps({"type": "next", "game": request.path.split("/")[2], "streak": False}))
        frame = json.loads(await ws.recv())
        if frame.get("type") != "puzzle" or frame.get("data") is None:
            raise RuntimeError(f"next on the socket: {str(frame)[:300]}")
        return
    if request.via == "socket":
        game, pk = request.path.split("/")[2:4]
        ws = await sockets.of(request.player)
        await ws.send(json.dumps({"type": "check", "game": game, "id": int(pk), **request.body}))
        frame = json.loads(await ws.recv())
        if frame.get("type") != "checked" or frame["status"] != 200:
            raise RuntimeError(f"{request.path} on the socket: {str(frame)[:300]}")
        got = frame["answer"]
        if any(got.get(k) != v for k, v in request.expect.items()):
            raise RuntimeError(f"{request.path} {request.body}: expected {request.expect}, got {got}")
        return
    if request.body is None:
        cookies = request.player.cookies if request.player else {}
        answer = await http(url, "GET", request.path, ADDRESS, cookies)
    else:
        answer = await request.player.post(url, request.path, request.body)
    if answer.status != 200:
        raise RuntimeError(f"{request.path}: {answer.status} {answer.body[:300]!r}")
    if request.expect:
        got = answer.json()
        if any(got.get(k) != v for k, v in request.expect.items()):
            raise RuntimeError(f"{request.path} {request.body}: expected {request.expect}, got {got}")


async def measure(
    url: str, pid: int, idle: float, requests: list[Request], sockets: Sockets
) -> tuple[float, list[float]]:
    """Send ``requests`` in turn: daphne's CPU ms a request (idle taken off), each latency (s)."""
    latencies = []
    for request in requests:  # the sockets a page keeps open, opened before the window
        if request.via in ("socket", "next"):
            await sockets.of(request.player)
    window = Window(pid)
    for request in requests:
        started = time.perf_counter()
        await send(url, request, sockets)
        latencies.append(time.perf_counter() - started)
    return net_ms(window.close(), idle, len(latencies)), latencies


async def measure_all(
    url: str, pid: int, idle: float, targets: list[Target], rounds: int, sockets: Sockets
) -> list[dict]:
    """``rounds`` rounds, each sending one ``rounds``-th of every target's requests (a burst of
    the machine's other work shows in one round, not in one target; in the first, each
    target's warm-up first, and a ``once`` target whole): each target's median CPU over the
    rounds, their range, its latencies."""
    cpu: dict[str, list[float]] = {t.name: [] for t in targets}
    latencies: dict[str, list[float]] = {t.name: [] for t in targets}
    for r in range(rounds):
        for t in targets:
            if r and t.once:
                continue
            for request in t.warm if r == 0 else []:
                await send(url, request, sockets)
            size = len(t.measured) // rounds
            part = t.measured if t.once else t.measured[r * size : (r + 1) * size]
            ms, times = await measure(url, pid, idle, part, sockets)
            cpu[t.name].append(ms)
            latencies[t.name] += times
        log(f"round {r + 1}: " + ", ".join(f"{t.name} {cpu[t.name][-1]:.2f}" for t in targets))
    return [
        {
            "target": t.name,
            "requests": len(latencies[t.name]),
            "cpu": statistics.median(cpu[t.name]),
            "range": (min(cpu[t.name]), max(cpu[t.name])),
            "p50": percentile(latencies[t.name], 50) * 1000,
            "p95": percentile(latencies[t.name], 95) * 1000,
            "baseline": t.baseline,
        }
        for t in targets
    ]


async def players(agent: Agent, url: str, count: int) -> list[Player]:
    """``count`` new logged-in players (sessions made by the agent), each with the CSRF cookie
    a page of the site set."""
    keys, cookie_name = await asyncio.to_thread(agent.call, "session_keys", count)
    made = [Player(ADDRESS, {cookie_name: key}) for key in keys]
    for player in made:
        await player.sign_in(url)
    return made


REPLY = {"correct": True, "solved": False}
SOLVED = {"correct": True, "solved": True, "rated": True}
WRONG = {"correct": False, "solved": False, "rated": True}
CHECKS = (
    ("right move, reply", "right", REPLY),
    ("right move, solves", "right", SOLVED),
    ("wrong move", "wrong", WRONG),
)
GAME_TARGETS = (
    "puzzle page, logged out",
    "puzzle page, logged in",
    "next puzzle on the socket, logged in",
    *(f"check on the socket: {name}" for name, _, _ in CHECKS),
    *(f"check by POST: {name}" for name, _, _ in CHECKS),
)


def check(game: str, puzzle: dict, move: str, player: Player, expect: dict, via: str) -> Request:
    """The page's check of the puzzle's first move, "right" or "wrong", by ``via``."""
    body = {"line": [puzzle[move]], "again": False, "streak": False}
    return Request(f"/puzzles/{game}/{puzzle['id']}/check/", player, body, expect, via)


PER_PERSON = 20  # checks a person sends: within a socket's burst (MOVE_RATE_BURST, 30)


async def checks(make: Callable, game: str, puzzles: list[dict], count: int, via: str) -> list[list[Request]]:
    """``count`` checks of each of CHECKS by ``via``, spread over people who take turns, each
    sending at most PER_PERSON (a person's socket keeps to the sockets' rate limits, as a page
    does): replies (a puzzle's first move answered), and the rated ones each a person's first
    try of a puzzle (the k-th check of each person tries the k-th puzzle)."""
    kinds = (
        ([p for p in puzzles if p["length"] > 1], "right", REPLY),
        ([p for p in puzzles if p["length"] == 1], "right", SOLVED),
        ([p for p in puzzles if p["wrong"]], "wrong", WRONG),
    )
    out = []
    for its, move, expect in kinds:
        people = await make(math.ceil(count / PER_PERSON))
        if expect is not REPLY and len(its) < PER_PERSON:
            raise RuntimeError(f"{game}: too few puzzles for first tries ({len(its)})")
        out.append(
            [
                check(game, its[(j // len(people)) % len(its)], move, people[j % len(people)], expect, via)
                for j in range(count)
            ]
        )
    return out


async def game_requests(make: Callable, game: str, puzzles: list[dict], count: int) -> list[list[Request]]:
    """``count`` requests of each of GAME_TARGETS, by players of their own."""
    pages = [f"/puzzles/{game}/{p['id']}/" for p in puzzles]
    (reader,) = await make(1)
    nexters = await make(math.ceil(count / PER_PERSON))
    return [
        [Request(path) for path in islice(cycle(pages), count)],
        [Request(path, reader) for path in islice(cycle(pages), count)],
        [Request(f"/puzzles/{game}/", nexters[j % len(nexters)], via="next") for j in range(count)],
        *await checks(make, game, puzzles, count, "socket"),
        *await checks(make, game, puzzles, count, "http"),
    ]


async def game_targets(
    make: Callable, game: str, puzzles: list[dict], args: argparse.Namespace
) -> list[Target]:
    """Every puzzle page of the game once (its first view), then GAME_TARGETS."""
    pages = [Request(f"/puzzles/{game}/{p['id']}/") for p in puzzles]
    targets = [Target(f"{game}: puzzle page, first view", pages[1:], pages[:1], once=True)]
    counts = (args.requests * args.rounds, args.warm_up)
    rows = [await game_requests(make, game, puzzles, count) for count in counts]
    for name, measured, warm in zip(GAME_TARGETS, *rows, strict=True):
        targets.append(Target(f"{game}: {name}", measured, warm))
    return targets


async def run(args: argparse.Namespace, workdir: Path) -> tuple[list[dict], float]:
    tree = Path(args.tree).resolve()
    server = live_server(tree, workdir / "this")
    server.migrate()
    agent = Agent(tree, {"SQLITE_PATH": server.env["SQLITE_PATH"]})
    try:
        log(f"filling the lobby ({args.finished} finished matches)...")
        _, cookie = agent.call("populate_pages", args.finished, args.seed, 30, 0)
        puzzles = agent.call("puzzle_moves")
        server.start()
        log(f"daphne pid {server.proc.pid} on {server.url}: {tree_label(tree)}")
        name, _, key = cookie.partition("=")
        player = Player(ADDRESS, {name: key})  # bench0, in 30 ongoing matches
        n, warm = args.requests * args.rounds, args.warm_up
        targets = [
            Target(name, [request] * n, [request] * warm, baseline=True)
            for name, request in (
                (STATIC, Request("/static/js/http.js")),
                ("games list (JSON), logged in", Request("/api/games/", player)),
                (LOBBY, Request("/")),
                ("lobby, logged in", Request("/", player)),
            )
        ]
        for name, path, baseline in (
            (BELL, "/ws/lobby/?push=bell", True),
            (OPENED, f"{SOCKET}?bell=1", False),
        ):
            opener = Request(path, player, via="open")
            targets.append(Target(name, [opener] * n, [opener] * warm, baseline=baseline))
        for game, its in puzzles.items():
            targets += await game_targets(lambda count: players(agent, server.url, count), game, its, args)
        idle = await idle_cores(server.proc.pid)
        log(f"daphne idle: {idle * 1000:.1f} ms CPU a second (taken off each figure)")
        sockets = Sockets(server.url)
        try:
            return await measure_all(server.url, server.proc.pid, idle, targets, args.rounds, sockets), idle
        finally:
            await sockets.close()
    finally:
        agent.close()
        server.kill()


def report(rows: list[dict], idle: float) -> bool:
    """The table (CPU beside the logged-out lobby's) and the verdict; True when it passes."""
    lobby = next(r["cpu"] for r in rows if r["target"] == LOBBY)
    print(
        f"{'target':42} {'requests':>8} {'CPU ms/req':>10} {'rounds':>11} {'x lobby':>7} "
        f"{'p50 ms':>7} {'p95 ms':>7}  verdict"
    )
    for r in rows:
        verdict = "baseline" if r["baseline"] else ("PASS" if r["cpu"] < BAR_MS else "FAIL")
        spread = "{:.2f}-{:.2f}".format(*r["range"])
        print(
            f"{r['target']:42} {r['requests']:8d} {r['cpu']:10.2f} {spread:>11} {r['cpu'] / lobby:7.2f}"
            f" {r['p50']:7.1f} {r['p95']:7.1f}  {verdict}"
        )
    measured = [r for r in rows if not r["baseline"]]
    worst = max(measured, key=lambda r: r["cpu"])
    ok = all(r["cpu"] < BAR_MS for r in measured)
    print(
        f"\nbar: a puzzle page and a checked move under {BAR_MS:g} ms of server CPU each: "
        f"{'PASS' if ok else 'FAIL'} (worst: {worst['target']}, {worst['cpu']:.2f} ms; "
        f"daphne idle {idle * 1000:.1f} ms/s taken off)"
    )
    return ok


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--requests", type=int, default=100, help="measured requests a target a round")
    parser.add_argument("--rounds", type=int, default=3, help="rounds (each target's median is read)")
    parser.add_argument("--warm-up", type=int, default=20, help="requests a target sends first, unmeasured")
    parser.add_argument("--finished", type=int, default=30, help="finished matches in the database")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--tree", default=str(ROOT), help="the tree measured")
    args = parser.parse_args()
    log(f"bench/puzzles.py: {os.cpu_count()} cores, load {Path('/proc/loadavg').read_text().strip()}")
    workdir = Path(tempfile.mkdtemp(prefix="bench-puzzles-"))
    try:
        rows, idle = asyncio.run(run(args, workdir))
    finally:
        shutil.rmtree(workdir, ignore_errors=True)
    sys.exit(0 if report(rows, idle) else 1)


if __name__ == "__main__":
    main()
