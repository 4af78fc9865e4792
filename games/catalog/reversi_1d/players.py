"""Computer players of 1-D Reversi (slug ``reversi_1d``): ``random`` and a perfect ``strong``.

The game is small: 12 slots, each empty, ``X`` or ``O``, so at most 3**12 = 531,441 boards.
``strong`` solves the game exactly: :func:`value` is the final disc difference under perfect
play for the side to move (minimax over every continuation), memoised in one cache per
process that fills as positions are met. A position and its mirror image (the row read
backwards) share one entry, and a position with one empty slot left is not stored (its
last move is forced), so the whole game fits in about 103,000 entries and is solved in
about 0.4 s the first time (the first move from the empty board); every later move is a
dozen cache look-ups.

Perfect play from the empty board ends 6-6: the game is a draw, so ``strong`` never loses,
whoever moves first; among equally good moves it picks one at random (with the rng given).

Positions are two 12-bit masks: the pieces of the side to move, and of the other side; bit
``i`` is the 1-based slot ``i + 1``.

>>> value(0, 0)
0
>>> best_positions([" "] * 12, "X")  # an end slot: a piece there is never flipped
[1, 12]
"""

from __future__ import annotations

import random

from games.rules.base import Game, Move, Seat, State
from games.rules.reversi_1d import EMPTY, PLAYERS, SIZE

FULL = (1 << SIZE) - 1
BITS = tuple(1 << i for i in range(SIZE))
_MIRROR = tuple(int(f"{m:0{SIZE}b}"[::-1], 2) for m in range(1 << SIZE))  # slot i <-> slot 13 - i
_cache: dict[int, int] = {}  # (mover << SIZE | other) of a position with 2+ empties -> its value


def masks(board: list[str], turn: str) -> tuple[int, int]:
    """(pieces of ``turn``, pieces of the other player) of a seed-style board."""
    mine = theirs = 0
    for i, cell in enumerate(board):
        if cell == turn:
            mine |= 1 << i
        elif cell != EMPTY:
            theirs |= 1 << i
    return mine, theirs


def after(p: int, o: int, b: int) -> tuple[int, int]:
    """(the other side's pieces, the mover's pieces) after the mover plays on bit ``b``."""
    flipped = 0
    line, x = 0, b << 1
    while x & o:
        line |= x
        x <<= 1
    if x & p:
        flipped = line
    line, x = 0, b >> 1
    while x & o:
        line |= x
        x >>= 1
    if x & p:
        flipped |= line
    return o & ~flipped, p | flipped | b


def value(p: int, o: int) -> int:
    """Final (mover's pieces - other's pieces) under perfect play by both sides."""
    if p | o == FULL:
        return p.bit_count() - o.bit_count()
    key = p << SIZE | o
    known = _cache.get(key)
    if known is None:
        known = _cache.get(_MIRROR[p] << SIZE | _MIRROR[o])  # the row read backwards: same value
    if known is not None:
        return known
    empty = FULL & ~(p | o)
    best = -SIZE - 1
    while empty:
        b = empty & -empty
        empty ^= b
        q, r = after(p, o, b)
        rest = FULL & ~(q | r)
        if not rest:
            v = r.bit_count() - q.bit_count()
        elif not rest & (rest - 1):  # one slot left: the opponent's last move is forced
            mine, theirs = after(q, r, rest)
            v = mine.bit_count() - theirs.bit_count()
        else:
            v = -value(q, r)
        if v > best:
            best = v
    _cache[key] = best
    return best


def cache_size() -> int:
    """How many positions the cache holds (benchmarks)."""
    return len(_cache)


def clear_cache() -> None:
    """Forget every solved position (benchmarks time the first solve)."""
    _cache.clear()


def best_positions(board: list[str], turn: str) -> list[int]:
    """Every 1-based slot where ``turn`` keeps the best final difference (perfect play)."""
    p, o = masks(board, turn)
    empty = FULL & ~(p | o)
    scored = [(-value(*after(p, o, b)), i + 1) for i, b in enumerate(BITS) if b & empty]
    if not scored:
        return []
    top = max(v for v, _ in scored)
    return [pos for v, pos in scored if v == top]


def random_player(game: Game, state: State, seat: Seat, rng: random.Random) -> Move:
    """The seed's computer: any empty slot, uniformly at random."""
    return rng.choice(game.legal_moves(state, seat))


def strong_player(game: Game, state: State, seat: Seat, rng: random.Random) -> Move:
    """Perfect play: a slot keeping the game-theoretic result (ties drawn by ``rng``)."""
    legal = game.legal_moves(state, seat)
    best = [{"position": pos} for pos in best_positions(state["board"], PLAYERS[seat])]
    best = [move for move in best if move in legal]
    return rng.choice(best) if best else legal[0]


def mover_value(state: State, mover: Seat, budget: float) -> int:
    """The exact value of the position for the seat to move (``ai.judge``; no budget needed)."""
    return value(*masks(state["board"], PLAYERS[mover]))


def proved_value(state: State, mover: Seat, budget: float) -> tuple[bool, float]:
    """The analysis' value (``ai.analysis``): always proved, the whole game is solved."""
    return True, mover_value(state, mover, budget)
