"""The computer's capacity: how fast a person's computer opponent answers while many games
between computer levels run on the same server.

Bar (issue 24, item 1): with ``--games`` (30) computer-vs-computer games running, a person's
computer opponent still answers within its budget: its own search (``strong`` Connect Four:
1 s), at most one search already running before it (1 s) and the move delay (0.6 s, run
beside the search), so 2.6 s at most, with slack for the machine: the bar is 3 s for every
answer. Also printed: the computer moves stored a second by the games alone, over
``--window`` seconds before the person plays (the capacity a sizing starts from,
docs/deploy.md), and each answer's time with no other game running.

Each tree gets its own daphne (``tests/support/server.py``: fresh SQLite database,
``COMPUTER_MOVE_DELAY=0.6`` as in production) and its default ``COMPUTER_PROCESSES``. The
games are made by ``--games / 3`` accounts, three each (an account may hold three at once).
A person (one more account) plays ``--moves`` moves against ``strong`` Connect Four: first
with nothing else running, then with the games running; an answer is timed from sending the
move to receiving the state with the computer's reply.

    .venv/bin/python bench/computer_capacity.py [--games 30] [--moves 6] [--window 15]
        [--baseline-tree /work/baseline] [--tree <this tree>]

With ``--baseline-tree`` the previous release is measured first, the same way, on this machine.
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
from tests.support.client import Player  # noqa: E402

BAR_SECONDS = 3.0
PER_ACCOUNT = 3


async def answers(url: str, moves: int) -> list[float]:
    """A new person plays ``moves`` moves against strong Connect Four: each answer's seconds."""
    person = Player(url).signup()
    created = person.create(game="connect_four", opponent="computer", side=0, level="strong")
    sock = await person.socket(created["id"])
    times: list[float] = []
    try:
        match = await sock.wait_state(lambda m: bool(m["legal_moves"]))
        for _ in range(moves):
            sent = time.monotonic()
            await sock.move(match["legal_moves"][len(match["legal_moves"]) // 2])
            match = await sock.wait_state(lambda m, ply=match["ply"]: m["ply"] >= ply + 2, timeout=120)
            times.append(time.monotonic() - sent)
            if not match["legal_moves"]:
                break
    finally:
        await sock.close()
    return times


def plies(owners: list[tuple[Player, str]]) -> int:
    """Moves stored so far in the computer games."""
    return sum(owner.match(match_id)["ply"] for owner, match_id in owners)


def measure(name: str, tree: Path, workdir: Path, args: argparse.Namespace) -> dict:
    server = live_server(tree, workdir / name, env={"COMPUTER_MOVE_DELAY": "0.6"})
    server.migrate()
    server.start()
    print(f"[{name}] daphne pid {server.proc.pid} on {server.url}: {tree_label(tree)}", flush=True)
    try:
        quiet = asyncio.run(answers(server.url, args.moves))
        owners = []
        accounts = [Player(server.url).signup() for _ in range(-(-args.games // PER_ACCOUNT))]
        for i in range(args.games):
            owner = accounts[i // PER_ACCOUNT]
            match = owner.create(
                game="connect_four", opponent="computer", side="watch", level=["strong", "strong"]
            )
            owners.append((owner, match["id"]))
        time.sleep(2)  # their first searches are asked for
        before, started = plies(owners), time.monotonic()
        time.sleep(args.window)  # the computer's throughput with only computer games to serve
        rate = (plies(owners) - before) / (time.monotonic() - started)
        loaded = asyncio.run(answers(server.url, args.moves))
    finally:
        server.kill()
    return {"quiet": quiet, "loaded": loaded, "rate": rate}


def row(label: str, times: list[float]) -> str:
    return f"{label:<34} {percentile(times, 50):6.2f} {max(times):6.2f}   ({len(times)} answers)"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=30)
    parser.add_argument("--moves", type=int, default=6)
    parser.add_argument("--window", type=float, default=15.0, help="seconds the throughput is counted over")
    parser.add_argument("--tree", default=str(ROOT))
    parser.add_argument("--baseline-tree", default="")
    parser.add_argument("--baseline-env", action="append", default=[])
    args = parser.parse_args()
    trees, _ = measured_trees(args)
    workdir = Path(tempfile.mkdtemp(prefix="bench-computer-"))
    try:
        results = {name: measure(name, tree, workdir, args) for name, tree in trees}
    finally:
        shutil.rmtree(workdir, ignore_errors=True)
    print(f"\nA person's strong Connect Four computer, answer times (s: median, max); bar {BAR_SECONDS} s")
    passed = True
    for name, fig in results.items():
        print(row(f"{name}: no other game", fig["quiet"]))
        print(row(f"{name}: {args.games} computer games", fig["loaded"]))
        print(f"{name}: computer moves stored a second while they ran: {fig['rate']:.2f}")
        if name == "this":
            passed = max(fig["loaded"]) <= BAR_SECONDS
    print(
        f"\nverdict: every answer within {BAR_SECONDS} s beside {args.games} computer games: "
        f"{'PASS' if passed else 'FAIL'}"
    )
    return 0 if passed else 1


if __name__ == "__main__":
    sys.exit(main())
