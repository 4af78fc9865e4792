"""The ``expert`` level of Reversi with blocks and Othello, above ``strong``.

The same search as ``strong`` (:class:`games.rules.reversi_search.Search`: iterative
deepening negamax with alpha-beta, principal variation search, a transposition table,
the table's move then fastest-first ordering, and the exact endgame solver of
:mod:`games.rules.reversi_endgame` once few empties are left), given what ``strong`` lacks:

- the evaluation of :mod:`.reversi_eval`: mobility, potential mobility and frontier,
  stable discs, corners with their X and C squares, edges and parity, with weights fitted
  on self-play games (``python -m games.ai.reversi_fit``), per phase of the game;
- the opening book of :mod:`.reversi_book` on 8x8 boards without blocks;
- the endgame solver's search in C (:mod:`.reversi_core`), so that it solves from more
  empties (``CORE_ENDGAME_EMPTIES``).

It searches ``EXPERT_BUDGET`` seconds a move, so that a whole move stays under the 1 s bar.
"""

from __future__ import annotations

import random

from games.rules.base import Game, Move, Seat, State
from games.rules.reversi import PLAYERS, cell_name
from games.rules.reversi_bits import Geometry, from_board
from games.rules.reversi_search import Search, SearchResult

from .reversi import PASS, STRONG_BUDGET, Chooser, gettext_noop, searched_move, with_budget
from .reversi_book import book_moves
from .reversi_core import endgame_for, fits_core
from .reversi_eval import shipped

EXPERT_BUDGET = STRONG_BUDGET  # seconds of search per move, as strong: the bar is 1 s a move
# Start a deeper iteration while under this share of the budget (strong: 0.3). An iteration
# the clock stops still tells: the previous best move is searched first, so any root move
# it finished and proved better replaces it.
DEEPEN_SHARE = 0.45
# The C core solves win/draw/loss from this many empties within the budget on 8x8 boards
# (bench/reversi_engines.py); on boards beyond 8x8, the geometry's own (pure Python) count.
CORE_ENDGAME_EMPTIES = 20


def expert_search(
    state: State, seat: Seat, rng: random.Random | None, budget: float = EXPERT_BUDGET
) -> tuple[Geometry, SearchResult | None]:
    """The board's geometry and the expert search's result for ``seat`` (None: it must pass)."""
    g, mine, theirs = from_board(state["board"], PLAYERS[seat])
    empties = CORE_ENDGAME_EMPTIES if fits_core(g) else None
    search = Search(g, budget, rng, shipped(), empties, DEEPEN_SHARE, endgame_for(g))
    return g, search.run(mine, theirs)


def expert_player(
    game: Game, state: State, seat: Seat, rng: random.Random, budget: float = EXPERT_BUDGET
) -> Move:
    """A book move while in book, else the expert search's move (checked against the rules)."""
    legal = game.legal_moves(state, seat)
    if not legal:
        return dict(PASS)
    if len(legal) == 1:
        return legal[0]
    in_book = [{"cell": cell_name(*cell)} for cell in sorted(book_moves(state["board"], PLAYERS[seat]))]
    in_book = [move for move in in_book if move in legal]
    if in_book:
        return rng.choice(in_book)
    return searched_move(legal, *expert_search(state, seat, rng, budget))


def expert_with_budget(budget: float) -> Chooser:
    """An expert chooser with another time budget (benchmarks, ratings, tests)."""
    return with_budget(expert_player, "expert", budget)


NOTE = gettext_noop(
    "Strong's search with an evaluation fitted on its own games, an opening book and "
    "perfect play in the endgame: the hardest opponent here."
)
