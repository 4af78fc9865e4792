"""Connect Four's ``expert`` against outside and exact opponents, with ``strong`` as the baseline.

Bars (the issue "Engines: computer players that beat outside engines, and exact solvers"):
- on 6x7 as the first player, ``expert`` wins at least 95% of at least 20 games against
  OpenSpiel's MCTS (C++ ``pyspiel.MCTSBot``: 10,000 simulations, UCT c = 2, one random
  rollout per leaf, MCTS-solver on, a new seed each game); ``strong`` plays the same games
  (the same seeds) as the baseline;
- ``expert`` (first) wins every game against a perfect second player (``perfect_second``:
  from ``PERFECT_FROM`` stones the slowest loss by the exact solver, chosen at random among
  equals; before that the strong search's move: the book proves that every move loses);
- ``expert`` never gives away a proved outcome from 8 stones on (issue "Engines, second
  step"): random 6x7 positions of 8 to 14 stones where some drop throws the outcome away
  (win to draw or loss, draw to loss; by the exact solver, no budget), and how often the
  expert's move (its own budget) is such a drop;
- every level at most 1 s a move, over whole games: max and median per level, in wall-clock
  and CPU seconds of the playing process;
- "from how many stones every 6x7 position is proved within 1 s": positions after n random
  drops (and the positions of this run's games), each proved by the book or by the solver
  within 1 s, per n.

    .venv/bin/python bench/connect_four_engines.py [--games 20] [--solver-games 3]
        [--giveaway-samples 100] [--coverage-samples 20] [--clock cpu] [--seed 0]

``--clock cpu`` (the default) counts the budgets in CPU seconds of this process: the machine
is shared, and a wall-clock budget would measure the others' load as much as the players
(the search's strength grows with its depth). ``--clock wall`` plays as the site does; run
it too (``--games 2 --solver-games 0 --coverage-samples 0``) for the wall-clock times.

OpenSpiel (``open-spiel`` in requirements-test.txt) is a bench and test dependency only.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT)]
from bench.stats import wilson  # noqa: E402
from games.catalog.computer import LEVELS  # noqa: E402
from games.catalog.connect_four import search as strong_ai  # noqa: E402
from games.catalog.connect_four import solver as connect_four_solver  # noqa: E402
from games.catalog.connect_four.bits import position  # noqa: E402
from games.catalog.connect_four.book import lookup  # noqa: E402
from games.catalog.connect_four.engine import GAME  # noqa: E402
from games.catalog.connect_four.solver import CoreSolver, solve_position  # noqa: E402

CHOOSERS = LEVELS["connect_four"]
CLOCKS = {"cpu": time.process_time, "wall": time.perf_counter}
MCTS_SIMULATIONS = 10_000
PERFECT_FROM = 8  # stones from which the perfect second player solves its moves
# The exact solves of the oracle (the perfect player, the give-away check) run in a thread of
# their own: the core's table is its thread's, so they do not warm the expert's.
ORACLE = ThreadPoolExecutor(1)


def exact_children(g, cur: int, mask: int) -> list[tuple[int, int]]:
    """Every column with its exact score for the side to move (no budget; the oracle's thread)."""
    return ORACLE.submit(lambda: CoreSolver(g).children(cur, mask)).result()


def mcts_player(seed: int):
    """OpenSpiel's MCTS bot on its own Connect Four state, kept in step with ours."""
    import pyspiel

    game = pyspiel.load_game("connect_four")
    evaluator = pyspiel.RandomRolloutEvaluator(1, seed)
    bot = pyspiel.MCTSBot(game, evaluator, 2.0, MCTS_SIMULATIONS, 1000, True, seed, False)
    return game.new_initial_state(), bot


def perfect_second(rng: random.Random):
    """A perfect second player against the expert: the slowest loss (else the best score)
    by the exact solver from ``PERFECT_FROM`` stones, at random among equals; before that the
    strong search's move (every move loses against the book, which is the proof of it; the
    search's resists longest among those it can tell apart)."""

    def choose(game, state: dict, seat: int, _rng: random.Random) -> dict:
        g, cur, mask = position(state, seat)
        if mask.bit_count() < PERFECT_FROM:
            return strong_ai.strong(game, state, seat, rng)
        scored = exact_children(g, cur, mask)
        top = max(score for _, score in scored)
        return {"action": "drop", "column": rng.choice([c for c, s in scored if s == top])}

    return choose


def outcome(score: int) -> int:
    return (score > 0) - (score < 0)


def giveaways(samples: int, seed: int) -> None:
    """Random 6x7 positions of 8 to 14 stones where a drop throws the outcome away (by the
    exact solver): how many times the expert's move (its own budget) is such a drop."""
    rng = random.Random(seed)
    by_n: dict[int, list[int]] = {}
    found = tries = 0
    while found < samples and tries < samples * 20:
        tries += 1
        n = rng.randint(8, 14)
        state = GAME.setup(GAME.clean_options({}), 0)
        for _ in range(n):
            state = GAME.play(state, state["turn"], GAME.random_move(state, state["turn"], rng))
            if GAME.outcome(state) is not None:
                break
        if GAME.outcome(state) is not None:
            continue
        seat = state["turn"]
        g, cur, mask = position(state, seat)
        values = dict(exact_children(g, cur, mask))
        best = max(outcome(v) for v in values.values())
        if all(outcome(v) == best for v in values.values()):
            continue  # no drop throws anything away here
        found += 1
        move = CHOOSERS["expert"](GAME, state, seat, rng)
        by_n.setdefault(n, []).append(int(outcome(values[move["column"]]) < best))
    lost = sum(sum(v) for v in by_n.values())
    line = ", ".join(f"{n}: {sum(v)}/{len(v)}" for n, v in sorted(by_n.items()))
    print(f"outcome given away, by stones (expert's own budget): {line}")
    verdict = "PASS" if lost == 0 else "FAIL"
    print(f"bar: expert never gives away a proved outcome from 8 stones: {verdict} ({lost} of {found})")


def play(
    first,
    second,
    names: tuple[str, str],
    times: dict[str, list[tuple[float, float]]],
    seed: int,
    mcts_seat=None,
):
    """One 6x7 game: the first player's result (1, 0, -1) and its moves. ``mcts_seat``: that
    seat is OpenSpiel's MCTS (``first``/``second`` is None there)."""
    state = GAME.setup(GAME.clean_options({}), seed)
    spiel_state, bot = mcts_player(seed) if mcts_seat is not None else (None, None)
    rng = random.Random(seed)
    record = []
    while GAME.outcome(state) is None:
        seat = state["turn"]
        start, cpu = time.perf_counter(), time.process_time()
        if seat == mcts_seat:
            move = {"action": "drop", "column": bot.step(spiel_state)}
        else:
            move = (first, second)[seat](GAME, state, seat, rng)
        times.setdefault(names[seat], []).append((time.perf_counter() - start, time.process_time() - cpu))
        state = GAME.play(state, seat, move)
        if spiel_state is not None:
            spiel_state.apply_action(move["column"])
        record.append(str(move["column"]))
    winner = GAME.outcome(state).winner
    return (0 if winner is None else 1 if winner == 0 else -1), "".join(record)


def report(label: str, results: list[int]) -> float:
    n = len(results)
    wins, draws, losses = results.count(1), results.count(0), results.count(-1)
    lo, hi = wilson(wins, n)
    print(
        f"{label}: {n} games, won {wins} drew {draws} lost {losses} "
        f"(win rate {wins / n:.1%}, 95% CI {lo:.1%}-{hi:.1%})",
        flush=True,
    )
    return wins / n


def proved_within(state: dict, seat: int, budget: float) -> bool:
    """Is the position answered exactly in ``budget`` seconds (the book's proved entry, or the
    solver's best move)?"""
    g, cur, mask = position(state, seat)
    entry = lookup(g.rows, g.cols, cur, mask)
    if entry is not None:
        return True
    return solve_position(g, cur, mask, budget) is not None


def coverage(samples: int, seed: int, extra: list[str], budget: float = 1.0) -> None:
    """Per stone count n: the share of positions after n random drops proved within ``budget``
    (the game still going), from 41 down until two counts in a row prove none; and the
    positions of the games played in this run (``extra``: their move strings)."""
    rng = random.Random(seed)
    by_n: dict[int, list[bool]] = {}
    for n in range(41, -1, -1):
        found = []
        tries = 0
        while len(found) < samples and tries < samples * 50:
            tries += 1
            state = GAME.setup(GAME.clean_options({}), 0)
            for _ in range(n):
                state = GAME.play(state, state["turn"], GAME.random_move(state, state["turn"], rng))
                if GAME.outcome(state) is not None:
                    break
            if GAME.outcome(state) is None:
                found.append(proved_within(state, state["turn"], budget))
        by_n[n] = found
        if n < 40 and not any(by_n[n]) and not any(by_n[n + 1]):
            break
    games: dict[int, list[bool]] = {}
    for record in extra:
        state = GAME.setup(GAME.clean_options({}), 0)
        for n, ch in enumerate(record):
            games.setdefault(n, []).append(proved_within(state, state["turn"], budget))
            state = GAME.play(state, state["turn"], {"action": "drop", "column": int(ch)})
    for label, table in (("random positions", by_n), ("positions of this run's games", games)):
        line = ", ".join(f"{n}: {sum(v)}/{len(v)}" for n, v in sorted(table.items()) if v)
        every = min((n for n in table if all(all(table[m]) for m in table if m >= n)), default=None)
        print(f"proved within {budget:g} s by stones, {label}: {line}")
        print(f"    every sampled position with {every} stones or more is proved within {budget:g} s")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=20, help="games per level against MCTS (default 20)")
    parser.add_argument("--solver-games", type=int, default=3)
    parser.add_argument("--giveaway-samples", type=int, default=100)
    parser.add_argument("--coverage-samples", type=int, default=20)
    parser.add_argument("--clock", choices=sorted(CLOCKS), default="cpu", help="what the budgets count")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--timing-games", type=int, default=2, help="medium vs strong and random vs medium")
    parser.add_argument("--levels", nargs="+", default=["expert", "strong"], help="levels to play MCTS")
    args = parser.parse_args()
    strong_ai.CLOCK = connect_four_solver.CLOCK = CLOCKS[args.clock]
    print(f"budgets counted in {args.clock} seconds")
    times: dict[str, list[tuple[float, float]]] = {}
    records: list[str] = []
    start = time.perf_counter()
    rates = {}
    for level in args.levels if args.games else []:
        results = []
        for i in range(args.games):
            result, record = play(CHOOSERS[level], None, (level, "mcts"), times, args.seed + i, mcts_seat=1)
            results.append(result)
            records.append(record)
            print(f"    {level} vs mcts seed {args.seed + i}: {result:+d} {record}", flush=True)
        rates[level] = report(f"{level} (first) vs OpenSpiel MCTS {MCTS_SIMULATIONS} simulations", results)
    results = []
    for i in range(args.solver_games):
        opponent = perfect_second(random.Random(args.seed + i))
        result, record = play(CHOOSERS["expert"], opponent, ("expert", "perfect"), times, args.seed + i)
        results.append(result)
        records.append(record)
        print(f"    expert vs a perfect second player, game {i}: {result:+d} {record}", flush=True)
    if results:
        report("expert (first) vs a perfect second player", results)
        verdict = "PASS" if all(r == 1 for r in results) else "FAIL"
        print(f"bar: expert as first player wins every game against a perfect second: {verdict}")
    if args.giveaway_samples:
        giveaways(args.giveaway_samples, args.seed)
    for i in range(args.timing_games):  # the quick levels' times: medium against strong, sides swapped
        pair = (
            (CHOOSERS["medium"], CHOOSERS["strong"]) if i == 0 else (CHOOSERS["strong"], CHOOSERS["medium"])
        )
        names = ("medium", "strong") if i == 0 else ("strong", "medium")
        play(*pair, names, times, args.seed + 100 + i)
        play(CHOOSERS["random"], CHOOSERS["medium"], ("random", "medium"), times, args.seed + 200 + i)
    print("seconds a move (whole games):")
    for name, pairs in times.items():
        wall, cpu = [w for w, _ in pairs], [c for _, c in pairs]
        print(
            f"    {name}: {len(pairs)} moves, wall median {statistics.median(wall):.3f} s "
            f"max {max(wall):.3f} s; cpu median {statistics.median(cpu):.3f} s max {max(cpu):.3f} s"
        )
    if args.coverage_samples:
        coverage(args.coverage_samples, args.seed, records)
    if not args.games:
        return
    if "expert" in rates:
        verdict = "PASS" if rates["expert"] >= 0.95 and args.games >= 20 else "FAIL"
        others = "; ".join(f"{level} {rate:.1%}" for level, rate in rates.items() if level != "expert")
        bar = "expert wins >= 95% of >= 20 games as first vs MCTS"
        print(f"bar: {bar}: {verdict} ({rates['expert']:.1%}; {others})")
    print(f"run took {time.perf_counter() - start:.0f} s")


if __name__ == "__main__":
    main()
