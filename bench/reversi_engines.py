"""Reversi/Othello engines against outside engines, the endgame solver's reach, and every
level's time per move. ``strong`` plays the same games beside ``expert`` as the baseline.

    .venv/bin/python bench/reversi_engines.py [--sections endgame,rust,mcts,levels]
        [--games 20] [--budget 0.8] [--rust-ms 800] [--sims 2000] [--positions 12] [--seed 0]
        [--players expert,strong]

- ``endgame``: 8x8 positions with E empties (from random play, ``--positions`` per E); the
  site's solver (the C core, :mod:`games.ai.reversi_core`) proving the exact value: its time
  (median / max) and how many it proved within 1 s; beside it, where it finishes, the
  pure-Python reference on the same positions (the baseline).
- ``rust``: Othello against ``rust-reversi``'s ``AlphaBetaSearch`` with the usual positional
  matrix (``MatrixEvaluator``), ``--rust-ms`` of wall time a move (the same as ours).
- ``mcts``: Othello against OpenSpiel's MCTS (``pyspiel.MCTSBot``, random rollouts, UCT c=2,
  ``--sims`` simulations a move, solving finished subtrees).
- Games: each opening (4 random plies, seeded) is played twice, the engine of ours Black
  in one and White in the other; ``expert`` and ``strong`` play the same openings and sides.
  Every move of ours is timed over whole games (the whole chooser call, as the site makes it).
- ``levels``: random and greedy timed over 2 whole games against random.

The outside engines are bench dependencies only (``requirements-test.txt``); the site never
plays with them.
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
from games.ai import reversi as ai  # noqa: E402
from games.ai.reversi_core import solve  # noqa: E402
from games.ai.reversi_expert import expert_with_budget  # noqa: E402
from games.catalog.computer import LEVELS  # noqa: E402
from games.catalog.registry import GAMES  # noqa: E402
from games.rules.reversi import parse_cell  # noqa: E402
from games.rules.reversi_bits import from_board  # noqa: E402
from games.rules.reversi_endgame import solve as reference_solve  # noqa: E402

OTHELLO = GAMES["othello"]
MATRIX = [
    [100, -20, 10, 5, 5, 10, -20, 100],
    [-20, -50, -2, -2, -2, -2, -50, -20],
    [10, -2, -1, -1, -1, -1, -2, 10],
    [5, -2, -1, -1, -1, -1, -2, 5],
    [5, -2, -1, -1, -1, -1, -2, 5],
    [10, -2, -1, -1, -1, -1, -2, 10],
    [-20, -50, -2, -2, -2, -2, -50, -20],
    [100, -20, 10, 5, 5, 10, -20, 100],
]
OPENING_PLIES = 4


def random_position(rng: random.Random, empties: int) -> dict:
    while True:
        state = OTHELLO.setup({}, 0)
        while OTHELLO.outcome(state) is None and sum(r.count(".") for r in state["board"]) > empties:
            forced = OTHELLO.forced(state)
            seat, move = forced or (state["turn"], rng.choice(OTHELLO.legal_moves(state, state["turn"])))
            state = OTHELLO.play(state, seat, move)
        if OTHELLO.outcome(state) is None and not OTHELLO.forced(state):
            if sum(r.count(".") for r in state["board"]) == empties:
                return state


def endgame(positions: int, seed: int) -> None:
    print("Endgame solver, 8x8 Othello positions from random play (cap 20 s a position):")
    print(
        f"{'empties':>7} {'core <=1s':>9} {'median s':>9} {'max s':>7} {'median nodes':>12}"
        f" | {'reference <=1s':>14} {'median s':>9} {'max s':>7}"
    )
    for empties in (12, 14, 16, 18, 20, 22):
        found: dict[str, list] = {"core": [], "reference": []}
        for i in range(positions):
            state = random_position(random.Random(seed * 1000 + empties * 100 + i), empties)
            g, p, o = from_board(state["board"], "XO"[state["turn"]])
            solvers = [("core", solve)] + ([("reference", reference_solve)] if empties <= 14 else [])
            for name, solver in solvers:
                result = solver(g, p, o, budget=20.0)
                found[name].append((result.seconds if result.proved else float("inf"), result.nodes))
        line = f"{empties:>7}"
        for name in ("core", "reference"):
            times = [t for t, _ in found[name]]
            if not times:
                line += " | (not run: minutes a position)" if name == "reference" else ""
                continue
            within = sum(t <= 1.0 for t in times)
            line += (" | " if name == "reference" else " ") + (
                f"{within:>{10 if name == 'reference' else 5}}/{positions:<3} "
                f"{statistics.median(times):>9.3f} {max(times):>7.3f}"
            )
            if name == "core":
                line += f" {int(statistics.median(n for _, n in found[name])):>12}"
        print(line, flush=True)


class Rust:
    """rust-reversi's alpha-beta with the positional matrix, ``ms`` a move."""

    name = "rust-reversi"

    def __init__(self, ms: int) -> None:
        import rust_reversi

        self.rr = rust_reversi
        self.ms = ms
        self.search = rust_reversi.AlphaBetaSearch(rust_reversi.MatrixEvaluator(MATRIX), 60, 10_000)

    def start(self) -> None:
        self.board = self.rr.Board()

    def move(self) -> tuple[int, int]:
        pos = self.search.get_move_with_timeout(self.board, self.ms)
        return divmod(pos, 8)

    def played(self, cell: tuple[int, int] | None) -> None:
        if cell is None:
            if not self.board.is_game_over():  # ours passes twice to end a blocked game
                self.board.do_pass()
        else:
            self.board.do_move(cell[0] * 8 + cell[1])


class Mcts:
    """OpenSpiel's MCTS on its game "othello" (same coordinates as ours; 64 is a pass)."""

    name = "open_spiel MCTS"

    def __init__(self, sims: int, seed: int) -> None:
        import pyspiel

        self.game = pyspiel.load_game("othello")
        evaluator = pyspiel.RandomRolloutEvaluator(1, seed)
        self.bot = pyspiel.MCTSBot(self.game, evaluator, 2.0, sims, 1000, True, seed, False)

    def start(self) -> None:
        self.state = self.game.new_initial_state()

    def move(self) -> tuple[int, int]:
        return divmod(self.bot.step(self.state), 8)

    def played(self, cell: tuple[int, int] | None) -> None:
        if not self.state.is_terminal():  # ours passes twice to end a blocked game
            self.state.apply_action(64 if cell is None else cell[0] * 8 + cell[1])


def play(ours, other, our_seat: int, opening_seed: int, times: list[float]) -> int:
    """One game from a random 4-ply opening; our final disc difference."""
    rng = random.Random(opening_seed)
    state = OTHELLO.setup({}, 0)
    other.start()
    ply = 0
    while OTHELLO.outcome(state) is None:
        forced = OTHELLO.forced(state)
        if forced:
            state = OTHELLO.play(state, *forced)
            other.played(None)
            continue
        seat = state["turn"]
        legal = OTHELLO.legal_moves(state, seat)
        if ply < OPENING_PLIES:
            move = rng.choice(legal)
        elif seat == our_seat:
            started = time.perf_counter()
            move = ours(OTHELLO, state, seat, rng)
            times.append(time.perf_counter() - started)
        else:
            y, x = other.move()
            move = {"cell": "ABCDEFGH"[x] + str(y + 1)}
        if move not in legal:
            raise AssertionError(f"illegal move {move} by seat {seat} in {state['board']}")
        other.played(parse_cell(move["cell"], 8))
        state = OTHELLO.play(state, seat, move)
        ply += 1
    end = OTHELLO.outcome(state)
    return end.score["XO"[our_seat]] - end.score["XO"[1 - our_seat]]


def PLAYERS(budget: float) -> list[tuple[str, object]]:  # noqa: N802 (a table, as a function of the budget)
    """Ours, the new level first, the baseline beside it."""
    names = [n for n in ONLY.split(",") if n]
    found = [("expert", expert_with_budget(budget)), ("strong", ai.strong_with_budget(budget))]
    return [(n, c) for n, c in found if not names or n in names]


ONLY = ""


def match(label: str, other, games: int, budget: float, seed: int, times: dict[str, list[float]]) -> None:
    """``expert`` then ``strong`` over the same ``games`` games against ``other``."""
    print(f"Othello against {label}: {games} games, 4 random opening plies, each opening with both sides")
    for name, chooser in PLAYERS(budget):
        tally = [0, 0, 0]  # won, drawn, lost
        margins = []
        started = time.perf_counter()
        for i in range(games):
            margin = play(chooser, other, i % 2, seed + i // 2, times.setdefault(name, []))
            margins.append(margin)
            tally[0 if margin > 0 else 1 if margin == 0 else 2] += 1
            print(f"  {name} game {i + 1} as {'Black' if i % 2 == 0 else 'White'}: {margin:+d}", flush=True)
        won, drawn, lost = tally
        print(
            f"{name:>7} vs {label}: won {won}, drawn {drawn}, lost {lost} of {games} "
            f"({100 * won / games:.0f}% won, score {100 * (won + drawn / 2) / games:.0f}%), "
            f"mean disc margin {statistics.mean(margins):+.1f}, {time.perf_counter() - started:.0f} s",
            flush=True,
        )


def simple_levels(times: dict[str, list[float]]) -> None:
    """random and greedy over 2 whole Othello games each against random."""
    for name in ("random", "greedy"):
        chooser = LEVELS["othello"][name]
        for game in range(2):
            rng = random.Random(game)
            state = OTHELLO.setup({}, 0)
            while OTHELLO.outcome(state) is None:
                forced = OTHELLO.forced(state)
                if forced:
                    state = OTHELLO.play(state, *forced)
                    continue
                seat = state["turn"]
                if seat == game % 2:
                    started = time.perf_counter()
                    move = chooser(OTHELLO, state, seat, rng)
                    times.setdefault(name, []).append(time.perf_counter() - started)
                else:
                    move = ai.random_player(OTHELLO, state, seat, rng)
                state = OTHELLO.play(state, seat, move)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sections", default="endgame,rust,mcts,levels")
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--budget", type=float, default=ai.STRONG_BUDGET, help="our search seconds a move")
    parser.add_argument("--rust-ms", type=int, default=800)
    parser.add_argument("--sims", type=int, default=2000)
    parser.add_argument("--positions", type=int, default=12)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--players", default="", help="of ours, comma-separated (default: expert,strong)")
    args = parser.parse_args()
    global ONLY
    ONLY = args.players
    sections = args.sections.split(",")
    times: dict[str, list[float]] = {}
    if "endgame" in sections:
        endgame(args.positions, args.seed)
    if "rust" in sections:
        match(
            f"rust-reversi AlphaBetaSearch (matrix, {args.rust_ms} ms)",
            Rust(args.rust_ms),
            args.games,
            args.budget,
            args.seed,
            times,
        )
    if "mcts" in sections:
        match(
            f"OpenSpiel MCTS ({args.sims} simulations)",
            Mcts(args.sims, args.seed),
            args.games,
            args.budget,
            args.seed + 1000,
            times,
        )
    if "levels" in sections:
        simple_levels(times)
    if times:
        print("Seconds a move over whole games (the whole chooser call):")
        for name, found in times.items():
            print(
                f"  {name:>7}: {len(found)} moves, "
                f"median {statistics.median(found):.3f}, max {max(found):.3f}"
            )


if __name__ == "__main__":
    main()
