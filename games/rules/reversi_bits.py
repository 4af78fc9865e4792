"""Reversi/Othello positions as bitboards, for the search in :mod:`.reversi_search`
(standard library only): a board shape's geometry, move generation, flips, stable discs
and the evaluation.

Boards are the seeds' grids (rows of ``.`` empty, ``X``, ``O``, anything else a block) of
any size, blocks included. A position is two bitboards (Python ints): the discs of the side
to move and of the other side. Bit ``row * W + col`` is a cell with ``W = cols + 1``: the
extra, never playable column stops the east-west lines (and the diagonals) from wrapping
round from one row to the next, and a block is simply a cell that is not playable, so it
stops a line like the edge does.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

EMPTY, BLACK, WHITE = ".", "X", "O"
WIN = 100_000  # a finished game scores WIN per disc of difference; evaluations stay below
HEURISTIC_LIMIT = WIN - 1


# -- geometry: the fixed facts of one board shape ----------------------------------------
@dataclass(frozen=True)
class Geometry:
    """Masks of one board shape (size and blocks), computed once and cached."""

    rows: int
    cols: int
    width: int  # cols + 1: bit row * width + col
    playable: int  # every cell that is not a block
    shifts: tuple[int, int, int, int]  # E, SW, S, SE; their negatives are the other four directions
    anchors: int  # cells no line can cross: a disc there is never flipped (the corners, in Othello)
    danger: tuple[tuple[int, int], ...]  # (anchor bit, its playable neighbours): X and C squares
    edges: tuple[int, ...]  # per axis: cells with a wall (the edge or a block) next to them on that line
    priority: tuple[int, ...]  # per bit index: the static ordering rank (higher first)
    endgame_empties: int  # solve exactly from this many empties (and fewer)

    def cell(self, bit: int) -> tuple[int, int]:
        """(row, col) of a one-bit mask."""
        return divmod(bit.bit_length() - 1, self.width)


@lru_cache(maxsize=64)
def geometry(rows: int, cols: int, blocks: frozenset[tuple[int, int]]) -> Geometry:
    """The geometry of a ``rows`` x ``cols`` board whose cells ``blocks`` are blocked."""
    width = cols + 1
    playable = 0
    for r in range(rows):
        for c in range(cols):
            if (r, c) not in blocks:
                playable |= 1 << (r * width + c)
    shifts = (1, width - 1, width, width + 1)
    # a cell whose neighbour at +s (or -s) is not playable has a wall on that side
    edges = tuple(playable & ~((playable >> s) & (playable << s)) for s in shifts)
    anchors = edges[0] & edges[1] & edges[2] & edges[3]
    neighbours = []
    bit = anchors
    while bit:
        low = bit & -bit
        bit ^= low
        around = 0
        for s in shifts:
            around |= (low << s) | (low >> s)
        neighbours.append((low, around & playable & ~anchors))
    priority = []
    near_anchor = 0
    for _, around in neighbours:
        near_anchor |= around
    any_edge = edges[0] | edges[1] | edges[2] | edges[3]
    for index in range(rows * width):
        b = 1 << index
        if not b & playable:
            priority.append(0)
        elif b & anchors:
            priority.append(4)
        elif b & near_anchor:
            priority.append(0)
        elif b & any_edge:
            priority.append(2)
        else:
            priority.append(1)
    empties = playable.bit_count()
    endgame = 14 if empties <= 64 else 12 if empties <= 144 else 10
    return Geometry(
        rows,
        cols,
        width,
        playable,
        shifts,
        anchors,
        tuple(neighbours),
        edges,
        tuple(priority),
        endgame,
    )


def from_board(board: Sequence[Sequence[str]], color: str) -> tuple[Geometry, int, int]:
    """(geometry, discs of ``color``, discs of the other colour) of a seed-style board."""
    rows = len(board)
    cols = max((len(row) for row in board), default=0)
    width = cols + 1
    blocks = set()
    mine = theirs = 0
    for r, row in enumerate(board):
        for c in range(cols):
            cell = row[c] if c < len(row) else "#"
            if cell == EMPTY:
                continue
            if cell == BLACK or cell == WHITE:
                if cell == color:
                    mine |= 1 << (r * width + c)
                else:
                    theirs |= 1 << (r * width + c)
            else:
                blocks.add((r, c))
    return geometry(rows, cols, frozenset(blocks)), mine, theirs


# -- move generation ---------------------------------------------------------------------
def moves_of(p: int, o: int, empty: int, shifts: tuple[int, ...]) -> int:
    """The mask of the moves of the side owning ``p`` against ``o``."""
    found = 0
    for s in shifts:
        x = (p << s) & o
        while x:
            x <<= s
            found |= x & empty
            x &= o
        x = (p >> s) & o
        while x:
            x >>= s
            found |= x & empty
            x &= o
    return found


def flips_of(move: int, p: int, o: int, shifts: tuple[int, ...]) -> int:
    """The discs of ``o`` that a disc of ``p`` placed on the one-bit ``move`` flips."""
    flipped = 0
    for s in shifts:
        line = 0
        x = move << s
        while x & o:
            line |= x
            x <<= s
        if x & p:
            flipped |= line
        line = 0
        x = move >> s
        while x & o:
            line |= x
            x >>= s
        if x & p:
            flipped |= line
    return flipped


def stable_discs(p: int, o: int, g: Geometry) -> tuple[int, int]:
    """Discs of each side that can never be flipped (a safe under-estimate).

    A disc is stable when, on each of its four lines, the line is full, or a wall (edge or
    block) or a stable disc of its own colour is next to it on one side.
    """
    occupied = p | o
    if not occupied & g.anchors:
        return 0, 0
    empty = g.playable & ~occupied
    full = []
    for s in g.shifts:
        reach = empty
        x = empty
        while x:  # cells an empty cell sees along this axis through discs
            x = (((x << s) | (x >> s)) & occupied) & ~reach
            reach |= x
        full.append(occupied & ~reach)
    result = []
    for own in (p, o):
        stable = own & g.anchors
        while True:
            grown = own
            for axis, s in enumerate(g.shifts):
                grown &= full[axis] | g.edges[axis] | (stable << s) | (stable >> s)
            grown |= stable
            if grown == stable:
                break
            stable = grown
        result.append(stable)
    return result[0], result[1]


# -- evaluation --------------------------------------------------------------------------
def evaluate(p: int, o: int, empty: int, g: Geometry) -> int:
    """The side to move's prospects in points (a corner is worth 80); |value| < WIN."""
    shifts = g.shifts
    mp = moves_of(p, o, empty, shifts).bit_count()
    mo = moves_of(o, p, empty, shifts).bit_count()
    if not mp and not mo:  # the game is over (a side wiped out, or blocked in)
        return WIN * (p.bit_count() - o.bit_count())
    anchors = g.anchors
    corner = (p & anchors).bit_count() - (o & anchors).bit_count()
    risky = 0
    for anchor, around in g.danger:
        if anchor & empty:
            risky += (p & around).bit_count() - (o & around).bit_count()
    near_empty = 0
    for s in shifts:
        near_empty |= (empty << s) | (empty >> s)
    fp, fo = (p & near_empty).bit_count(), (o & near_empty).bit_count()
    n_empty = empty.bit_count()
    filled = 1.0 - n_empty / g.playable.bit_count()
    score = 80 * corner - 30 * risky + int(120 * (mp - mo) / (mp + mo + 2)) + 5 * (mp - mo)
    score -= int(100 * (1.0 - filled) * (fp - fo) / (fp + fo + 1))  # frontier (potential mobility)
    np, no = p.bit_count(), o.bit_count()
    # Few discs: mobility says fine, but on an open board a wipe-out may be near.
    share = np / (np + no)
    if share < 0.25:
        score -= int(2400 * (0.25 - share)) + 150 * max(0, 5 - np)
    elif share > 0.75:
        score += int(2400 * (share - 0.75)) + 150 * max(0, 5 - no)
    if (p | o) & anchors:
        sp, so = stable_discs(p, o, g)
        score += 18 * (sp.bit_count() - so.bit_count())
    if filled > 0.6:
        score += int(12 * filled * (np - no))
        score += 15 if n_empty & 1 else -15  # parity: the side to move plays last
    if score > HEURISTIC_LIMIT:
        return HEURISTIC_LIMIT
    if score < -HEURISTIC_LIMIT:
        return -HEURISTIC_LIMIT
    return score
