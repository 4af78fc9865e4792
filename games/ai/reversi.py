"""Computer players of Reversi with blocks (slug ``reversi``) and Othello (slug ``othello``).

Three levels here, the same choosers for both games (the state carries the board, blocks
and size included); the fourth, ``expert``, is :mod:`.reversi_expert`:

- ``random``: the seeds' computer, a uniformly random legal move;
- ``greedy``: a corner when it can take one (on a blocked board: any cell no line can cross,
  whose disc can never be flipped), else the move flipping the most discs; ties at random;
- ``strong``: :mod:`games.rules.reversi_search`, iterative-deepening negamax with
  alpha-beta, a transposition table, move ordering, an evaluation of mobility, corners,
  stability, frontier and parity, and the exact endgame solver
  (:mod:`games.rules.reversi_endgame`) for the last empties, searching at
  most ``STRONG_BUDGET`` = 0.8 s a move so that a whole move stays under the 1 s bar on
  this machine. The same search plays the seed's ``othello.selectNextPlay``.

``solve_state`` puts the solver on a game state; the draw-offer judge (``JUDGES``) answers
from its proof when it finds one within the budget.

Every chooser returns a move of ``GAME.legal_moves(state, seat)`` (``{"cell": "D3"}``), or
``{"pass": True}`` when there is none.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from games.rules.base import Game, Move, Seat, State
from games.rules.reversi import PLAYERS, cell_name, parse_cell
from games.rules.reversi_bits import Geometry, flips_of, from_board
from games.rules.reversi_endgame import Solution
from games.rules.reversi_search import DEFAULT_BUDGET, SearchResult
from games.rules.reversi_search import Search as _Search
from games.rules.words import gettext_noop

from .reversi_core import solve

STRONG_BUDGET = DEFAULT_BUDGET  # seconds of search per move (the bar: at most 1 s a move)
PASS: Move = {"pass": True}
Chooser = Callable[[Game, State, Seat, random.Random], Move]


def random_player(game: Game, state: State, seat: Seat, rng: random.Random) -> Move:
    """The seeds' computer: any legal move, uniformly at random."""
    legal = game.legal_moves(state, seat)
    return rng.choice(legal) if legal else dict(PASS)


def greedy_player(game: Game, state: State, seat: Seat, rng: random.Random) -> Move:
    """Corners first, then the most flips; ties broken by ``rng``."""
    legal = game.legal_moves(state, seat)
    if not legal:
        return dict(PASS)
    board = state["board"]
    g, mine, theirs = from_board(board, PLAYERS[seat])
    scored = []
    for move in legal:
        y, x = parse_cell(move["cell"], len(board))
        bit = 1 << (y * g.width + x)
        flips = flips_of(bit, mine, theirs, g.shifts).bit_count()
        scored.append((bool(bit & g.anchors), flips, move))
    top = max((corner, flips) for corner, flips, _ in scored)
    return rng.choice([move for corner, flips, move in scored if (corner, flips) == top])


def strong_search(
    state: State, seat: Seat, rng: random.Random | None, budget: float = STRONG_BUDGET
) -> tuple[Geometry, SearchResult | None]:
    """The board's geometry and the search result for ``seat`` (None when it must pass)."""
    g, mine, theirs = from_board(state["board"], PLAYERS[seat])
    return g, _Search(g, budget, rng).run(mine, theirs)


def strong_player(
    game: Game, state: State, seat: Seat, rng: random.Random, budget: float = STRONG_BUDGET
) -> Move:
    """The alpha-beta search's move, checked against the rules' legal moves."""
    legal = game.legal_moves(state, seat)
    if not legal:
        return dict(PASS)
    if len(legal) == 1:
        return legal[0]
    return searched_move(legal, *strong_search(state, seat, rng, budget))


def searched_move(legal: list[Move], g: Geometry, result: SearchResult | None) -> Move:
    """The search's move among the ``legal`` ones (the first legal move if it found none)."""
    if result is not None:
        move = {"cell": cell_name(*g.cell(result.move))}
        if move in legal:
            return move
    return legal[0]  # never reached while the search and the rules agree (the tests check it)


def with_budget(player: Callable[..., Move], name: str, budget: float) -> Chooser:
    """``player`` (a chooser taking a budget) with another time budget (benchmarks, ratings, tests)."""

    def chooser(game: Game, state: State, seat: Seat, rng: random.Random) -> Move:
        return player(game, state, seat, rng, budget)

    chooser.__name__ = f"{name}_{budget:g}s"
    return chooser


def strong_with_budget(budget: float) -> Chooser:
    """A strong chooser with another time budget (benchmarks, tests)."""
    return with_budget(strong_player, "strong", budget)


# What players read of each level on the create form (Reversi and Othello alike).
NOTES = {
    "greedy": gettext_noop(
        "Takes a corner when it can, else the move that flips the most discs: a fair first opponent."
    ),
    "strong": gettext_noop("Searches many moves ahead (about a second a move): hard to beat."),
}


def solve_state(
    state: State, seat: Seat, budget: float | None = None, max_nodes: int | None = None
) -> Solution:
    """The site's endgame solver (:mod:`.reversi_core`: the C core where the board fits it)
    on a game state, for ``seat`` to move: the exact final disc difference and a move
    keeping it, if proved within the budget (``Solution.proved``)."""
    g, mine, theirs = from_board(state["board"], PLAYERS[seat])
    return solve(g, mine, theirs, budget, max_nodes)
