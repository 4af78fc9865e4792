"""The analysis' proved values (``games.catalog.analysis``, the API's and the engine panel's) agree
with a plain minimax written here over the rules' engines only, on small boards: Connect Four
4x4 and 5x4 (Pons's scores), Reversi 4x4 from the start and 6x6 with blocks near the end
(final disc differences); an estimate is never called proved wrongly."""

from __future__ import annotations

import random
from functools import cache

import pytest

from games.catalog.analysis import analyse
from games.catalog.registry import GAMES

C4, REVERSI = GAMES["connect_four"], GAMES["reversi"]


def c4_minimax(state: dict) -> int:
    """Pons's score of ``state`` for the side to move (0 a draw; a win made after ``n`` stones
    were played scores ``(cells + 1 - n) // 2``)."""
    return _c4_value(tuple(state["board"]), state["turn"])


@cache
def _c4_value(board: tuple[str, ...], turn: int) -> int:
    s = {"board": list(board), "turn": turn, "pop_out": False, "last": None}
    cells = len(board) * len(board[0])
    played = sum(len(row) - row.count(".") for row in board)
    best = None
    for move in C4.legal_moves(s, turn):
        after = C4.play(s, turn, move)
        end = C4.outcome(after)
        if end is not None:
            v = (cells + 1 - played) // 2 if end.winner == turn else 0
        else:
            v = -_c4_value(tuple(after["board"]), after["turn"])
        best = v if best is None else max(best, v)
    return best


def reversi_minimax(state: dict) -> int:
    """Final (mover - other) discs under perfect play, passes as the engine forces them."""
    return _reversi_value(tuple(state["board"]), state["turn"], state["passes"])


@cache
def _reversi_value(board: tuple[str, ...], turn: int, passes: int) -> int:
    s = {"board": list(board), "turn": turn, "passes": passes, "flipped": [], "last": None}
    end = REVERSI.outcome(s)
    if end is not None:
        score = list(end.score.values())
        return score[turn] - score[1 - turn]
    forced = REVERSI.forced(s)
    moves = [forced[1]] if forced else REVERSI.legal_moves(s, turn)
    best = None
    for move in moves:
        after = REVERSI.play(s, turn, move)
        v = -_reversi_value(tuple(after["board"]), after["turn"], after["passes"])
        best = v if best is None else max(best, v)
    return best


def random_position(game, options: dict, plies: int, rng: random.Random) -> dict:
    state = game.setup(game.clean_options(options), seed=0)
    for _ in range(plies):
        if not game.to_move(state):
            break
        forced = game.forced(state)
        seat, move = forced if forced else (state["turn"], game.random_move(state, state["turn"], rng))
        state = game.play(state, seat, move)
    return state


def check(slug: str, state: dict, minimax) -> int:
    """Every proved move's value equals the minimax of the position after it; returns how many
    were proved."""
    game = GAMES[slug]
    found = analyse(slug, state, budget=8.0)
    seat, proved = found["to_move"], 0
    for row in found["moves"]:
        after = game.play(state, seat, row["move"])
        while game.outcome(after) is None and (forced := game.forced(after)) is not None:
            after = game.play(after, *forced)
        end = game.outcome(after)
        if end is not None:
            continue  # a finished game's value is the rules' own
        truth = minimax(after) * (1 if game.to_move(after) == [seat] else -1)
        if row["proved"]:
            proved += 1
            assert row["value"] == truth, (state["board"], row)
            assert row["outcome"] == ("win" if truth > 0 else "loss" if truth < 0 else "draw")
    return proved


@pytest.mark.parametrize(("rows", "columns", "plies"), [(4, 4, 4), (4, 4, 7), (5, 4, 9), (4, 5, 9)])
def test_connect_four_values_agree_with_minimax(rows, columns, plies):
    rng = random.Random(rows * 100 + columns * 10 + plies)
    proved = 0
    for _ in range(3):
        state = random_position(C4, {"rows": rows, "columns": columns}, plies, rng)
        if C4.to_move(state):
            proved += check("connect_four", state, c4_minimax)
    assert proved > 0


def test_reversi_4x4_from_the_start_and_6x6_with_blocks_near_the_end():
    start = REVERSI.setup(REVERSI.clean_options({"size": 4}), seed=0)
    assert check("reversi", start, reversi_minimax) == len(REVERSI.legal_moves(start, 0))
    rng, proved = random.Random(6), 0
    for _ in range(3):
        state = random_position(REVERSI, {"size": 6, "blocks": "A1 F6"}, 24, rng)
        if REVERSI.to_move(state):
            proved += check("reversi", state, reversi_minimax)
    assert proved > 0


@cache
def _one_d(board: str, me: str) -> int:
    """1-D Reversi written afresh (12 slots; a piece flips the other's pieces it closes on
    either side): final (me - other) pieces under perfect play, ``me`` to move."""
    other = "O" if me == "X" else "X"
    if "." not in board:
        return board.count(me) - board.count(other)
    best = None
    for slot, cell in enumerate(board):
        if cell != ".":
            continue
        cells = list(board)
        cells[slot] = me
        for step in (-1, 1):
            run, i = [], slot + step
            while 0 <= i < len(cells) and cells[i] == other:
                run.append(i)
                i += step
            if run and 0 <= i < len(cells) and cells[i] == me:
                for j in run:
                    cells[j] = me
        value = -_one_d("".join(cells), other)
        best = value if best is None else max(best, value)
    return best


def test_one_dimensional_reversi_from_the_start():
    game = GAMES["reversi_1d"]
    found = analyse("reversi_1d", game.setup({}, seed=0))
    assert found["proved"] and found["value"] == _one_d("." * 12, "X") == 0  # a 6-6 draw
    for row in found["moves"]:
        after = "".join(c if c != " " else "." for c in game.play(game.setup({}, 0), 0, row["move"])["board"])
        assert row["proved"] and row["value"] == -_one_d(after, "O"), row
