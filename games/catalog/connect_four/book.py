"""The 6x7 opening book of Connect Four's ``expert`` (drops only): a move proved to win for
each of the first player's positions that the expert's solver does not prove within a move.

The book holds the positions the expert meets as the first player (R): the empty board, then
after its own book move and every reply of the opponent, and so on, until the solver takes
over (``book_build.py`` says how each move is proved). Each entry is kept once for a
position and its mirror image (the smaller key of the two); its move is mirrored back on
lookup.

The data (``data/book_6x7.txt``, read on first use) is one line per position: the key
(``cur + mask`` of the bitboards, R to move, in hex), the column, and ``win`` (the move is
proved to win; the score of the win, in Pons's convention, is not computed) or that score.
``python -m games.catalog.connect_four.book_build`` regenerates it.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path

from .bits import Geometry, geometry

ROWS, COLS = 6, 7
PATH = Path(__file__).with_name("data") / "book_6x7.txt"


@dataclass(frozen=True)
class Entry:
    """A book move (a column, proved to win) and its score in Pons's convention, None when
    only the win is proved."""

    column: int
    score: int | None


def mirror(g: Geometry, bits: int) -> int:
    """The stones ``bits`` reflected left to right."""
    h = g.height
    column = (1 << h) - 1
    out = 0
    for c in range(g.cols):
        out |= ((bits >> (c * h)) & column) << ((g.cols - 1 - c) * h)
    return out


def canonical(g: Geometry, cur: int, mask: int) -> tuple[int, bool]:
    """The book's key of a position (the smaller of its own and its mirror's) and whether
    it is the mirror's."""
    key = cur + mask
    flipped = mirror(g, cur) + mirror(g, mask)
    return (flipped, True) if flipped < key else (key, False)


def position_of(g: Geometry, key: int) -> tuple[int, int]:
    """``(cur, mask)`` of a key ``cur + mask``: a column of height k holding the stones x of
    the side to move reads 2**k - 1 + x, in [2**k - 1, 2**(k+1) - 2], so k is found back."""
    cur = mask = 0
    h = g.height
    for c in range(g.cols):
        v = (key >> (c * h)) & ((1 << h) - 1)
        k = (v + 1).bit_length() - 1
        mask |= ((1 << k) - 1) << (c * h)
        cur |= (v - ((1 << k) - 1)) << (c * h)
    return cur, mask


def parse(text: str) -> dict[int, Entry]:
    """The entries of a book file's text (``#`` lines are comments)."""
    entries = {}
    for line in text.splitlines():
        if line and not line.startswith("#"):
            key, column, score = line.split()
            entries[int(key, 16)] = Entry(int(column), None if score == "win" else int(score))
    return entries


def dump(entries: dict[int, Entry], header: list[str]) -> str:
    lines = [f"# {line}" for line in header]
    for key in sorted(entries):
        e = entries[key]
        lines.append(f"{key:x} {e.column} {'win' if e.score is None else e.score}")
    return "\n".join(lines) + "\n"


@cache
def book() -> dict[int, Entry]:
    """The shipped book (empty when the file is missing)."""
    return parse(PATH.read_text()) if PATH.exists() else {}


def lookup(rows: int, cols: int, cur: int, mask: int) -> Entry | None:
    """The book's entry for a 6x7 position (``cur``: the stones of the side to move), its
    column in this position's orientation; None when the book has no such position."""
    if (rows, cols) != (ROWS, COLS) or mask.bit_count() % 2:
        return None
    g = geometry(rows, cols)
    key, flipped = canonical(g, cur, mask)
    entry = book().get(key)
    if entry is None or not flipped:
        return entry
    return Entry(cols - 1 - entry.column, entry.score)
