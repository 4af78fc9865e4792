"""Othello's seed functions (seeds: ``othello-vs-computer-turtle.txt`` and Task 1 of
``othello-and-the-journey.txt``): ``isValidMove``, ``getValidMoves`` and ``selectNextPlay``.

The rules (flips, passes, end, console format) are those of :mod:`games.rules.reversi`;
only the board size and the starting discs differ (see :mod:`games.catalog.othello.engine`,
the site's engine, which also holds the start position). ``board[row][col]`` with row 0 at
the top; cells ``.``, ``X``, ``O``. ``selectNextPlay`` is the strongest computer player's
move (games.md), from the search of :mod:`games.rules.reversi_search`: the seed's function
needs that search, so it lives in ``games.rules`` (standard library only, like every rules
module) and ``games.ai``'s ``strong`` level reuses it; the rules import nothing of ``games.ai``.
(``games.ai``'s ``expert`` level, the same search with a fitted evaluation and an opening
book, lives above the rules; ``selectNextPlay`` keeps ``strong``'s behaviour, as a seed
function must.)

>>> board = start_board()
>>> print(board_text(board))
   A B C D E F G H
 1 . . . . . . . .
 2 . . . . . . . .
 3 . . . . . . . .
 4 . . . O X . . .
 5 . . . X O . . .
 6 . . . . . . . .
 7 . . . . . . . .
 8 . . . . . . . .
>>> getValidMoves(board, "X")
[(2, 3), (3, 2), (4, 5), (5, 4)]
>>> isValidMove(board, 2, 3, "X"), isValidMove(board, 2, 4, "X")
(True, False)
"""

from __future__ import annotations

from games.catalog.othello.engine import othello_start, start_board

from .reversi import EMPTY, PLAYERS, WHITE, Board, board_text
from .reversi import valid_move as _valid_move
from .reversi_search import DEFAULT_BUDGET, best_move

__all__ = [
    "board_text",
    "getValidMoves",
    "isValidMove",
    "othello_start",
    "selectNextPlay",
    "start_board",
]


# -- the seed's functions (pure: they never modify ``board``) ----------------------------
def isValidMove(board: Board, row: int, col: int, color: str) -> bool:  # noqa: N802 (seed name)
    """True if ``color`` (``"X"`` or ``"O"``) may play at ``row``, ``col``.

    The cell must be on the board and empty, and at least one straight line from it must
    run over one or more opponent discs to a disc of ``color``. Off-board coordinates, an
    occupied cell, a non-integer coordinate or an unknown colour give False.

    >>> board = start_board()
    >>> isValidMove(board, 3, 5, "O"), isValidMove(board, 3, 3, "X"), isValidMove(board, -1, 0, "X")
    (True, False, False)
    """
    if color not in PLAYERS or type(row) is not int or type(col) is not int:
        return False
    return bool(_valid_move(board, color, row, col))


def getValidMoves(board: Board, color: str) -> list[tuple[int, int]]:  # noqa: N802 (seed name)
    """Every valid ``(row, col)`` for ``color``, in row-major order (empty if none).

    >>> getValidMoves(start_board(), "O")
    [(2, 4), (3, 5), (4, 2), (5, 3)]
    """
    return [
        (row, col)
        for row, cells in enumerate(board)
        for col, cell in enumerate(cells)
        if cell == EMPTY and isValidMove(board, row, col, color)
    ]


def selectNextPlay(  # noqa: N802 (seed name)
    board: Board, color: str = WHITE, *, budget: float = DEFAULT_BUDGET
) -> tuple[int, int] | None:
    """The computer's next play for white (``"O"``): the strongest computer player's move.

    That is :func:`games.rules.reversi_search.best_move` (the search of the ``strong``
    level: iterative-deepening alpha-beta, an exact endgame solve) within ``budget``
    seconds. ``color`` defaults to the seed's computer colour, white; passing ``"X"`` lets
    the computer play black too. Returns None when that colour has no valid move (it must
    pass). ``board`` is never modified.

    >>> selectNextPlay(start_board(), budget=0.05) in getValidMoves(start_board(), "O")
    True
    >>> selectNextPlay([["X", "O"], [".", "."]]) is None
    True
    """
    moves = getValidMoves(board, color)
    if len(moves) <= 1:
        return moves[0] if moves else None
    pick = best_move(board, color, budget)
    return pick if pick in moves else moves[0]
