"""Many watchers: one match, many page-faithful spectators, the delay of every move to every
spectator, and what each spectator costs the server beside what a frame costs the bare relay.

Bars (quality.md): one match with 1,000 page-faithful spectators, every spectator has each
move within 250 ms (p99); a spectator adds at most 1.5x one relay frame's CPU per ply.

    .venv/bin/python bench/watchers.py [--spectators 0,10,100,1000] [--moves 40] [--rate 1]
        [--size 8] [--concurrency 50] [--rounds 1] [--grace 10] [--seed 1] [--bot-like | --compare-bot-like]
        [--no-relay] [--relay-bytes 0] [--baseline-tree /work/baseline]
        [--baseline-env NAME=VALUE ...] [--tree <this tree>]

Starts a daphne of a tree with ``BENCH_RELAY=1`` (``bench/loadkit/tree.py``: that tree's code
on a fresh SQLite database); for each S of ``--spectators`` its agent makes two users with
sessions seated in a new public ("open") Reversi match (``database.watched_match``). Every
client does what the match page does (page-faithful, ``bench/loadkit/browser.py``): it loads
``GET /m/<id>/`` once (the players with their session cookie, the spectators logged out; at
most ``--concurrency`` at a time, before the measured window), then opens
``/ws/matches/<id>/?moves=1`` from its own loopback address with the site's ``Origin`` and
keeps the move list from its frames (``move_list`` once, then each ``state``'s
``moves_added``): each spectator's list is checked complete against the plies at the end.
``--bot-like``: the old clients (no page, no ``?moves=1``). The players take turns at
``--rate`` moves a second, each move from the ``legal_moves`` of its player's state, for
``--moves`` moves (fewer if the game ends). A move's delay to a spectator: the mover's send
to that spectator's receipt of a ``state`` whose ``ply`` covers it; a delivery still missing
after ``--grace`` s counts as late for the p99.

Then, for the same S, the bare Channels relay (``bench/loadkit/fanout.py``): one sender and S
other members of one relay group, one message a "ply" at the same pace, padded to the size of
the spectators' state frames just measured (``--relay-bytes`` to fix it). Reported per S:
daphne CPU per ply (and per relay message), p50/p99 delays, frames per spectator per move,
the move lists' gaps; then the added CPU per spectator per ply (the least-squares slope of CPU
per ply against S, and per step), the relay's slope, their ratio (bar at most 1.5x), and the
p99 at 1,000 spectators (bar under 250 ms). The load client's CPU and the machine's load are
printed too (it shares this 2-core machine; its own queueing is part of every delay).

``--compare-bot-like``: for each S, bot-like clients on this tree's server too, just before
the page-faithful ones (the report gives this / bot-like per S).

``--baseline-tree`` (e.g. ``git worktree add /work/baseline <commit>``) starts a second daphne
from that tree; each round measures the baseline, then this tree, back to back for each S (a
new match and new sockets each time), and the report gives the ratio this/baseline per S.
``--baseline-env NAME=VALUE`` (repeatable) sets variables for the baseline's daphne; without
``--baseline-tree`` the baseline is this tree, e.g. ``--baseline-env SOCKET_DISPATCH_LOOP=0``
measures a library override against the stock code (docs/deploy.md, "Library overrides").
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import shutil
import sys
import tempfile
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from websockets.exceptions import ConnectionClosed

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT)]
from bench.loadkit import loopback_address  # noqa: E402
from bench.loadkit.browser import MoveList, get_page, match_socket_path  # noqa: E402
from bench.loadkit.fanout import relay_answers, relay_fanout  # noqa: E402
from bench.loadkit.measure import client_cpu, machine_cpu, proc_cpu  # noqa: E402
from bench.loadkit.report import log  # noqa: E402
from bench.loadkit.sockets import open_match_socket  # noqa: E402
from bench.loadkit.tree import Agent, live_server, measured_trees, tree_label  # noqa: E402
from bench.sockets_memory import proc_status, wait_quiet  # noqa: E402
from bench.watchers_report import INF, report  # noqa: E402


@dataclass
class Watch:
    """One measured match: when each move was sent, what each spectator saw and when."""

    sent: dict[int, float] = field(default_factory=dict)  # ply after the move -> send time
    seen: list[int] = field(default_factory=list)  # per spectator: the highest ply received
    lists: list[MoveList] = field(default_factory=list)  # per spectator: its move list
    delays: list[float] = field(default_factory=list)  # every (spectator, move)
    last: dict[int, float] = field(default_factory=dict)  # ply -> the last spectator's delay
    frames: Counter = field(default_factory=Counter)  # spectators' frames by type, in the window
    state_bytes: list[int] = field(default_factory=lambda: [0, 0])  # (bytes, frames) of states seen
    counting: bool = False  # the measured window is on
    closed: Counter = field(default_factory=Counter)  # spectator sockets closed early, by code
    errors: Counter = field(default_factory=Counter)  # error frames (players and spectators)
    states: list[dict | None] = field(default_factory=lambda: [None, None])  # each player's latest
    changed: asyncio.Event = field(default_factory=asyncio.Event)
    retry: bool = False  # a move was refused: its player may send one at the same ply
    closing: bool = False  # the run is over: sockets closing now are not closed early

    def on_spectator_state(self, i: int, ply: int, at: float) -> None:
        for p in range(self.seen[i] + 1, ply + 1):
            sent = self.sent.get(p)
            if sent is not None:
                self.delays.append(at - sent)
                self.last[p] = max(self.last.get(p, 0.0), at - sent)
        self.seen[i] = max(self.seen[i], ply)

    def count_state(self, raw: str) -> None:
        self.state_bytes[0] += len(raw)
        self.state_bytes[1] += 1


async def spectate(ws, i: int, w: Watch) -> None:
    """A spectator's page: every frame read, its move list kept, each state's ply timed."""
    loop = asyncio.get_running_loop()
    try:
        async for raw in ws:
            at = loop.time()
            msg = json.loads(raw)
            kind = msg.get("type")
            w.frames[kind] += w.counting
            w.lists[i].on_message(msg)
            if kind == "state":
                w.on_spectator_state(i, msg["match"]["ply"], at)
                if w.counting:
                    w.count_state(raw)
            elif kind not in ("move_list", "chat_history"):
                w.errors[f"spectator {msg.get('code', kind)}"] += 1
    except ConnectionClosed:
        pass
    if not w.closing:
        w.closed[ws.close_code] += 1


async def play(ws, seat: int, w: Watch, moves: MoveList) -> None:
    """A player's page: its states (to move on) and its move list."""
    try:
        async for raw in ws:
            msg = json.loads(raw)
            moves.on_message(msg)
            if msg.get("type") == "state":
                w.states[seat] = msg["match"]
                if w.counting and not w.lists:  # no spectators: size the relay's frames on these
                    w.count_state(raw)
            elif msg.get("type") == "error":
                w.errors[f"player {msg.get('code')}"] += 1
                w.sent = {p: t for p, t in w.sent.items() if p <= (w.states[seat] or {}).get("ply", 0)}
                w.retry = True
            w.changed.set()
    except ConnectionClosed:
        w.errors[f"player socket closed {ws.close_code}"] += 1
        w.changed.set()


async def drive(players: list, w: Watch, args: argparse.Namespace) -> None:
    """The players take turns at the pace, each move from its player's ``legal_moves``."""
    loop, rng = asyncio.get_running_loop(), random.Random(args.seed)
    next_at, done = loop.time(), -1  # done: the ply the last move was sent at
    while len(w.sent) < args.moves:
        w.changed.clear()
        if any(m and m["status"] != "active" for m in w.states):
            break  # the game is over
        ready = [
            (seat, m)
            for seat, m in enumerate(w.states)
            if m and (m["ply"] > done or w.retry) and seat in m["to_move"] and m["legal_moves"]
        ]
        if not ready:
            try:
                await asyncio.wait_for(w.changed.wait(), 30)
            except TimeoutError:
                log(f"no state to move on after 30 s (ply {done + 1}): stopping")
                break
            continue
        seat, match = ready[0]
        await asyncio.sleep(max(0.0, next_at - loop.time()))
        move = rng.choice(match["legal_moves"])
        w.sent[match["ply"] + 1] = now = loop.time()
        await players[seat].send(json.dumps({"type": "move", "ply": match["ply"], "move": move}))
        next_at, done, w.retry = now + 1.0 / args.rate, match["ply"], False


async def load_pages(server, match_id: str, cookies: list[str], first: int, gate: asyncio.Semaphore) -> int:
    """Each client's ``GET /m/<id>/`` (client ``first + i`` with ``cookies[i]``); the failures."""
    got = await asyncio.gather(
        *(
            get_page(server.url, f"/m/{match_id}/", loopback_address(first + i), c, gate)
            for i, c in enumerate(cookies)
        ),
        return_exceptions=True,
    )
    return sum(1 for g in got if g != 200)


async def measure(name: str, server, agent: Agent, args: argparse.Namespace, spectators: int) -> dict:
    """One match with ``spectators`` on this server: pages, sockets, play, drain; the figures."""
    loop, pid = asyncio.get_running_loop(), server.proc.pid
    faithful = not args.bot_like and name != "bot-like"
    log_from = server.log_path.stat().st_size
    pair, cookie_name = await asyncio.to_thread(agent.call, "watched_match", args.size)
    match_id, origin = pair["match_id"], server.url
    # the players' pages are logged in (their sockets carry their bells), the spectators' not
    player_url = server.ws_url + match_socket_path(match_id, faithful)
    url = server.ws_url + match_socket_path(match_id, faithful, signed_in=False)
    w, gate, players = Watch(), asyncio.Semaphore(args.concurrency), []
    cookies = [f"{cookie_name}={pair['keys'][seat]}" for seat in (0, 1)]
    started = time.monotonic()
    bad_pages = await load_pages(server, match_id, cookies + [""] * spectators, 0, gate) if faithful else 0
    pages_took = time.monotonic() - started
    rss0 = proc_status(pid, "VmRSS") / 1024
    seat_lists = [MoveList(), MoveList()]
    for seat in (0, 1):
        ws, w.states[seat], _ = await open_match_socket(
            player_url, loopback_address(seat), gate, cookies[seat], origin
        )
        players.append(ws)
    readers = [asyncio.create_task(play(ws, seat, w, seat_lists[seat])) for seat, ws in enumerate(players)]
    started = time.monotonic()
    opened = await asyncio.gather(
        *(open_match_socket(url, loopback_address(2 + i), gate, "", origin) for i in range(spectators)),
        return_exceptions=True,
    )
    took = time.monotonic() - started
    failed = [o for o in opened if isinstance(o, BaseException)]
    opened = [o for o in opened if not isinstance(o, BaseException)]
    sockets, w.seen = [o[0] for o in opened], [o[1]["ply"] for o in opened]
    w.lists = [MoveList(ply=o[1]["ply"]) for o in opened]
    readers += [asyncio.create_task(spectate(ws, i, w)) for i, ws in enumerate(sockets)]
    rss1 = proc_status(pid, "VmRSS") / 1024
    log(
        f"[{name} S={spectators}] pages {pages_took:.1f} s ({bad_pages} not 200); {len(sockets)} spectators "
        f"connected in {took:.1f} s ({sum(o[2] for o in opened)} retries, {len(failed)} failed"
        f"{': ' + repr(failed[0]) if failed else ''}); RSS {rss0:.0f} -> {rss1:.0f} MB"
    )
    await asyncio.sleep(1.0)
    cpu0, client0, busy0, t0 = proc_cpu([pid]), client_cpu(), machine_cpu(), loop.time()
    w.counting = True
    await drive(players, w, args)
    final, drain_from = max(w.sent, default=0), loop.time()
    while loop.time() < drain_from + args.grace and any(s < final for s in w.seen):
        await asyncio.sleep(0.05)
    w.counting = False
    duration = loop.time() - t0
    cpu, client, busy1 = proc_cpu([pid]) - cpu0, client_cpu() - client0, machine_cpu()
    rss2 = proc_status(pid, "VmRSS") / 1024
    w.closing = True
    await asyncio.gather(*(ws.close() for ws in players + sockets), return_exceptions=True)
    await asyncio.gather(*readers, return_exceptions=True)
    await asyncio.to_thread(wait_quiet, server.url)
    with server.log_path.open(errors="replace") as f:
        f.seek(log_from)
        server_log = f.read()
    moves = len(w.sent)
    missing = sum(1 for s in w.seen for p in w.sent if s < p) + len(failed) * moves
    lists = w.lists + seat_lists if faithful else []
    f = {
        "spectators": spectators,
        "connect s": took,
        "failed to connect": len(failed),
        "pages not 200": bad_pages,
        "moves": moves,
        "deliveries": len(w.delays),
        "missing": missing,
        "closed early": sum(w.closed.values()),
        "error frames": sum(w.errors.values()),
        "tracebacks": server_log.count("Traceback"),
        "frames/spectator/move": sum(w.frames.values()) / max(1, moves * len(sockets)),
        "move_list resent": sum(max(0, m.wholes - 1) for m in lists),
        "lists short": sum(1 for m in lists if m.short() or m.gaps),
        "list gaps": sum(m.gaps for m in lists),
        "state bytes": w.state_bytes[0] / max(1, w.state_bytes[1]),
        "cpu ms/ply": cpu * 1000 / max(1, moves),
        "server cores": cpu / duration,
        "RSS MB": rss2,
        "client cores": client / duration,
        "busy %": 100 * (busy1[0] - busy0[0]) / max(1, busy1[1] - busy0[1]),
        "delays": w.delays + [INF] * missing,
        "last": [w.last.get(p, INF) for p in w.sent],
    }
    if w.closed or w.errors or f["tracebacks"] or f["lists short"]:
        log(
            f"[{name}] closed early (by code): {dict(w.closed)}; errors: {dict(w.errors)}; "
            f"frames {dict(w.frames)}"
        )
        short = [(m.ply, len(m.moves), m.gaps, m.wholes) for m in lists if m.short() or m.gaps][:5]
        log(f"[{name}] lists short (ply, moves, gaps, move_lists): {short}")
        log(f"[{name}] server log: {server_log[server_log.find('Traceback') :][:1500]}")
    log(
        f"[{name} S={spectators}] {moves} moves, {len(w.delays)}/{spectators * moves} deliveries, "
        f"frames {dict(+w.frames)}, {f['cpu ms/ply']:.1f} ms CPU a ply; "
        f"server {f['server cores']:.2f} cores, client {f['client cores']:.2f}, "
        f"machine busy {f['busy %']:.0f}%"
    )
    return f


async def measure_relay(name: str, server, args: argparse.Namespace, members: int, frame_bytes: int) -> dict:
    """The bare relay with ``members`` besides its sender, at the match's pace."""
    busy0 = machine_cpu()
    r = await relay_fanout(
        server.ws_url,
        server.proc.pid,
        members,
        args.moves,
        args.rate,
        frame_bytes,
        args.concurrency,
        args.grace,
    )
    busy1 = machine_cpu()
    await asyncio.to_thread(wait_quiet, server.url)
    r["busy %"] = 100 * (busy1[0] - busy0[0]) / max(1, busy1[1] - busy0[1])
    r["bytes"] = frame_bytes
    log(
        f"[{name} relay S={members}] {frame_bytes} B frames, {r['cpu_ms']:.2f} ms CPU a message, "
        f"{r['missing']} missing, machine busy {r['busy %']:.0f}%"
    )
    return r


async def run(
    trees: list[tuple[str, Path]], envs: dict[str, dict[str, str]], args: argparse.Namespace, workdir: Path
) -> dict[str, dict[int, list[dict]]]:
    """Every round, every S, every tree (alternating): the match, then the relay."""
    servers, agents, relays = {}, {}, {}
    results: dict[str, dict[int, list[dict]]] = {name: {s: [] for s in args.spectators} for name, _ in trees}
    try:
        for name, tree in trees:
            server = live_server(tree, workdir / name, env={"BENCH_RELAY": "1", **envs[name]})
            server.migrate()
            server.start()
            servers[name] = server
            agents[name] = Agent(tree, {"SQLITE_PATH": server.env["SQLITE_PATH"]})
            relays[name] = not args.no_relay and await relay_answers(server.ws_url)
            log(f"[{name}] daphne pid {server.proc.pid} on {server.url}: {tree_label(tree)} {envs[name]}")
            if not relays[name] and not args.no_relay:
                log(f"[{name}] no bare relay at /ws/bench/relay/: no relay figures")
        names = [name for name, _ in trees]
        if args.compare_bot_like:  # this tree's server again, bot-like clients (its relay: this's)
            servers["bot-like"], agents["bot-like"], relays["bot-like"] = (
                servers["this"],
                agents["this"],
                False,
            )
            names.insert(-1, "bot-like")
            results["bot-like"] = {s: [] for s in args.spectators}
        for r in range(args.rounds):
            for s in args.spectators:
                for name in names:
                    log(f"-- round {r + 1}, {s} spectators: {name}")
                    f = await measure(name, servers[name], agents[name], args, s)
                    if relays[name]:
                        size = args.relay_bytes or round(f["state bytes"]) or 1000
                        f["relay"] = await measure_relay(name, servers[name], args, s, size)
                    results[name][s].append(f)
        return results
    finally:
        for agent in {id(a): a for a in agents.values()}.values():
            agent.close()
        for server in {id(v): v for v in servers.values()}.values():
            server.kill()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--spectators", default="0,10,100,1000", help="a match measured for each S")
    parser.add_argument("--moves", type=int, default=40, help="moves measured (fewer if the game ends)")
    parser.add_argument("--rate", type=float, default=1.0, help="moves a second")
    parser.add_argument("--size", type=int, default=8, help="Reversi board size")
    parser.add_argument("--concurrency", type=int, default=50, help="handshakes and page loads at a time")
    parser.add_argument("--rounds", type=int, default=1, help="measurements per tree and S, alternating")
    parser.add_argument("--grace", type=float, default=10.0, help="s to wait for the last deliveries")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--bot-like", action="store_true", help="the old clients: no page, no ?moves=1")
    parser.add_argument(
        "--compare-bot-like", action="store_true", help="also bot-like clients on this tree, alternately"
    )
    parser.add_argument("--no-relay", action="store_true", help="skip the bare relay's fan-out")
    parser.add_argument("--relay-bytes", type=int, default=0, help="relay frame size (0: the states')")
    parser.add_argument("--tree", default=str(ROOT), help="the tree measured as this one")
    parser.add_argument("--baseline-tree", help="also measure this tree, back to back")
    parser.add_argument("--baseline-env", action="append", default=[], metavar="NAME=VALUE")
    args = parser.parse_args()
    args.spectators = [int(x) for x in args.spectators.split(",") if x]
    trees, envs = measured_trees(args)
    load_before = Path("/proc/loadavg").read_text().strip()
    log(f"bench/watchers.py: {os.cpu_count()} cores, load {load_before}; the client shares this machine")
    workdir = Path(tempfile.mkdtemp(prefix="bench-watchers-"))
    started = time.monotonic()
    try:
        results = asyncio.run(run(trees, envs, args, workdir))
    finally:
        shutil.rmtree(workdir, ignore_errors=True)
    report(results, "bot-like" if args.bot_like else "page-faithful")
    print(f"load before {load_before}, after {Path('/proc/loadavg').read_text().strip()}; ", end="")
    print(f"wall time {time.monotonic() - started:.0f} s")


if __name__ == "__main__":
    main()
