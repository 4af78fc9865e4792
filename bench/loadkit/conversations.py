"""One match or one relay pair: two sockets taking turns, with every send and delivery recorded."""

from __future__ import annotations

import asyncio
import json
from collections import Counter
from typing import TYPE_CHECKING, Any

from bench.loadkit.browser import MoveList
from bench.loadkit.measure import Send, Stats

if TYPE_CHECKING:
    from bench.loadkit.runner import Runner


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
    """A Reversi match between the pair's two users (A seat 0, B seat 1). A ``state`` is a
    state whatever it carries beside ``match`` (``moves_added``, ``moves_taken_back``): the
    latency and exactly-once checks read its ``match``; ``move_list`` only feeds the list."""

    def __init__(self, runner: Runner, pair: dict, match_id: str) -> None:
        super().__init__(runner, pair, match_id)
        self.last: list[int | None] = [None, None]
        self.base: list[int | None] = [None, None]
        self.prev: list[dict | None] = [None, None]
        self.refusals: list[int] = [0, 0]
        self.finished = False
        self.over = [asyncio.Event(), asyncio.Event()]  # each socket has seen the final state
        self.chatting = False
        self.chat_sent: dict[str, tuple[int, float, Any]] = {}  # text -> (seat, sent at, stats)
        self.lists = [MoveList(), MoveList()]  # each page's move list (page-faithful clients)

    def start_window(self) -> None:
        super().start_window()
        every = self.runner.cfg.get("talk_every" if self.runner.kind == "talk" else "chat_every") or 0
        if self.runner.kind in ("chat", "talk") and every and not self.chatting:
            self.chatting = True
            self.runner.spawn(self.chat(every))

    async def chat(self, every: float) -> None:
        """A line in the players' room every ``every`` s, the two players in turn (each one
        every ``2 * every`` s: within the chat's flood control), from a random start."""
        runner = self.runner
        await asyncio.sleep(runner.rng.random() * every)
        n = 0
        while runner.running and not self.closed:
            seat, text = n % 2, f"p{self.pair['index']} {runner.kind} x{len(runner.pairs)} {n}"
            self.chat_sent[text] = (seat, runner.loop.time(), runner.stats)
            runner.stats.chat_sent += 1
            await self.sockets[seat].send(json.dumps({"type": "chat", "room": "players", "text": text}))
            n += 1
            await asyncio.sleep(every)

    def on_frame(self, seat: int, raw: str, at: float) -> None:
        msg = json.loads(raw)
        kind = msg.get("type")
        if kind in ("state", "move_list"):
            self.keep_list(seat, msg)
        if kind == "chat":
            sent = self.chat_sent.get(msg["line"]["text"])
            if sent is not None and sent[0] != seat:  # the other player heard it
                sent[2].chat_delivered += 1
                sent[2].chat_latencies.append(at - sent[1])
        elif kind == "chat_refused":
            self.runner.stats.errors[f"chat_refused:{msg.get('reason')}"] += 1
        elif kind == "error":
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

    def keep_list(self, seat: int, msg: dict) -> None:
        """The page's move list: a gap in ``moves_added``, or a list sent whole again after the
        first (the socket missed a change), counts in the window's ``list_gaps``."""
        moves = self.lists[seat]
        before = moves.gaps + max(0, moves.wholes - 1)
        moves.on_message(msg)
        self.runner.stats.list_gaps += moves.gaps + max(0, moves.wholes - 1) - before

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
            self.runner.kind != "talk"  # lines only: the chat's own cost
            and match["you"] == seat
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
