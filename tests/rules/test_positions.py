"""Edited positions (``Game.position``, issue 26's position editor and analysis API): every
position reached in play is accepted as it is, with the same moves; impossible ones are
refused with the reason a person reads; unusual but legal ones come with a note."""

from __future__ import annotations

import random

import pytest

from games.catalog.registry import GAMES

GAMES_WITH_POSITIONS = {
    "reversi": [{"size": 4}, {"size": 8, "blocks": "A1 H8"}, {"size": 10}],
    "othello": [{}],
    "connect_four": [{}, {"rows": 5, "columns": 4}, {"pop_out": True}],
    "reversi_1d": [{}],
}


@pytest.mark.parametrize(
    ("slug", "raw"), [(slug, raw) for slug, options in GAMES_WITH_POSITIONS.items() for raw in options]
)
def test_every_position_reached_in_play_is_accepted_with_the_same_moves(slug, raw):
    game, rng = GAMES[slug], random.Random(7)
    options = game.clean_options(raw)
    for _ in range(10):
        state = game.setup(options, seed=0)
        while (to_move := game.to_move(state)) and rng.random() < 0.95:
            forced = game.forced(state)
            seat, move = forced if forced else (to_move[0], game.random_move(state, to_move[0], rng))
            state = game.play(state, seat, move)
            if not game.to_move(state):
                break
            edited, _ = game.position(options, state["board"], state["turn"])
            assert game.to_move(edited) == game.to_move(state)
            for mover in game.to_move(state):
                assert game.legal_moves(edited, mover) == game.legal_moves(state, mover)


def test_reversi_positions():
    reversi, othello = GAMES["reversi"], GAMES["othello"]
    options = reversi.clean_options({"size": 4})
    state, notes = reversi.position(options, ["....", ".XO.", ".OX#", "...."], 1)
    assert state["turn"] == 1 and notes == []
    _, notes = reversi.position(options, ["X...", "....", "....", "...."], None)
    assert notes[0] == "A centre cell has no disc: this position cannot arise from the start."
    for board, to_move, reason in (
        (["...", "...", "..."], 0, "The board must be 4 rows of 4 cells, as the board size says."),
        (["....", ".XO.", ".Oz.", "...."], 0, "C3 holds 'z': use '.', 'X', 'O', '#'."),
        (["....", ".XO.", ".OX.", "...."], 2, "The seat to move is 0 (Black) or 1 (White)."),
        ("....", 0, "A position is a list of row strings, top row first."),
    ):
        with pytest.raises(ValueError, match="^" + reason.replace("(", r"\(").replace(")", r"\)")):
            reversi.position(options, board, to_move)
    board = ["........"] * 3 + ["...OX...", "...XO..."] + ["........"] * 2 + ["#......."]
    with pytest.raises(ValueError, match="A8 holds '#'"):  # Othello has no blocks
        othello.position(othello.clean_options({}), board, 0)


def test_connect_four_positions():
    game = GAMES["connect_four"]
    small = game.clean_options({"rows": 4, "columns": 4})
    state, _ = game.position(small, ["....", "....", ".Y..", ".RR."], None)
    assert state["turn"] == 1  # R has one more: Y moves
    for board, to_move, reason in (
        (["....", "..R.", "....", ".RY."], None, "The disc in row 2, column 3 floats above an empty cell."),
        (["....", "....", "YYY.", "RRRR"], None, "R already has four in a row: the game is over."),
        (["....", "....", "....", "RRRY"], None, "R has 3 discs and Y 1"),
        (["....", "....", "....", "RY.."], 1, "With R 1 and Y 1 discs it is R to move."),
        (["....", "....", "....", "RY.x"], 0, "Row 4, column 4 holds 'x'"),
    ):
        with pytest.raises(ValueError, match="^" + reason):
            game.position(small, board, to_move)
    popping = game.clean_options({"rows": 4, "columns": 4, "pop_out": True})
    state, _ = game.position(popping, ["....", "....", "....", "YY.."], 0)  # R's discs popped
    assert state["turn"] == 0 and state["pop_out"]


def test_one_dimensional_positions_and_games_without_an_editor():
    game = GAMES["reversi_1d"]
    state, _ = game.position({}, "....XO......", 1)
    assert state["board"][4:6] == ["X", "O"] and state["turn"] == 1
    with pytest.raises(ValueError, match="Slot 1 holds 'Q'"):
        game.position({}, "Q...XO......", 0)
    with pytest.raises(ValueError, match="has no position editor"):
        GAMES["alpha_battle"].position({}, [], 0)
