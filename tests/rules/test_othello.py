"""Tests of Othello (games/rules/othello.py) against its seeds and games.md.

Seeds: ``othello-vs-computer-turtle.txt`` (the pure functions ``isValidMove``,
``getValidMoves``, ``selectNextPlay``) and Task 1 of ``othello-and-the-journey.txt`` (the
start, passes and end). Boards are written as Reversi prints them, spaces between cells.
"""

from __future__ import annotations

import copy
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.catalog.othello.engine import GAME, Othello
from games.catalog.reversi.engine import Reversi
from games.rules.base import IllegalMove, OptionError
from games.rules.othello import (
    board_text,
    getValidMoves,
    isValidMove,
    othello_start,
    selectNextPlay,
    start_board,
)
from games.rules.reversi import cell_name, parse_cell, valid_move

START_TEXT = "\n".join(
    [
        "   A B C D E F G H",
        " 1 . . . . . . . .",
        " 2 . . . . . . . .",
        " 3 . . . . . . . .",
        " 4 . . . O X . . .",
        " 5 . . . X O . . .",
        " 6 . . . . . . . .",
        " 7 . . . . . . . .",
        " 8 . . . . . . . .",
    ]
)
# The shortest game (found by search): Black wipes White out in nine moves.
WIPEOUT = "D3 C3 B3 D2 E1 D6 D7 E3 F4".split()
WIPEOUT_FINAL = "\n".join(
    [
        "   A B C D E F G H",
        " 1 . . . . X . . .",
        " 2 . . . X . . . .",
        " 3 . X X X X . . .",
        " 4 . . . X X X . .",
        " 5 . . . X X . . .",
        " 6 . . . X . . . .",
        " 7 . . . X . . . .",
        " 8 . . . . . . . .",
    ]
)


def board_of(*rows: str) -> list[list[str]]:
    return [list(row.replace(" ", "")) for row in rows]


def rows(state: dict) -> list[list[str]]:
    return [list(r) for r in state["board"]]


def play_through(moves: list[str]) -> tuple[list[dict], list[tuple[int, dict]]]:
    """Play ``moves`` from the start, taking every forced pass on the way and at the end."""
    states, played, todo = [GAME.setup({}, 0)], [], list(moves)
    while True:
        forced = GAME.forced(states[-1])
        if forced:
            seat, move = forced
        elif todo:
            seat, move = states[-1]["turn"], {"cell": todo.pop(0)}
        else:
            return states, played
        states.append(GAME.play(states[-1], seat, move))
        played.append((seat, move))


# -- the start --------------------------------------------------------------------------
def test_start_is_the_standard_othello_position():
    board = start_board()
    assert board_text(board) == START_TEXT
    # White O on D4 and E5, black X on E4 and D5; [0][0] top left, [7][7] bottom right.
    assert board[3][3] == board[4][4] == "O"
    assert board[3][4] == board[4][3] == "X"
    assert othello_start() == {parse_cell("D4", 8): "O", parse_cell("E5", 8): "O"} | {
        parse_cell("E4", 8): "X",
        parse_cell("D5", 8): "X",
    }
    assert len(board) == 8 and all(len(r) == 8 for r in board)
    assert sum(r.count(".") for r in board) == 60


def test_start_matches_the_csci3180_seed_with_its_colours_renamed():
    # That seed writes black as "O" (at 1-based (4,5), (5,4)) and white as "X" (at (4,4), (5,5)).
    board = start_board()
    seed_black, seed_white = [(4, 5), (5, 4)], [(4, 4), (5, 5)]
    assert all(board[r - 1][c - 1] == "X" for r, c in seed_black)  # our black
    assert all(board[r - 1][c - 1] == "O" for r, c in seed_white)  # our white


# -- isValidMove ------------------------------------------------------------------------
@pytest.mark.parametrize(
    "cell, color, expected",
    [
        ("D3", "X", True),
        ("C4", "X", True),
        ("F5", "X", True),
        ("E6", "X", True),
        ("E3", "X", False),  # next to a black disc only
        ("C3", "X", False),  # diagonal to a white disc, nothing closes it
        ("F6", "X", False),
        ("A1", "X", False),
        ("E3", "O", True),
        ("F4", "O", True),
        ("C5", "O", True),
        ("D6", "O", True),
        ("D3", "O", False),
        ("D4", "X", False),  # occupied by the opponent
        ("E4", "X", False),  # occupied by the mover
        ("D4", "O", False),
    ],
)
def test_is_valid_move_on_the_start(cell, color, expected):
    board = start_board()
    before = copy.deepcopy(board)
    assert isValidMove(board, *parse_cell(cell, 8), color) is expected
    assert board == before


@pytest.mark.parametrize("row, col", [(-1, 3), (3, -1), (-1, -1), (8, 3), (3, 8), (8, 8), (100, 0), (-8, -8)])
def test_is_valid_move_off_the_board_is_false(row, col):
    # (-1, 3) would be D8 with Python's negative indexing: it must not wrap round.
    board = board_of(
        ". . . . . . . .",
        ". . . . . . . .",
        ". . . . . . . .",
        ". . . O X . . .",
        ". . . X O . . .",
        ". . . . . . . .",
        ". . . O . . . .",
        ". . . . . . . .",
    )
    assert isValidMove(board, 7, 3, "X") is False and isValidMove(board, 3, 2, "X") is True
    assert isValidMove(board, row, col, "X") is False
    assert isValidMove(board, row, col, "O") is False


@pytest.mark.parametrize(
    "row, col, color",
    [(2, 3, "."), (2, 3, "#"), (2, 3, "x"), (2, 3, ""), (2.0, 3, "X"), ("2", 3, "X"), (True, 3, "X")],
)
def test_is_valid_move_refuses_odd_arguments(row, col, color):
    assert isValidMove(start_board(), row, col, color) is False


def test_is_valid_move_on_an_occupied_cell_that_would_flip():
    board = board_of(
        "O O X . . . . .",
        ". . . . . . . .",
        ". . . . . . . .",
        ". . . . . . . .",
        ". . . . . . . .",
        ". . . . . . . .",
        ". . . . . . . .",
        ". . . . . . . .",
    )
    assert isValidMove(board, 0, 0, "X") is False
    board[0][0] = "."
    assert isValidMove(board, 0, 0, "X") is True


def test_is_valid_move_the_seeds_three_conditions():
    # 1. unoccupied, 2. an opponent neighbour, 3. a line of opponent discs closed by color.
    board = board_of(
        ". O X . . . . .",  # A1: line closed by C1
        "O . . . . . . .",  # A1 down: A2 O, A3 empty -> open
        ". . . . . . . .",
        ". . . . . . . .",
        ". . . . . O O .",  # E5: neighbours F5 G5 but H5 empty -> open
        ". . . . . . . .",
        ". . . . . . . .",
        "X X . . . . . .",  # C8: neighbour only of its own colour
    )
    assert isValidMove(board, 0, 0, "X") is True
    assert isValidMove(board, 4, 4, "X") is False
    assert isValidMove(board, 7, 2, "X") is False
    assert isValidMove(board, 2, 0, "X") is False  # A3: its neighbour A2 is O, A1 is empty


# -- getValidMoves ----------------------------------------------------------------------
def test_get_valid_moves_on_the_start_in_row_major_order():
    board = start_board()
    before = copy.deepcopy(board)
    assert getValidMoves(board, "X") == [(2, 3), (3, 2), (4, 5), (5, 4)]  # D3 C4 F5 E6
    assert getValidMoves(board, "O") == [(2, 4), (3, 5), (4, 2), (5, 3)]  # E3 F4 C5 D6
    assert all(type(m) is tuple for m in getValidMoves(board, "X"))
    assert board == before


def test_get_valid_moves_when_there_is_none():
    board = board_of(*["X X X X X X X X"] * 7, "X X X X X X X .")
    assert getValidMoves(board, "O") == [] and getValidMoves(board, "X") == []
    assert getValidMoves(start_board(), "?") == []


def test_get_valid_moves_after_a_move():
    board = start_board()
    valid_move(board, "X", 2, 3, flip=True)  # D3
    assert getValidMoves(board, "O") == [(2, 2), (2, 4), (4, 2)]  # C3 E3 C5


# -- selectNextPlay: the strongest computer player ----------------------------------------
def test_select_next_play_is_a_valid_white_move_and_pure():
    board = start_board()
    valid_move(board, "X", 2, 3, flip=True)
    before = copy.deepcopy(board)
    pick = selectNextPlay(board, budget=0.2)
    assert type(pick) is tuple and all(type(v) is int for v in pick)
    assert pick in {(2, 2), (2, 4), (4, 2)} and isValidMove(board, *pick, "O")
    assert board == before


def test_select_next_play_for_black_and_when_white_must_pass():
    board = start_board()
    assert selectNextPlay(board, "X", budget=0.1) in getValidMoves(board, "X")
    assert type(selectNextPlay(board, budget=0.1)) is tuple
    no_white_move = board_of(*["X X X X X X X X"] * 7, "X X X X X X X .")
    assert selectNextPlay(no_white_move) is None
    assert selectNextPlay(no_white_move, "X") is None
    assert selectNextPlay(start_board(), "?") is None


def test_select_next_play_takes_a_wipe_out():
    """One move before the shortest game's end (WIPEOUT): Black's F4 wipes White out."""
    state = GAME.setup({}, 0)
    for number, cell in enumerate(WIPEOUT[:-1]):
        state = GAME.play(state, number % 2, {"cell": cell})
    assert selectNextPlay(rows(state), "X", budget=0.3) == parse_cell("F4", 8)


def exact_value(board, color):
    """The final disc difference for ``color`` to move, by brute force on the seed functions."""
    other = "O" if color == "X" else "X"
    moves = getValidMoves(board, color)
    if not moves:
        if not getValidMoves(board, other):
            return sum(r.count(color) for r in board) - sum(r.count(other) for r in board)
        return -exact_value(board, other)
    best = -65
    for y, x in moves:
        child = copy.deepcopy(board)
        valid_move(child, color, y, x, flip=True)
        best = max(best, -exact_value(child, other))
    return best


@pytest.mark.parametrize("seed", range(6))
def test_select_next_play_is_perfect_in_the_last_empties(seed):
    """With 7 empties left, the computer's move keeps the best final score there is."""
    rng = random.Random(seed)
    state = GAME.setup({}, 0)
    while True:
        state = GAME.setup({}, 0)
        while sum(r.count(".") for r in state["board"]) > 7 and GAME.outcome(state) is None:
            forced = GAME.forced(state)
            seat, move = forced or (state["turn"], rng.choice(GAME.legal_moves(state, state["turn"])))
            state = GAME.play(state, seat, move)
        if GAME.outcome(state) is None and len(GAME.legal_moves(state, state["turn"])) > 1:
            break
    board, color = rows(state), "XO"[state["turn"]]
    other = "O" if color == "X" else "X"
    best = exact_value(board, color)
    pick = selectNextPlay(board, color, budget=0.9)
    child = copy.deepcopy(board)
    valid_move(child, color, *pick, flip=True)
    assert -exact_value(child, other) == best


# -- the engine -------------------------------------------------------------------------
def test_engine_metadata_and_options():
    assert isinstance(GAME, Othello) and isinstance(GAME, Reversi)
    info = GAME.info()
    assert info["slug"] == "othello" and info["name"] == "Othello"
    # The board is fixed: the one option is a start position (tests/rules/test_start_positions.py)
    assert list(info["options"]) == ["start"] and info["players"] == [2, 2]
    assert GAME.description and "\n" not in GAME.description
    assert GAME.clean_options({}) == {"start": ""} and GAME.clean_options(None) == {"start": ""}
    for bad in ({"size": 6}, {"blocks": "A1"}):
        with pytest.raises(OptionError):
            GAME.clean_options(bad)


def test_setup_ignores_the_seed_and_is_json_plain():
    import json

    state = GAME.setup({}, 0)
    assert GAME.setup({}, 12345) == state
    assert json.loads(json.dumps(state)) == state
    assert board_text(rows(state)) == START_TEXT
    assert GAME.to_move(state) == [0] and GAME.outcome(state) is None and GAME.forced(state) is None


def test_legal_moves_are_get_valid_moves_as_cells():
    state = GAME.setup({}, 0)
    assert GAME.legal_moves(state, 0) == [{"cell": c} for c in ("D3", "C4", "F5", "E6")]
    assert GAME.legal_moves(state, 1) == []


def test_play_is_pure_and_flips():
    state = GAME.setup({}, 0)
    before = copy.deepcopy(state)
    after = GAME.play(state, 0, {"cell": "d3"})
    assert state == before
    assert after["last"] == "D3" and after["flipped"] == ["D4"] and after["turn"] == 1
    assert after["board"][2:5] == ["...X....", "...XX...", "...XO..."]


@pytest.mark.parametrize(
    "seat, move",
    [
        (1, {"cell": "E3"}),  # not White's turn
        (0, {"cell": "E3"}),  # flips nothing for Black
        (0, {"cell": "D4"}),  # occupied
        (0, {"cell": "I1"}),
        (0, {"cell": "A9"}),
        (0, {"cell": 3}),
        (0, {"cell": "D3", "extra": 1}),
        (0, {"pass": True}),
        (0, {}),
        (0, "D3"),
        (0, None),
    ],
)
def test_illegal_moves(seat, move):
    state = GAME.setup({}, 0)
    before = copy.deepcopy(state)
    with pytest.raises(IllegalMove) as info:
        GAME.play(state, seat, move)
    assert str(info.value)
    assert state == before


def test_wipeout_game_forced_passes_outcome_and_transcript():
    states, moves = play_through(WIPEOUT)
    assert [m for _, m in moves[-2:]] == [{"pass": True}, {"pass": True}]
    assert [s for s, _ in moves[-2:]] == [1, 0]
    final = states[-1]
    assert board_text(rows(final)) == WIPEOUT_FINAL
    end = GAME.outcome(final)
    assert end.winner == 0 and end.score == {"X": 13, "O": 0} and end.reason == "no valid moves"
    assert GAME.to_move(final) == [] and GAME.legal_moves(final, 0) == []
    with pytest.raises(IllegalMove):
        GAME.play(final, 0, {"cell": "A1"})
    text = GAME.transcript({}, states, moves)
    assert text.startswith("Round 1:\n" + START_TEXT + "\nPlayer X's turn: D3\nRound 2:\n")
    assert text.endswith(
        "Player X's turn: F4\n"
        f"Round 10:\n{WIPEOUT_FINAL}\nPlayer O has no valid moves! Pass!\n"
        f"Round 11:\n{WIPEOUT_FINAL}\nPlayer X has no valid moves! Pass!\n"
        f"Game over:\n{WIPEOUT_FINAL}\nPlayer X wins!\n"
    )


def test_transcript_of_two_moves_exact():
    states, moves = play_through(["D3", "C3"])
    assert GAME.transcript({}, states, moves) == "\n".join(
        [
            "Round 1:",
            START_TEXT,
            "Player X's turn: D3",
            "Round 2:",
            "   A B C D E F G H",
            " 1 . . . . . . . .",
            " 2 . . . . . . . .",
            " 3 . . . X . . . .",
            " 4 . . . X X . . .",
            " 5 . . . X O . . .",
            " 6 . . . . . . . .",
            " 7 . . . . . . . .",
            " 8 . . . . . . . .",
            "Player O's turn: C3",
            "Round 3:",
            "   A B C D E F G H",
            " 1 . . . . . . . .",
            " 2 . . . . . . . .",
            " 3 . . O X . . . .",
            " 4 . . . O X . . .",
            " 5 . . . X O . . .",
            " 6 . . . . . . . .",
            " 7 . . . . . . . .",
            " 8 . . . . . . . .",
            "",
        ]
    )


def test_view_and_labels():
    state = GAME.setup({}, 0)
    view = GAME.view(state, None)
    assert view["size"] == 8 and view["count"] == {"X": 2, "O": 2} and view["board"] == state["board"]
    assert GAME.player_label(0) == "Player X" and GAME.player_label(1) == "Player O"
    assert GAME.move_label(state, 0, {"cell": "d3"}) == "D3"


# -- properties -------------------------------------------------------------------------
@settings(max_examples=25, deadline=None, database=None)
@given(st.integers(0, 2**32 - 1))
def test_random_games_with_select_next_play(seed):
    """Both sides play selectNextPlay (with a tiny time budget) or a random valid move; the
    engine agrees with the seed functions throughout."""
    random.seed(seed)
    state, states, moves = GAME.setup({}, seed), [], []
    for _ in range(200):
        if GAME.outcome(state) is not None:
            break
        seat, color = state["turn"], "XO"[state["turn"]]
        board = rows(state)
        frozen = copy.deepcopy(board)
        valid = getValidMoves(board, color)
        assert valid == [(r, c) for r in range(8) for c in range(8) if isValidMove(board, r, c, color)]
        assert GAME.legal_moves(state, seat) == [{"cell": cell_name(r, c)} for r, c in valid]
        assert GAME.legal_moves(state, 1 - seat) == []
        if random.random() < 0.5:
            pick = selectNextPlay(board, color, budget=0.002)
        else:  # half the moves at random, so that the games differ
            pick = random.choice(valid) if valid else None
        assert board == frozen  # the seed functions are pure
        if pick is None:
            assert valid == [] and GAME.forced(state) == (seat, {"pass": True})
            move = {"pass": True}
        else:
            assert pick in valid and GAME.forced(state) is None
            move = {"cell": cell_name(*pick)}
        before = copy.deepcopy(state)
        new = GAME.play(state, seat, move)
        assert state == before
        states.append(state)
        moves.append((seat, move))
        state = new
    else:
        pytest.fail("the game did not end")
    end = GAME.outcome(state)
    score = {p: sum(r.count(p) for r in state["board"]) for p in "XO"}
    assert end.score == score
    assert end.winner == (None if score["X"] == score["O"] else 0 if score["X"] > score["O"] else 1)
    assert getValidMoves(rows(state), "X") == getValidMoves(rows(state), "O") == []
    text = GAME.transcript({}, states + [state], moves)
    assert text.count("Round ") == len(moves) and "Game over:\n" in text
