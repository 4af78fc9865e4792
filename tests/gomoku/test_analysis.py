"""Gomoku's analysis value (games/catalog/gomoku/analysis.py): proved values on small boards
against the brute force, proved wins and losses on the big board, estimates in (-1, 1)."""

from __future__ import annotations

import random

import pytest

from games.catalog.gomoku.analysis import analysis_value
from games.catalog.gomoku.engine import GAME

from .helpers import new_state, random_position, solve, with_stones


def test_tic_tac_toe_from_the_start_is_a_proved_draw():
    assert analysis_value(new_state(3, 3, 3), 0, 1.0) == (True, 0.0)


@pytest.mark.parametrize("rows,columns,k", [(3, 3, 3), (4, 4, 3), (3, 4, 3)])
def test_small_boards_are_proved_as_the_brute_force_says(rows, columns, k):
    rng = random.Random(rows * columns)
    for _ in range(40):
        state = random_position(rng, rows, columns, k, rng.randrange(1, rows * columns - 1))
        if GAME.outcome(state) is not None:
            continue
        mover = state["turn"]
        exact = solve(tuple(state["board"]), k, "XO"[mover])
        assert analysis_value(state, mover, 1.0) == (True, float(exact)), state["board"]


def test_the_big_board_proves_wins_and_losses_it_can_see():
    # Black to move: a win in one (H7 or H12).
    win = with_stones(15, 15, 5, "H8 H9 H10 H11", "G8 G9 G10 A1")
    assert analysis_value(win, 0, 0.2) == (True, 1.0)
    # White to move facing Black's open four, with no four of its own: lost.
    lost = with_stones(15, 15, 5, "H8 H9 H10 H11 A15", "G8 G9 G10 A1")
    assert analysis_value(lost, 1, 0.2) == (True, -1.0)
    # Black to move with an open three and White without threats: a win by continuous fours.
    vcf = with_stones(15, 15, 5, "F8 G8 H8", "A1 O1 A15")
    assert analysis_value(vcf, 0, 0.3) == (True, 1.0)


def test_open_positions_are_estimates_strictly_between_minus_one_and_one():
    for state, budget in ((new_state(), 0.2), (GAME.play(new_state(), 0, {"cell": "H8"}), 0.2)):
        proved, value = analysis_value(state, state["turn"], budget)
        assert not proved and -1 < value < 1
    # One stone up on an open board is an edge for the mover, not a proof.
    ahead = with_stones(15, 15, 5, "H8 I9", "A1")
    proved, value = analysis_value(ahead, 1, 0.2)
    assert not proved and -1 < value < 0
