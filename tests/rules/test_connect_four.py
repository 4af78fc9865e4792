"""Tests of Connect Four (games/rules/connect_four.py) against the seed and games.md.

Seed: ``connect-four.txt``. Its PDF text shows the newlines of ``show_board``/``read_board``
strings as spaces (``'...R... ..YRR.. '``); here they are ``\\n``. The ``'0'`` in its
``pop_out`` example is a ``'.'`` (games.md).
"""

from __future__ import annotations

import copy
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.catalog.connect_four.engine import (
    GAME,
    ConnectFour,
    hint,
    move_notation,
    parse_move,
    start_board,
    winning_cells,
)
from games.rules.base import IllegalMove, OptionError
from games.rules.connect_four import (
    any_floating,
    check_horizontal,
    check_major_diagonal,
    check_minor_diagonal,
    check_vertical,
    check_winner,
    count_pieces_by_color,
    get_colors,
    get_coords_by_color,
    get_size,
    init_board,
    is_column_full,
    is_valid_coord,
    place_one,
    pop_out,
    read_board,
    show_board,
    winning_move,
)

# -- the seed's sample boards -----------------------------------------------------------
ex1 = [
    [".", ".", ".", "R", ".", ".", "."],
    [".", ".", "Y", "R", "R", ".", "."],
    [".", "R", "Y", "R", "Y", "R", "."],
    ["Y", "Y", "Y", "R", "Y", "Y", "R"],
]
ex2 = [
    [".", ".", ".", ".", ".", ".", "."],
    [".", ".", ".", "Y", ".", ".", "."],
    [".", ".", "Y", "B", "Y", ".", "."],
    [".", "Y", "B", "B", "B", "Y", "."],
    ["Y", "B", "B", "B", "Y", "B", "Y"],
]
ex3 = [
    [".", ".", ".", "."],
    [".", ".", ".", "."],
    [".", "B", "B", "."],
    [".", "B", "S", "."],
    ["S", "S", "B", "S"],
]
ex4 = [[".", ".", "."], [".", "A", "."], [".", ".", "."], ["B", "A", "B"]]
ex5 = [
    [".", ".", ".", "."],
    ["X", "O", ".", "."],
    ["O", "O", ".", "O"],
    ["X", "X", "X", "X"],
    ["X", "O", "O", "O"],
]
ex6 = [
    [".", ".", ".", ".", ".", ".", ".", ".", "."],
    [".", ".", ".", ".", "O", "X", ".", ".", "."],
    [".", ".", ".", "O", "O", "X", ".", ".", "."],
    ["O", ".", "O", "O", "X", "X", ".", "X", "."],
]
SAMPLES = [ex1, ex2, ex3, ex4, ex5, ex6]
SAMPLE_PRINTS = [
    "...R...\n..YRR..\n.RYRYR.\nYYYRYYR\n",
    ".......\n...Y...\n..YBY..\n.YBBBY.\nYBBBYBY\n",
    "....\n....\n.BB.\n.BS.\nSSBS\n",
    "...\n.A.\n...\nBAB\n",
    "....\nXO..\nOO.O\nXXXX\nXOOO\n",
    ".........\n....OX...\n...OOX...\nO.OOXX.X.\n",
]
DIRECTIONS = {"h": (0, 1), "v": (1, 0), "major": (1, 1), "minor": (-1, 1)}


# -- independent (naive) statements of the rules, for cross-checks ----------------------
def ref_run(board, r, c, dr, dc):
    cells = [(r + k * dr, c + k * dc) for k in range(4)]
    if not all(0 <= y < len(board) and 0 <= x < len(board[0]) for y, x in cells):
        return False
    values = {board[y][x] for y, x in cells}
    return len(values) == 1 and "." not in values


def ref_winner(board):
    colours = {
        board[r][c]
        for r in range(len(board))
        for c in range(len(board[0]))
        for dr, dc in DIRECTIONS.values()
        if ref_run(board, r, c, dr, dc)
    }
    if len(colours) > 1:
        return "tie!"
    if colours:
        return colours.pop()
    return "draw" if all(cell != "." for row in board for cell in row) else "pending"


def ref_drop(board, c, colour):
    """The board after dropping, or None; works column-wise from the bottom."""
    column = [row[c] for row in board]
    if "." not in column:
        return None
    r = len(column) - 1 - column[::-1].index(".")
    out = [list(row) for row in board]
    out[r][c] = colour
    return out


def ref_pop(board, c, colour):
    column = [row[c] for row in board]
    if column[-1] != colour:
        return None
    column = ["."] + column[:-1]
    return [[column[r] if x == c else cell for x, cell in enumerate(row)] for r, row in enumerate(board)]


def ref_winning_move(board, colour):
    if ref_winner(board) != "pending":
        return None
    for c in range(len(board[0])):
        after = ref_drop(board, c, colour)
        if after is not None and ref_winner(after) == colour:
            return c
    return None


def b(text: str) -> list[list[str]]:
    """A board from lines separated by spaces: ``b("..R. YRYR")``."""
    return [list(row) for row in text.split()]


def start(text: str, pop: bool = False) -> dict:
    """The initial state of a match started from ``text`` (lines separated by spaces)."""
    return GAME.setup(GAME.clean_options({"start": "\n".join(text.split()), "pop_out": pop}), seed=0)


def drop(c: int) -> dict:
    return {"action": "drop", "column": c}


def pop(c: int) -> dict:
    return {"action": "pop", "column": c}


# -- every example of the seed ----------------------------------------------------------
@pytest.mark.parametrize("board, printed", list(zip(SAMPLES, SAMPLE_PRINTS, strict=True)))
def test_sample_boards_print_as_in_the_seed(board, printed, capsys):
    assert show_board(board) == printed
    print(show_board(board))
    assert capsys.readouterr().out == printed + "\n"
    assert read_board(printed) == board


def test_init_board():
    assert init_board(2, 3) == [[".", ".", "."], [".", ".", "."]]
    board = init_board(2, 3)
    board[0][0] = "R"
    assert board[1][0] == "."  # rows are distinct lists


def test_show_board(capsys):
    assert show_board(ex1) == "...R...\n..YRR..\n.RYRYR.\nYYYRYYR\n"
    assert show_board([[".", ".", "."], ["A", "B", "A"]]) == "...\nABA\n"
    print(show_board([[".", ".", "."], ["A", "B", "A"]]))
    assert capsys.readouterr().out == "...\nABA\n\n"


def test_read_board():
    assert read_board("...\nABA\n") == [[".", ".", "."], ["A", "B", "A"]]
    assert read_board("..\n..\nOK\n") == [[".", "."], [".", "."], ["O", "K"]]
    assert read_board("....\n..\nNOO\n") is None  # different-length rows


def test_get_size():
    assert get_size([[".", ".", "."], [".", ".", "."]]) == (2, 3)
    assert get_size(ex3) == (5, 4)


def test_is_valid_coord():
    board = [["B", ".", "R"], ["R", "R", "B"]]
    assert is_valid_coord(board, 0, 0) is True
    assert is_valid_coord(board, 2, 3) is False
    assert is_valid_coord(board, -1, -1) is False


def test_get_coords_by_color():
    assert get_coords_by_color([["G", "."], ["Y", "Y"]], "Y") == [(1, 0), (1, 1)]
    assert get_coords_by_color([["G", "."], ["Y", "Y"]], "G") == [(0, 0)]
    assert get_coords_by_color([[".", "X"], ["Y", "X"]], "X") == [(0, 1), (1, 1)]


def test_get_colors():
    assert get_colors([[".", "Y"], ["Y", "X"]]) == ["Y", "X"]
    assert get_colors(ex1) == ["R", "Y"]
    assert get_colors(ex2) == ["Y", "B"]
    assert get_colors(ex3) == ["B", "S"]


def test_count_pieces_by_color():
    assert count_pieces_by_color([[".", "Y"], ["Y", "X"]], "X") == 1
    assert count_pieces_by_color([[".", "Y"], ["Y", "X"]], "A") == 0
    assert count_pieces_by_color(ex1, "R") == 8
    assert count_pieces_by_color(ex1, "Y") == 8


def test_any_floating():
    assert any_floating([["X", "Y"], ["Y", "X"]]) is False
    assert any_floating([["X", "Y"], [".", "."], ["X", "Y"]]) is True
    assert any_floating(ex1) is False
    assert any_floating(ex4) is True


def test_is_column_full():
    board = [[".", "Y"], ["Y", "X"], ["Y", "X"]]
    assert is_column_full(board, 0) is False
    assert is_column_full(board, 99) is False  # not a column
    assert is_column_full(ex1, 3) is True
    assert is_column_full(ex1, 4) is False


def test_pop_out_seed_example():
    board = [["A", "B"], ["B", "A"]]
    assert pop_out(board, 0, "B") is True
    assert board == [[".", "B"], ["A", "A"]]


def test_check_horizontal():
    assert check_horizontal([["A", "A", "A", "A", "A", "B", "B", "B"]], 0, 1) is True
    assert check_horizontal([["A", "A", "A", "A", "A", "B", "B", "B"]], 0, 4) is False


def test_check_vertical():
    column = [["A"], ["A"], ["A"], ["A"], ["A"]]
    assert check_vertical(column, 0, 0) is True
    assert check_vertical(column, 3, 0) is False  # not a full run
    assert check_vertical(column, -1, -1) is False  # invalid location


def test_check_diagonals():
    assert check_major_diagonal(ex2, 1, 3) is True
    assert check_major_diagonal(ex2, 4, 0) is False
    assert check_minor_diagonal(ex2, 4, 0) is True
    assert check_minor_diagonal(ex2, 1, 3) is False


def test_check_winner():
    assert check_winner(ex1) == "R"
    assert check_winner(ex3) == "pending"
    assert check_winner([["A", "B"]]) == "draw"
    assert check_winner(read_board("AAAABBBB\n")) == "tie!"


def test_winning_move():
    assert winning_move(ex6, "X") == 5
    assert winning_move(ex6, "O") == 1  # leftmost column that wins for 'O'
    assert winning_move(ex1, "O") is None  # game is already over!


# -- the seed functions: edge cases -----------------------------------------------------
def test_read_board_edges():
    assert read_board("\n\n...\n   \nABA\n\n") == [[".", ".", "."], ["A", "B", "A"]]  # blank lines
    assert read_board("...\r\nABA\r\n") == [[".", ".", "."], ["A", "B", "A"]]
    assert read_board("...") == [[".", ".", "."]]
    assert read_board("") == [] and read_board("\n \n") == []
    assert read_board("A.B\n. .\n") is None  # a space inside a line
    assert read_board(" ...\nABA\n") is None
    assert read_board("...\naba\n") is None  # lower case
    assert read_board("...\nA0A\n") is None  # the PDF's '0' is not a cell
    assert read_board("...\nAÉA\n") is None  # upper case, but not A-Z
    assert read_board("..\n...\n") is None


def test_seed_functions_on_board_edges():
    board = b("..R. YRYR")
    for r, c in [(0, 4), (2, 0), (-1, 0), (0, -1), (5, 5)]:
        assert is_valid_coord(board, r, c) is False
        for check in (check_horizontal, check_vertical, check_major_diagonal, check_minor_diagonal):
            assert check(board, r, c) is False
    assert is_column_full(board, -1) is False and is_column_full(board, 4) is False
    row = [["R", "R", "R", "R"]]
    assert [check_horizontal(row, 0, c) for c in range(4)] == [True, False, False, False]
    assert check_horizontal([[".", ".", ".", "."]], 0, 0) is False  # a run is of pieces
    assert check_vertical([["R"], ["R"], ["R"]], 0, 0) is False
    assert check_minor_diagonal(b("...R ..R. .R.. R..."), 3, 0) is True
    assert check_minor_diagonal(b("...R ..R. .R.. R..."), 0, 3) is False  # runs go up-right
    assert check_major_diagonal(b("R... .R.. ..R. ...R"), 0, 0) is True


def test_check_winner_edges():
    assert check_winner(b("RRRR YYYY")) == "tie!"
    assert check_winner(b("AAAA BBBB CCCC")) == "tie!"  # more than two colours with runs
    assert check_winner(b("RRRR YY..")) == "R"
    assert check_winner(b("RRRR.")) == "R"
    assert check_winner(b("RYRY YRYR")) == "draw"
    assert check_winner(b(".")) == "pending"
    assert check_winner(ex5) == "X"


def test_place_one_drops_to_the_lowest_empty_cell():
    board = b("... ... R..")
    assert place_one(board, 0, "Y") is True and board == b("... Y.. R..")
    assert place_one(board, 2, "R") is True and board == b("... Y.. R.R")
    assert place_one(board, 0, "R") is True and board == b("R.. Y.. R.R")
    before = copy.deepcopy(board)
    assert place_one(board, 0, "Y") is False  # full
    assert place_one(board, 3, "Y") is False  # no such column
    assert place_one(board, -1, "Y") is False  # negative indexes are not columns
    assert board == before


def test_pop_out_refusals_change_nothing():
    board = b("... R.. YR.")
    before = copy.deepcopy(board)
    assert pop_out(board, 0, "R") is False  # the bottom disc is Y's
    assert pop_out(board, 2, "R") is False  # empty column
    assert pop_out(board, 2, ".") is False  # nothing to pop, even for '.'
    assert pop_out(board, 3, "R") is False and pop_out(board, -1, "Y") is False
    assert board == before
    assert pop_out(board, 0, "Y") is True and board == b("... ... RR.")
    assert pop_out(board, 1, "R") is True and board == b("... ... R..")


def test_winning_move_edges():
    assert winning_move(b(".... .... RRR."), "R") == 3
    assert winning_move(b(".... R... R... RRR."), "R") == 0  # leftmost of two wins (0 and 3)
    assert winning_move(b("R... R... R... YYY."), "R") is None  # column 0 is full
    assert winning_move(b("R... R... R... YYY."), "Y") == 3
    assert winning_move(b("Y... R... R... R..."), "R") is None  # column 0 is full
    assert winning_move(b("RYRY YRYR"), "R") is None  # a full board: draw
    assert winning_move(b("RRRR ...."), "R") is None  # already won, even if it could win again
    assert winning_move(b(".... R... R... R..."), "Y") is None


def test_winning_cells():
    assert winning_cells(b("RRRRR ....")) == [[0, 0], [0, 1], [0, 2], [0, 3], [0, 4]]
    # Y's two diagonals of the seed's ex2 share the cell (1, 3).
    assert winning_cells(ex2) == [[1, 3], [2, 2], [2, 4], [3, 1], [3, 5], [4, 0], [4, 6]]
    assert winning_cells(ex3) == []


def test_move_notation_round_trips():
    for move in (drop(0), drop(11), pop(3)):
        assert parse_move(move_notation(move)) == move
    assert move_notation(drop(3)) == "drop 3" and move_notation(pop(0)) == "pop 0"
    for bad in ("", "drop", "drop -1", "push 2", "drop 2 3", "pop x", "drop ３"):
        with pytest.raises(ValueError):
            parse_move(bad)


# -- options and start positions --------------------------------------------------------
def test_default_options_and_setup():
    options = GAME.clean_options({})
    assert options == {"rows": 6, "columns": 7, "pop_out": False, "start": ""}
    state = GAME.setup(options, seed=0)
    assert state == {"board": ["......."] * 6, "turn": 0, "pop_out": False, "last": None}
    assert GAME.to_move(state) == [0] and GAME.outcome(state) is None
    assert GAME.legal_moves(state, 0) == [drop(c) for c in range(7)]
    assert GAME.legal_moves(state, 1) == []
    info = GAME.info()
    assert info["slug"] == "connect_four" and info["players"] == [2, 2]
    assert info["options"]["rows"] == {"type": "int", "default": 6, "min": 4, "max": 12, "label": "Rows"}
    assert info["options"]["columns"]["default"] == 7 and info["options"]["pop_out"]["type"] == "bool"
    assert info["options"]["start"]["type"] == "text"
    assert isinstance(GAME, ConnectFour)


@pytest.mark.parametrize("rows, columns", [(4, 4), (4, 12), (12, 4), (12, 12), (9, 5)])
def test_every_size_sets_up(rows, columns):
    state = GAME.setup(GAME.clean_options({"rows": rows, "columns": str(columns), "pop_out": "on"}), seed=0)
    assert state["board"] == ["." * columns] * rows and state["pop_out"] is True


@pytest.mark.parametrize(
    "raw, field",
    [
        ({"rows": 3}, "rows"),
        ({"rows": 13}, "rows"),
        ({"columns": 3}, "columns"),
        ({"columns": "x"}, "columns"),
    ]
    + [({"pop_out": "maybe"}, "pop_out"), ({"start": 5}, "start"), ({"colour": "R"}, "colour")],
)
def test_bad_options(raw, field):
    with pytest.raises(OptionError) as info:
        GAME.clean_options(raw)
    assert info.value.field == field and str(info.value)


def test_start_position_replaces_the_size_and_sets_the_side_to_move():
    options = GAME.clean_options({"rows": 6, "columns": 7, "start": "  .....\r\n\n .....\n.....\n..R..\n"})
    assert options["rows"] == 4 and options["columns"] == 5
    assert options["start"] == ".....\n.....\n.....\n..R..\n"  # normalised
    state = GAME.setup(options, seed=0)
    assert state["board"] == [".....", ".....", ".....", "..R.."] and state["turn"] == 1
    assert GAME.to_move(state) == [1] and GAME.legal_moves(state, 0) == []
    assert start(".... .... .... RY..")["turn"] == 0
    assert GAME.clean_options({"start": " \n \n"})["start"] == ""  # blank: no start position
    assert GAME.clean_options(options) == options  # cleaning again changes nothing


@pytest.mark.parametrize(
    "text, reason",
    [
        ("....\n...\n....\n....", "same length (found 3 and 4)"),
        ("....\n....\n....\nr...", "'r' on line 4 is not allowed"),
        ("....\n....\n.. .\nRY..", "' ' on line 3 is not allowed"),
        ("....\n....\n....\nRX..", "R and Y only (found 'X')"),
        ("R.Y\n...\n...", "4 to 12 rows and columns (it is 3 x 3)"),
        ("\n".join(["." * 4] * 13), "(it is 13 x 4)"),
        ("....\n....\n.R..\n...Y", "line 3, character 2 is a disc above an empty cell"),
        ("....\n....\n....\nRR..", "R has 2 discs and Y has 0"),
        ("....\n....\n....\nY...", "R has 0 discs and Y has 1"),
        ("....\nY...\nYYY.\nRRRR", "R already has four in a row"),
        ("RRRR\nYYYY\nRRRR\nYYYY", "R and Y already have four in a row"),
        ("YYRR\nRRYY\nYYRR\nRRYY", "the board is full"),
    ],
)
def test_start_positions_refused_with_a_reason(text, reason):
    with pytest.raises(OptionError) as info:
        GAME.clean_options({"start": text})
    assert info.value.field == "start"
    assert str(info.value).startswith("Start position: ") and reason in str(info.value)
    with pytest.raises(OptionError):
        GAME.setup({"rows": 6, "columns": 7, "pop_out": False, "start": text}, seed=0)


def test_start_board_helper():
    assert start_board("") is None
    assert start_board("....\n....\n....\nY.R.") == b(".... .... .... Y.R.")


# -- playing ----------------------------------------------------------------------------
def test_play_is_pure_and_records_the_last_move():
    state = GAME.setup(GAME.clean_options({"rows": 4, "columns": 5}), seed=0)
    frozen = copy.deepcopy(state)
    after = GAME.play(state, 0, drop(2))
    assert state == frozen and after is not state
    assert after == {
        "board": [".....", ".....", ".....", "..R.."],
        "turn": 1,
        "pop_out": False,
        "last": {"seat": 0, "action": "drop", "column": 2, "row": 3},
    }
    after = GAME.play(after, 1, drop(2))
    assert after["board"][2:] == ["..Y..", "..R.."] and after["last"]["row"] == 2


def test_drops_fill_a_column_then_it_is_refused():
    state = GAME.setup(GAME.clean_options({"rows": 4, "columns": 4}), seed=0)
    for k in range(4):
        state = GAME.play(state, k % 2, drop(3))
        assert state["last"]["row"] == 3 - k
    assert state["board"] == ["...Y", "...R", "...Y", "...R"]
    assert drop(3) not in GAME.legal_moves(state, 0)
    with pytest.raises(IllegalMove, match="Column 3 is full"):
        GAME.play(state, 0, drop(3))
    state = GAME.play(state, 0, drop(0))  # the left edge
    assert state["board"][3] == "R..R"


@pytest.mark.parametrize(
    "seat, move, message",
    [
        (1, drop(0), "not your turn"),
        (2, drop(0), "not your turn"),
        (-1, drop(0), "not your turn"),
        (0, drop(7), "no column 7"),
        (0, drop(-1), "no column -1"),
        (0, pop(0), "not allowed in this match"),
        (0, {"action": "drop", "column": True}, "A move is"),
        (0, {"action": "drop", "column": 1.0}, "A move is"),
        (0, {"action": "drop", "column": "3"}, "A move is"),
        (0, {"action": "drop", "column": None}, "A move is"),
        (0, {"action": "Drop", "column": 3}, "A move is"),
        (0, {"action": "push", "column": 3}, "A move is"),
        (0, {"action": ["drop"], "column": 3}, "A move is"),
        (0, {"action": "drop"}, "A move is"),
        (0, {"column": 3}, "A move is"),
        (0, {"action": "drop", "column": 3, "row": 5}, "A move is"),
        (0, {}, "A move is"),
        (0, "drop 3", "A move is"),
        (0, ["drop", 3], "A move is"),
        (0, None, "A move is"),
        (0, 3, "A move is"),
    ],
)
def test_illegal_moves_raise_illegal_move(seat, move, message):
    state = GAME.setup(GAME.clean_options({}), seed=0)
    frozen = copy.deepcopy(state)
    with pytest.raises(IllegalMove, match=message) as info:
        GAME.play(state, seat, move)
    assert isinstance(info.value, ValueError)
    assert state == frozen


def test_pops():
    state = start("..... ..... Y.... RYR..", pop=True)  # R 2, Y 2: R to move
    assert state["turn"] == 0
    assert GAME.legal_moves(state, 0) == [drop(c) for c in range(5)] + [pop(0), pop(2)]
    with pytest.raises(IllegalMove, match="bottom disc of column 1 is Y: you may only pop your own"):
        GAME.play(state, 0, pop(1))
    with pytest.raises(IllegalMove, match="Column 3 is empty"):
        GAME.play(state, 0, pop(3))
    with pytest.raises(IllegalMove, match="no column 5"):
        GAME.play(state, 0, pop(5))
    after = GAME.play(state, 0, pop(0))
    assert after["board"] == [".....", ".....", ".....", "YYR.."]
    assert after["last"] == {"seat": 0, "action": "pop", "column": 0, "row": 3}
    assert after["turn"] == 1 and GAME.outcome(after) is None
    assert GAME.legal_moves(after, 1)[-2:] == [pop(0), pop(1)]
    after = GAME.play(after, 1, pop(1))  # Y pops the last disc of a column
    assert after["board"][3] == "Y.R.."


def test_a_pop_that_makes_fours_for_both_is_a_tie():
    state = start(".... Y..Y RYYY YRRR RYRR", pop=True)
    assert state["turn"] == 0 and GAME.outcome(state) is None
    after = GAME.play(state, 0, pop(0))
    assert after["board"] == ["....", "...Y", "YYYY", "RRRR", "YYRR"]
    assert check_winner([list(r) for r in after["board"]]) == "tie!"
    end = GAME.outcome(after)
    assert end.winner is None and end.reason == "both have four in a row" and end.score == {"R": 6, "Y": 7}
    assert GAME.to_move(after) == [] and GAME.legal_moves(after, 1) == []
    assert GAME.view(after, None)["winning_cells"] == [[2, c] for c in range(4)] + [[3, c] for c in range(4)]
    text = GAME.transcript({}, [state, after], [(0, pop(0))])
    assert text.endswith(
        "R pops column 1\n....\n...Y\nYYYY\nRRRR\nYYRR\n\nTie! R and Y both have four in a row.\n"
    )


def test_a_pop_that_makes_four_for_the_opponent_loses():
    state = start(".... Y..R RYYY YRYR RYRR", pop=True)
    after = GAME.play(state, 0, pop(0))
    assert after["board"][2] == "YYYY"
    end = GAME.outcome(after)
    assert end.winner == 1 and end.reason == "four in a row"


def test_a_full_board_is_a_draw_even_with_pop_out():
    for pop_option in (False, True):
        state = start(".YRR RRYY YYRR RRYY", pop=pop_option)
        assert state["turn"] == 1
        assert GAME.legal_moves(state, 1) == [drop(0)] + ([pop(2), pop(3)] if pop_option else [])
        after = GAME.play(state, 1, drop(0))
        end = GAME.outcome(after)
        assert end.winner is None and end.reason == "board full" and end.score == {"R": 8, "Y": 8}
        assert GAME.to_move(after) == [] and GAME.forced(after) is None
        with pytest.raises(IllegalMove, match="game is over"):
            GAME.play(after, 0, pop(0))
        assert GAME.transcript({}, [state, after], [(1, drop(0))]).endswith("\n\nDraw! The board is full.\n")


def test_win_and_no_move_after_it():
    state = start(".... .... YYY. RRR.")
    assert GAME.forced(state) is None
    assert hint(state, 0) == 3 and GAME.hint(state, 0) == 3
    assert hint(state, 1) is None  # Y's disc in column 3 would land in the bottom row
    won = GAME.play(state, 0, drop(3))
    end = GAME.outcome(won)
    assert end.winner == 0 and end.reason == "four in a row" and end.score == {"R": 4, "Y": 3}
    assert GAME.to_move(won) == [] and GAME.legal_moves(won, 1) == []
    assert hint(won, 0) is None and hint(won, 1) is None
    for seat in (0, 1):
        with pytest.raises(IllegalMove, match="game is over"):
            GAME.play(won, seat, drop(0))
    view = GAME.view(won, 1)
    assert view["status"] == "R" and view["winning_cells"] == [[3, 0], [3, 1], [3, 2], [3, 3]]
    assert view["turn"] is None and view["colour_to_move"] is None


def test_hint():
    state = start(".... .... .... RY..")
    assert hint(state, 0) is None and hint(state, 1) is None and hint(state, 2) is None
    state = start("..... Y..R. YR.Y. YRRY. RYRRY")  # R 7, Y 7: R to move
    assert hint(state, 0) == 2  # completes R's diagonal (4, 0) .. (1, 3)
    assert hint(state, 1) == 0  # Y's column 0
    frozen = copy.deepcopy(state)
    hint(state, 0)
    assert state == frozen


def test_view_and_labels():
    state = GAME.setup(GAME.clean_options({"rows": 4, "columns": 5, "pop_out": True}), seed=0)
    state = GAME.play(state, 0, drop(4))
    view = GAME.view(state, None)
    assert view == {
        "board": [".....", ".....", ".....", "....R"],
        "rows": 4,
        "columns": 5,
        "colours": ["R", "Y"],
        "turn": 1,
        "colour_to_move": "Y",
        "pop_out": True,
        "last": {"seat": 0, "action": "drop", "column": 4, "row": 3},
        "status": "pending",
        "winning_cells": [],
        "count": {"R": 1, "Y": 0},
    }
    assert GAME.view(state, 0) == GAME.view(state, 1) == view  # nothing is secret
    frozen = copy.deepcopy(state)
    view["board"].append("x")
    view["last"]["row"] = 0
    assert state == frozen
    assert GAME.move_label(state, 1, drop(3)) == "column 4"  # counted from 1, as the board shows
    assert GAME.move_label(state, 1, pop(0)) == "pop column 1"
    assert GAME.player_label(0) == "Player R" and GAME.player_label(1) == "Player Y"


# -- transcripts ------------------------------------------------------------------------
def play_moves(state, moves):
    states, played = [state], []
    for move in moves:
        seat = GAME.to_move(states[-1])[0]
        states.append(GAME.play(states[-1], seat, move))
        played.append((seat, move))
    return states, played


def test_transcript_of_a_short_game():
    options = GAME.clean_options({"rows": 4, "columns": 4})
    states, moves = play_moves(GAME.setup(options, 0), [drop(0), drop(1)] * 3 + [drop(0)])
    assert GAME.transcript(options, states, moves) == (
        "....\n....\n....\n....\n\n"
        "R drops in column 1\n....\n....\n....\nR...\n\n"
        "Y drops in column 2\n....\n....\n....\nRY..\n\n"
        "R drops in column 1\n....\n....\nR...\nRY..\n\n"
        "Y drops in column 2\n....\n....\nRY..\nRY..\n\n"
        "R drops in column 1\n....\nR...\nRY..\nRY..\n\n"
        "Y drops in column 2\n....\nRY..\nRY..\nRY..\n\n"
        "R drops in column 1\nR...\nRY..\nRY..\nRY..\n\n"
        "R wins!\n"
    )


def test_transcript_with_pops_and_unfinished():
    options = GAME.clean_options({"rows": 4, "columns": 4, "pop_out": True})
    states, moves = play_moves(GAME.setup(options, 0), [drop(2), drop(2), pop(2)])
    assert GAME.transcript(options, states, moves) == (
        "....\n....\n....\n....\n\n"
        "R drops in column 3\n....\n....\n....\n..R.\n\n"
        "Y drops in column 3\n....\n....\n..Y.\n..R.\n\n"
        "R pops column 3\n....\n....\n....\n..Y.\n\n"
        "Y to move.\n"
    )
    assert GAME.transcript(options, states[:1], []) == "....\n....\n....\n....\n\nR to move.\n"


# -- properties -------------------------------------------------------------------------
boards = st.integers(1, 7).flatmap(
    lambda cols: st.lists(
        st.lists(st.sampled_from("..RYA"), min_size=cols, max_size=cols), min_size=1, max_size=7
    )
)


@settings(max_examples=300, deadline=None, database=None)
@given(boards, st.sampled_from("RYA"), st.integers(-2, 8), st.integers(-2, 8))
def test_seed_functions_agree_with_a_naive_statement(board, colour, r, c):
    frozen = copy.deepcopy(board)
    n_rows, n_cols = len(board), len(board[0])
    assert get_size(board) == (n_rows, n_cols)
    assert is_valid_coord(board, r, c) == (0 <= r < n_rows and 0 <= c < n_cols)
    assert check_horizontal(board, r, c) == ref_run(board, r, c, 0, 1)
    assert check_vertical(board, r, c) == ref_run(board, r, c, 1, 0)
    assert check_major_diagonal(board, r, c) == ref_run(board, r, c, 1, 1)
    assert check_minor_diagonal(board, r, c) == ref_run(board, r, c, -1, 1)
    assert check_winner(board) == ref_winner(board)
    assert winning_move(board, colour) == ref_winning_move(board, colour)
    assert any_floating(board) == any(
        board[y][x] != "." and "." in [board[k][x] for k in range(y + 1, n_rows)]
        for y in range(n_rows)
        for x in range(n_cols)
    )
    cells = [cell for row in board for cell in row]
    assert count_pieces_by_color(board, colour) == cells.count(colour)
    assert get_colors(board) == sorted({x for x in cells if x != "."}, key=cells.index)
    assert get_coords_by_color(board, colour) == sorted(
        (y, x) for y in range(n_rows) for x in range(n_cols) if board[y][x] == colour
    )
    assert is_column_full(board, c) == (0 <= c < n_cols and all(row[c] != "." for row in board))
    assert read_board(show_board(board)) == board
    assert board == frozen  # all of the above are pure
    expected = ref_drop(board, c, colour) if 0 <= c < n_cols else None
    assert place_one(board, c, colour) is (expected is not None)
    assert board == (expected or frozen)
    board = copy.deepcopy(frozen)
    expected = ref_pop(board, c, colour) if 0 <= c < n_cols else None
    assert pop_out(board, c, colour) is (expected is not None)
    assert board == (expected or frozen)


def reference_legal(board, colour, pop_option):
    moves = [drop(c) for c in range(len(board[0])) if board[0][c] == "."]
    if pop_option:
        moves += [pop(c) for c in range(len(board[0])) if board[-1][c] == colour]
    return moves


@settings(max_examples=60, deadline=None, database=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(4, 8), st.integers(4, 8), st.booleans(), st.integers(0, 2**32 - 1))
def test_random_play_keeps_the_invariants_and_ends(n_rows, n_cols, pop_option, seed):
    options = GAME.clean_options({"rows": n_rows, "columns": n_cols, "pop_out": pop_option})
    state = GAME.setup(options, seed)
    rng = random.Random(seed)
    counts = {"R": 0, "Y": 0}
    states, moves = [state], []
    # Drops only: every move fills a cell. With pops a game could in theory go on for ever
    # (no repetition rule); random play ends long before this bound.
    limit = n_rows * n_cols if not pop_option else 2000
    for _ in range(limit + 1):
        if GAME.outcome(state) is not None:
            break
        seat = state["turn"]
        colour = "RY"[seat]
        board = [list(row) for row in state["board"]]
        assert GAME.to_move(state) == [seat] and GAME.forced(state) is None
        legal = GAME.legal_moves(state, seat)
        assert legal == reference_legal(board, colour, pop_option) and legal
        assert GAME.legal_moves(state, 1 - seat) == []
        assert hint(state, seat) == ref_winning_move(board, colour)
        move = rng.choice(legal)
        frozen = copy.deepcopy(state)
        new = GAME.play(state, seat, move)
        assert state == frozen  # play is pure
        after = [list(row) for row in new["board"]]
        if move["action"] == "drop":
            assert after == ref_drop(board, move["column"], colour)
            counts[colour] += 1
            assert after[new["last"]["row"]][move["column"]] == colour
        else:
            assert after == ref_pop(board, move["column"], colour)
            counts[colour] -= 1
        assert new["turn"] == 1 - seat and new["last"]["action"] == move["action"]
        assert any_floating(after) is False
        assert {k: count_pieces_by_color(after, k) for k in "RY"} == counts
        if not pop_option:
            assert counts["R"] - counts["Y"] == new["turn"]
        assert len(after) == n_rows and all(len(row) == n_cols for row in after)
        states.append(new)
        moves.append((seat, move))
        state = new
    else:
        pytest.fail("the game did not end")
    end = GAME.outcome(state)
    final = [list(row) for row in state["board"]]
    status = ref_winner(final)
    assert status != "pending" and end.score == counts
    assert end.winner == {"R": 0, "Y": 1}.get(status)
    assert GAME.to_move(state) == [] and GAME.legal_moves(state, 0) == GAME.legal_moves(state, 1) == []
    assert (GAME.view(state, None)["winning_cells"] == []) == (status == "draw")
    if not pop_option:
        assert status != "tie!"  # only a pop can make fours for both
    text = GAME.transcript(options, states, moves)
    assert text.count(" drops in column ") + text.count(" pops column ") == len(moves)
    assert text.endswith(("R wins!\n", "Y wins!\n", "Draw! The board is full.\n", "four in a row.\n"))
