"""Tests of 1-D Reversi (games/rules/reversi_1d.py) against the seed ``reversi-1d.txt``.

Boards are written as 12-character strings (``" OXX    X  O"``) and turned into the
seed's list of 12 one-character strings.
"""

from __future__ import annotations

import copy
import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.catalog.reversi_1d.engine import GAME, Reversi1D
from games.rules.base import IllegalMove, OptionError
from games.rules.reversi_1d import (
    BLACK,
    WHITE,
    board_text,
    flips,
    get_opponent,
    initial_board,
    is_game_over,
    is_valid_move,
    place_piece,
    print_board,
)

SEED_BOARD = " OXX    X  O"  # the seed's worked example, white to move


def b(text: str) -> list[str]:
    assert len(text) == 12
    return list(text)


def framed(text: str) -> str:
    return f"+-----------------------+\n|{'|'.join(text)}|\n+-----------------------+"


def reference_flips(board: list[str], turn: str, position: int) -> set[int]:
    """An independent statement of the rule: walk each way, stop at the first non-opponent."""
    other = "O" if turn == "X" else "X"
    out: set[int] = set()
    for step in (-1, 1):
        run, k = [], position + step
        while 1 <= k <= 12 and board[k - 1] == other:
            run.append(k)
            k += step
        if 1 <= k <= 12 and board[k - 1] == turn:
            out.update(run)
    return out


# The seed's example game ("O swoops in for a last-minute win"). The seed's boards are
# images that did not survive, so the positions are reconstructed from its sentences:
# X and O; X between them and O too; X flips the two Os; O at the beginning; X next to
# that O, which O flips; X on the other end and O at position 4; X once more; O flips
# several Xs and wins.
EXAMPLE_GAME = [
    (6, "     X      "),
    (9, "     X  O   "),
    (7, "     XX O   "),
    (8, "     XXOO   "),
    (10, "     XXXXX  "),
    (1, "O    XXXXX  "),
    (2, "OX   XXXXX  "),
    (3, "OOO  XXXXX  "),
    (12, "OOO  XXXXX X"),
    (4, "OOOO XXXXX X"),
    (5, "OOOOXXXXXX X"),
    (11, "OOOOOOOOOOOX"),
]


# -- the seed's worked examples ---------------------------------------------------------
def test_print_board_of_the_empty_board(capsys):
    print_board(initial_board())
    assert capsys.readouterr().out == (
        "+-----------------------+\n| | | | | | | | | | | | |\n+-----------------------+\n"
    )


def test_board_text_of_the_seed_example():
    assert board_text(b(SEED_BOARD)) == (
        "+-----------------------+\n| |O|X|X| | | | |X| | |O|\n+-----------------------+"
    )


def test_white_at_5_flips_3_and_4():
    board = b(SEED_BOARD)
    assert is_valid_move(board, WHITE, 5) is True
    assert flips(board, WHITE, 5) == [3, 4]
    assert place_piece(board, WHITE, 5) is None
    assert board_text(board) == framed(" OOOO   X  O")
    assert board_text(board).split("\n")[1] == "| |O|O|O|O| | | |X| | |O|"


def test_white_at_6_flips_nothing():
    board = b(SEED_BOARD)
    assert is_valid_move(board, WHITE, 6) is True
    assert flips(board, WHITE, 6) == []
    place_piece(board, WHITE, 6)
    assert board_text(board).split("\n")[1] == "| |O|X|X| |O| | |X| | |O|"


def test_the_example_game():
    board = initial_board()
    turn = BLACK
    for position, expected in EXAMPLE_GAME:
        assert not is_game_over(board)
        assert is_valid_move(board, turn, position)
        place_piece(board, turn, position)
        assert "".join(board) == expected, position
        turn = get_opponent(turn)
    assert is_game_over(board)
    assert board.count("O") == 11 and board.count("X") == 1  # "O (white) wins!"


# -- get_opponent, is_valid_move, is_game_over ------------------------------------------
def test_get_opponent():
    assert (BLACK, WHITE) == ("X", "O")
    assert get_opponent("X") == "O" and get_opponent("O") == "X"
    assert get_opponent(get_opponent(BLACK)) == BLACK
    for bad in ("", " ", "x", "BLACK", None):
        with pytest.raises(ValueError):
            get_opponent(bad)


def test_is_valid_move_any_empty_slot_1_to_12():
    board = b(SEED_BOARD)
    for turn in (BLACK, WHITE):
        assert [p for p in range(-2, 16) if is_valid_move(board, turn, p)] == [1, 5, 6, 7, 8, 10, 11]
    assert all(is_valid_move(initial_board(), BLACK, p) for p in range(1, 13))
    assert not any(is_valid_move(b("XOXOXOXOXOXO"), WHITE, p) for p in range(1, 13))


@pytest.mark.parametrize("position", [0, 13, -1, -12, 100, 1.0, "1", None, True, False])
def test_is_valid_move_refuses_bad_positions(position):
    # -1 would be the last slot with Python's negative indexing; True would be slot 1.
    assert is_valid_move(initial_board(), BLACK, position) is False


@pytest.mark.parametrize("turn", ["", " ", "x", "BLACK", None])
def test_is_valid_move_refuses_unknown_players(turn):
    assert is_valid_move(initial_board(), turn, 1) is False


def test_seed_functions_do_not_modify_the_board():
    board = b(SEED_BOARD)
    is_valid_move(board, WHITE, 5)
    flips(board, WHITE, 5)
    is_game_over(board)
    board_text(board)
    assert board == b(SEED_BOARD)


def test_is_game_over_only_when_full():
    assert is_game_over(initial_board()) is False
    assert is_game_over(b(SEED_BOARD)) is False
    assert is_game_over(b("XXXXXXXXXXX ")) is False
    assert is_game_over(b(" OOOOOOOOOOO")) is False
    assert is_game_over(b("XOXOXOXOXOXO")) is True
    assert is_game_over(b("XXXXXXXXXXXX")) is True


# -- the flipping rule ------------------------------------------------------------------
@pytest.mark.parametrize(
    "before, turn, position, after",
    [
        ("X OOO X     ", "X", 2, "XXOOO X     "),  # the run must start right next to the piece
        ("XOO         ", "X", 4, "XXXX        "),  # closed to the left
        ("    OOX     ", "X", 4, "   XXXX     "),  # closed to the right
        ("XOO OOX     ", "X", 4, "XXXXXXX     "),  # both sides at once
        ("OO          ", "X", 3, "OOX         "),  # the edge does not close a run
        ("          OO", "X", 10, "         XOO"),  # nor on the right
        ("XO O        ", "X", 5, "XO OX       "),  # a gap breaks the run
        ("O XOOX      ", "O", 2, "OOOOOX      "),  # a run of one
        ("XO OX       ", "O", 3, "XOOOX       "),  # own pieces next: nothing to flip
        ("OXXXXXXXXXX ", "O", 12, "OOOOOOOOOOOO"),  # the longest run
        (" XXXXXXXXXXO", "O", 1, "OOOOOOOOOOOO"),
        ("XOX         ", "O", 4, "XOOO        "),
    ],
)
def test_flips(before, turn, position, after):
    board = b(before)
    expected = reference_flips(board, turn, position)
    assert set(flips(board, turn, position)) == expected
    place_piece(board, turn, position)
    assert "".join(board) == after


def test_place_piece_refuses_an_invalid_move_and_leaves_the_board():
    board = b(SEED_BOARD)
    for position in (2, 3, 0, 13, -1):
        with pytest.raises(ValueError):
            place_piece(board, WHITE, position)
    with pytest.raises(ValueError):
        place_piece(board, "Z", 1)
    assert board == b(SEED_BOARD)


# -- the engine -------------------------------------------------------------------------
def test_engine_metadata_and_options():
    assert isinstance(GAME, Reversi1D)
    info = GAME.info()
    # The one option is a start position (tests/rules/test_start_positions.py)
    assert info["slug"] == "reversi_1d" and list(info["options"]) == ["start"] and info["players"] == [2, 2]
    assert GAME.description and "\n" not in GAME.description
    assert GAME.clean_options({}) == {"start": ""}
    with pytest.raises(OptionError):
        GAME.clean_options({"size": 10})
    assert GAME.player_label(0) == "X (black)" and GAME.player_label(1) == "O (white)"


def test_setup_and_first_moves():
    state = GAME.setup({}, 7)
    assert state == GAME.setup({}, 0)
    assert json.loads(json.dumps(state)) == state
    assert state["board"] == [" "] * 12 and state["turn"] == 0
    assert GAME.to_move(state) == [0] and GAME.outcome(state) is None and GAME.forced(state) is None
    assert GAME.legal_moves(state, 0) == [{"position": p} for p in range(1, 13)]
    assert GAME.legal_moves(state, 1) == []


def test_play_is_pure_and_records_the_flips():
    state = {"board": b(SEED_BOARD), "turn": 1, "last": None, "flipped": []}
    before = copy.deepcopy(state)
    after = GAME.play(state, 1, {"position": 5})
    assert state == before
    assert after == {"board": b(" OOOO   X  O"), "turn": 0, "last": 5, "flipped": [3, 4]}
    assert GAME.legal_moves(after, 0) == [{"position": p} for p in (1, 6, 7, 8, 10, 11)]
    assert GAME.move_label(state, 1, {"position": 5}) == "5"


@pytest.mark.parametrize(
    "seat, move",
    [
        (0, {"position": 5}),  # not Black's turn
        (1, {"position": 2}),  # taken
        (1, {"position": 0}),
        (1, {"position": 13}),
        (1, {"position": -1}),
        (1, {"position": "5"}),
        (1, {"position": 5.0}),
        (1, {"position": True}),
        (1, {"position": None}),
        (1, {"position": 5, "extra": 1}),
        (1, {"cell": "E1"}),
        (1, {}),
        (1, 5),
        (1, None),
        (2, {"position": 5}),
    ],
)
def test_illegal_moves(seat, move):
    state = {"board": b(SEED_BOARD), "turn": 1, "last": None, "flipped": []}
    before = copy.deepcopy(state)
    with pytest.raises(IllegalMove) as info:
        GAME.play(state, seat, move)
    assert str(info.value)
    assert state == before


def example_states() -> tuple[list[dict], list[tuple[int, dict]]]:
    states, moves = [GAME.setup({}, 0)], []
    for ply, (position, _) in enumerate(EXAMPLE_GAME):
        moves.append((ply % 2, {"position": position}))
        states.append(GAME.play(states[-1], *moves[-1]))
    return states, moves


def test_example_game_on_the_engine_and_its_transcript():
    states, moves = example_states()
    assert ["".join(s["board"]) for s in states[1:]] == [board for _, board in EXAMPLE_GAME]
    final = states[-1]
    assert final["flipped"] == [5, 6, 7, 8, 9, 10] and final["last"] == 11
    end = GAME.outcome(final)
    assert end.winner == 1 and end.score == {"X": 1, "O": 11} and end.reason == "board full"
    assert GAME.to_move(final) == [] and GAME.legal_moves(final, 1) == []
    with pytest.raises(IllegalMove):
        GAME.play(final, 0, {"position": 1})
    lines = []
    for ply, (position, _) in enumerate(EXAMPLE_GAME):
        lines += [
            framed("".join(states[ply]["board"])),
            f"{'XO'[ply % 2]} ({('black', 'white')[ply % 2]}) places at {position}",
        ]
    lines += [framed("OOOOOOOOOOOX"), "O (white) wins!"]
    assert GAME.transcript({}, states, moves) == "\n".join(lines) + "\n"


def test_transcript_of_an_unfinished_game_exact():
    states, moves = example_states()
    assert GAME.transcript({}, states[:3], moves[:2]) == (
        "+-----------------------+\n| | | | | | | | | | | | |\n+-----------------------+\n"
        "X (black) places at 6\n"
        "+-----------------------+\n| | | | | |X| | | | | | |\n+-----------------------+\n"
        "O (white) places at 9\n"
        "+-----------------------+\n| | | | | |X| | |O| | | |\n+-----------------------+\n"
    )


def test_outcomes():
    def outcome(text: str):
        return GAME.outcome({"board": b(text), "turn": 0, "last": None, "flipped": []})

    draw = outcome("XXXXXXOOOOOO")
    assert draw.winner is None and draw.score == {"X": 6, "O": 6} and draw.reason == "draw"
    assert outcome("XXXXXXXOOOOO").winner == 0
    assert outcome("OOOOOOOXXXXX").winner == 1
    assert outcome("XXXXXXOOOOO ") is None
    states, moves = example_states()
    text = GAME.transcript({}, [states[0], {**states[0], "board": b("XXXXXXOOOOOO")}], [(0, {"position": 1})])
    assert text.endswith("|X|X|X|X|X|X|O|O|O|O|O|O|\n+-----------------------+\nDraw game!\n")


def test_view():
    state = GAME.play(GAME.setup({}, 0), 0, {"position": 3})
    view = GAME.view(state, None)
    assert view["board"] == state["board"] and view["board"] is not state["board"]
    assert view["count"] == {"X": 1, "O": 0} and view["size"] == 12 and view["last"] == 3
    assert GAME.view(state, 0) == GAME.view(state, 1) == view


# -- properties -------------------------------------------------------------------------
@settings(max_examples=150, deadline=None, database=None)
@given(st.permutations(list(range(1, 13))))
def test_random_games(order):
    """Any order of the 12 slots is a game; every step matches the reference rule."""
    state, states, moves = GAME.setup({}, 0), [], []
    for ply, position in enumerate(order):
        seat = ply % 2
        turn = "XO"[seat]
        board = state["board"]
        assert GAME.to_move(state) == [seat] and GAME.outcome(state) is None
        assert GAME.legal_moves(state, seat) == [{"position": p} for p in range(1, 13) if board[p - 1] == " "]
        expected = reference_flips(board, turn, position)
        frozen = copy.deepcopy(state)
        new = GAME.play(state, seat, {"position": position})
        assert state == frozen
        assert set(new["flipped"]) == expected
        changed = {p for p in range(1, 13) if board[p - 1] != new["board"][p - 1]}
        assert changed == expected | {position}
        assert all(new["board"][p - 1] == turn for p in changed)
        states.append(state)
        moves.append((seat, {"position": position}))
        state = new
    assert is_game_over(state["board"]) and GAME.to_move(state) == []
    end = GAME.outcome(state)
    x, o = state["board"].count("X"), state["board"].count("O")
    assert x + o == 12 and end.score == {"X": x, "O": o}
    assert end.winner == (None if x == o else 0 if x > o else 1)
    text = GAME.transcript({}, states + [state], moves)
    assert text.count("places at") == 12 and text.endswith(("wins!\n", "Draw game!\n"))


@settings(max_examples=300, deadline=None, database=None)
@given(st.lists(st.sampled_from(" XO"), min_size=12, max_size=12), st.sampled_from("XO"), st.integers(-1, 14))
def test_seed_functions_on_random_boards(board, turn, position):
    before = list(board)
    valid = is_valid_move(board, turn, position)
    assert valid is (1 <= position <= 12 and board[position - 1] == " ")
    assert board == before
    if valid:
        expected = reference_flips(board, turn, position)
        place_piece(board, turn, position)
        changed = {p for p in range(1, 13) if board[p - 1] != before[p - 1]}
        assert changed == expected | {position}
    else:
        with pytest.raises(ValueError):
            place_piece(board, turn, position)
        assert board == before
