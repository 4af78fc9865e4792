"""Fit the ``expert`` evaluation's weights (:mod:`games.ai.reversi_eval`) on games the engine
plays against itself, and write them to ``games/ai/data/reversi_weights.json``.

    python -m games.ai.reversi_fit [--games 300] [--rounds 2] [--depth 2] [--seed 1]

How: each round plays ``games`` Othello games of the search (:mod:`games.rules.reversi_search`,
at a fixed ``depth``) against itself, each after 2 to 10 random opening plies so that the
games differ. The first round searches with the ``strong`` level's hand-made evaluation, later
rounds with the weights just fitted. Every position met is labelled with the final disc
difference for its side to move: the exact value from the endgame solver when at most
``SOLVED`` empties are left, else the game's final result. Then, per phase of the game, the
weights are the least-squares fit (ridge-regularised) of the features to the labels, over
every round's positions of that phase and the two next to it. Pure Python: the systems are
12 x 12.
"""

from __future__ import annotations

import argparse
import json
import random
import time

from games.catalog.othello.engine import start_board
from games.rules.reversi_bits import Geometry, evaluate, flips_of, from_board, moves_of
from games.rules.reversi_endgame import solve
from games.rules.reversi_search import Search

from .reversi_eval import FEATURES, WEIGHTS_FILE, Evaluator, features, phase_of

PHASES = 6
SOLVED = 10  # label positions with at most this many empties by their exact value
RIDGE = 1.0

Sample = tuple[int, list[float], float]  # phase, features, label


def self_play(g: Geometry, p: int, o: int, rng: random.Random, evaluation, depth: int) -> list[Sample]:
    """One game from the random opening (``p`` to move); its positions labelled."""
    openings = rng.randint(2, 10)
    seen: list[tuple[int, int, int]] = []  # mover's discs, other's discs, ply parity (0: the first mover)
    turn = 0
    passes = 0
    ply = 0
    while passes < 2:
        empty = g.playable & ~(p | o)
        moves = moves_of(p, o, empty, g.shifts)
        if not moves:
            passes += 1
            p, o, turn = o, p, 1 - turn
            continue
        passes = 0
        seen.append((p, o, turn))
        if ply < openings:
            choices = []
            while moves:
                b = moves & -moves
                moves ^= b
                choices.append(b)
            move = rng.choice(choices)
        else:
            move = Search(g, 3600.0, rng, evaluation).run(p, o, max_depth=depth).move
        f = flips_of(move, p, o, g.shifts)
        p, o, turn = o & ~f, p | f | move, 1 - turn
        ply += 1
    final_first = p.bit_count() - o.bit_count() if turn == 0 else o.bit_count() - p.bit_count()
    samples = []
    for mine, theirs, who in seen[openings:]:
        empty = g.playable & ~(mine | theirs)
        if empty.bit_count() <= SOLVED:
            label = float(solve(g, mine, theirs).value)
        else:
            label = float(final_first if who == 0 else -final_first)
        samples.append((phase_of(empty, g, PHASES), features(mine, theirs, empty, g), label))
    return samples


def least_squares(rows: list[list[float]], labels: list[float], ridge: float = RIDGE) -> list[float]:
    """The weights minimising the squared error plus ``ridge`` times their squared size
    (normal equations, Gaussian elimination with partial pivoting)."""
    n = len(FEATURES)
    a = [[ridge if i == j else 0.0 for j in range(n)] for i in range(n)]
    b = [0.0] * n
    for x, y in zip(rows, labels, strict=True):
        for i in range(n):
            xi = x[i]
            if xi:
                b[i] += xi * y
                row = a[i]
                for j in range(n):
                    row[j] += xi * x[j]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(a[r][col]))
        a[col], a[pivot] = a[pivot], a[col]
        b[col], b[pivot] = b[pivot], b[col]
        for r in range(col + 1, n):
            factor = a[r][col] / a[col][col]
            for c in range(col, n):
                a[r][c] -= factor * a[col][c]
            b[r] -= factor * b[col]
    w = [0.0] * n
    for r in range(n - 1, -1, -1):
        w[r] = (b[r] - sum(a[r][c] * w[c] for c in range(r + 1, n))) / a[r][r]
    return w


def fit(samples: list[Sample]) -> tuple[list[list[float]], list[float]]:
    """Per phase: the fitted weights and the root-mean-square error in discs. A phase's
    fit also sees its neighbours' positions: the first phase has few positions (the games
    begin after random plies) and the weights should not jump from one phase to the next."""
    weights, errors = [], []
    for phase in range(PHASES):
        rows = [x for ph, x, _ in samples if abs(ph - phase) <= 1]
        labels = [y for ph, _, y in samples if abs(ph - phase) <= 1]
        w = least_squares(rows, labels)
        weights.append([round(v, 4) for v in w])
        own = [(x, y) for ph, x, y in samples if ph == phase]
        sq = [(sum(a * b for a, b in zip(w, x, strict=True)) - y) ** 2 for x, y in own]
        errors.append(round((sum(sq) / max(1, len(sq))) ** 0.5, 2))
    return weights, errors


def main(argv: list[str] | None = None) -> None:
    """Play, fit and write the weights (see the module)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300, help="self-play games per round")
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--depth", type=int, default=2, help="search depth of the self-play games")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", default=str(WEIGHTS_FILE))
    args = parser.parse_args(argv)
    rng = random.Random(args.seed)
    g, black, white = from_board(start_board(), "X")
    evaluation = evaluate  # the strong level's hand-made evaluation, for the first round
    samples: list[Sample] = []
    started = time.perf_counter()
    for round_number in range(1, args.rounds + 1):
        for _ in range(args.games):
            samples += self_play(g, black, white, rng, evaluation, args.depth)
        weights, errors = fit(samples)
        evaluation = Evaluator(weights)
        print(
            f"round {round_number}: {len(samples)} positions, rms error per phase {errors} discs, "
            f"{time.perf_counter() - started:.0f} s",
            flush=True,
        )
    data = {
        "features": list(FEATURES),
        "weights": weights,
        "fitted_by": "python -m games.ai.reversi_fit " + " ".join(argv or []),
        "games_per_round": args.games,
        "rounds": args.rounds,
        "depth": args.depth,
        "seed": args.seed,
        "positions": len(samples),
        "rms_error_discs": errors,
    }
    with open(args.out, "w") as out:
        json.dump(data, out, indent=1)
        out.write("\n")
    print(f"wrote {args.out}")


if __name__ == "__main__":
    main()
