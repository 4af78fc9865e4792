"""The load client: phases of many conversations at a pace, and the saturation search."""

from __future__ import annotations

import asyncio
import math
import os
import random
import time
from concurrent.futures import ThreadPoolExecutor

from bench.loadkit import CONNECT_CONCURRENCY, IDLE_WINDOW, loopback_address
from bench.loadkit.browser import get_page, match_socket_path
from bench.loadkit.conversations import Conversation, GameConversation, RelayConversation
from bench.loadkit.measure import Stats, client_cpu, machine_cpu, proc_cpu, tree_cpu
from bench.loadkit.report import format_row, log
from bench.loadkit.tree import Agent


class Runner:
    """Drives one kind of conversation (game or relay) for a set of pairs through its phases.
    Game clients are page-faithful unless ``cfg["page_faithful"]`` is false (bot-like): each
    loads ``/m/<id>/`` with its session before opening ``/ws/matches/<id>/?moves=1``.
    Its tree's database work (new matches, the stored plies) goes to that tree's ``agent``,
    one call at a time through the ``db`` thread."""

    def __init__(self, cfg: dict, kind: str, pairs: list[dict], db: ThreadPoolExecutor, agent: Agent) -> None:
        self.cfg = cfg
        self.kind = kind
        self.pairs = pairs
        self.db = db
        self.agent = agent
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
        self.bad_pages = 0  # page loads not answered 200

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
        faithful = self.kind != "relay" and self.cfg["page_faithful"]
        path = (
            match_socket_path(conv.match_id, faithful)
            if self.kind != "relay"
            else f"/ws/bench/relay/p{conv.pair['index']}/"
        )
        cookie = f"{self.cfg['cookie_name']}={conv.pair['keys'][seat]}"
        # each player its own client address (on loopback), as in real traffic
        address = loopback_address(2 * conv.pair["index"] + seat) if "//127." in url else None
        local = {"local_addr": (address, 0)} if address else {}
        if faithful:  # the page first, as a browser loads it (not in any measured latency)
            http = url.replace("ws", "http", 1)
            status = await get_page(http, f"/m/{conv.match_id}/", address, cookie, self.connect_gate)
            if status != 200:
                self.bad_pages += 1
                self.stats.errors[f"page {status}"] += 1
        for attempt in range(4):
            try:
                async with self.connect_gate:
                    ws = await websockets.connect(
                        url + path,
                        additional_headers={"Cookie": cookie},
                        open_timeout=60,
                        max_size=2**20,
                        **local,
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
        if self.kind != "relay":  # "game", or "chat": a game with chat lines beside its moves
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
            self.db, self.agent.new_match, conv.pair["a"], conv.pair["b"], self.cfg
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
            *(ws.close() for conv in self.current.values() for ws in conv.sockets if ws),
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
        if self.kind == "talk":  # what the open sockets cost by themselves, taken off the lines
            idle0, idle_started = proc_cpu(pids), self.loop.time()
            await asyncio.sleep(IDLE_WINDOW)
            stats.idle_cpu = (proc_cpu(pids) - idle0) / (self.loop.time() - idle_started)
        cpu0, busy0, client0 = proc_cpu(pids), machine_cpu(), self.client_cpu()
        backing0 = tree_cpu(backing)
        started = self.loop.time()
        self.running = True
        for conv in list(self.current.values()):
            conv.start_window()
        await asyncio.sleep(duration)
        self.running = False
        stats.duration = self.loop.time() - started
        cpu1, busy1, client1 = proc_cpu(pids), machine_cpu(), self.client_cpu()
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

    def client_cpu(self) -> float:
        """The load client's CPU: this process and the agent making its new matches."""
        return client_cpu() + proc_cpu([self.agent.pid])

    async def account(self, stats: Stats) -> None:
        """Which sends were stored (game: the database), and was each delivered once to both?"""
        convs = [c for c in self.every if any(s.stats is stats for s in c.sends.values())]
        stored: dict[str, set[int]] = {}
        if self.kind != "relay":
            ids = [c.match_id for c in convs]
            stored = await self.loop.run_in_executor(self.db, self.agent.stored_plies, ids)
        for conv in convs:
            for key, send in conv.sends.items():
                if send.stats is not stats:
                    continue
                accepted = self.kind == "relay" or key in stored.get(conv.match_id, ())
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
        # A pace that failed once and passed on its second run counts as passing.
        above = [b for b in bad if good and b > max(good)]
        if above and not self.refined:
            self.refined = True
            return math.sqrt(max(good) * min(above))
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
