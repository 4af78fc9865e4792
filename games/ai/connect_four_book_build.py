"""Generates the 6x7 opening book of Connect Four's ``expert`` (``connect_four_book.py``).

    python -m games.ai.connect_four_book_build [--minutes 60] [--max-ply 12]
        [--solve-from 10] [--solve-nodes 500000] [--search 3] [--out PATH]

It walks the first player's positions breadth first, ply by ply (0, 2, 4...): the expert's
book move, then every reply of the opponent that does not end the game. At each position:

- from ``--solve-from`` on, a position the expert's own solver proves within its move's
  nodes (``LIVE_NODES``, a fresh table; once ``solver_first``) is left out, and so is
  what follows it;
- else the solver tries with ``--solve-nodes`` nodes (one table kept for the whole run):
  proved, the entry is the best move and its score;
- else the strong search's move after ``--search`` seconds, its score unproved (``?``).

It stops after ``--minutes`` (the positions of the unfinished ply that were done are kept)
and writes the book after every ply. Pure Python is slow: near the empty board no position
is proved within any sensible budget, so the first plies hold long searches' moves.
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

from .connect_four import search
from .connect_four_bits import Geometry, geometry, has_four, threats
from .connect_four_book import COLS, PATH, ROWS, Entry, canonical, dump, mirror
from .connect_four_expert import LIVE_NODES, solver_first
from .connect_four_solver import OutOfBudget, Solver, solve_position


def board_state(g: Geometry, cur: int, mask: int) -> dict:
    """A rules state (the board only: what the strong search reads) with ``cur`` as R's stones."""
    rows = []
    for r in range(g.rows):
        height = g.rows - 1 - r
        line = ""
        for c in range(g.cols):
            bit = 1 << (c * g.height + height)
            line += "." if not mask & bit else "R" if cur & bit else "Y"
        rows.append(line)
    return {"board": rows, "pop_out": False, "turn": 0}


def replies(g: Geometry, cur: int, mask: int, column: int) -> list[tuple[int, int]]:
    """The first player's positions after it drops in ``column`` and the opponent answers,
    every answer that leaves the game going and gives the first player no win in one."""
    bit = (mask + g.bottom_all) & g.column[column]
    me, mask = cur | bit, mask | bit
    out = []
    for c in range(g.cols):
        reply = (mask + g.bottom_all) & g.board & g.column[c]
        if not reply:
            continue
        them, nmask = (me ^ mask) | reply, mask | reply
        if nmask == g.board or has_four(them, g.height):  # full, or their four
            continue
        empty = g.board ^ nmask
        if threats(me, empty, g.height) & (nmask + g.bottom_all) & g.board:
            continue  # we win at once there: the expert takes it without a book
        out.append((me, nmask))
    return out


def entry_for(
    g: Geometry, cur: int, mask: int, ply: int, args: argparse.Namespace, solver: Solver
) -> Entry | None:
    """The book's entry for a position, or None when the expert proves it in play."""
    if ply >= args.solve_from:
        if solver_first(g, mask) and solve_position(g, cur, mask, max_nodes=LIVE_NODES) is not None:
            return None
        solver.nodes, solver.max_nodes = 0, args.solve_nodes
        try:
            proof = solver.best(cur, mask)
            assert proof.move is not None
            return Entry(proof.move, proof.score)
        except OutOfBudget:
            pass
    move, _ = search(board_state(g, cur, mask), 0, args.search)
    return Entry(move["column"], None)


def generate(args: argparse.Namespace) -> dict[int, Entry]:
    g = geometry(ROWS, COLS)
    start = time.monotonic()
    stop = start + args.minutes * 60
    book: dict[int, Entry] = {}
    solver = Solver(g)
    frontier = {0: (0, 0)}  # key -> (cur, mask): R to move
    done_plies = -2
    for ply in range(0, args.max_ply + 1, 2):
        following: dict[int, tuple[int, int]] = {}
        counts = {"proved": 0, "searched": 0, "live": 0}
        for key, (cur, mask) in sorted(frontier.items()):
            if time.monotonic() > stop:
                break
            entry = entry_for(g, cur, mask, ply, args, solver)
            if entry is None:
                counts["live"] += 1
                continue
            book[key] = entry
            counts["proved" if entry.score is not None else "searched"] += 1
            for me, nmask in replies(g, cur, mask, entry.column):
                k, flipped = canonical(g, me, nmask)
                # Kept as the key's own orientation: the entry's column is stored for it.
                following.setdefault(k, (mirror(g, me), mirror(g, nmask)) if flipped else (me, nmask))
        else:
            done_plies = ply
        minutes = (time.monotonic() - start) / 60
        print(f"ply {ply}: {len(frontier)} positions, {counts}, book {len(book)}, {minutes:.1f} min")
        write(args.out, book, args, done_plies, minutes)
        if time.monotonic() > stop:
            break
        frontier = following
    return book


def write(out: Path, book: dict[int, Entry], args: argparse.Namespace, done: int, minutes: float) -> None:
    proved = sum(e.score is not None for e in book.values())
    header = [
        "Connect Four 6x7 opening book of the expert (first player's positions, mirror-reduced):",
        "key (cur + mask, R to move, hex), column, Pons score or ? (a search's move, unproved).",
        f"Generated by python -m games.ai.connect_four_book_build --minutes {args.minutes:g} "
        f"--max-ply {args.max_ply} --solve-from {args.solve_from} --solve-nodes {args.solve_nodes} "
        f"--search {args.search:g}",
        f"{len(book)} positions ({proved} proved), every ply up to {done} complete, {minutes:.1f} minutes.",
    ]
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(dump(book, header))


def main(argv: list[str] | None = None) -> None:
    formatter = argparse.RawDescriptionHelpFormatter
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=formatter)
    parser.add_argument("--minutes", type=float, default=60.0)
    parser.add_argument("--max-ply", type=int, default=12)
    parser.add_argument("--solve-from", type=int, default=10)
    parser.add_argument("--solve-nodes", type=int, default=500_000)
    parser.add_argument("--search", type=float, default=3.0)
    parser.add_argument("--out", type=Path, default=PATH)
    generate(parser.parse_args(argv))


if __name__ == "__main__":
    main()
