"""Is the computer shared fairly between accounts? A person's computer answer time alone, and
while another account plays its ``QUOTA_COMPUTER_MATCHES`` (10) strong computer matches at
once, plainly or with takeback bursts.

Issue 50, finding 2: account A playing its ten strong Connect Four matches made person B's
computer answer in 7.2-8.6 s instead of 0.7-1.7 s (the search queue served in order of
arrival, so B waited behind one search of each of A's matches), and a takeback burst of A's
(each move taken back leaving its search in line) made B wait 28 s. Bar: B's median answer
with A playing is within 2x of B's median alone, in both phases.

Each tree gets its own daphne (``tests/support/server.py``: fresh SQLite database, the default
``COMPUTER_PROCESSES``, ``COMPUTER_MOVE_DELAY=0.6`` as in production), started once; the
phases alternate between the trees (baseline alone, this alone, baseline with A playing, this
with A playing, ...), so both see the same machine. Everything goes over real sockets as the
pages do (``tests/support/client.py``). A phase:

- alone: B (a new account) plays ``--moves`` moves against strong Connect Four, each answer
  timed from sending the move to receiving the state with the computer's reply;
- A playing: a new account A creates its ten strong Connect Four matches, moves at once in
  each whenever it is its turn (a new match when one ends), and B plays as above;
- A's takeback burst: the same, but A first moves and takes the move back ``--burst`` times
  in each match before playing on, and B's first move is sent right after the burst.

After a phase the matches are resigned and the daphne restarted, so no search left in its
queue reaches the next phase.

    .venv/bin/python bench/computer_fairness.py [--moves 6] [--burst 2]
        [--baseline-tree /work/baseline] [--tree <this tree>]

``--baseline-tree``: a checkout of the previous release (``git worktree add --detach
/tmp/fair-baseline <commit>``), measured in the same run.
"""

from __future__ import annotations

import argparse
import asyncio
import shutil
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT)]

from bench.loadkit.tree import live_server, measured_trees, tree_label  # noqa: E402
from bench.stats import percentile  # noqa: E402
from tests.support.client import Player, Socket  # noqa: E402

MATCHES = 10  # QUOTA_COMPUTER_MATCHES: an account's active matches against the computer
BAR = 2.0  # B's median answer with A playing, over B's median alone
GAME = {"game": "connect_four", "opponent": "computer", "side": 0, "level": "strong"}
PHASES = ("alone", "A playing", "A's takeback burst")


def middle(match: dict) -> dict:
    return match["legal_moves"][len(match["legal_moves"]) // 2]


async def person_answers(url: str, moves: int, owned: list[tuple[Player, str]]) -> list[float]:
    """B plays ``moves`` moves against strong Connect Four (a new match when one ends): each
    answer's seconds."""
    person = await asyncio.to_thread(Player(url).signup)
    times: list[float] = []
    while len(times) < moves:
        created = await asyncio.to_thread(person.create, **GAME)
        owned.append((person, created["id"]))
        sock = await person.socket(created["id"])
        try:
            match = await sock.wait_state(lambda m: bool(m["legal_moves"]))
            while len(times) < moves and match["legal_moves"]:
                sent = time.monotonic()
                await sock.move(middle(match))
                match = await sock.wait_state(lambda m, ply=match["ply"]: m["ply"] >= ply + 2, timeout=180)
                times.append(time.monotonic() - sent)
        finally:
            await sock.close()
    return times


async def burst(sock: Socket, match: dict, times: int) -> dict:
    """Move and take the move back ``times`` times (granted at once against the computer)."""
    for _ in range(times):
        await sock.move(middle(match))
        await sock.wait_state(lambda m, ply=match["ply"]: m["ply"] > ply and m["can_take_back"])
        await sock.send({"type": "propose_takeback"})
        back = match["ply"] + 1  # the move's ply; the takeback takes the next
        match = await sock.wait_state(lambda m, back=back: m["ply"] > back and bool(m["legal_moves"]))
    return match


async def account_plays(
    player: Player, match_id: str, takebacks: int, ready: asyncio.Event, owned: list[tuple[Player, str]]
) -> None:
    """A plays one match slot until cancelled: a move as soon as it is its turn (the burst
    first; ``ready`` once the first move is sent), a new match when one ends."""
    sock = await player.socket(match_id)
    try:
        while True:
            match = await sock.wait_state(lambda m: bool(m["legal_moves"]) or m["status"] != "active", 600)
            if match["status"] != "active":
                await sock.close()
                created = await asyncio.to_thread(player.create, **GAME)
                owned.append((player, created["id"]))
                sock = await player.socket(created["id"])
                continue
            if not ready.is_set():
                match = await burst(sock, match, takebacks)
            await sock.move(middle(match))
            ready.set()
            await sock.wait_state(lambda m, ply=match["ply"]: m["ply"] > ply, timeout=600)
    finally:
        await sock.close()


async def phase(url: str, kind: str, args: argparse.Namespace) -> list[float]:
    """B's answer times in one phase on the server at ``url``; its matches resigned after."""
    owned: list[tuple[Player, str]] = []
    tasks: list[asyncio.Task] = []
    try:
        if kind != "alone":
            account = await asyncio.to_thread(Player(url).signup)
            takebacks = args.burst if kind == "A's takeback burst" else 0
            readies = [asyncio.Event() for _ in range(MATCHES)]
            for ready in readies:
                created = await asyncio.to_thread(account.create, **GAME)
                owned.append((account, created["id"]))
                plays = account_plays(account, created["id"], takebacks, ready, owned)
                tasks.append(asyncio.create_task(plays))
            # every match of A's has had its first move (and burst): its searches are in line
            await asyncio.wait_for(asyncio.gather(*(ready.wait() for ready in readies)), 120)
        return await person_answers(url, args.moves, owned)
    finally:
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        for player, match_id in owned:
            await asyncio.to_thread(player.api, "POST", f"/api/matches/{match_id}/resign/")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--moves", type=int, default=6, help="B's timed moves a phase")
    parser.add_argument("--burst", type=int, default=2, help="moves A takes back in each match")
    parser.add_argument("--tree", default=str(ROOT))
    parser.add_argument("--baseline-tree", default="")
    parser.add_argument("--baseline-env", action="append", default=[])
    args = parser.parse_args()
    trees, envs = measured_trees(args)
    workdir = Path(tempfile.mkdtemp(prefix="bench-fairness-"))
    servers = {}
    results: dict[str, dict[str, list[float]]] = {name: {} for name, _ in trees}
    try:
        for name, tree in trees:
            server = live_server(tree, workdir / name, env={"COMPUTER_MOVE_DELAY": "0.6", **envs[name]})
            server.migrate()
            server.start()
            servers[name] = server
            print(f"[{name}] daphne pid {server.proc.pid} on {server.url}: {tree_label(tree)}", flush=True)
        for kind in PHASES:
            for name, server in servers.items():
                results[name][kind] = asyncio.run(phase(server.url, kind, args))
                print(f"[{name}] {kind}: {' '.join(f'{t:.2f}' for t in results[name][kind])}", flush=True)
                server.restart()  # nothing left in its queue for the next phase
    finally:
        for server in servers.values():
            server.kill()
        shutil.rmtree(workdir, ignore_errors=True)
    print(f"\nB's strong Connect Four computer answers (s: median, max; median / median alone); bar {BAR}x")
    passed = True
    for name, fig in results.items():
        alone = percentile(fig["alone"], 50)
        for kind in PHASES:
            median = percentile(fig[kind], 50)
            print(f"{name + ': ' + kind:<34} {median:6.2f} {max(fig[kind]):6.2f}  {median / alone:5.1f}x")
            if name == "this":
                passed &= median <= BAR * alone
    verdict = "PASS" if passed else "FAIL"
    print(f"\nverdict: B's median answer within {BAR}x of alone whatever A does: {verdict}")
    return 0 if passed else 1


if __name__ == "__main__":
    sys.exit(main())
