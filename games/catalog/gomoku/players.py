"""Gomoku's computer players (the platform adds ``random`` itself):

- ``medium`` looks one move ahead: it takes a win, blocks a win, and otherwise plays the
  cell that grows its own lines and blocks the other side's the most (``Position.gain``),
  a random one among equals.
- ``strong`` is the search of ``search.py`` within ``TIME_BUDGET`` seconds a move: exact on
  boards up to 5x5 (it never loses tic-tac-toe), threat-aware alpha-beta beyond.

Both open in the centre, and always return one of ``game.legal_moves(state, seat)``.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from games.rules.base import Game, Move, Seat, State
from games.rules.words import gettext_noop

from .board import Position
from .search import search

TIME_BUDGET = 1.0  # seconds per move at ``strong`` (the platform's bar: at most 1 s)

Chooser = Callable[[Game, State, Seat, random.Random], Move]


def _checked(game: Game, state: State, seat: Seat, cell: str) -> Move:
    """``{"cell": cell}`` if the rules allow it, else their first legal move (a guard)."""
    allowed = game.legal_moves(state, seat)
    if not allowed:
        raise ValueError("There is no legal move: the game is over or it is not this seat's turn.")
    move = {"cell": cell}
    return move if move in allowed else allowed[0]


def medium(game: Game, state: State, seat: Seat, rng: random.Random) -> Move:
    """A win, else a block, else the best cell by gain (ties broken by ``rng``)."""
    pos = Position.from_rows(state["board"], state["in_a_row"])
    if pos.stones == 0:
        return _checked(game, state, seat, pos.cell_name(pos.g.centre))
    cells = sorted(pos.win_cells(seat)) or sorted(pos.win_cells(1 - seat))
    if not cells:
        gains = {c: pos.gain(c, seat) for c in pos.candidates()}
        top = max(gains.values())
        cells = [c for c, gain in gains.items() if gain == top]
    return _checked(game, state, seat, pos.cell_name(rng.choice(cells)))


def strong_with_budget(budget: float) -> Chooser:
    """``strong`` searching ``budget`` seconds a move (the site's: 1 s; ``rate_levels``: less)."""

    def chooser(game: Game, state: State, seat: Seat, rng: random.Random) -> Move:
        if not game.legal_moves(state, seat):
            return _checked(game, state, seat, "")
        found = search(state["board"], state["in_a_row"], seat, budget)
        return _checked(game, state, seat, found.cell)

    return chooser


def strong(game: Game, state: State, seat: Seat, rng: random.Random) -> Move:
    """The search within ``TIME_BUDGET`` seconds (``rng`` unused: only the clock decides how
    deep it looks)."""
    return strong_with_budget(TIME_BUDGET)(game, state, seat, rng)


# What players read of each level on the create form.
MEDIUM_NOTE = gettext_noop("Takes its wins and blocks yours, but looks only one move ahead.")
STRONG_NOTE = gettext_noop("Reads threats and searches as deep as a second allows: never loses tic-tac-toe.")
