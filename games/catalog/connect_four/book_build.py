"""Builds the 6x7 opening book of Connect Four's ``expert`` (``book.py``).

    python -m games.catalog.connect_four.book_build [--out PATH] [--hint PATH]

The book is a proof that the expert, moving first, wins against any second player. It walks
the first player's positions depth first from the empty board. At each one (R to move):

- nothing is needed where the expert's own solver proves a win within a move: its call in
  play (``expert.solve_in_play``), from a fresh table, within ``LEFT_TO_PLAY`` nodes;
- else a column is proved to win and becomes the position's entry. A column is tried only
  when every reply of the opponent leaves the game going, and is proved when every position
  after those replies is proved in turn (this walk). From ``SOLVE_FROM`` stones on, a column
  is first checked by the solver (the opponent proved lost after it: a weak solve): a
  column that does not win is then dropped at once, not walked.

The columns are tried in the order of the book at ``--hint`` (by default the shipped one),
then centre out. Every entry is a proved win: the builder keeps no unproved move.
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

from . import _core
from .bits import Geometry, geometry, has_four, threats
from .book import COLS, PATH, ROWS, Entry, book, canonical, dump, parse
from .expert import solve_in_play
from .solver import CoreSolver

# What a position may need to be left to the expert's solver in play: 6 M nodes are 0.67 s
# on the slowest day the benches measured (9 M nodes a second), within the solver's share.
LEFT_TO_PLAY = 6_000_000
SOLVE_FROM = 6  # stones from which a column is checked by one solve before it is walked


def replies(g: Geometry, cur: int, mask: int, column: int) -> list[tuple[int, int]] | None:
    """The first player's positions after it drops in ``column`` and the opponent answers
    (R to move, ``cur`` its stones), leaving out those where R then wins at once; None when
    the column does not win outright and some reply makes four or fills the board."""
    bit = (mask + g.bottom_all) & g.column[column]
    me, mask = cur | bit, mask | bit
    if has_four(me, g.height):
        return []
    out = []
    for c in g.order:
        reply = (mask + g.bottom_all) & g.board & g.column[c]
        if not reply:
            continue
        them, after = (me ^ mask) | reply, mask | reply
        if after == g.board or has_four(them, g.height):
            return None
        if not threats(me, g.board ^ after, g.height) & (after + g.bottom_all) & g.board:
            out.append((me, after))
    return out


def proved_in_play(g: Geometry, cur: int, mask: int) -> bool | None:
    """True: the expert's solver proves this a win within ``LEFT_TO_PLAY`` nodes; False: it
    proves it no win; None: not proved."""
    _core.clear()
    proof = solve_in_play(g, cur, mask, None, LEFT_TO_PLAY)
    return None if proof is None else proof.score > 0


def opponent_lost(g: Geometry, cur: int, mask: int, column: int) -> bool:
    """Is the opponent proved lost once R drops in ``column`` (a weak solve, no budget)?"""
    bit = (mask + g.bottom_all) & g.column[column]
    if has_four(cur | bit, g.height):
        return True
    if mask | bit == g.board:
        return False
    return CoreSolver(g).solve(cur ^ mask, mask | bit, weak=True) < 0


class Builder:
    """One walk: the entries found, the hint's columns, and what it did."""

    def __init__(self, g: Geometry, hint: dict[int, Entry]) -> None:
        self.g, self.hint = g, hint
        self.entries: dict[int, Entry] = {}
        self.counts = {"in play": 0, "solves": 0, "dropped": 0}

    def columns(self, key: int, flipped: bool, cur: int, mask: int) -> list[int]:
        g = self.g
        possible = (mask + g.bottom_all) & g.board
        order = [c for c in g.order if possible & g.column[c]]
        hinted = self.hint.get(key)
        if hinted is not None:
            first = g.cols - 1 - hinted.column if flipped else hinted.column
            order = [first] + [c for c in order if c != first]
        return order

    def prove(self, cur: int, mask: int) -> bool:
        """Is the position (R to move) a win for R that the book and the solver cover?"""
        g = self.g
        key, flipped = canonical(g, cur, mask)
        if key in self.entries:
            return True
        in_play = proved_in_play(g, cur, mask)
        if in_play is not None:
            self.counts["in play"] += in_play
            return in_play
        for column in self.columns(key, flipped, cur, mask):
            after = replies(g, cur, mask, column)
            if after is None:
                continue
            if mask.bit_count() >= SOLVE_FROM:
                self.counts["solves"] += 1
                if not opponent_lost(g, cur, mask, column):
                    self.counts["dropped"] += 1
                    continue
            kept = dict(self.entries)
            if all(self.prove(me, nmask) for me, nmask in after):
                self.entries[key] = Entry(g.cols - 1 - column if flipped else column, None)
                if mask.bit_count() <= 4:
                    print(f"proved at {mask.bit_count()} stones: {self.counts}", flush=True)
                return True
            self.entries = kept
        return False


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--out", type=Path, default=PATH)
    parser.add_argument("--hint", type=Path, default=None, help="a book whose columns are tried first")
    args = parser.parse_args(argv)
    g = geometry(ROWS, COLS)
    hint = parse(args.hint.read_text()) if args.hint else book()
    start = time.monotonic()
    builder = Builder(g, hint)
    if not builder.prove(0, 0):
        raise SystemExit("the first player's win was not proved: no book written")
    minutes = (time.monotonic() - start) / 60
    header = [
        "Connect Four 6x7 opening book of the expert (first player's positions, mirror-reduced):",
        "key (cur + mask, R to move, hex), column, 'win' (a proved win) or its Pons score.",
        f"Generated by python -m games.catalog.connect_four.book_build in {minutes:.1f} minutes: "
        f"{len(builder.entries)} positions; {builder.counts}.",
    ]
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(dump(builder.entries, header))
    print(header[-1])


if __name__ == "__main__":
    main()
