"""1-D Reversi: the exact solve behind ``strong`` (time, cache size, the game's value) and its
results: against ``random`` with sides alternating, against itself, and against every line
an opponent can play (exhaustively, from either side).

The bar (the issue): ``strong`` plays perfectly. Perfect play from the empty board is a
draw (6-6), so ``strong`` must never lose, and never finish below the value, whatever the
opponent does; the per-move time must stay under 1 s (the first move pays for the solve).

    .venv/bin/python bench/ai_reversi_1d.py [--games 1000] [--seed 0]
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from functools import cache
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT)]

from games.catalog.reversi_1d import players as ai  # noqa: E402
from games.catalog.reversi_1d.engine import GAME  # noqa: E402
from games.rules.reversi_1d import PLAYERS  # noqa: E402


def play(strong_seat: int | None, rng: random.Random, times: list[float]) -> tuple[int | None, dict]:
    """One game; ``strong_seat`` None: strong on both sides. Returns (winner, score)."""
    state = GAME.setup({}, 0)
    while GAME.outcome(state) is None:
        seat = state["turn"]
        strong = strong_seat is None or seat == strong_seat
        started = time.perf_counter()
        move = (ai.strong_player if strong else ai.random_player)(GAME, state, seat, rng)
        if strong:
            times.append(time.perf_counter() - started)
        assert move in GAME.legal_moves(state, seat)
        state = GAME.play(state, seat, move)
    end = GAME.outcome(state)
    return end.winner, end.score


def every_line(strong_seat: int) -> tuple[int, int]:
    """(strong's worst final margin, number of distinct opponent lines) over every sequence
    of opponent moves; strong's reply to a position is fixed (rng seeded per call)."""

    @cache
    def walk(board: tuple[str, ...]) -> tuple[int, int]:
        state = {"board": list(board), "turn": (12 - board.count(" ")) % 2, "last": None, "flipped": []}
        if GAME.outcome(state) is not None:
            return board.count(PLAYERS[strong_seat]) - board.count(PLAYERS[1 - strong_seat]), 1
        seat = state["turn"]
        if seat == strong_seat:
            return walk(
                tuple(GAME.play(state, seat, ai.strong_player(GAME, state, seat, random.Random(0)))["board"])
            )
        results = [walk(tuple(GAME.play(state, seat, m)["board"])) for m in GAME.legal_moves(state, seat)]
        return min(r[0] for r in results), sum(r[1] for r in results)

    return walk(tuple(" " * 12))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=1000, help="games against random (default 1000)")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()

    ai.clear_cache()
    started = time.perf_counter()
    value = ai.value(0, 0)
    solve = time.perf_counter() - started
    print(
        f"solve from the empty board: {solve:.3f} s, value {value:+d} for the first player "
        f"({'a draw' if value == 0 else 'a win' if value > 0 else 'a loss'}), "
        f"cache {ai.cache_size():,} positions (2+ empties, mirror images merged; 3^12 = {3**12:,} boards); "
        f"best first moves: {ai.best_positions([' '] * 12, 'X')}"
    )
    ai.clear_cache()
    first: list[float] = []
    play(None, random.Random(args.seed), first)
    print(f"first move on a cold cache (solve included): {first[0]:.3f} s")

    rng = random.Random(args.seed)
    times: list[float] = []
    tally = {0: [0, 0, 0], 1: [0, 0, 0]}  # strong's seat -> wins, draws, losses
    margins = []
    for i in range(args.games):
        seat = i % 2
        winner, score = play(seat, rng, times)
        tally[seat][0 if winner == seat else 1 if winner is None else 2] += 1
        margins.append(score[PLAYERS[seat]] - score[PLAYERS[1 - seat]])
    wins = tally[0][0] + tally[1][0]
    draws = tally[0][1] + tally[1][1]
    losses = tally[0][2] + tally[1][2]
    print(
        f"vs random: {args.games} games: strong won {wins} drew {draws} lost {losses} "
        f"(win rate {wins / args.games:.1%}); as X W/D/L {'/'.join(map(str, tally[0]))}, "
        f"as O W/D/L {'/'.join(map(str, tally[1]))}; margin mean {statistics.mean(margins):+.2f}, "
        f"min {min(margins):+d}"
    )
    print(
        f"    strong: {len(times)} moves (warm cache), mean {statistics.mean(times) * 1000:.3f} ms, "
        f"max {max(times) * 1000:.3f} ms"
    )
    both: list[float] = []
    results = {str(play(None, rng, both)[1]) for _ in range(20)}
    print(f"strong vs strong, 20 games (random choice among equal moves): final scores {sorted(results)}")
    for seat in (0, 1):
        worst, lines = every_line(seat)
        print(
            f"strong as {PLAYERS[seat]} against every opponent line ({lines:,} lines): "
            f"worst final margin {worst:+d} (value {value:+d}): {'PASS' if worst >= value else 'FAIL'}"
        )
    verdict = "PASS" if losses == 0 and min(margins) >= value else "FAIL"
    print(f"bar: strong never finishes below the game's value ({value:+d}) against random: {verdict}")


if __name__ == "__main__":
    main()
