"""Computer players' strength and speed, every game: runs each game's benchmark in turn.

Each one plays many games between levels through the rules engine and prints win/draw/loss
rates with the number of games, and the mean and max seconds per move on this machine:

- ``bench/ai_reversi.py``: Othello ``strong`` vs ``greedy`` and ``random``, blocked and 10x10 boards;
- ``bench/ai_connect_four.py``: ``strong`` vs a depth-4 minimax, other sizes, pop-out;
- ``bench/ai_reversi_1d.py``: the exact solve, ``strong`` vs ``random`` and every opponent line;
- ``bench/ai_alpha_battle.py``: ``strong``'s margin against ``random`` and against exploiters.

    .venv/bin/python bench/ai.py                 # quick: every game at its script's defaults
    .venv/bin/python bench/ai.py --full          # the issue's figures (about 40 minutes)
    .venv/bin/python bench/ai.py connect_four    # one game
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
# game -> the arguments of the full run that produced the README's figures
FULL = {
    "reversi": ["--games", "200", "--budget", "0.1", "--full-games", "20", "--other-games", "4"],
    "connect_four": ["--games", "200", "--budget", "1", "--full-games", "10", "--other-games", "10"],
    "reversi_1d": ["--games", "1000"],
    "alpha_battle": ["--games", "100000"],
}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("games", nargs="*", default=[], help="games to measure (default all)")
    parser.add_argument("--full", action="store_true", help="the full runs behind the README's table")
    args = parser.parse_args()
    unknown = set(args.games) - set(FULL)
    if unknown:
        parser.error(f"unknown games: {sorted(unknown)}; choose from {list(FULL)}")
    failed = 0
    for game in args.games or list(FULL):
        command = [sys.executable, str(HERE / f"ai_{game}.py"), *(FULL[game] if args.full else [])]
        print(f"\n=== {game}: {' '.join(command[1:])}", flush=True)
        started = time.monotonic()
        failed |= subprocess.run(command, check=False).returncode
        print(f"=== {game}: {time.monotonic() - started:.0f} s", flush=True)
    return failed


if __name__ == "__main__":
    sys.exit(main())
