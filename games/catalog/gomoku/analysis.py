"""Gomoku's value of a position for the analysis: the strong player's own search
(``search.py``), for the player to move, +1 a win, 0 a draw, -1 a loss.

Proved where the search proves it: boards up to 5x5 searched to the end of the game or to a
forced win or loss, a win in one, two winning cells of the other side against none of one's
own, a victory by continuous fours. Otherwise an estimate in (-1, 1): the evaluation
squashed by ``tanh`` (two fours' worth ahead reads about 0.76; a win the pruned search sees
but cannot prove reads 0.99).

>>> analysis_value({"board": ["...", "...", "..."], "in_a_row": 3}, 0, 1.0)
(True, 0.0)
>>> analysis_value({"board": ["XX.", "OO.", "..."], "in_a_row": 3}, 0, 1.0)
(True, 1.0)
"""

from __future__ import annotations

import math

from games.rules.base import Seat, State

from .board import geometry
from .search import MATE, search

SURE = 0.99  # the estimate of a win or loss found but not proved


def analysis_value(state: State, mover: Seat, budget: float) -> tuple[bool, float]:
    """(proved, value) of the position for ``mover``, the seat to move, within ``budget`` s."""
    board, k = state["board"], state["in_a_row"]
    found = search(board, k, mover, budget, analyse=True)
    value = found.value
    if found.proved:
        return True, float((value > 0) - (value < 0))
    if abs(value) > MATE:
        return False, math.copysign(SURE, value)
    # One unit: a window one stone short of a line, twice (a four is worth about that much).
    unit = 2 * geometry(len(board), len(board[0]), k).weights[k - 1]
    return False, round(max(-SURE, min(SURE, math.tanh(value / unit))), 2)
