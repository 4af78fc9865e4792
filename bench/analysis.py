"""The computer analysis against its bars (issue "Study a game"), on this machine:

1. a whole 60-move Othello game analysed move by move, as the task worker does it
   (``computer_analysis.judged``, ``PLY_BUDGET`` a position): at most a minute;
2. the computer's move beside it: the seconds a move of Othello's strongest level (its own
   clock, ``ai.choose``) with nothing else running (the baseline, same run) and then while
   another process analyses a game, as the worker would: never beyond its budget.

    .venv/bin/python bench/analysis.py [--games 1] [--moves 12] [--seed 1]

Pure Python of the project (no server): the analysis and the search are the same functions
the site runs, each in its own process as on the site.
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "site_config.settings")

GAME = "othello"


def random_game(seed: int) -> tuple[list[dict], list[dict]]:
    """(states, moves) of an Othello game played at random to its end (passes included)."""
    from games.catalog.registry import GAMES

    game, rng = GAMES[GAME], random.Random(seed)
    state = game.setup(game.clean_options({}), seed=0)
    states, moves = [], []
    while game.to_move(state):
        forced = game.forced(state)
        seat, move = forced if forced else (state["turn"], game.random_move(state, state["turn"], rng))
        states.append(state)
        moves.append({"ply": len(moves) + 1, "seat": seat, "move": move, "forced": bool(forced)})
        state = game.play(state, seat, move)
    return states, moves


def analyse_game(seed: int) -> tuple[float, int, int]:
    """(seconds, moves judged, proved) of one random game analysed as the worker does."""
    import django

    django.setup()
    from games.matches.study.computer_analysis import judged

    states, moves = random_game(seed)
    started, proved, judged_moves = time.perf_counter(), 0, 0
    for number, (state, move) in enumerate(zip(states, moves, strict=True), start=1):
        if move["forced"]:
            continue
        entry = judged(GAME, state, move, number)
        judged_moves += 1
        proved += entry["proved"]
    return time.perf_counter() - started, judged_moves, proved


def busy_analysing(stop, seed: int) -> None:
    """Analyse random games until ``stop`` is set (the worker beside the site)."""
    while not stop.is_set():
        analyse_game(seed)
        seed += 1


def move_times(level: str, moves: int, seed: int) -> list[float]:
    """Seconds a move of ``level`` over ``moves`` positions of random games (its own clock)."""
    from games.catalog.computer import choose
    from games.catalog.registry import GAMES

    game, rng, times = GAMES[GAME], random.Random(seed), []
    while len(times) < moves:
        states, _ = random_game(rng.randrange(10**6))
        for state in states[8:50:6]:
            seat = state["turn"]
            if game.forced(state) or not game.to_move(state):
                continue
            started = time.perf_counter()
            choose(GAME, level, state, seat, random.Random(0))
            times.append(time.perf_counter() - started)
            if len(times) == moves:
                break
    return times


def strongest() -> str:
    from games.catalog.computer import levels

    return levels(GAME)[-1]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=1, help="Othello games analysed for bar 1")
    parser.add_argument("--moves", type=int, default=12, help="computer moves timed for bar 2, each way")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    ctx = multiprocessing.get_context("spawn")

    print(f"1. A whole {GAME} game analysed move by move (bar: at most 60 s)")
    with ctx.Pool(1) as pool:
        for seed in range(args.seed, args.seed + args.games):
            seconds, judged_moves, proved = pool.apply(analyse_game, (seed,))
            verdict = "PASS" if seconds <= 60 else "FAIL"
            print(f"   game {seed}: {judged_moves} moves in {seconds:.1f} s, {proved} proved: {verdict}")

    level = strongest()
    print(f"2. {GAME} '{level}' seconds a move (its budget is its own; bar: never beyond 1 s)")
    with ctx.Pool(1) as pool:
        alone = pool.apply(move_times, (level, args.moves, args.seed))
    stop = ctx.Event()
    worker = ctx.Process(target=busy_analysing, args=(stop, args.seed + 100))
    worker.start()
    time.sleep(2.0)  # the analysis under way
    try:
        with ctx.Pool(1) as pool:
            beside = pool.apply(move_times, (level, args.moves, args.seed))
    finally:
        stop.set()
        worker.join(30)
        if worker.is_alive():
            worker.terminate()
    for name, times in (("alone (baseline)", alone), ("beside an analysis", beside)):
        median = statistics.median(times)
        print(f"   {name:<20} median {median:.3f} s, max {max(times):.3f} s over {len(times)}")
    verdict = "PASS" if max(beside) <= 1.0 else "FAIL"
    print(f"   beside an analysis, max {max(beside):.3f} s (bar <= 1.0 s): {verdict}")


if __name__ == "__main__":
    main()
