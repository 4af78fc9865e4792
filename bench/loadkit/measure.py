"""CPU and machine figures, and the statistics of one measured window."""

from __future__ import annotations

import asyncio
import os
import resource
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bench.loadkit import IDLE_WINDOW, P99_SATURATION
from bench.stats import percentile


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
    kind: str  # "game" | "chat" (a game with chat lines) | "talk" (chat lines, no moves) | "relay"
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
    chat_sent: int = 0  # chat lines sent ("chat" kind)
    chat_delivered: int = 0  # of them, heard by the other player
    chat_latencies: list[float] = field(default_factory=list)
    idle_cpu: float | None = None  # "talk": daphne CPU a second with the sockets open, nothing sent
    list_gaps: int = 0  # page-faithful: move lists with a gap, or sent whole again (a missed change)

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
            "server_cpu_s": round(self.server_cpu, 3),
            "backing_cpu_ms_per_msg": (
                round(self.backing_cpu * 1000 / self.accepted, 2)
                if self.backing_cpu is not None and self.accepted
                else None
            ),
            "client_cpu_cores": round(self.client_cpu / self.duration, 2) if self.duration else None,
            "machine_busy": round(self.busy, 2),
            "drain": round(self.drain, 2),
            "chat_sent": self.chat_sent,
            "chat_delivered": self.chat_delivered,
            "chat_p99": ms(percentile(self.chat_latencies, 99)),
            "idle_cpu_cores": None if self.idle_cpu is None else round(self.idle_cpu, 4),
            "list_gaps": self.list_gaps,
        }


@dataclass
class Send:
    seat: int
    at: float
    stats: Stats
    delivered_to_other: bool = False
    refused: bool = False


class Window:
    """CPU of daphne, of this client and of the machine from now to :meth:`close`."""

    def __init__(self, pid: int) -> None:
        self.pid = pid
        self.t0, self.cpu0, self.client0, self.busy0 = (
            time.monotonic(),
            proc_cpu([pid]),
            client_cpu(),
            machine_cpu(),
        )

    def close(self) -> dict[str, float]:
        duration = time.monotonic() - self.t0
        busy1 = machine_cpu()
        return {
            "duration": duration,
            "server_cpu": proc_cpu([self.pid]) - self.cpu0,
            "client_cores": (client_cpu() - self.client0) / duration,
            "busy": 100 * (busy1[0] - self.busy0[0]) / max(1, busy1[1] - self.busy0[1]),
        }


async def idle_cores(pid: int) -> float:
    """daphne's CPU (cores) over ``IDLE_WINDOW`` s with the sockets open and nothing sent
    (its own sweeps; the pages' pings)."""
    window = Window(pid)
    await asyncio.sleep(IDLE_WINDOW)
    return window.close()["server_cpu"] / IDLE_WINDOW


def net_ms(figures: dict[str, float], idle: float, events: int) -> float:
    """ms of daphne CPU per event, what it spends idle over the window taken off."""
    return (figures["server_cpu"] - idle * figures["duration"]) * 1000 / max(1, events)
