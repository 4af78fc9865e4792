"""How much of the analysis is proved: the share of moves (and of whole positions) the
analysis API answers with a proved value, in random positions of Connect Four 6x7 and
Othello, at the engine panel's budget (1 s a position), beside a baseline tree in the same run.

    .venv/bin/python bench/analysis_proved.py [--samples 10] [--seed 7] [--baseline-tree DIR]

The positions come from random play (the same seeds for both trees); each is analysed by
``games.catalog.analysis.analyse``, as the API and the board do. ``--baseline-tree`` runs
the same measurement with another checkout's code (its own ``.venv``), for the figures before
a change.
"""

from __future__ import annotations

import argparse
import json
import random
import subprocess
import sys
from pathlib import Path

BANDS = {"connect_four": (8, 11, 14, 18, 22), "othello": (40, 44, 48, 52)}  # stones, discs


def positions(slug: str, n: int, samples: int, seed: int) -> list[dict]:
    """States after ``n`` stones (discs, for Othello) of random play, the game still going."""
    from games.catalog.registry import GAMES

    game, rng, out = GAMES[slug], random.Random(seed * 100 + n), []
    while len(out) < samples:
        state = game.setup(game.clean_options({}), 0)
        while game.outcome(state) is None and sum(len(r) - r.count(".") for r in state["board"]) < n:
            forced = game.forced(state)
            seat, move = forced or (state["turn"], game.random_move(state, state["turn"], rng))
            state = game.play(state, seat, move)
        if game.outcome(state) is None and not game.forced(state):
            out.append(state)
    return out


def measure(samples: int, seed: int) -> dict:
    from games.catalog.analysis import analyse

    found: dict = {}
    for slug, bands in BANDS.items():
        for n in bands:
            moves = proved_moves = proved_positions = 0
            for state in positions(slug, n, samples, seed):
                answer = analyse(slug, state, 1.0)
                moves += len(answer["moves"])
                proved_moves += sum(row["proved"] for row in answer["moves"])
                proved_positions += answer["proved"]
            found[f"{slug} {n}"] = [proved_moves, moves, proved_positions, samples]
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--samples", type=int, default=10)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--baseline-tree", type=Path)
    parser.add_argument("--json", action="store_true", help="print the figures as JSON (the baseline's run)")
    parser.add_argument("--tree", type=Path, default=Path(__file__).resolve().parents[1])
    args = parser.parse_args()
    sys.path.insert(0, str(args.tree))
    if args.json:
        print(json.dumps(measure(args.samples, args.seed)))
        return
    baseline = None
    if args.baseline_tree:
        tree = args.baseline_tree.resolve()
        command = [str(tree / ".venv/bin/python"), __file__, "--json", "--tree", str(tree)]
        command += ["--samples", str(args.samples), "--seed", str(args.seed)]
        run = subprocess.run(command, check=True, capture_output=True, text=True, cwd=tree)
        baseline = json.loads(run.stdout)
    this = measure(args.samples, args.seed)
    print("proved by the analysis at 1 s a position (moves proved / moves; positions proved / positions)")
    print(f"{'game, stones or discs':<22} {'this tree':>22} {'baseline':>22}")
    for key, (pm, m, pp, s) in this.items():
        line = f"{key:<22} {f'{pm}/{m} ({pm / m:.0%}); {pp}/{s}':>22}"
        if baseline:
            bm, bt, bp, bs = baseline[key]
            line += f" {f'{bm}/{bt} ({bm / bt:.0%}); {bp}/{bs}':>22}"
        print(line, flush=True)


if __name__ == "__main__":
    main()
