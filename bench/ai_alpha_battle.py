"""Alpha Battle computer players: ``strong`` against ``random``, and why no setup does better.

Prints, each over ``--games`` battles played through the rules engine (setups committed
with ``GAME.play``, scored by ``GAME.outcome``), with the computer as P and as Q in turn:
the mean score margin (the computer's points minus the opponent's) with its 95% confidence
interval, and the win/draw/loss rates.

1. ``strong`` vs ``random`` (the issue's figure), and ``random`` vs ``random`` beside it.
2. The "optimise a setup against random" recipe: ``--candidates`` setups (a fixed-seed
   rng) each measured on the same ``--trial-games`` random opponents; the best one's
   apparent margin, then the same setup re-measured on fresh opponents. (The apparent gain
   is the winner's curse: every setup has the same margin distribution against random;
   see games/catalog/alpha_battle/players.py.)
3. Exploitation: that fixed setup against an opponent who has seen it (setups are shown
   after each battle), and ``strong`` against an opponent who best-responds to the setup
   ``strong`` showed in the previous battle.

    .venv/bin/python bench/ai_alpha_battle.py [--games 100000] [--candidates 200]
        [--trial-games 2000] [--seed 0]
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT)]
from bench.stats import wilson  # noqa: E402
from games.catalog.alpha_battle import players as ai  # noqa: E402
from games.catalog.alpha_battle.engine import GAME  # noqa: E402

Setup = dict
Player = Callable[[int, random.Random], Setup]  # (game number, rng) -> setup


def battle(mine: Setup, theirs: Setup, my_seat: int) -> int:
    """My margin (my points minus theirs) in one battle played through the engine."""
    state = GAME.setup(GAME.clean_options({}), 0)
    state = GAME.play(state, my_seat, mine)
    state = GAME.play(state, 1 - my_seat, theirs)
    score = GAME.outcome(state).score
    me, them = ("P", "Q") if my_seat == 0 else ("Q", "P")
    return score[me] - score[them]


def report(label: str, margins: list[int]) -> float:
    n = len(margins)
    mean = statistics.fmean(margins)
    half = 1.96 * statistics.stdev(margins) / math.sqrt(n) if n > 1 else float("inf")
    w, d, lo = sum(m > 0 for m in margins), sum(m == 0 for m in margins), sum(m < 0 for m in margins)
    wl, wh = wilson(w, n)
    print(
        f"{label}: {n} games, mean margin {mean:+.2f} (95% CI {mean - half:+.2f} .. {mean + half:+.2f}, "
        f"sd {statistics.stdev(margins):.1f}); won {w / n:.1%} (95% CI {wl:.1%}-{wh:.1%}), "
        f"drew {d / n:.1%}, lost {lo / n:.1%}",
        flush=True,
    )
    return mean


def match(me: Player, opponent: Player, games: int, seed: int) -> list[int]:
    """My margins over ``games`` battles, my seat alternating; independent rngs per side."""
    mine, theirs = random.Random(seed), random.Random(seed + 1)
    return [battle(me(i, mine), opponent(i, theirs), i % 2) for i in range(games)]


def level(chooser: Callable) -> Player:
    empty = GAME.setup(GAME.clean_options({}), 0)
    return lambda i, rng: chooser(GAME, empty, i % 2, rng)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=100_000, help="battles per measurement (default 100000)")
    parser.add_argument(
        "--candidates", type=int, default=200, help="setups tried by the search (default 200)"
    )
    parser.add_argument(
        "--trial-games", type=int, default=2_000, help="opponents per candidate (default 2000)"
    )
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    start = time.perf_counter()
    strong, rand = level(ai.strong), level(ai.random_move)

    print("1. The levels against random (margin: the computer's points minus the opponent's)")
    report("strong vs random", match(strong, rand, args.games, args.seed))
    report("random vs random", match(rand, rand, args.games, args.seed + 10))

    print(
        f"2. Searching {args.candidates} fixed setups, each against the same "
        f"{args.trial_games} random opponents"
    )
    rng = random.Random(args.seed + 20)
    opponents = [ai.random_setup(rng) for _ in range(args.trial_games)]
    best, best_mean, means = None, -math.inf, []
    for _ in range(args.candidates):
        setup = ai.random_setup(rng)
        # the closed form (tests check it against the rules' scoring), for speed
        total = sum(
            ai.margin(setup["letters"], setup["indices"], o["letters"], o["indices"]) for o in opponents
        )
        means.append(total / args.trial_games)
        if means[-1] > best_mean:
            best, best_mean = setup, means[-1]
    print(
        f"candidates' apparent mean margins: min {min(means):+.2f}, median {statistics.median(means):+.2f}, "
        f"max {max(means):+.2f} (sd {statistics.stdev(means):.2f}; the noise of {args.trial_games} games "
        f"is about {26.8 / math.sqrt(args.trial_games):.2f})"
    )
    print(f"best: {best['letters']} {best['indices']}, apparent {best_mean:+.2f}")
    fixed: Player = lambda i, rng: best  # noqa: E731
    report("that setup re-measured vs random", match(fixed, rand, args.games, args.seed + 30))

    print("3. Exploitation (setups are revealed after every battle)")
    report(
        "that fixed setup vs an opponent who has seen it",
        match(
            fixed, lambda i, rng: ai.best_response(best["letters"], best["indices"]), min(args.games, 2000), 0
        ),
    )
    shown: list[Setup] = []

    def strong_remembered(i: int, rng: random.Random) -> Setup:
        shown.append(strong(i, rng))
        return shown[-1]

    def adapt(i: int, rng: random.Random) -> Setup:
        if len(shown) < 2:
            return ai.random_setup(rng)
        last = shown[-2]  # the setup strong showed in the previous battle
        return ai.best_response(last["letters"], last["indices"])

    report(
        "strong vs an opponent answering its previous setup", match(strong_remembered, adapt, args.games, 40)
    )
    print(f"wall {time.perf_counter() - start:.0f} s")


if __name__ == "__main__":
    main()
