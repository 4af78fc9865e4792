"""Othello / Reversi computer players: ``strong`` against ``greedy`` and ``random``, sides alternating.

Bars (the issue): over at least 200 Othello games each, ``strong`` wins at least 95% against
``greedy`` and 99% against ``random``, within 1 s per move; it also plays correctly on
blocked and non-8x8 boards. The machine is shared, so the main runs use a reduced search
budget per move (``--budget``, stated in the output); a short run at the level's own budget
(``--full-games`` games against greedy at ``STRONG_BUDGET`` s of search, which keeps a move
under 1 s) reports the real times. A few games on 6x6 boards with random blocks and on
10x10 boards check the other shapes. Every move played is checked against the rules'
legal moves.

    .venv/bin/python bench/ai_reversi.py [--games 10] [--budget 0.1] [--full-games 2]
        [--other-games 2] [--other-budget 0.25] [--seed 0]
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT)]
from bench.stats import wilson  # noqa: E402
from games.ai import reversi as ai  # noqa: E402
from games.catalog.computer import LEVELS  # noqa: E402
from games.catalog.registry import GAMES  # noqa: E402
from games.rules.reversi import cell_name, centre_cells  # noqa: E402


def random_blocks(rng: random.Random, n: int, count: int) -> str:
    centre = set(centre_cells(n))
    cells = [(y, x) for y in range(n) for x in range(n) if (y, x) not in centre]
    return " ".join(cell_name(*c) for c in rng.sample(cells, count))


def play_game(slug: str, options: dict, strong_seat: int, opponent: str, seed: int, budget: float):
    """One game: (+1 strong won / 0 draw / -1 lost, final score, seconds per move of each
    side, the moves as text)."""
    game = GAMES[slug]
    state = game.setup(game.clean_options(options), seed)
    rng = random.Random(seed)
    strong = ai.strong_with_budget(budget)
    other = LEVELS[slug][opponent]
    times: dict[str, list[float]] = {"strong": [], opponent: []}
    moves = []
    while game.outcome(state) is None:
        forced = game.forced(state)
        if forced:
            state = game.play(state, *forced)
            moves.append("--")
            continue
        seat = state["turn"]
        name = "strong" if seat == strong_seat else opponent
        chooser = strong if name == "strong" else other
        started = time.perf_counter()
        move = chooser(game, state, seat, rng)
        times[name].append(time.perf_counter() - started)
        if move not in game.legal_moves(state, seat):
            raise AssertionError(f"{name} played an illegal move {move} in {state}")
        moves.append(move["cell"])
        state = game.play(state, seat, move)
    end = game.outcome(state)
    result = 0 if end.winner is None else 1 if end.winner == strong_seat else -1
    return result, end.score, times, " ".join(moves)


def run(label: str, slug: str, options_for, opponent: str, games: int, budget: float, seed: int) -> dict:
    """``games`` games (strong Black in even ones, White in odd ones); prints and returns the tally."""
    results, margins, distinct = [], [], set()
    times: dict[str, list[float]] = {"strong": [], opponent: []}
    by_side = {0: [0, 0, 0], 1: [0, 0, 0]}  # strong's seat -> wins, draws, losses
    started = time.perf_counter()
    for i in range(games):
        strong_seat = i % 2
        options = options_for(random.Random(seed + i))
        result, score, t, record = play_game(slug, options, strong_seat, opponent, seed + i, budget)
        results.append(result)
        mine, theirs = score["XO"[strong_seat]], score["XO"[1 - strong_seat]]
        margins.append(mine - theirs)
        distinct.add((strong_seat, str(options), record))
        by_side[strong_seat][{1: 0, 0: 1, -1: 2}[result]] += 1
        for name in times:
            times[name].extend(t[name])
    wins, draws, losses = results.count(1), results.count(0), results.count(-1)
    lo, hi = wilson(wins, games)
    st, ot = times["strong"], times[opponent]
    print(
        f"{label}: {games} games vs {opponent}, strong's search budget {budget:g} s/move: "
        f"won {wins} drew {draws} lost {losses} (win rate {wins / games:.1%}, 95% CI {lo:.1%}-{hi:.1%}); "
        f"as Black W/D/L {'/'.join(map(str, by_side[0]))}, as White W/D/L {'/'.join(map(str, by_side[1]))}; "
        f"mean disc margin {statistics.mean(margins):+.1f}; {len(distinct)} distinct games"
    )
    print(
        f"    strong: {len(st)} moves, mean {statistics.mean(st):.3f} s, max {max(st):.3f} s; "
        f"{opponent}: {len(ot)} moves, mean {statistics.mean(ot):.4f} s, max {max(ot):.4f} s; "
        f"wall {time.perf_counter() - started:.0f} s; every move legal",
        flush=True,
    )
    return {"games": games, "wins": wins, "draws": draws, "losses": losses, "max": max(st)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--games", type=int, default=10, help="Othello games per opponent (default 10; 0: none)"
    )
    parser.add_argument("--budget", type=float, default=0.1, help="strong's seconds of search per move")
    parser.add_argument(
        "--full-games", type=int, default=2, help="Othello games vs greedy at the full budget"
    )
    parser.add_argument("--other-games", type=int, default=2, help="games on 6x6 with blocks and on 10x10")
    parser.add_argument("--other-budget", type=float, default=0.25, help="their seconds per strong move")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()

    def othello(rng: random.Random) -> dict:
        return {}

    print(f"strong (full budget: STRONG_BUDGET {ai.STRONG_BUDGET:g} s of search a move) vs greedy and random")
    tallies = {
        opponent: run("Othello", "othello", othello, opponent, args.games, args.budget, args.seed)
        for opponent in ("greedy", "random")
        if args.games
    }
    if args.full_games:
        run(
            "Othello at the full budget",
            "othello",
            othello,
            "greedy",
            args.full_games,
            ai.STRONG_BUDGET,
            10_000,
        )
    if args.other_games:

        def blocked6(rng: random.Random) -> dict:
            return {"size": 6, "blocks": random_blocks(rng, 6, rng.randint(2, 8))}

        def plain10(rng: random.Random) -> dict:
            return {"size": 10, "blocks": ""}

        for label, options_for in (("Reversi 6x6, 2-8 random blocks", blocked6), ("Reversi 10x10", plain10)):
            for opponent in ("greedy", "random"):
                run(label, "reversi", options_for, opponent, args.other_games, args.other_budget, 20_000)
    for opponent, bar in (("greedy", 0.95), ("random", 0.99)):
        if opponent not in tallies:
            continue
        tally = tallies[opponent]
        rate = tally["wins"] / tally["games"]
        enough = "" if tally["games"] >= 200 else " (fewer than the bar's 200 games)"
        verdict = "PASS" if rate >= bar else "FAIL"
        print(
            f"bar: strong wins >= {bar:.0%} of Othello games vs {opponent} ({args.budget:g} s/move): "
            f"{verdict} ({rate:.1%} of {tally['games']}){enough}"
        )


if __name__ == "__main__":
    main()
