"""A finished match's computer analysis on big boards, a position at a time (issue 50, finding
6e: big boards' analyses took far longer than their positions times the budget).

Random games of 26x26 Reversi, 12x12 Connect Four and 19x19 Gomoku are judged as the task
worker judges a match's moves (``computer_analysis.judged``, ``PLY_BUDGET`` a position), every
``--every``-th position of each (Connect Four: each one); the report gives the seconds a
position (mean and max) against the budget, the moves valued, and what a whole game would
take. With ``--baseline-tree`` (a git worktree of the commit before, e.g. ``git worktree add
/tmp/baseline 69d03c3``) each game is measured on the baseline's code, then on this tree's,
in turn, in the same run.

    .venv/bin/python bench/analysis_big.py [--baseline-tree /tmp/baseline] [--every 40]
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import time
from pathlib import Path

THIS_TREE = Path(__file__).resolve().parents[1]
GAMES = (  # slug, options, every how many positions (None: --every)
    ("reversi", {"size": 26}, None),
    ("connect_four", {"rows": 12, "columns": 12}, 1),
    ("gomoku", {"rows": 19, "columns": 19}, None),
)


def measure(slug: str, options: dict, every: int, seed: int) -> dict:
    """(In the tree measured.) Judge every ``every``-th position of a random game."""
    import django

    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "site_config.settings")
    django.setup()
    from games.catalog.registry import GAMES as RULES
    from games.matches.study.computer_analysis import PLY_BUDGET, judged

    game, rng = RULES[slug], random.Random(seed)
    state = game.setup(game.clean_options(options), seed=0)
    states, moves = [], []
    while game.to_move(state):
        forced = game.forced(state)
        seat, move = forced if forced else (game.to_move(state)[0], None)
        move = move if forced else game.random_move(state, seat, rng)
        states.append(state)
        moves.append({"seat": seat, "move": move, "forced": bool(forced)})
        state = game.play(state, seat, move)
    chosen = [i for i, m in enumerate(moves) if not m["forced"]]
    seconds, valued, total = [], 0, 0
    for i in chosen[::every]:
        started = time.perf_counter()
        entry = judged(slug, states[i], moves[i], i + 1)
        seconds.append(time.perf_counter() - started)
        valued += entry["value"] is not None
        total += 1
    return {
        "positions": len(chosen),
        "seconds": seconds,
        "valued": valued,
        "judged": total,
        "budget": PLY_BUDGET,
    }


def run_in(tree: Path, slug: str, options: dict, every: int, seed: int) -> dict:
    """``measure`` with ``tree``'s code, in a process of its own."""
    code = (
        "import json, sys; sys.path.insert(0, '.'); "
        f"sys.path.insert(1, {str(THIS_TREE / 'bench')!r}); "
        "from analysis_big import measure; "
        f"print(json.dumps(measure({slug!r}, {options!r}, {every}, {seed})))"
    )
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "site_config.settings"}
    done = subprocess.run([sys.executable, "-c", code], cwd=tree, env=env, capture_output=True, text=True)
    if done.returncode:
        raise RuntimeError(done.stderr)
    return json.loads(done.stdout.strip().splitlines()[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--baseline-tree", help="also measure this tree (a worktree), in turn")
    parser.add_argument("--every", type=int, default=40, help="judge every n-th position (Reversi, Gomoku)")
    parser.add_argument("--seed", type=int, default=6)
    args = parser.parse_args()
    trees = [("this", THIS_TREE)]
    if args.baseline_tree:
        trees.insert(0, ("baseline", Path(args.baseline_tree).resolve()))
    head = f"{'game':<20} {'tree':<9} {'judged':>6} {'valued':>6} {'mean s':>7} {'max s':>6} {'budget':>6}"
    print(f"{head} {'game s':>7}")
    for slug, options, every in GAMES:
        for name, tree in trees:
            r = run_in(tree, slug, options, every or args.every, args.seed)
            mean = sum(r["seconds"]) / len(r["seconds"])
            label = f"{slug} {'x'.join(str(v) for v in options.values())}"
            row = f"{label:<20} {name:<9} {r['judged']:>6} {r['valued']:>6} {mean:>7.2f}"
            row += f" {max(r['seconds']):>6.2f} {r['budget']:>6} {mean * r['positions']:>7.0f}"
            print(f"{row}  ({r['positions']} positions)", flush=True)


if __name__ == "__main__":
    main()
