"""The analysis keeps its budget on big boards (issue 50, finding 6e: a 26x26 Reversi position,
a hundred moves each given at least 0.05 s, took seconds where a small board's takes one).

No timing here (``bench/analysis_big.py`` measures it): the budget is given as zero, and what
the engines then search is deterministic. Reversi's valuer searches no further than the
expert search does with no time (its first ply, or none: its clock is read every 64 nodes),
where it searched 0.05 s before; every move of a big position is still valued."""

from __future__ import annotations

import random

import pytest

from games.ai.reversi_analysis import analysis_value, evaluation
from games.ai.reversi_eval import SCALE
from games.ai.reversi_expert import expert_search
from games.catalog.analysis import analyse
from games.catalog.registry import GAMES


def played(slug: str, options: dict, plies: int, seed: int = 50) -> dict:
    """The position after ``plies`` random moves (passes as the rules force them)."""
    game, rng = GAMES[slug], random.Random(seed)
    state = game.setup(game.clean_options(options), seed=0)
    for _ in range(plies):
        seat, move = game.forced(state) or (game.to_move(state)[0], None)
        state = game.play(state, seat, move if move is not None else game.random_move(state, seat, rng))
    return state


def test_reversi_values_a_big_position_within_no_time_at_all():
    game = GAMES["reversi"]
    state = played("reversi", {"size": 26}, 330)
    seat = game.to_move(state)[0]
    moves = game.legal_moves(state, seat)
    assert len(moves) > 60
    for move in moves:
        after = game.play(state, seat, move)
        mover = game.to_move(after)[0]
        _, result = expert_search(after, mover, None, 0.0)
        assert result.nodes <= 64  # the expert search itself stops at its first look at the clock
        searched = result.score if result.depth else evaluation(after, mover)
        assert analysis_value(after, mover, 0.0) == (False, round(searched / SCALE, 1)), move


@pytest.mark.parametrize(
    "slug, options, plies",
    [("reversi", {"size": 26}, 330), ("connect_four", {"rows": 12, "columns": 12}, 20), ("gomoku", {}, 30)],
)
def test_every_move_of_a_big_position_is_valued_without_time(slug, options, plies):
    game = GAMES[slug]
    state = played(slug, options, plies)
    seat = game.to_move(state)[0]
    found = analyse(slug, state, budget=0.0)
    assert len(found["moves"]) == len(game.legal_moves(state, seat)) > 10
    assert all(row["value"] is not None for row in found["moves"]), found["moves"]
