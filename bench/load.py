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
"""

from __future__ import annotations

import argparse
import asyncio
import json
import math
import os
import random
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT)]
from bench.stats import percentile  # noqa: E402

P99_SATURATION = 0.250  # s: the saturation throughput is the highest moves/s with p99 under this
P99_BAR_200 = 0.100  # s: p99 at 200 matches, one move per match per second
SAT_RATIO_BAR = 0.6  # game saturation / relay saturation
SCALE_OUT_BAR = 1.3  # two processes / one process
CONNECT_CONCURRENCY = 32


# -- measurements -------------------------------------------------------------------------------
def proc_cpu(pids: list[int]) -> float:
    """CPU seconds (user + system) spent so far by these processes (and their threads)."""
    total = 0.0
    tick = os.sysconf("SC_CLK_TCK")
    for pid in pids:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += (int(fields[11]) + int(fields[12])) / tick
    return total


def tree_cpu(roots: list[int]) -> float:
    """CPU seconds of these processes and all their children, the exited ones included
    (PostgreSQL's backends come and go; the parent is charged for the children it reaped)."""
    tick = os.sysconf("SC_CLK_TCK")
    total = 0.0
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        pid, ppid = int(entry.name), int(fields[1])
        if pid in roots:
            total += sum(int(x) for x in fields[11:15]) / tick  # utime stime cutime cstime
        elif ppid in roots:
            total += (int(fields[11]) + int(fields[12])) / tick
    return total


def machine_cpu() -> tuple[float, float]:
    """(busy, total) jiffies of the whole machine, from /proc/stat."""
    parts = [int(x) for x in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]]
    idle = parts[3] + (parts[4] if len(parts) > 4 else 0)
    return sum(parts) - idle, sum(parts)


def client_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


@dataclass
class Stats:
    """The figures of one measured window."""

    setup: str
    kind: str  # "game" | "relay"
    matches: int
    rate: float  # target messages a second per match
    phase: str = "fixed"  # "fixed" | "saturation"
    duration: float = 0.0
    sent: int = 0
    accepted: int = 0
    latencies: list[float] = field(default_factory=list)
    lost: int = 0  # (accepted move, socket) deliveries missing after the grace
    lost_to_opponent: int = 0
    dup: int = 0
    repeats: int = 0  # of dup: a state repeated verbatim
    regressions: int = 0  # of dup: a state older (lower ply) than one received before
    errors: Counter = field(default_factory=Counter)
    unanswered: int = 0  # sent, neither stored nor refused (e.g. the socket closed)
    restarts: int = 0  # finished matches replaced by new ones during the window
    server_cpu: float = 0.0  # s of daphne CPU during the window
    backing_cpu: float | None = None  # s of PostgreSQL + Redis CPU during the window (--redis)
    busy: float = 0.0  # fraction of the machine's CPU busy during the window (all cores)
    client_cpu: float = 0.0  # s of this load client's CPU during the window
    drain: float = 0.0  # s waited after the window for the last deliveries

    @property
    def target(self) -> float:
        return self.rate * self.matches

    @property
    def per_second(self) -> float:
        return self.accepted / self.duration if self.duration else 0.0

    def p(self, q: float) -> float | None:
        return percentile(self.latencies, q)

    def passes_saturation(self) -> bool:
        p99 = self.p(99)
        return p99 is not None and p99 < P99_SATURATION and self.per_second >= 0.8 * self.target

    def as_dict(self) -> dict[str, Any]:
        ms = lambda v: None if v is None else round(v * 1000, 2)  # noqa: E731
        return {
            "setup": self.setup,
            "kind": self.kind,
            "phase": self.phase,
            "matches": self.matches,
            "rate": round(self.rate, 4),
            "target": round(self.target, 1),
            "duration": round(self.duration, 2),
            "sent": self.sent,
            "accepted": self.accepted,
            "per_second": round(self.per_second, 1),
            "p50": ms(self.p(50)),
            "p95": ms(self.p(95)),
            "p99": ms(self.p(99)),
            "max": ms(max(self.latencies) if self.latencies else None),
            "samples": len(self.latencies),
            "lost": self.lost,
            "lost_to_opponent": self.lost_to_opponent,
            "dup": self.dup,
            "repeats": self.repeats,
            "regressions": self.regressions,
            "errors": dict(self.errors),
            "unanswered": self.unanswered,
            "restarts": self.restarts,
            "server_cpu_ms_per_msg": round(self.server_cpu * 1000 / self.accepted, 2)
            if self.accepted
            else None,
            "server_cpu_cores": round(self.server_cpu / self.duration, 2) if self.duration else None,
            "backing_cpu_ms_per_msg": (
                round(self.backing_cpu * 1000 / self.accepted, 2)
                if self.backing_cpu is not None and self.accepted
                else None
            ),
            "client_cpu_cores": round(self.client_cpu / self.duration, 2) if self.duration else None,
            "machine_busy": round(self.busy, 2),
            "drain": round(self.drain, 2),
        }


@dataclass
class Send:
    seat: int
    at: float
    stats: Stats
    delivered_to_other: bool = False
    refused: bool = False


# -- one match or relay pair: two sockets taking turns ------------------------------------------
class Conversation:
    """Two clients taking turns at the runner's pace; records sends and deliveries by key
    (the ply after the move for a game, the message number for the relay)."""

    def __init__(self, runner: Runner, pair: dict, match_id: str | None = None) -> None:
        self.runner = runner
        self.pair = pair
        self.match_id = match_id
        self.sockets: list[Any] = [None, None]
        self.sends: dict[int, Send] = {}
        self.delivered: list[Counter] = [Counter(), Counter()]
        self.requested: set[int] = set()
        self.pending: tuple[int, int, str] | None = None  # (seat, key, frame) waiting for its time
        self.handle: asyncio.TimerHandle | None = None
        self.next_at = 0.0
        self.closed = False
        self.ready = asyncio.Event()
        # Verbatim repeats right after sockets open are presence news (a socket coming), not
        # duplicates: only count them once both sockets have been open a while.
        self.settled_after = float("inf")

    # pacing
    def want_send(self, seat: int, key: int, frame: str) -> None:
        self.pending = (seat, key, frame)
        self.schedule()

    def schedule(self) -> None:
        if self.pending is None or self.handle is not None or self.closed or not self.runner.running:
            return
        loop = self.runner.loop
        self.handle = loop.call_at(max(loop.time(), self.next_at), self.fire)

    def fire(self) -> None:
        self.handle = None
        if self.pending is None or self.closed or not self.runner.running:
            return  # stays pending until the next window
        seat, key, frame = self.pending
        self.pending = None
        now = self.runner.loop.time()
        self.sends[key] = Send(seat, now, self.runner.stats)
        self.runner.stats.sent += 1
        self.next_at = now + self.runner.period
        self.runner.spawn(self.sockets[seat].send(frame))

    def start_window(self) -> None:
        self.next_at = self.runner.loop.time() + self.runner.rng.random() * self.runner.period
        self.schedule()

    def delivered_key(self, seat: int, key: int, at: float) -> None:
        self.delivered[seat][key] += 1
        send = self.sends.get(key)
        if send is None:
            return
        if self.delivered[seat][key] > 1:
            send.stats.dup += 1
        if send.seat != seat and not send.delivered_to_other:
            send.delivered_to_other = True
            send.stats.latencies.append(at - send.at)

    def outstanding(self, stats: Stats) -> int:
        """Sends of this window still on their way to either socket (the sender's own copy too)."""
        return sum(
            1
            for key, s in self.sends.items()
            if s.stats is stats and not s.refused and not (self.delivered[0][key] and self.delivered[1][key])
        )

    def close(self) -> None:
        self.closed = True
        if self.handle is not None:
            self.handle.cancel()
            self.handle = None


class GameConversation(Conversation):
    """A Reversi match between the pair's two users (A seat 0, B seat 1)."""

    def __init__(self, runner: Runner, pair: dict, match_id: str) -> None:
        super().__init__(runner, pair, match_id)
        self.last: list[int | None] = [None, None]
        self.base: list[int | None] = [None, None]
        self.prev: list[dict | None] = [None, None]
        self.refusals: list[int] = [0, 0]
        self.finished = False
        self.over = [asyncio.Event(), asyncio.Event()]  # each socket has seen the final state

    def on_frame(self, seat: int, raw: str, at: float) -> None:
        msg = json.loads(raw)
        kind = msg.get("type")
        if kind == "error":
            stats = self.runner.stats
            stats.errors[msg.get("code", "?")] += 1
            self.refusals[seat] += 1
            last = self.last[seat]
            if last is not None:
                send = self.sends.get(last + 1)
                if send is not None and send.seat == seat:
                    send.refused = True
                self.requested.discard(last)  # the refusal's fresh state may ask again
        elif kind == "state":
            self.on_state(seat, msg["match"], at)

    def on_state(self, seat: int, match: dict, at: float) -> None:
        ply = match["ply"]
        last = self.last[seat]
        if last is None:  # the snapshot at connect: it shows every move made before it
            self.base[seat] = ply
            self.last[seat] = ply
            for key in [k for k in self.sends if k <= ply]:
                self.delivered_key(seat, key, at)
        elif ply > last:
            for key in range(last + 1, ply + 1):
                self.delivered_key(seat, key, at)
            self.last[seat] = ply
        elif ply == last:
            if self.refusals[seat]:
                self.refusals[seat] -= 1
            elif ply > self.base[seat] and match == self.prev[seat] and at >= self.settled_after:
                send = self.sends.get(ply)
                stats = send.stats if send else self.runner.stats
                stats.dup += 1
                stats.repeats += 1
        else:
            self.runner.stats.dup += 1  # a ply going backwards: an older state after a newer one
            self.runner.stats.regressions += 1
        self.prev[seat] = match
        players = match["players"]
        if all(p["connected"] for p in players):
            self.ready.set()
        if match["status"] != "active":
            if match["status"] in ("finished", "aborted"):
                self.over[seat].set()
                if not self.finished:
                    self.finished = True
                    self.runner.replace(self)
            return
        if (
            match["you"] == seat
            and seat in match["to_move"]
            and match["legal_moves"]
            and ply not in self.requested
        ):
            self.requested.add(ply)
            move = self.runner.rng.choice(match["legal_moves"])
            self.want_send(seat, ply + 1, json.dumps({"type": "move", "ply": ply, "move": move}))


class RelayConversation(Conversation):
    """Numbered messages through the bare relay; the receiver of message n sends n + 1."""

    def __init__(self, runner: Runner, pair: dict) -> None:
        super().__init__(runner, pair)
        self.seq = 0
        self.ready.set()
        self.pad = "x" * runner.cfg["relay_bytes"]
        self.want_send(0, 1, self.frame(1))

    def frame(self, n: int) -> str:
        return json.dumps({"n": n, "pad": self.pad} if self.pad else {"n": n})

    def on_frame(self, seat: int, raw: str, at: float) -> None:
        n = json.loads(raw)["n"]
        self.delivered_key(seat, n, at)
        send = self.sends.get(n)
        if send is not None and send.seat != seat and n + 1 not in self.requested:
            self.requested.add(n + 1)
            self.want_send(seat, n + 1, self.frame(n + 1))


# -- the load client ------------------------------------------------------------------------------
class Runner:
    """Drives one kind of conversation (game or relay) for a set of pairs through its phases."""

    def __init__(self, cfg: dict, kind: str, pairs: list[dict], db: ThreadPoolExecutor) -> None:
        self.cfg = cfg
        self.kind = kind
        self.pairs = pairs
        self.db = db
        self.loop = asyncio.get_running_loop()
        self.rng = random.Random(cfg["seed"])
        self.running = False
        self.period = 1.0
        self.stats = Stats(cfg["setup"], kind, len(pairs), 1.0)
        self.current: dict[int, Conversation] = {}
        self.every: list[Conversation] = []
        self.tasks: set[asyncio.Task] = set()
        self.connect_gate = asyncio.Semaphore(CONNECT_CONCURRENCY)
        self.connect_retries = 0

    def spawn(self, coro) -> asyncio.Task:
        task = self.loop.create_task(coro)
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)
        return task

    # sockets
    async def open_socket(self, conv: Conversation, seat: int) -> None:
        import websockets
        from websockets.exceptions import InvalidHandshake

        url = self.cfg["ws_urls"][seat % len(self.cfg["ws_urls"])]
        path = (
            f"/ws/matches/{conv.match_id}/"
            if self.kind == "game"
            else f"/ws/bench/relay/p{conv.pair['index']}/"
        )
        cookie = f"{self.cfg['cookie_name']}={conv.pair['keys'][seat]}"
        for attempt in range(4):
            try:
                async with self.connect_gate:
                    ws = await websockets.connect(
                        url + path, additional_headers={"Cookie": cookie}, open_timeout=60, max_size=2**20
                    )
                break
            except (OSError, TimeoutError, InvalidHandshake):
                # daphne drops a handshake the app has not accepted within 5 s (a busy server)
                if attempt == 3:
                    raise
                self.connect_retries += 1
                await asyncio.sleep(2**attempt)
        conv.sockets[seat] = ws
        self.spawn(self.read(conv, seat, ws))

    async def read(self, conv: Conversation, seat: int, ws) -> None:
        from websockets.exceptions import ConnectionClosed

        loop = self.loop
        try:
            async for raw in ws:
                conv.on_frame(seat, raw, loop.time())
        except ConnectionClosed:
            pass

    async def start_conversation(self, pair: dict, match_id: str | None = None) -> Conversation:
        conv: Conversation
        if self.kind == "game":
            conv = GameConversation(self, pair, match_id or pair["match_id"])
        else:
            conv = RelayConversation(self, pair)
        self.current[pair["index"]] = conv
        self.every.append(conv)
        await asyncio.gather(self.open_socket(conv, 0), self.open_socket(conv, 1))
        conv.settled_after = self.loop.time() + 2.0
        return conv

    async def connect(self) -> float:
        started = time.monotonic()
        convs = await asyncio.gather(*(self.start_conversation(p) for p in self.pairs))
        await asyncio.wait_for(asyncio.gather(*(c.ready.wait() for c in convs)), 120)
        await asyncio.sleep(0.5)  # let presence broadcasts settle
        return time.monotonic() - started

    def replace(self, conv: GameConversation) -> None:
        """A match finished: the pair starts a new one (new match, new sockets)."""
        self.stats.restarts += 1
        conv.close()
        self.spawn(self._replace(conv))

    async def _replace(self, conv: GameConversation) -> None:
        # Both sockets must get the final state before they close (else it counts as lost).
        try:
            await asyncio.wait_for(asyncio.gather(*(e.wait() for e in conv.over)), self.cfg["grace"])
        except TimeoutError:
            pass
        for ws in conv.sockets:
            if ws is not None:
                self.spawn(ws.close())
        match_id = await self.loop.run_in_executor(
            self.db, new_match, conv.pair["a"], conv.pair["b"], self.cfg
        )
        conv.pair["match_id"] = match_id
        new = await self.start_conversation(conv.pair, match_id)
        if self.running:
            new.start_window()

    async def close(self) -> None:
        self.running = False
        for conv in self.every:
            conv.close()
        await asyncio.gather(
            *(ws.close() for conv in self.current.values() for ws in conv.sockets if ws is not None),
            return_exceptions=True,
        )
        for task in list(self.tasks):
            task.cancel()
        await asyncio.gather(*self.tasks, return_exceptions=True)

    # one measured window
    async def window(self, rate: float, duration: float, phase: str = "fixed") -> Stats:
        stats = Stats(self.cfg["setup"], self.kind, len(self.pairs), rate, phase)
        self.stats, self.period = stats, 1.0 / rate
        pids = self.cfg["server_pids"]
        backing = self.cfg.get("backing_pids", [])
        cpu0, busy0, client0 = proc_cpu(pids), machine_cpu(), client_cpu()
        backing0 = tree_cpu(backing)
        started = self.loop.time()
        self.running = True
        for conv in list(self.current.values()):
            conv.start_window()
        await asyncio.sleep(duration)
        self.running = False
        stats.duration = self.loop.time() - started
        cpu1, busy1, client1 = proc_cpu(pids), machine_cpu(), client_cpu()
        stats.backing_cpu = tree_cpu(backing) - backing0 if backing else None
        stats.server_cpu = cpu1 - cpu0
        stats.client_cpu = client1 - client0
        stats.busy = (busy1[0] - busy0[0]) / max(1, busy1[1] - busy0[1])
        # grace: wait for the deliveries still on their way
        drain_started = self.loop.time()
        deadline = drain_started + self.cfg["grace"]
        while self.loop.time() < deadline and sum(c.outstanding(stats) for c in self.every):
            await asyncio.sleep(0.1)
        stats.drain = self.loop.time() - drain_started
        await self.account(stats)
        log(format_row(stats.as_dict()))
        await asyncio.sleep(0.5)
        return stats

    async def account(self, stats: Stats) -> None:
        """Which sends were stored (game: the database), and was each delivered once to both?"""
        convs = [c for c in self.every if any(s.stats is stats for s in c.sends.values())]
        stored: dict[str, set[int]] = {}
        if self.kind == "game":
            ids = [c.match_id for c in convs]
            stored = await self.loop.run_in_executor(self.db, stored_plies, ids)
        for conv in convs:
            for key, send in conv.sends.items():
                if send.stats is not stats:
                    continue
                accepted = self.kind != "game" or key in stored.get(conv.match_id, ())
                if not accepted:
                    if not send.refused:
                        stats.unanswered += 1
                    continue
                stats.accepted += 1
                for seat in (0, 1):
                    if conv.delivered[seat][key] == 0:
                        stats.lost += 1
                        stats.lost_to_opponent += seat != send.seat
                        if os.environ.get("BENCH_DEBUG"):
                            log(
                                f"lost: match {conv.match_id} ply {key} by seat {send.seat} to seat {seat}; "
                                f"that socket's last ply {getattr(conv, 'last', ['?', '?'])[seat]}, "
                                f"finished {getattr(conv, 'finished', None)}, closed {conv.closed}, "
                                f"sent {self.loop.time() - send.at:.1f} s ago"
                            )


class Search:
    """One kind's saturation search: from the fixed phase's pace, x1.3 a step while p99 stays
    under 250 ms (x0.7 while it does not), a failing step confirmed once (the machine is
    shared: one noisy window must not end the search), then one step between the best
    passing and the lowest failing pace."""

    def __init__(self, runner: Runner, first: Stats) -> None:
        self.runner, self.points = runner, [first]
        self.up = first.passes_saturation()
        self.target, self.steps, self.confirmed, self.refined = first.target, 0, False, False
        self.next: float | None = self._advance()

    def _advance(self) -> float | None:
        if self.refined:
            return None
        good = [p.target for p in self.points if p.passes_saturation()]
        bad = [p.target for p in self.points if not p.passes_saturation()]
        last = self.points[-1]
        if self.steps < self.runner.cfg["sat_steps"]:
            if self.up and last.passes_saturation():
                return last.target * 1.3
            if self.up and not self.confirmed:
                self.confirmed = True
                return last.target  # the same pace again
            if not self.up and not last.passes_saturation():
                return last.target * 0.7
        if good and bad and min(bad) > max(good) and not self.refined:
            self.refined = True
            return math.sqrt(max(good) * min(bad))
        return None

    async def step(self) -> None:
        n = len(self.runner.pairs)
        self.points.append(
            await self.runner.window(self.next / n, self.runner.cfg["sat_duration"], "saturation")
        )
        self.steps += 1
        if self.confirmed and self.up and self.points[-1].passes_saturation() and not self.refined:
            self.confirmed = False  # the failure was noise: go on up (one more confirmation allowed)
        self.next = self._advance()


async def saturate(searches: list[Search]) -> list[Stats]:
    """Run the searches' steps alternately (game, relay, game, ...) until all are done."""
    while any(s.next is not None for s in searches):
        for search in searches:
            if search.next is not None:
                await search.step()
    return [p for s in searches for p in s.points[1:]]


# -- Django set-up in the server's database -------------------------------------------------------
def django_setup() -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "site_config.settings")
    import django

    django.setup()


def make_pairs(count: int, size: int) -> tuple[list[dict], str]:
    """``count`` pairs of users with sessions, each pair seated in a new active match."""
    from importlib import import_module

    from django.conf import settings
    from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY, get_user_model
    from django.contrib.auth.hashers import make_password
    from django.db import transaction

    User = get_user_model()
    store = import_module(settings.SESSION_ENGINE).SessionStore
    tag = f"bench{os.getpid()}x{random.randrange(16**6):06x}"
    with transaction.atomic():
        users = User.objects.bulk_create(
            [User(username=f"{tag}u{i}", password=make_password(None)) for i in range(2 * count)]
        )
        if users[0].pk is None:  # a backend without RETURNING
            users = list(User.objects.filter(username__startswith=f"{tag}u").order_by("pk"))
        keys = []
        for user in users:
            session = store()
            session[SESSION_KEY] = str(user.pk)
            session[BACKEND_SESSION_KEY] = "django.contrib.auth.backends.ModelBackend"
            session[HASH_SESSION_KEY] = user.get_session_auth_hash()
            session.create()
            keys.append(session.session_key)
    cfg = {"size": size}
    rng = random.Random(count)
    cells = size * size - 4
    pairs = []
    for i in range(count):
        a, b = users[2 * i], users[2 * i + 1]
        pairs.append(
            {
                "index": i,
                "a": a.pk,
                "b": b.pk,
                "keys": [keys[2 * i], keys[2 * i + 1]],
                "match_id": new_match(a.pk, b.pk, cfg, advance=rng.randrange(cells * 4 // 5), rng=rng),
            }
        )
    return pairs, settings.SESSION_COOKIE_NAME


def new_match(a_id: int, b_id: int, cfg: dict, advance: int = 0, rng: random.Random | None = None) -> str:
    """A Reversi match with A on seat 0 and B on seat 1, started (through the services); with
    ``advance``, that many random moves are played in at once (set-up, not measured), so that
    the matches of a run are at different stages and end at different times."""
    from django.contrib.auth import get_user_model

    from games import services

    User = get_user_model()
    a, b = User.objects.get(pk=a_id), User.objects.get(pk=b_id)
    match = services.match_create(
        user=a, game="reversi", options={"size": cfg["size"]}, opponent="invite", side=0
    )
    services.match_join(match_id=match.pk, user=b)
    match.refresh_from_db()
    for _ in range(advance):
        if match.status != match.Status.ACTIVE:
            break
        seat = match.state["turn"]
        move = rng.choice(match.rules.legal_moves(match.state, seat))
        match = services.move_play(match_id=match.pk, user=(a, b)[seat], ply=match.ply, move=move)
    return match.pk


def stored_plies(match_ids: list[str]) -> dict[str, set[int]]:
    """The plies of the stored (non-forced) moves of these matches."""
    from games.models import Move

    out: dict[str, set[int]] = {}
    for i in range(0, len(match_ids), 400):
        rows = Move.objects.filter(match_id__in=match_ids[i : i + 400], forced=False).values_list(
            "match_id", "ply"
        )
        for match_id, ply in rows:
            out.setdefault(match_id, set()).add(ply)
    return out


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


# -- the orchestrator ---------------------------------------------------------------------------
def log(text: str) -> None:
    print(text, file=sys.stderr, flush=True)


HEADER = (
    f"{'setup':<10} {'kind':<5} {'phase':<10} {'N':>4} {'target/s':>8} {'moves/s':>8} {'p50 ms':>7} "
    f"{'p95 ms':>7} {'p99 ms':>7} {'max ms':>7} {'lost':>4} {'dup':>4} {'err':>4} "
    f"{'srvCPU ms':>9} {'pg+redis':>8} {'srv cores':>9} {'cli cores':>9} {'busy':>5}"
)


def format_row(r: dict) -> str:
    if "failed" in r:
        return f"{r['setup']:<10} {r['kind']:<5} {'-':<10} {r['matches']:>4} failed: {r['failed']}"
    num = lambda v, w, d=1: f"{'-':>{w}}" if v is None else f"{v:>{w}.{d}f}"  # noqa: E731
    errors = sum(r["errors"].values()) + r["unanswered"]
    return (
        f"{r['setup']:<10} {r['kind']:<5} {r['phase']:<10} {r['matches']:>4} {num(r['target'], 8)} "
        f"{num(r['per_second'], 8)} {num(r['p50'], 7)} {num(r['p95'], 7)} {num(r['p99'], 7)} "
        f"{num(r['max'], 7)} {r['lost']:>4} {r['dup']:>4} {errors:>4} "
        f"{num(r['server_cpu_ms_per_msg'], 9, 2)} {num(r.get('backing_cpu_ms_per_msg'), 8, 2)} "
        f"{num(r['server_cpu_cores'], 9, 2)} "
        f"{num(r['client_cpu_cores'], 9, 2)} {num(r['machine_busy'], 5, 2)}"
    )


def saturation_of(results: list[dict], setup: str, kind: str) -> tuple[dict | None, bool]:
    """The passing point with the highest moves/s (p99 under 250 ms and the target reached),
    and whether the search found the limit (a failing point at a higher pace)."""
    points = [
        r
        for r in results
        if r.get("setup") == setup
        and r.get("kind") == kind
        and "failed" not in r
        and (r["phase"] == "saturation" or r.get("sat_first"))
    ]

    def passes(r: dict) -> bool:
        return (
            r["p99"] is not None and r["p99"] < P99_SATURATION * 1000 and r["per_second"] >= 0.8 * r["target"]
        )

    passing = [r for r in points if passes(r)]
    if not passing:
        return None, bool(points)
    best = max(passing, key=lambda r: r["per_second"])
    return best, any(not passes(r) and r["target"] > best["target"] for r in points)


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


def report(results: list[dict], args: argparse.Namespace, load_before: str) -> None:
    print()
    print(
        "Load client and servers share this machine: " + f"{os.cpu_count()} cores; load before: {load_before}"
    )
    print(f"Load after: {Path('/proc/loadavg').read_text().strip()}")
    print(
        "moves/s: stored moves (game) or messages (relay) per second; latency: A sends -> B receives; "
        "lost/dup over both sockets; err: refusals + unanswered; srvCPU ms: daphne CPU per move/message; "
        "pg+redis: the same for PostgreSQL and Redis (--redis); "
        "srv/cli cores: CPU of daphne / of this client; busy: whole machine"
    )
    print(HEADER)
    for r in results:
        print(format_row(r))
    for r in results:
        if "failed" not in r and (r["lost"] or r["dup"] or r["errors"] or r["unanswered"]):
            print(
                f"  {r['setup']} {r['kind']} {r['phase']} N={r['matches']} target {r['target']}: "
                f"lost {r['lost']} ({r['lost_to_opponent']} to the opponent), dup {r['dup']} "
                f"(repeated {r['repeats']}, older after newer {r['regressions']}), "
                f"errors {r['errors']}, unanswered {r['unanswered']}"
            )
    print()
    verdicts = []
    setups = list(dict.fromkeys(r["setup"] for r in results))
    for setup in setups:
        for kind in ("game", "relay"):
            at200 = [
                r
                for r in results
                if r.get("setup") == setup
                and r.get("kind") == kind
                and r.get("matches") == 200
                and r.get("phase") == "fixed"
            ]
            if at200 and kind == "game" and at200[0].get("p99") is not None:
                p99 = at200[0]["p99"]
                verdict = "PASS" if p99 < P99_BAR_200 * 1000 else "FAIL"
                if setup != "1 process":
                    verdict = "(the bar is for one process: information only)"
                verdicts.append(
                    f"[{setup}] p99 at 200 matches (1 move/s each): {p99:.1f} ms "
                    f"(bar < {P99_BAR_200 * 1000:.0f} ms): {verdict}"
                )
    sats: dict[tuple[str, str], float] = {}
    unsaturated: set[tuple[str, str]] = set()
    if not args.no_saturation:
        for setup in setups:
            for kind in ("game", "relay"):
                best, found = saturation_of(results, setup, kind)
                if best is not None:
                    sats[setup, kind] = best["per_second"]
                    limit = "" if found else " (NOT saturated: the search stopped first; raise --sat-steps)"
                    print(
                        f"[{setup}] {kind} saturation: {best['per_second']:.1f}/s "
                        f"at {best['matches']} matches (p99 {best['p99']:.1f} ms){limit}"
                    )
                    if not found:
                        unsaturated.add((setup, kind))
            if (setup, "game") in sats and (setup, "relay") in sats:
                if unsaturated & {(setup, "game"), (setup, "relay")}:
                    verdicts.append(
                        f"[{setup}] saturation game/relay: inconclusive (a search did not saturate)"
                    )
                    continue
                ratio = sats[setup, "game"] / sats[setup, "relay"]
                verdicts.append(
                    f"[{setup}] saturation game/relay: {ratio:.2f}x (bar >= {SAT_RATIO_BAR}x): "
                    f"{'PASS' if ratio >= SAT_RATIO_BAR else 'FAIL'}"
                )
        if ("2 procs", "game") in sats and ("1 process", "game") in sats:
            ratio = sats["2 procs", "game"] / sats["1 process", "game"]
            verdict = "PASS" if ratio >= SCALE_OUT_BAR else "FAIL"
            if unsaturated & {("2 procs", "game"), ("1 process", "game")}:
                verdict = "inconclusive (not saturated)"
            verdicts.append(
                f"scale-out: 2 processes / 1 process game saturation: {ratio:.2f}x "
                f"(bar >= {SCALE_OUT_BAR}x): {verdict}"
            )
            if ("2 procs", "relay") in sats and ("1 process", "relay") in sats:
                relay_ratio = sats["2 procs", "relay"] / sats["1 process", "relay"]
                print(
                    f"(the bare relay on the same two processes: {relay_ratio:.2f}x its one-process figure)"
                )
    measured = [r for r in results if "failed" not in r and r["kind"] == "game"]
    lost = sum(r["lost"] for r in measured)
    dup = sum(r["dup"] for r in measured)
    moves = sum(r["accepted"] for r in measured)
    verdicts.append(
        f"exactly once: {moves} stored moves, {lost} lost, {dup} duplicated deliveries: "
        f"{'PASS' if lost == 0 and dup == 0 else 'FAIL'}"
    )
    relay = [r for r in results if "failed" not in r and r["kind"] == "relay"]
    if relay:
        print(
            f"(relay: {sum(r['accepted'] for r in relay)} messages, {sum(r['lost'] for r in relay)} lost, "
            f"{sum(r['dup'] for r in relay)} duplicated)"
        )
    print()
    for line in verdicts:
        print(line)


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
