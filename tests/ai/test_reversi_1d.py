"""Computer players of 1-D Reversi (games/catalog/reversi_1d/players.py): legality, the solver against a
brute force on the seed's functions, and perfect play: ``strong`` gets at least the game's
value (a draw) against every line the opponent can play, from either side.
"""

from __future__ import annotations

import random
from functools import cache

import pytest

from games.catalog.computer import LEVELS
from games.catalog.registry import GAMES
from games.catalog.reversi_1d import players as ai
from games.rules.reversi_1d import PLAYERS, get_opponent, is_game_over, is_valid_move, place_piece

GAME = GAMES["reversi_1d"]


def brute_value(board: list[str], turn: str) -> int:
    """Final (turn's pieces - the other's) under perfect play, with the seed's functions only."""
    other = get_opponent(turn)
    if is_game_over(board):
        return board.count(turn) - board.count(other)
    best = -13
    for position in range(1, 13):
        if is_valid_move(board, turn, position):
            child = list(board)
            place_piece(child, turn, position)
            best = max(best, -brute_value(child, other))
    return best


def random_state(rng: random.Random, plies: int) -> dict:
    state = GAME.setup({}, 0)
    for _ in range(plies):
        state = GAME.play(state, state["turn"], rng.choice(GAME.legal_moves(state, state["turn"])))
    return state


def test_the_game_is_a_draw_and_the_ends_are_the_best_first_moves():
    assert ai.value(0, 0) == 0
    assert ai.best_positions([" "] * 12, "X") == [1, 12]
    assert 100_000 < ai.cache_size() < 3**12


@pytest.mark.parametrize("plies", [5, 6, 7, 8, 9, 10, 11])
def test_solver_matches_brute_force(plies):
    rng = random.Random(plies)
    for _ in range(20):
        state = random_state(rng, plies)
        board, turn = state["board"], PLAYERS[state["turn"]]
        assert ai.value(*ai.masks(board, turn)) == brute_value(board, turn)
        best = brute_value(board, turn)
        for position in range(1, 13):
            if is_valid_move(board, turn, position):
                child = list(board)
                place_piece(child, turn, position)
                keeps = -brute_value(child, get_opponent(turn)) == best
                assert keeps == (position in ai.best_positions(board, turn))


@pytest.mark.parametrize("level", ["random", "strong"])
def test_levels_play_legal_moves(level):
    rng = random.Random(level)
    for plies in range(12):
        for _ in range(10):
            state = random_state(rng, plies)
            seat = state["turn"]
            move = LEVELS["reversi_1d"][level](GAME, state, seat, rng)
            assert move in GAME.legal_moves(state, seat)


@pytest.mark.parametrize("strong_seat", [0, 1])
def test_strong_never_does_worse_than_the_value_against_any_line(strong_seat):
    """Every opponent move at every turn (positions merged: the strong reply to a position
    is fixed with a fixed rng): the worst final difference for strong is the value, 0."""

    @cache
    def worst(board: tuple[str, ...]) -> int:
        turn = (12 - board.count(" ")) % 2  # X (seat 0) moves on an even number of pieces
        state = {"board": list(board), "turn": turn, "last": None, "flipped": []}
        if GAME.outcome(state) is not None:
            me, other = PLAYERS[strong_seat], PLAYERS[1 - strong_seat]
            return board.count(me) - board.count(other)
        seat = state["turn"]
        if seat == strong_seat:
            move = ai.strong_player(GAME, state, seat, random.Random(0))
            return worst(tuple(GAME.play(state, seat, move)["board"]))
        return min(worst(tuple(GAME.play(state, seat, m)["board"])) for m in GAME.legal_moves(state, seat))

    assert worst(tuple(" " * 12)) == 0 == ai.value(0, 0)


def test_strong_against_strong_is_a_draw_and_beats_or_draws_random():
    rng = random.Random(1)
    for game in range(40):
        state = GAME.setup({}, 0)
        seats = [ai.strong_player, ai.strong_player] if game < 10 else [ai.strong_player, ai.random_player]
        if game % 2:
            seats.reverse()
        while GAME.outcome(state) is None:
            seat = state["turn"]
            state = GAME.play(state, seat, seats[seat](GAME, state, seat, rng))
        end = GAME.outcome(state)
        if game < 10:
            assert end.winner is None and end.score == {"X": 6, "O": 6}
        else:
            strong = 1 if game % 2 else 0
            assert end.winner in (None, strong)


def test_the_whole_game_agrees_with_a_plain_minimax():
    """Every position reachable from the empty board: the solver's value equals a memoised
    minimax over the seed's functions (about 216,000 positions, some 15 s here)."""
    memo: dict[tuple[tuple[str, ...], str], int] = {}

    def minimax(board: list[str], turn: str) -> int:
        key = (tuple(board), turn)
        known = memo.get(key)
        if known is not None:
            return known
        other = get_opponent(turn)
        if is_game_over(board):
            found = board.count(turn) - board.count(other)
        else:
            found = -13
            for position in range(1, 13):
                if is_valid_move(board, turn, position):
                    child = list(board)
                    place_piece(child, turn, position)
                    found = max(found, -minimax(child, other))
        memo[key] = found
        return found

    assert minimax([" "] * 12, "X") == ai.value(0, 0) == 0
    assert len(memo) > 200_000
    wrong = [key for key, found in memo.items() if ai.value(*ai.masks(list(key[0]), key[1])) != found]
    assert wrong == []
