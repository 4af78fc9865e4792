"""Connect Four's ``medium`` level: a plain depth-4 minimax with the classic window evaluation
(also the benchmark's yardstick, ``bench/ai_connect_four.py``)."""

from __future__ import annotations

import random

from games.rules.base import Game, Move, Seat, State

from .bits import Geometry, children, move_of, position, status

INF = 10**9
MINIMAX_DEPTH = 4
BIG = 100_000_000


def _window_score(g: Geometry, me: int, opp: int) -> int:
    """The classic evaluation: centre column stones, and every window of four scored by
    its content (4 mine: 100, 3 mine + 1 empty: 5, 2 + 2 empty: 2, 3 theirs + 1 empty: -4)."""
    score = 3 * (me & g.centre_column).bit_count()
    for w in g.windows:
        a = (me & w).bit_count()
        b = (opp & w).bit_count()
        if b == 0:
            if a == 4:
                score += 100
            elif a == 3:
                score += 5
            elif a == 2:
                score += 2
        elif a == 0 and b == 3:
            score -= 4
    return score


def _minimax(
    g: Geometry,
    me: int,
    opp: int,
    mask: int,
    depth: int,
    maximising: bool,
    alpha: int,
    beta: int,
    pop_out: bool,
) -> int:
    """Minimax value from the root player's side (``me``: the root player's stones). Alpha-beta
    only cuts branches that cannot change the value, so this is plain minimax's value."""
    if depth == 0:
        return _window_score(g, me, opp)
    mover = me if maximising else opp
    best = -INF if maximising else INF
    for _, a, b, nmask in children(g, mover, mask, pop_out):
        new_me, new_opp = (a, b) if maximising else (b, a)
        end = status(g, new_me, new_opp, nmask)
        if end is not None:
            v = end * (BIG + depth)  # a sooner win (more depth left) is better
        else:
            v = _minimax(g, new_me, new_opp, nmask, depth - 1, not maximising, alpha, beta, pop_out)
        if maximising:
            best = max(best, v)
            alpha = max(alpha, v)
        else:
            best = min(best, v)
            beta = min(beta, v)
        if alpha >= beta:
            break
    return best


def minimax4(game: Game, state: State, seat: Seat, rng: random.Random) -> Move:
    """A plain depth-4 minimax with the classic window evaluation; ties broken by ``rng``.
    Every root move gets its exact value, so the choice is that of plain minimax."""
    legal = game.legal_moves(state, seat)
    if not legal:
        raise ValueError("There is no legal move: the game is over or it is not this seat's turn.")
    g, cur, mask = position(state, seat)
    pop_out = bool(state.get("pop_out"))
    scored = []
    for move_id, me, op, nmask in children(g, cur, mask, pop_out):
        end = status(g, me, op, nmask)
        if end is not None:
            v = end * (BIG + MINIMAX_DEPTH)
        else:
            v = _minimax(g, me, op, nmask, MINIMAX_DEPTH - 1, False, -INF, INF, pop_out)
        scored.append((v, move_id))
    top = max(v for v, _ in scored)
    choice = rng.choice(sorted(m for v, m in scored if v == top))
    return move_of(g, choice)
