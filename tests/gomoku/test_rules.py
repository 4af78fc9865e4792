"""Gomoku's rules (games/catalog/gomoku/engine.py) against an independent brute force: wins
(five or more, free-style) and draws on random games of many sizes, the options, refused
moves and their messages, records, positions and the view."""

from __future__ import annotations

import copy
import random

import pytest

from games.catalog.gomoku.engine import GAME
from games.catalog.gomoku.notation import cell_name, parse_cell
from games.rules.base import IllegalMove, OptionError

from .helpers import brute_runs, new_state, with_stones

SIZES = [
    (3, 3, 3),
    (4, 4, 3),
    (4, 4, 4),
    (6, 7, 4),
    (15, 15, 5),
    (19, 19, 5),
    (5, 9, 4),
    (9, 5, 5),
    (3, 19, 3),
    (19, 3, 3),
    (3, 10, 8),
    (8, 8, 8),
    (7, 12, 6),
]


# -- wins and draws against the brute force -----------------------------------------------------
@pytest.mark.parametrize("rows,columns,k", SIZES)
def test_random_games_end_exactly_as_the_brute_force_says(rows, columns, k):
    """After every move of many random games: the same winner, the same cells of the line
    (every run of k or more is through the last stone), a draw only on a full board, and
    the legal moves are the empty cells."""
    rng = random.Random(rows * 100 + columns * 10 + k)
    games = 25 if rows * columns <= 100 else 6
    ends = set()
    for _ in range(games):
        state = new_state(rows, columns, k)
        while True:
            seat = state["turn"]
            moves = GAME.legal_moves(state, seat)
            empties = {
                cell_name(y, x) for y, row in enumerate(state["board"]) for x, c in enumerate(row) if c == "."
            }
            assert {m["cell"] for m in moves} == empties
            before = copy.deepcopy(state)
            state = GAME.play(state, seat, rng.choice(moves))
            assert state != before and before == copy.deepcopy(before)  # play never mutates
            winners, cells = brute_runs(state["board"], k)
            end = GAME.outcome(state)
            assert set(state["line"]) == cells
            if winners:
                assert winners == {"XO"[seat]}
                assert end is not None and end.winner == seat and "in a row" in end.reason
                ends.add("win")
                break
            if not empties - {state["last"]}:
                assert end is not None and end.winner is None and end.reason == "board full"
                ends.add("draw")
                break
            assert end is None and GAME.to_move(state) == [1 - seat]
        assert GAME.to_move(state) == [] and GAME.legal_moves(state, 0) == GAME.legal_moves(state, 1) == []
    assert "win" in ends


def test_a_full_board_without_a_line_is_a_draw():
    state = new_state(3, 3, 3)
    for cell in ("B2", "A1", "C3", "A3", "A2", "C2", "B1", "B3", "C1"):
        assert GAME.outcome(state) is None
        state = GAME.play(state, state["turn"], {"cell": cell})
    end = GAME.outcome(state)
    assert end.winner is None and end.reason == "board full" and end.as_dict()["draw"]
    assert end.score == {"X": 5, "O": 4}
    assert GAME.result_message(end) == "Draw game!"


def test_six_in_a_row_wins_free_style():
    state = with_stones(15, 15, 5, "A1 B1 D1 E1 F1", "A2 B2 D2 E2 A5")
    assert GAME.outcome(state) is None
    state = GAME.play(state, 0, {"cell": "C1"})
    end = GAME.outcome(state)
    assert end.winner == 0 and end.reason == "five in a row"
    assert state["line"] == ["A1", "B1", "C1", "D1", "E1", "F1"]
    assert GAME.result_message(end) == "Player X wins!"


def test_four_is_not_five_and_both_lines_of_a_stone_are_marked():
    state = with_stones(9, 9, 5, "A1 B1 C1 E5 E6 E7 E8", "A9 B9 C9 D9 I1 I2 I3")
    state = GAME.play(state, 0, {"cell": "D1"})
    assert GAME.outcome(state) is None
    state = with_stones(9, 9, 5, "A1 B1 D1 E1 C2 C3 C4 C5", "A9 B9 C9 D9 I1 I2 I3 I4")
    state = GAME.play(state, 0, {"cell": "C1"})
    assert state["line"] == ["A1", "B1", "C1", "D1", "E1", "C2", "C3", "C4", "C5"]


# -- options -----------------------------------------------------------------------------
def test_options_defaults_and_schema():
    assert GAME.clean_options({}) == {"rows": 15, "columns": 15, "in_a_row": 5}
    assert GAME.clean_options({"rows": "3", "columns": 19, "in_a_row": 8}) == {
        "rows": 3,
        "columns": 19,
        "in_a_row": 8,
    }
    info = GAME.info()
    assert info["slug"] == "gomoku" and info["seat_names"] == ["Black (X)", "White (O)"]
    assert info["options"]["in_a_row"] == {
        "type": "int",
        "default": 5,
        "min": 3,
        "max": 8,
        "label": "In a row",
        "help": GAME.options["in_a_row"].help,
    }


@pytest.mark.parametrize(
    "raw,field,words",
    [
        ({"rows": 2}, "rows", "at least 3"),
        ({"columns": 20}, "columns", "at most 19"),
        ({"in_a_row": 9}, "in_a_row", "at most 8"),
        ({"in_a_row": 2}, "in_a_row", "at least 3"),
        ({"rows": 4, "columns": 5, "in_a_row": 6}, "in_a_row", "a line of 6 does not fit"),
        ({"rows": "x"}, "rows", "whole number"),
        ({"size": 9}, "size", "Unknown option"),
    ],
)
def test_bad_options_are_refused_with_the_field_and_why(raw, field, words):
    with pytest.raises(OptionError) as caught:
        GAME.clean_options(raw)
    assert caught.value.field == field and words in str(caught.value)


# -- refused moves ------------------------------------------------------------------------
def test_refused_moves_say_why():
    state = GAME.play(new_state(), 0, {"cell": "H8"})
    cases = [
        (1, {"cell": "H8"}, "H8 is taken."),
        (1, {"cell": "h8"}, "H8 is taken."),
        (1, {"cell": "P1"}, "There is no cell P1: the cells go from A1 to O15."),
        (1, {"cell": "A16"}, "There is no cell A16: the cells go from A1 to O15."),
        (1, {"cell": "A0"}, "A0 is not a cell such as H8."),
        (1, {"cell": "8H"}, "8H is not a cell such as H8."),
        (1, {"cell": ""}, "An empty text is not a cell such as H8."),
        (1, {"cell": 7}, 'A move is {"cell": "H8"}: a column letter and a row number.'),
        (1, {"cell": "H9", "x": 1}, 'A move is {"cell": "H8"}: a column letter and a row number.'),
        (1, ["H9"], 'A move is {"cell": "H8"}: a column letter and a row number.'),
        (0, {"cell": "H9"}, "It is not your turn."),
    ]
    for seat, move, message in cases:
        with pytest.raises(IllegalMove) as caught:
            GAME.play(state, seat, move)
        assert str(caught.value) == message, move
    won = GAME.play(with_stones(3, 3, 3, "A1 B1", "A2 B2"), 0, {"cell": "C1"})
    with pytest.raises(IllegalMove, match="^The game is over.$"):
        GAME.play(won, 1, {"cell": "C2"})


def test_lower_case_is_played_and_stored_upper_case():
    state = new_state(3, 3, 3)
    after = GAME.play(state, 0, {"cell": " b2 "})
    assert after["board"] == ["...", ".X.", "..."] and after["last"] == "B2"
    assert GAME.canonical(state, 0, {"cell": " b2 "}) == {"cell": "B2"}
    assert GAME.move_label(state, 0, {"cell": "b2"}) == "B2"


def test_cell_names_round_trip_on_the_widest_board():
    for y in range(19):
        for x in range(19):
            assert parse_cell(cell_name(y, x), 19, 19) == (y, x)
            assert parse_cell(cell_name(y, x).lower(), 19, 19) == (y, x)
    with pytest.raises(ValueError):
        parse_cell("H٨", 19, 19)  # a look-alike digit


# -- records, positions, the view, the transcript ------------------------------------------------
@pytest.mark.parametrize("rows,columns,k", [(3, 3, 3), (15, 15, 5), (12, 19, 5), (19, 4, 4)])
def test_records_round_trip(rows, columns, k):
    options = GAME.clean_options({"rows": rows, "columns": columns, "in_a_row": k})
    rng = random.Random(rows + columns)
    for _ in range(5):
        state, played = GAME.setup(options, 0), []
        while GAME.outcome(state) is None:
            seat = state["turn"]
            move = GAME.random_move(state, seat, rng)
            state = GAME.play(state, seat, move)
            played.append((seat, move))
        text = GAME.record(options, played)
        assert text == "".join(move["cell"].lower() for _, move in played)
        assert GAME.parse_record(options, text) == played
        assert GAME.parse_record(options, " ".join(m["cell"] for _, m in played)) == played


def test_bad_records_name_the_move_and_why():
    options = GAME.clean_options({"rows": 9, "columns": 12, "in_a_row": 5})
    cases = [
        ("e5 f5 e5", "Move 3 (e5) is not legal: e5 is taken."),
        ("e5 m1", "Move 2 (m1) is off the board: the cells go from a1 to l9."),
        ("e5 a10", "Move 2 (a10) is off the board: the cells go from a1 to l9."),
        ("e5 ?", "Move 2 (?) is not a cell such as h8."),
        ("a1a2b1b2c1c2d1d2e1 f1", "Move 10 (f1) comes after the end of the game."),
    ]
    for text, message in cases:
        with pytest.raises(ValueError) as caught:
            GAME.parse_record(options, text)
        assert str(caught.value) == message


def test_positions_say_who_moves_and_refuse_what_cannot_be_played():
    options = {"rows": 3, "columns": 3, "in_a_row": 3}
    state, notes = GAME.position(options, ["X..", ".O.", "..X"], None)
    assert state["turn"] == 1 and notes == [] and GAME.legal_moves(state, 1)
    refused = [
        (["X..", "...", "..."], 0, "it is O to move"),
        (["XX.", "...", "..."], None, "X has 2 stones and O 0"),
        (["XXX", "OO.", "..."], None, "already three in a row"),
        (["XOX", "XOO", "OXX"], None, "The board is full"),
        (["X.", "..", ".."], None, "3 rows of 3 cells"),
        (["X.#", "...", "..."], None, "C1 holds '#'"),
        ("X........", None, "list of row strings"),
    ]
    for board, to_move, words in refused:
        with pytest.raises(ValueError) as caught:
            GAME.position(options, board, to_move)
        assert words in str(caught.value)


def test_the_view_has_what_the_renderer_draws():
    state = GAME.play(new_state(6, 7, 4), 0, {"cell": "D3"})
    assert GAME.view(state, None) == {
        "board": [".......", ".......", "...X...", ".......", ".......", "......."],
        "rows": 6,
        "columns": 7,
        "in_a_row": 4,
        "stones": ["X", "O"],
        "turn": 1,
        "last": "D3",
        "line": [],
        "count": {"X": 1, "O": 0},
    }
    won = with_stones(3, 3, 3, "A1 B1", "A2 B2")
    won = GAME.play(won, 0, {"cell": "C1"})
    view = GAME.view(won, 1)
    assert view["turn"] is None and view["line"] == ["A1", "B1", "C1"] and view["last"] == "C1"


def test_the_transcript_prints_each_board_and_the_result():
    state, states, moves = new_state(3, 3, 3), [], []
    for cell in ("A1", "A2", "B1", "B2", "C1"):
        states.append(state)
        moves.append((state["turn"], {"cell": cell}))
        state = GAME.play(state, state["turn"], {"cell": cell})
    text = GAME.transcript({}, [*states, state], moves)
    assert text.startswith("Round 1:\n   A B C\n 1 . . .\n")
    assert "Player O's turn: A2\n" in text
    assert text.endswith("Game over:\n   A B C\n 1 X X X\n 2 O O .\n 3 . . .\nPlayer X wins!\n")
