"""Game records (games/rules/records.py and the engines' ``record``/``parse_record``): whole
random games written and read back, the standard Othello opening played to its board, bad
records refused with the move's number and why, forced passes put back where they fall."""

from __future__ import annotations

import random
from typing import Any

import pytest

from games.catalog.registry import GAMES
from games.rules.base import Game, IllegalMove, Move, Seat

MAX_PLIES = 300  # Connect Four with pop-out may go on for ever between random players


def random_game(game: Game, options: dict[str, Any], seed: int) -> list[tuple[Seat, Move]]:
    """A random game as the server stores it: each move, then the moves it forces."""
    rng = random.Random(seed)
    state, played = game.setup(options, seed), []
    while game.outcome(state) is None and len(played) < MAX_PLIES:
        forced = game.forced(state)
        seat, move = forced or (game.to_move(state)[0], None)
        move = move or game.random_move(state, seat, rng)
        state = game.play(state, seat, move)
        played.append((seat, move))
    return played


def round_trip(slug: str, raw: dict[str, Any], seeds: range) -> list[list[tuple[Seat, Move]]]:
    game = GAMES[slug]
    options = game.clean_options(raw)
    games = []
    for seed in seeds:
        played = random_game(game, options, seed)
        text = game.record(options, played)
        assert isinstance(text, str)
        assert game.parse_record(options, text) == played, (raw, seed, text)
        games.append(played)
    return games


@pytest.mark.parametrize("size", range(4, 27, 2))
def test_reversi_records_round_trip_on_every_size(size: int) -> None:
    seeds = range(6) if size <= 10 else range(1)  # a 26x26 game is 672 moves
    round_trip("reversi", {"size": size}, seeds)


def test_reversi_records_with_blocks_put_back_the_forced_passes() -> None:
    games = round_trip("reversi", {"size": 6, "blocks": "A1 B5 F2 E6"}, range(30))
    games += round_trip("reversi", {"size": 4}, range(30))
    passes = [move for played in games for _, move in played if move == {"pass": True}]
    assert passes, "no random game passed: the test shows nothing about passes"


def test_a_pass_is_not_written_and_reading_plays_it() -> None:
    game = GAMES["reversi"]
    options = game.clean_options({"size": 4})
    games = (random_game(game, options, seed) for seed in range(200))
    played = next(p for p in games if (0, {"pass": True}) in p or (1, {"pass": True}) in p)
    text = game.record(options, played)
    assert "pass" not in text and len(text) == sum(len(m["cell"]) for _, m in played if "cell" in m)
    assert game.parse_record(options, text) == played


def test_othello_records_round_trip() -> None:
    round_trip("othello", {}, range(10))


def test_the_tiger_opening_makes_its_board() -> None:
    game = GAMES["othello"]
    moves = game.parse_record({}, "f5d6c3d3c4")
    state = game.setup({}, 0)
    for seat, move in moves:
        state = game.play(state, seat, move)
    assert state["board"] == [
        "........",
        "........",
        "..XO....",
        "..XXX...",
        "...OXX..",
        "...O....",
        "........",
        "........",
    ]
    assert [seat for seat, _ in moves] == [0, 1, 0, 1, 0]


def test_a_standard_othello_line_plays_and_writes_itself_again() -> None:
    line = "f5d6c3d3c4f4f6f3e6e7d7g6d8c5c6c7"
    game = GAMES["othello"]
    moves = game.parse_record({}, line.upper())
    assert len(moves) == 16 and game.record({}, moves) == line
    state = game.setup({}, 0)
    for seat, move in moves:
        state = game.play(state, seat, move)
    assert game.view(state, None)["count"]["X"] + game.view(state, None)["count"]["O"] == 4 + 16


@pytest.mark.parametrize(
    ("slug", "raw", "text", "message"),
    [
        ("othello", {}, "f5d6c3d3c4f4c9", "Move 7 (c9) is off the 8x8 board."),
        ("othello", {}, "f5d6i3", "Move 3 (i3) is off the 8x8 board."),
        ("othello", {}, "f5 d6 ?3", "Move 3 (?3) is not a cell such as f5."),
        ("othello", {}, "f5d6d4", "Move 3 (d4) is not legal: d4 is taken."),
        ("othello", {}, "f5a1", "Move 2 (a1) is not legal: A1 flips no disc."),
        ("reversi", {"size": 6, "blocks": "A1"}, "a1", "Move 1 (a1) is not legal: a1 is a blocked cell."),
        ("reversi", {"size": 4}, "c1c2", "Move 2 (c2) is not legal: c2 is taken."),
        ("reversi", {"size": 4}, "a5", "Move 1 (a5) is off the 4x4 board."),
        ("connect_four", {}, "4444444", "Move 7 (4) is not legal: column 4 is full."),
        ("connect_four", {}, "448", "Move 3 (8) is off the board: the columns are 1 to 7."),
        ("connect_four", {}, "44x", "Move 3 (x) is not a column such as 4 (or p4 to pop out)."),
        ("connect_four", {}, "p4", "Move 1 (p4) is not legal: this game is played without pop-out."),
        ("connect_four", {"pop_out": True}, "p4", "Move 1 (p4) is not legal: column 4 is empty."),
        (
            "connect_four",
            {"pop_out": True},
            "45p5",
            "Move 3 (p5) is not legal: the bottom disc of column 5 is not R.",
        ),
        ("connect_four", {}, "12121212", "Move 8 (2) comes after the end of the game."),
        (
            "connect_four",
            {"columns": 10},
            "4453",
            "Move 1 (4453) is off the board: the columns are 1 to 10"
            " (separate the moves by spaces on this board).",
        ),
        ("reversi_1d", {}, "3 13", "Move 2 (13) is off the board: the slots are 1 to 12."),
        ("reversi_1d", {}, "3 3", "Move 2 (3) is not legal: position 3 is already taken."),
        ("reversi_1d", {}, "3 x", "Move 2 (x) is not a slot number (1 to 12)."),
    ],
)
def test_bad_records_are_refused_with_the_move_and_why(slug: str, raw: dict, text: str, message: str) -> None:
    game = GAMES[slug]
    with pytest.raises(ValueError) as refused:
        game.parse_record(game.clean_options(raw), text)
    assert str(refused.value) == message


def test_a_move_the_rules_refuse_is_an_illegal_move() -> None:
    with pytest.raises(IllegalMove):
        GAMES["othello"].parse_record({}, "f5f5")


@pytest.mark.parametrize(("rows", "columns"), [(4, 4), (6, 7), (5, 9), (7, 10), (12, 12)])
@pytest.mark.parametrize("pop_out", [False, True])
def test_connect_four_records_round_trip(rows: int, columns: int, pop_out: bool) -> None:
    games = round_trip("connect_four", {"rows": rows, "columns": columns, "pop_out": pop_out}, range(4))
    text = GAMES["connect_four"].record(
        GAMES["connect_four"].clean_options({"rows": rows, "columns": columns}), games[0]
    )
    assert (" " in text) == (columns > 9 and len(games[0]) > 1)
    if pop_out:
        assert any(move["action"] == "pop" for played in games for _, move in played) or columns > 9


def test_connect_four_reads_the_solvers_string_with_spaces_and_commas() -> None:
    game = GAMES["connect_four"]
    options = game.clean_options({"pop_out": True})
    moves = game.parse_record(options, "44 5,3 p4")
    assert moves[-1] == (0, {"action": "pop", "column": 3})
    assert [m["column"] for _, m in moves] == [3, 3, 4, 2, 3]
    assert game.record(options, moves) == "4453p4"


def test_connect_four_records_start_from_a_start_position() -> None:
    game = GAMES["connect_four"]
    options = game.clean_options({"start": "....\n....\n....\n.R.."})  # Y to move
    moves = game.parse_record(options, "2")
    assert moves == [(1, {"action": "drop", "column": 1})]


def test_reversi_1d_records_round_trip() -> None:
    games = round_trip("reversi_1d", {}, range(20))
    text = GAMES["reversi_1d"].record({}, games[0])
    assert all(token.isdigit() for token in text.split(" "))


@pytest.mark.parametrize("slug", ["alpha_battle", "journey"])
def test_games_without_a_record_say_so(slug: str) -> None:
    game = GAMES[slug]
    options = game.clean_options({})
    assert game.record(options, []) is None
    with pytest.raises(ValueError, match="has no game record"):
        game.parse_record(options, "a1")


def test_an_empty_record_is_the_start() -> None:
    assert GAMES["othello"].parse_record({}, "  ") == []
    assert GAMES["connect_four"].parse_record(GAMES["connect_four"].clean_options({}), "") == []
