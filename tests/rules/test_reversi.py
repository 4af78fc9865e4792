"""Tests of Reversi with blocks (games/rules/reversi.py) against the seed and games.md.

Seed: Question 3 of ``assignment2-alphabattle-bible-reversi.txt``. Boards in the tests
are written as the seed prints them (cells separated by spaces; the seed's PDF text shows
many ``O`` as ``0``, here they are ``O``).
"""

from __future__ import annotations

import copy
import random
import string

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.catalog.reversi.engine import GAME, Reversi
from games.rules.base import IllegalMove, OptionError
from games.rules.reversi import (
    board_text,
    cell_name,
    centre_cells,
    count,
    has_empty_cells,
    has_valid_moves,
    initial_board,
    parse_blocks,
    parse_cell,
    valid_move,
)

DIRECTIONS = [(dy, dx) for dy in (-1, 0, 1) for dx in (-1, 0, 1) if (dy, dx) != (0, 0)]


# -- helpers ----------------------------------------------------------------------------
def board_of(*rows: str) -> list[list[str]]:
    """A board from rows in the seed's print format: ``"# # X O . ."``."""
    board = [list(row.replace(" ", "")) for row in rows]
    assert all(len(row) == len(board) for row in board), "boards are square"
    return board


def at(name: str, n: int = 26) -> tuple[int, int]:
    """``"D7"`` -> (6, 3)."""
    return parse_cell(name, n)


def state_of(board: list[list[str]], turn: int = 0, passes: int = 0) -> dict:
    return {"board": ["".join(r) for r in board], "turn": turn, "passes": passes, "flipped": [], "last": None}


def rows(state: dict) -> list[list[str]]:
    return [list(r) for r in state["board"]]


def reference_flips(board, p, y, x):
    """An independent (naive) statement of the flipping rule, for cross-checks."""
    n = len(board)
    if not (0 <= y < n and 0 <= x < n) or board[y][x] != ".":
        return set()
    other = "O" if p == "X" else "X"
    out = set()
    for dy, dx in DIRECTIONS:
        line = []
        for k in range(1, n):
            cy, cx = y + k * dy, x + k * dx
            if not (0 <= cy < n and 0 <= cx < n):
                line = []
                break
            if board[cy][cx] == other:
                line.append((cy, cx))
                continue
            if board[cy][cx] != p:  # empty, block
                line = []
            break
        else:
            line = []
        out.update(line)
    return out


def play_through(state: dict, moves: list[str]) -> tuple[list[dict], list[tuple[int, dict]]]:
    """Play ``moves`` (cell names) from ``state``, taking forced passes on the way; then take
    any passes forced at the end. Returns (states, moves) for ``transcript``."""
    states, played = [state], []
    todo = list(moves)
    while True:
        forced = GAME.forced(states[-1])
        if forced:
            seat, move = forced
        elif todo:
            seat, move = states[-1]["turn"], {"cell": todo.pop(0)}
        else:
            break
        states.append(GAME.play(states[-1], seat, move))
        played.append((seat, move))
    assert not todo
    return states, played


# -- the seed functions on hand-built boards --------------------------------------------
def test_initial_board_matches_figure_1_and_spec():
    board = initial_board(6)
    assert board_text(board) == "\n".join(
        [
            "   A B C D E F",
            " 1 . . . . . .",
            " 2 . . . . . .",
            " 3 . . X O . .",
            " 4 . . O X . .",
            " 5 . . . . . .",
            " 6 . . . . . .",
        ]
    )
    for n in range(4, 27, 2):
        h = n // 2
        assert centre_cells(n) == {(h - 1, h - 1): "X", (h, h): "X", (h - 1, h): "O", (h, h - 1): "O"}


@pytest.mark.parametrize(
    "cell, p, expected",
    [
        # 8x8 start: X on D4 and E5, O on E4 and D5
        ("E3", "X", True),
        ("F4", "X", True),
        ("C5", "X", True),
        ("D6", "X", True),
        ("D3", "X", False),  # next to a white disc, but nothing closes the line
        ("F3", "X", False),  # diagonal to a white disc, open beyond
        ("C3", "X", False),  # diagonal to a black disc only
        ("A1", "X", False),  # far away
        ("D4", "X", False),  # occupied by the mover
        ("E4", "X", False),  # occupied by the opponent
        ("D3", "O", True),
        ("C4", "O", True),
        ("F5", "O", True),
        ("E6", "O", True),
        ("E3", "O", False),
    ],
)
def test_valid_move_on_the_opening_board(cell, p, expected):
    board = initial_board(8)
    before = copy.deepcopy(board)
    y, x = at(cell)
    assert valid_move(board, p, y, x) is expected
    assert valid_move(board, p, y, x, flip=False) is expected
    assert board == before


@pytest.mark.parametrize("y, x", [(-1, 0), (0, -1), (-1, -1), (4, 0), (0, 4), (4, 4), (100, 2), (2, -100)])
def test_valid_move_off_board_is_invalid_and_harmless(y, x):
    board = initial_board(4)
    before = copy.deepcopy(board)
    assert valid_move(board, "X", y, x) is False
    assert valid_move(board, "X", y, x, flip=True) is None
    assert board == before


def test_valid_move_refuses_a_block_cell_even_if_it_would_flip():
    # A1 would close B2 (O) against C3 (X), but A1 is a block.
    board = board_of(
        "# . . .",
        ". O . .",
        ". . X .",
        ". . . .",
    )
    assert valid_move(board, "X", 0, 0) is False
    board[0][0] = "."
    assert valid_move(board, "X", 0, 0) is True


def test_valid_move_refuses_an_occupied_cell_even_if_it_would_flip():
    board = board_of(
        "O O X .",
        ". . . .",
        ". . . .",
        ". . . .",
    )
    assert valid_move(board, "X", 0, 0) is False  # "A1" holds O; "B1" O closed by C1 X
    assert valid_move(board, "X", 0, 1) is False
    board[0][0] = "."
    assert valid_move(board, "X", 0, 0) is True


def test_valid_move_needs_at_least_one_opponent_disc_between():
    board = board_of(
        ". X X .",
        ". . . .",
        ". . . .",
        ". . . .",
    )
    assert valid_move(board, "X", 0, 0) is False  # own discs only: nothing to clip
    assert valid_move(board, "X", 0, 3) is False
    board = board_of(
        ". O O .",
        ". . . .",
        ". . . .",
        ". . . .",
    )
    assert valid_move(board, "X", 0, 0) is False  # opponent discs but no closing disc
    assert valid_move(board, "X", 0, 3) is False
    board = board_of(
        ". O . X",
        ". . . .",
        ". . . .",
        ". . . .",
    )
    assert valid_move(board, "X", 0, 0) is False  # a gap breaks the line


def test_flip_true_returns_none_and_flips_exactly_the_closed_line():
    board = board_of(
        ". O O X",
        "O . . .",
        "O . . .",
        ". . . .",
    )
    assert valid_move(board, "X", 0, 0, flip=True) is None
    # A1 is placed, B1 C1 flip; A2 A3 are not closed (A4 empty) and stay white.
    assert board == board_of(
        "X X X X",
        "O . . .",
        "O . . .",
        ". . . .",
    )


def test_flip_true_on_an_invalid_move_changes_nothing():
    board = initial_board(6)
    before = copy.deepcopy(board)
    for y in range(6):
        for x in range(6):
            if not valid_move(board, "X", y, x):
                assert valid_move(board, "X", y, x, flip=True) is None
                assert board == before


def test_figure_2_white_d7_flips_the_vertical_line_d3_to_d6():
    # O at D2, X at D3..D6; distractor black discs around D7 whose lines are not closed.
    before = board_of(
        ". . . . . . . .",  # 1
        ". . . O . . . .",  # 2
        ". . . X . . . .",  # 3
        ". . . X . . . .",  # 4
        ". . . X . . . .",  # 5
        ". . X X X . . .",  # 6
        ". . X . X . . .",  # 7
        ". . . . . . . .",  # 8
    )
    board = copy.deepcopy(before)
    y, x = at("D7")
    assert (y, x) == (6, 3)
    assert valid_move(board, "O", y, x) is True
    assert board == before
    assert valid_move(board, "O", y, x, flip=True) is None
    assert board == board_of(
        ". . . . . . . .",
        ". . . O . . . .",
        ". . . O . . . .",
        ". . . O . . . .",
        ". . . O . . . .",
        ". . X O X . . .",
        ". . X O X . . .",
        ". . . . . . . .",
    )
    assert count(board) == {"X": 4, "O": 6}


def test_figure_3_black_f5_flips_three_lines_at_once():
    before = board_of(
        ". . . . . . . .",  # 1
        ". . . . . . . .",  # 2
        ". . O X . X . .",  # 3
        ". . . X O O . .",  # 4
        ". . X X O . . .",  # 5
        ". . . . O . . .",  # 6
        ". . . . O X . .",  # 7
        ". . . . . . . .",  # 8
    )
    board = copy.deepcopy(before)
    y, x = at("F5")
    assert valid_move(board, "X", y, x) is True
    assert valid_move(board, "X", y, x, flip=True) is None
    # (i) F5-F3 flips F4, (ii) F5-D5 flips E5, (iii) F5-D3 flips E4; E6 (F5-E6-D7, open)
    # and the other white discs stay.
    assert board == board_of(
        ". . . . . . . .",
        ". . . . . . . .",
        ". . O X . X . .",
        ". . . X X X . .",
        ". . X X X X . .",
        ". . . . O . . .",
        ". . . . O X . .",
        ". . . . . . . .",
    )


def test_all_eight_directions_flip():
    board = board_of(
        "X . X . X",
        ". O O O .",
        "X O . O X",
        ". O O O .",
        "X . X . X",
    )
    assert reference_flips(board, "X", 2, 2) == {(y, x) for y in (1, 2, 3) for x in (1, 2, 3)} - {(2, 2)}
    valid_move(board, "X", 2, 2, flip=True)
    assert board == board_of(
        "X . X . X",
        ". X X X .",
        "X X X X X",
        ". X X X .",
        "X . X . X",
    )


def test_a_block_stops_a_line_like_the_edge():
    # X at A4: the line up A3 (O) A2 (O) A1 (#) is not closed by the block.
    board = board_of(
        "# . . .",
        "O . . .",
        "O . . .",
        ". . . .",
    )
    assert valid_move(board, "X", 3, 0) is False
    # Same with the block replaced by the edge (a 3-row strip, shifted up).
    board = board_of(
        "O . . .",
        "O . . .",
        ". . . .",
        ". . . .",
    )
    assert valid_move(board, "X", 2, 0) is False
    # A block between opponent discs and a closing disc breaks the line too.
    board = board_of(
        ". O # X",
        ". . . .",
        ". . . .",
        ". . . .",
    )
    assert valid_move(board, "X", 0, 0) is False
    # And a block elsewhere on the line does not matter.
    board = board_of(
        ". O X #",
        ". . . .",
        ". . . .",
        ". . . .",
    )
    assert valid_move(board, "X", 0, 0) is True


def test_sample_run_1_round_17_to_20_with_a_block_stopping_a_line():
    round_17 = board_of(
        "# # X O . .",
        "# # O O # X",
        "O O X O O X",
        "O O O O O X",
        ". # O O # .",
        ". . O . . .",
    )
    board = copy.deepcopy(round_17)
    valid_move(board, "X", *at("E1"), flip=True)  # D1 flips; E2 is a block: stop.
    assert board == board_of(
        "# # X X X .",
        "# # O X # X",
        "O O X O O X",
        "O O O O O X",
        ". # O O # .",
        ". . O . . .",
    )
    assert has_valid_moves(board, "O") is False  # Round 18: O passes
    assert has_valid_moves(board, "X") is True
    valid_move(board, "X", *at("A5"), flip=True)
    # B4 flips (closed by C3); A4 A3 are not closed: A2 is a block.
    assert board == board_of(
        "# # X X X .",
        "# # O X # X",
        "O O X O O X",
        "O X O O O X",
        "X # O O # .",
        ". . O . . .",
    )


def test_has_valid_moves():
    assert has_valid_moves(initial_board(4), "X") is True
    assert has_valid_moves(initial_board(4), "O") is True
    sample_2 = initial_board(4, [at(c) for c in "B1 C1 A2 D2 A3 D3 B4 C4".split()])
    assert has_valid_moves(sample_2, "X") is False
    assert has_valid_moves(sample_2, "O") is False
    one_sided = board_of(
        "X O . .",
        ". . . .",
        ". . . .",
        ". . . .",
    )
    assert has_valid_moves(one_sided, "O") is False  # the X on A1 sits on the edge
    assert has_valid_moves(one_sided, "X") is True  # X at C1 closes B1
    both = board_of(
        ". O X .",
        "# # # #",
        "# # # #",
        "# # # #",
    )
    assert has_valid_moves(both, "X") is True  # X at A1 closes B1 against C1
    assert has_valid_moves(both, "O") is True  # O at D1 closes C1 against B1
    only_black = board_of(
        ". X X .",
        ". . . .",
        ". . . .",
        ". . . .",
    )
    assert has_valid_moves(only_black, "X") is False
    assert has_valid_moves(only_black, "O") is False
    full = board_of(
        "X X X X",
        "X O O X",
        "X O O X",
        "X X X X",
    )
    assert has_valid_moves(full, "X") is False
    assert has_valid_moves(full, "O") is False


def test_has_empty_cells():
    assert has_empty_cells(initial_board(4)) is True
    full = board_of(
        "X O # #",
        "# X O #",
        "# O X #",
        "# # O O",
    )
    assert has_empty_cells(full) is False
    full[3][3] = "."
    assert has_empty_cells(full) is True
    only_blocks_and_one_gap = [["#"] * 4 for _ in range(4)]
    assert has_empty_cells(only_blocks_and_one_gap) is False
    only_blocks_and_one_gap[0][2] = "."
    assert has_empty_cells(only_blocks_and_one_gap) is True


def test_valid_move_agrees_with_the_reference_on_the_sample_boards():
    boards = [
        initial_board(8),
        initial_board(6, [at(c) for c in "A1 A2 B1 B2 B5 E5 E2".split()]),
        board_of(
            "# # X X X .",
            "# # O X # X",
            "O O X X O X",
            "O X O X X X",
            "O # X O # X",
            "O . O O O .",
        ),
    ]
    for board in boards:
        for p in "XO":
            for y in range(len(board)):
                for x in range(len(board)):
                    assert valid_move(board, p, y, x) is bool(reference_flips(board, p, y, x))


# -- addresses --------------------------------------------------------------------------
@pytest.mark.parametrize(
    "text, cell",
    [("A1", (0, 0)), ("a1", (0, 0)), ("A2", (1, 0)), ("C10", (9, 2)), ("c10", (9, 2)), ("Z26", (25, 25))]
    + [(" d3 ", (2, 3)), ("z1", (0, 25)), ("A26", (25, 0))],
)
def test_parse_cell(text, cell):
    assert parse_cell(text, 26) == cell
    assert cell_name(*cell) == text.strip().upper()


@pytest.mark.parametrize(
    "text",
    ["", " ", "A", "1", "1A", "AA1", "A0", "A01", "A-1", "A1.5", "A 1", "#1", "A27", "@1", "[1", "A1A"]
    + ["A²", "A١", "ı1", "Ａ1"],  # non-ASCII look-alikes are not "A-Z or a-z plus 1-26"
)
def test_parse_cell_refuses_garbage(text):
    with pytest.raises(ValueError):
        parse_cell(text, 26)


@pytest.mark.parametrize("n, text", [(4, "E1"), (4, "A5"), (6, "G6"), (6, "X10"), (8, "I1"), (8, "A9")])
def test_parse_cell_refuses_off_board(n, text):
    with pytest.raises(ValueError, match="off the board"):
        parse_cell(text, n)


def test_cell_name_and_parse_cell_round_trip_on_every_size():
    for n in range(4, 27, 2):
        for y in range(n):
            for x in range(n):
                name = cell_name(y, x)
                assert parse_cell(name, n) == (y, x)
                assert parse_cell(name.lower(), n) == (y, x)


@settings(max_examples=200, deadline=None, database=None)
@given(st.text(max_size=6))
def test_parse_cell_accepts_only_canonical_addresses(text):
    try:
        y, x = parse_cell(text, 26)
    except ValueError:
        return
    assert text.strip().upper() == cell_name(y, x)


# -- options: size and blocks -----------------------------------------------------------
def test_default_options():
    assert GAME.clean_options({}) == {"size": 8, "blocks": "", "start": ""}
    assert GAME.clean_options(None) == {"size": 8, "blocks": "", "start": ""}


@pytest.mark.parametrize("size", [4, 6, 8, 10, 24, 26, "12", " 14 "])
def test_even_sizes_4_to_26_are_accepted(size):
    assert GAME.clean_options({"size": size})["size"] == int(str(size))


@pytest.mark.parametrize("size", [5, 7, 25, 3, 2, 0, -4, 27, 28, 100, "abc", "6.0", True, [6]])
def test_bad_sizes_are_refused(size):
    with pytest.raises(OptionError) as info:
        GAME.clean_options({"size": size})
    assert info.value.field == "size"


def test_unknown_option_is_refused():
    with pytest.raises(OptionError):
        GAME.clean_options({"colour": "red"})


def test_blocks_are_normalised_and_lower_case_accepted():
    options = GAME.clean_options({"size": 6, "blocks": "a1, a2 b1;b2  B5 e5 E2"})
    assert options == {"size": 6, "blocks": "A1 A2 B1 B2 B5 E5 E2", "start": ""}
    assert parse_blocks("a1 c10 Z26", 26) == [(0, 0), (9, 2), (25, 25)]


def test_too_many_blocks():
    # Sample Run #1: 19 blocks on 6x6 is too many (at most 36 / 2 = 18).
    tokens = [cell_name(y, x) for y in range(6) for x in range(6) if (y, x) not in centre_cells(6)]
    with pytest.raises(OptionError) as info:
        GAME.clean_options({"size": 6, "blocks": " ".join(tokens[:19])})
    assert str(info.value).startswith("Too many blocks!")
    assert info.value.field == "blocks"
    assert len(GAME.clean_options({"size": 6, "blocks": " ".join(tokens[:18])})["blocks"].split()) == 18
    # Sample Run #2: 9 on 4x4 is too many, 8 is fine.
    tokens = [cell_name(y, x) for y in range(4) for x in range(4) if (y, x) not in centre_cells(4)]
    with pytest.raises(OptionError, match="^Too many blocks!"):
        GAME.clean_options({"size": 4, "blocks": " ".join(tokens[:9])})
    GAME.clean_options({"size": 4, "blocks": " ".join(tokens[:8])})
    # On 26x26 at most 338.
    tokens = [cell_name(y, x) for y in range(26) for x in range(26) if (y, x) not in centre_cells(26)]
    assert len(GAME.clean_options({"size": 26, "blocks": " ".join(tokens[:338])})["blocks"].split()) == 338
    with pytest.raises(OptionError, match="^Too many blocks!"):
        GAME.clean_options({"size": 26, "blocks": " ".join(tokens[:339])})


@pytest.mark.parametrize(
    "size, blocks",
    [
        (6, "A1 C3"),  # Sample Run #1: C3 and D4 hold starting discs
        (6, "A1 D4"),
        (6, "D3"),
        (6, "c4"),
        (6, "A1 X10"),  # Sample Run #1: off the board
        (6, "A1 A2 B1 B2 A1"),  # Sample Run #1: A1 twice
        (6, "A1 a1"),
        (6, "G1"),
        (6, "A7"),
        (4, "B2"),
        (4, "C2"),
        (8, "D4 E5"),
        (8, "Z26"),
        (26, "M13"),
        (26, "N14"),
        (26, "AA1"),
        (8, "A0"),
        (8, "hello"),
        (8, "A1 ?"),
        (8, "11"),
        (8, "A"),
        (8, "A1-B2"),
        (8, "A²"),
    ],
)
def test_invalid_block_positions(size, blocks):
    with pytest.raises(OptionError) as info:
        GAME.clean_options({"size": size, "blocks": blocks})
    said = str(info.value)  # the seed's message, then why in words
    why = (": a block cannot go there.", " is listed twice.")
    assert said.startswith("Invalid position! ") and said.count("Invalid position!") == 1
    assert said.endswith(why) or " the cells go from A1 to " in said
    assert info.value.field == "blocks"


def test_blocks_text_must_be_text():
    with pytest.raises(OptionError):
        GAME.clean_options({"blocks": 42})


# -- Sample Run #2 (4x4, eight blocks): both pass, draw ---------------------------------
SAMPLE_2_BOARD = "\n".join(
    [
        "   A B C D",
        " 1 . # # .",
        " 2 # X O #",
        " 3 # O X #",
        " 4 . # # .",
    ]
)
SAMPLE_2_TRANSCRIPT = "\n".join(
    [
        "Round 1:",
        SAMPLE_2_BOARD,
        "Player X has no valid moves! Pass!",
        "Round 2:",
        SAMPLE_2_BOARD,
        "Player O has no valid moves! Pass!",
        "Game over:",
        SAMPLE_2_BOARD,
        "Draw game!",
    ]
)


def test_sample_run_2():
    options = GAME.clean_options({"size": "4", "blocks": "B1 C1 A2 D2 A3 D3 B4 C4"})
    state = GAME.setup(options, seed=1)
    assert board_text(rows(state)) == SAMPLE_2_BOARD
    assert GAME.to_move(state) == [0]
    assert GAME.legal_moves(state, 0) == []
    assert GAME.outcome(state) is None
    assert GAME.forced(state) == (0, {"pass": True})

    second = GAME.play(state, 0, {"pass": True})
    assert second["board"] == state["board"]
    assert GAME.to_move(second) == [1]
    assert GAME.outcome(second) is None
    assert GAME.forced(second) == (1, {"pass": True})

    final = GAME.play(second, 1, {"pass": True})
    assert GAME.to_move(final) == []
    assert GAME.forced(final) is None
    end = GAME.outcome(final)
    assert end.winner is None
    assert end.score == {"X": 2, "O": 2}

    text = GAME.transcript(options, [state, second, final], [(0, {"pass": True}), (1, {"pass": True})])
    assert text == SAMPLE_2_TRANSCRIPT + "\n"


# -- Sample Run #1 (6x6, seven blocks) --------------------------------------------------
SAMPLE_1_ROUND_1 = "\n".join(
    [
        "   A B C D E F",
        " 1 # # . . . .",
        " 2 # # . . # .",
        " 3 . . X O . .",
        " 4 . . O X . .",
        " 5 . # . . # .",
        " 6 . . . . . .",
    ]
)
SAMPLE_1_ROUND_2 = "\n".join(
    [
        "   A B C D E F",
        " 1 # # . . . .",
        " 2 # # . . # .",
        " 3 . . X X X .",
        " 4 . . O X . .",
        " 5 . # . . # .",
        " 6 . . . . . .",
    ]
)


def test_sample_run_1_opening():
    options = GAME.clean_options({"size": 6, "blocks": "A1 A2 B1 B2 B5 E5 E2"})
    state = GAME.setup(options, seed=0)
    assert board_text(rows(state)) == SAMPLE_1_ROUND_1
    assert {"cell": "E3"} in GAME.legal_moves(state, 0)
    second = GAME.play(state, 0, {"cell": "e3"})
    assert board_text(rows(second)) == SAMPLE_1_ROUND_2
    assert second["last"] == "E3"
    assert second["flipped"] == ["D3"]
    assert GAME.to_move(second) == [1]
    third = GAME.play(second, 1, {"cell": "C2"})  # "Player O's turn: C2"
    text = GAME.transcript(options, [state, second, third], [(0, {"cell": "e3"}), (1, {"cell": "C2"})])
    assert text.startswith(
        "\n".join(
            [
                "Round 1:",
                SAMPLE_1_ROUND_1,
                "Player X's turn: E3",
                "Round 2:",
                SAMPLE_1_ROUND_2,
                "Player O's turn: C2",
                "Round 3:",
                "",
            ]
        )
    )
    assert text.endswith(" 3 . . O X X .\n 4 . . O X . .\n 5 . # . . # .\n 6 . . . . . .\n")


def test_sample_run_1_end_rounds_24_to_game_over():
    round_24 = board_of(
        "# # X X X .",
        "# # O X # X",
        "O O X X O X",
        "O X O X X X",
        "O # X O # X",
        "O . O O O .",
    )
    options = {"size": 6, "blocks": "A1 A2 B1 B2 B5 E5 E2"}
    start = state_of(round_24, turn=1)
    states, moves = play_through(start, ["B6"])
    assert moves == [(1, {"cell": "B6"}), (0, {"pass": True}), (1, {"pass": True})]
    end = GAME.outcome(states[-1])
    assert end.winner == 1
    assert end.score == {"X": 12, "O": 15}
    expected_final = "\n".join(
        [
            "   A B C D E F",
            " 1 # # X X X .",
            " 2 # # O X # X",
            " 3 O O X X O X",
            " 4 O X O O X X",
            " 5 O # O O # X",
            " 6 O O O O O .",
        ]
    )
    text = GAME.transcript(options, states, moves)
    lines = text.split("\n")
    assert lines[0] == "Round 1:"
    assert lines[8] == "Player O's turn: B6"
    assert "\n".join(lines[9:18]) == "Round 2:\n" + expected_final + "\nPlayer X has no valid moves! Pass!"
    assert text.endswith(
        "Round 3:\n" + expected_final + "\nPlayer O has no valid moves! Pass!\n"
        "Game over:\n" + expected_final + "\nPlayer O wins!\n"
    )


# -- big boards -------------------------------------------------------------------------
def test_26x26_board():
    options = GAME.clean_options({"size": 26, "blocks": "z26 A26 Z1 c10"})
    state = GAME.setup(options, seed=0)
    board = rows(state)
    assert len(board) == 26 and all(len(r) == 26 for r in board)
    assert board[25][25] == board[25][0] == board[0][25] == board[9][2] == "#"
    assert at("Z26") == (25, 25) and at("C10") == (9, 2)
    assert board[12][12] == board[13][13] == "X" and board[12][13] == board[13][12] == "O"
    assert count(board) == {"X": 2, "O": 2}
    assert GAME.legal_moves(state, 0) == [{"cell": c} for c in ("N12", "O13", "L14", "M15")]
    assert GAME.legal_moves(state, 1) == []
    text = board_text(board).split("\n")
    assert text[0] == "   " + " ".join(string.ascii_uppercase)
    assert text[1] == " 1 " + " ".join("." * 25 + "#")
    assert text[9] == " 9 " + " ".join("." * 26)
    assert text[10] == "10 " + " ".join("..#" + "." * 23)
    assert text[26] == "26 " + " ".join("#" + "." * 24 + "#")
    state = GAME.play(state, 0, {"cell": "N12"})
    assert state["flipped"] == ["N13"]
    assert GAME.legal_moves(state, 1) == [{"cell": c} for c in ("M12", "O12", "O14")]
    for _ in range(6):
        seat = state["turn"]
        state = GAME.play(state, seat, GAME.legal_moves(state, seat)[-1])
    assert sum(count(rows(state)).values()) == 11
    assert rows(state)[25][25] == "#"
    with pytest.raises(IllegalMove):
        GAME.play(state, state["turn"], {"cell": "Z26"})  # a block
    with pytest.raises(IllegalMove):
        GAME.play(state, state["turn"], {"cell": "A27"})  # off the board


def test_every_even_size_sets_up_with_four_moves_each():
    for n in range(4, 27, 2):
        state = GAME.setup(GAME.clean_options({"size": n}), seed=0)
        assert len(GAME.legal_moves(state, 0)) == 4
        assert sum(row.count(".") for row in state["board"]) == n * n - 4


# -- the engine -------------------------------------------------------------------------
def test_play_is_pure_and_returns_a_new_state():
    state = GAME.setup(GAME.clean_options({}), seed=0)
    before = copy.deepcopy(state)
    after = GAME.play(state, 0, {"cell": "E3"})
    assert state == before
    assert after is not state
    assert after["board"][2:5] == ["....X...", "...XX...", "...OX..."]
    assert after["turn"] == 1 and after["passes"] == 0
    assert after["last"] == "E3" and after["flipped"] == ["E4"]


@pytest.mark.parametrize(
    "seat, move",
    [
        (1, {"cell": "E3"}),  # not White's turn
        (2, {"cell": "D3"}),  # no such seat
        (0, {"cell": "D4"}),  # occupied
        (0, {"cell": "A1"}),  # flips nothing
        (0, {"cell": "I1"}),  # off the board
        (0, {"cell": "A9"}),
        (0, {"cell": ""}),
        (0, {"cell": "D"}),
        (0, {"cell": 3}),
        (0, {"cell": None}),
        (0, {"cell": "D3", "pass": False}),
        (0, {"pass": True}),  # Black has valid moves
        (0, {"pass": True, "cell": "D3"}),
        (0, {"pass": "yes"}),
        (0, {}),
        (0, {"row": 2, "col": 3}),
        (0, "D3"),
        (0, None),
        (0, ["D3"]),
    ],
)
def test_illegal_moves_raise_illegal_move(seat, move):
    state = GAME.setup(GAME.clean_options({}), seed=0)
    before = copy.deepcopy(state)
    with pytest.raises(IllegalMove) as info:
        GAME.play(state, seat, move)
    assert isinstance(info.value, ValueError)
    assert str(info.value)
    assert state == before


def test_block_cell_is_an_illegal_move():
    state = GAME.setup(GAME.clean_options({"size": 4, "blocks": "A1"}), seed=0)
    with pytest.raises(IllegalMove):
        GAME.play(state, 0, {"cell": "A1"})
    board = rows(state)
    board[1][1] = "O"  # now A1 would close B2 (O) against C3 (X) for Black, but A1 is a block
    with pytest.raises(IllegalMove):
        GAME.play(state_of(board), 0, {"cell": "A1"})


def test_no_move_after_the_game_is_over():
    options = GAME.clean_options({"size": 4, "blocks": "B1 C1 A2 D2 A3 D3 B4 C4"})
    states, _ = play_through(GAME.setup(options, 0), [])
    final = states[-1]
    assert GAME.outcome(final) is not None
    for seat in (0, 1):
        assert GAME.legal_moves(final, seat) == []
        with pytest.raises(IllegalMove):
            GAME.play(final, seat, {"pass": True})
        with pytest.raises(IllegalMove):
            GAME.play(final, seat, {"cell": "A1"})


def test_forced_pass_exactly_when_the_mover_has_no_valid_move():
    # White to move: White has no valid move, Black has one (C1 closes B1 against A1).
    board = board_of(
        "X O . .",
        "# # # #",
        "# # # #",
        "# # # #",
    )
    white = state_of(board, turn=1)
    assert has_valid_moves(board, "O") is False
    assert has_valid_moves(board, "X") is True
    assert GAME.forced(white) == (1, {"pass": True})
    assert GAME.legal_moves(white, 1) == []
    with pytest.raises(IllegalMove):
        GAME.play(white, 1, {"cell": "C1"})
    black = GAME.play(white, 1, {"pass": True})
    assert black["passes"] == 1 and black["turn"] == 0 and black["board"] == white["board"]
    assert GAME.outcome(black) is None
    assert GAME.forced(black) is None
    assert GAME.legal_moves(black, 0) == [{"cell": "C1"}]
    with pytest.raises(IllegalMove):
        GAME.play(black, 0, {"pass": True})  # cannot pass with a valid move
    done = GAME.play(black, 0, {"cell": "C1"})
    assert done["passes"] == 0
    # D1 is still empty but neither side can move: two forced passes end it.
    states, moves = play_through(done, [])
    assert moves == [(1, {"pass": True}), (0, {"pass": True})]
    end = GAME.outcome(states[-1])
    assert end.winner == 0 and end.score == {"X": 3, "O": 0}
    assert end.reason == "no valid moves"


def test_a_single_pass_does_not_end_the_game():
    board = board_of(
        "X O . .",
        "# # # #",
        "# # # #",
        "# # # #",
    )
    state = state_of(board, turn=1, passes=1)  # a pass then a pass only ends with no move
    assert GAME.outcome(state_of(board, turn=1, passes=0)) is None
    assert GAME.outcome(state) is None
    assert GAME.outcome(state_of(board, turn=1, passes=2)) is not None


def test_outcome_full_board():
    full_black = board_of(
        "X X X X",
        "X O O X",
        "X O X #",
        "X X X X",
    )
    end = GAME.outcome(state_of(full_black))
    assert end.winner == 0 and end.score == {"X": 12, "O": 3} and end.reason == "board full"
    full_white = [["O" if c == "X" else "X" if c == "O" else c for c in r] for r in full_black]
    end = GAME.outcome(state_of(full_white))
    assert end.winner == 1 and end.score == {"X": 3, "O": 12}
    draw = board_of(
        "X X O O",
        "X X O O",
        "X X O O",
        "X X O O",
    )
    end = GAME.outcome(state_of(draw))
    assert end.winner is None and end.score == {"X": 8, "O": 8}
    assert GAME.to_move(state_of(draw)) == []
    assert GAME.forced(state_of(draw)) is None


def test_outcome_none_while_playing():
    state = GAME.setup(GAME.clean_options({"size": 6}), seed=0)
    assert GAME.outcome(state) is None
    assert GAME.to_move(state) == [0]
    state = GAME.play(state, 0, {"cell": "E3"})
    assert GAME.outcome(state) is None
    assert GAME.to_move(state) == [1]


def test_legal_moves_agree_with_valid_move_on_every_cell():
    options = GAME.clean_options({"size": 8, "blocks": "A1 H8 C6 F3"})
    state = GAME.setup(options, seed=0)
    rng = random.Random(7)
    for _ in range(20):
        if GAME.outcome(state):
            break
        seat = state["turn"]
        board = rows(state)
        expected = [
            {"cell": cell_name(y, x)}
            for y in range(8)
            for x in range(8)
            if valid_move(board, "XO"[seat], y, x)
        ]
        assert GAME.legal_moves(state, seat) == expected
        assert GAME.legal_moves(state, 1 - seat) == []
        forced = GAME.forced(state)
        move = forced[1] if forced else rng.choice(expected)
        state = GAME.play(state, seat, move)


def test_view_and_labels():
    state = GAME.setup(GAME.clean_options({"size": 6}), seed=0)
    view = GAME.view(state, None)
    assert view["size"] == 6 and view["count"] == {"X": 2, "O": 2} and view["board"] == state["board"]
    assert GAME.view(state, 0) == GAME.view(state, 1) == view
    assert GAME.move_label(state, 0, {"cell": "c2"}) == "C2"
    assert GAME.move_label(state, 0, {"pass": True}) == "pass"
    assert GAME.player_label(0) == "Player X" and GAME.player_label(1) == "Player O"
    info = GAME.info()
    assert info["slug"] == "reversi" and info["options"]["size"]["min"] == 4
    assert info["options"]["size"]["max"] == 26
    assert isinstance(GAME, Reversi)


def test_unfinished_transcript_ends_with_the_next_round():
    options = GAME.clean_options({"size": 4})
    state = GAME.setup(options, seed=0)
    assert GAME.transcript(options, [state], []) == "Round 1:\n" + board_text(rows(state)) + "\n"


# -- properties -------------------------------------------------------------------------
@st.composite
def games(draw):
    """An even size 4..10, a valid set of blocks (0 to N*N/2) and a random seed for play."""
    n = draw(st.sampled_from([4, 6, 8, 10]))
    free = [(y, x) for y in range(n) for x in range(n) if (y, x) not in centre_cells(n)]
    blocks = draw(st.lists(st.sampled_from(free), unique=True, max_size=n * n // 2))
    spelled = [cell_name(y, x) if draw(st.booleans()) else cell_name(y, x).lower() for y, x in blocks]
    return n, blocks, " ".join(spelled), draw(st.integers(0, 2**32 - 1))


@settings(max_examples=100, deadline=None, database=None, suppress_health_check=[HealthCheck.too_slow])
@given(games())
def test_random_legal_play_keeps_the_invariants(game):
    n, blocks, spelled, seed = game
    options = GAME.clean_options({"size": n, "blocks": spelled})
    state = GAME.setup(options, seed)
    board = rows(state)
    block_cells = {(y, x) for y in range(n) for x in range(n) if board[y][x] == "#"}
    assert block_cells == set(blocks)
    rng = random.Random(seed)
    empties = sum(r.count(".") for r in state["board"])
    limit = 3 * empties + 2  # each disc fills a cell; at most two passes in a row
    states, moves = [state], []
    for _ in range(limit + 1):
        if GAME.outcome(state) is not None:
            break
        seat = state["turn"]
        p, o = "XO"[seat], "XO"[1 - seat]
        board = rows(state)
        legal = GAME.legal_moves(state, seat)
        assert GAME.to_move(state) == [seat]
        assert legal == [
            {"cell": cell_name(y, x)}
            for y in range(n)
            for x in range(n)
            if bool(reference_flips(board, p, y, x))
        ]
        forced = GAME.forced(state)
        assert (forced is not None) == (not legal) == (not has_valid_moves(board, p))
        move = forced[1] if forced else rng.choice(legal)
        frozen = copy.deepcopy(state)
        new = GAME.play(state, seat, move)
        assert state == frozen  # play is pure
        after = rows(new)
        assert new["turn"] == 1 - seat
        assert {(y, x) for y in range(n) for x in range(n) if after[y][x] == "#"} == block_cells
        tally = {c: sum(r.count(c) for r in new["board"]) for c in "XO#."}
        assert sum(tally.values()) == n * n and all(len(r) == n for r in new["board"])
        if forced:
            assert move == {"pass": True}
            assert new["board"] == state["board"] and new["passes"] == state["passes"] + 1
        else:
            y, x = parse_cell(move["cell"], n)
            flips = reference_flips(board, p, y, x)
            assert {parse_cell(c, n) for c in new["flipped"]} == flips
            assert new["passes"] == 0 and new["last"] == move["cell"]
            old = count(board)
            assert tally[p] == old[p] + 1 + len(flips)
            assert tally[o] == old[o] - len(flips)
            changed = {(cy, cx) for cy in range(n) for cx in range(n) if board[cy][cx] != after[cy][cx]}
            assert changed == flips | {(y, x)}
        states.append(new)
        moves.append((seat, move))
        state = new
    else:
        pytest.fail("the game did not end")
    end = GAME.outcome(state)
    assert end is not None and GAME.to_move(state) == [] and GAME.forced(state) is None
    score = count(rows(state))
    assert end.score == score
    if score["X"] == score["O"]:
        assert end.winner is None
    else:
        assert end.winner == (0 if score["X"] > score["O"] else 1)
    assert has_empty_cells(rows(state)) is False or moves[-2:] == [
        (moves[-2][0], {"pass": True}),
        (moves[-1][0], {"pass": True}),
    ]
    text = GAME.transcript(options, states, moves)
    assert text.count("Round ") == len(moves)
    assert text.endswith(("Player X wins!\n", "Player O wins!\n", "Draw game!\n"))


@settings(max_examples=300, deadline=None, database=None)
@given(
    st.sampled_from([4, 6, 8]).flatmap(
        lambda n: st.tuples(
            st.lists(st.lists(st.sampled_from(".XO#"), min_size=n, max_size=n), min_size=n, max_size=n),
            st.sampled_from("XO"),
            st.integers(-2, n + 1),
            st.integers(-2, n + 1),
        )
    )
)
def test_valid_move_never_mutates_and_flip_plays_exactly_the_move(case):
    board, p, y, x = case
    before = copy.deepcopy(board)
    expected = reference_flips(board, p, y, x)
    assert valid_move(board, p, y, x) is bool(expected)
    assert board == before
    assert has_valid_moves(board, p) is any(
        reference_flips(board, p, cy, cx) for cy in range(len(board)) for cx in range(len(board))
    )
    assert has_empty_cells(board) is any("." in r for r in board)
    assert board == before
    assert valid_move(board, p, y, x, flip=True) is None
    changed = {
        (cy, cx) for cy in range(len(board)) for cx in range(len(board)) if board[cy][cx] != before[cy][cx]
    }
    if expected:
        assert changed == expected | {(y, x)}
        assert all(board[cy][cx] == p for cy, cx in changed)
    else:
        assert changed == set()
