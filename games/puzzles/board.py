"""A puzzle's position as the pages draw it (the games' renderers read a match's shape)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

import orjson

from games.catalog.kit import GameKit
from games.catalog.puzzle_finder import replay
from games.rules.base import Move, State

from .models import Puzzle

T = TypeVar("T")

KEPT = 8192  # what is kept of puzzles (a few KiB each); past it the cache starts again
_kept: dict[tuple[Any, ...], Any] = {}


def kept(key: tuple[Any, ...], make: Callable[[], T]) -> T:
    """``make()``, once per process and ``key``, for what a puzzle's fixed data gives the same
    every time (its position, its solution's boards). Callers never change what it returns."""
    if key not in _kept:
        if len(_kept) >= KEPT:
            _kept.clear()
        _kept[key] = make()
    return _kept[key]


def start(kit: GameKit, puzzle: Puzzle) -> State:
    """The puzzle's position, replayed once per process and moves (a game of 20 to 60 moves
    from its first: Connect Four's take 2 ms, most of a page's own CPU). States are values:
    ``play`` returns a new one, and nothing here changes one."""
    return kept(("start", puzzle.game, orjson.dumps(puzzle.moves)), lambda: replay(kit, puzzle.moves))


def position(kit: GameKit, puzzle: Puzzle, line: list[Move]) -> State:
    """The state after ``line`` (moves from the puzzle's position, both sides)."""
    state = start(kit, puzzle)
    for move in line:
        state = kit.game.play(state, kit.game.to_move(state)[0], move)
    return state


def board(kit: GameKit, puzzle: Puzzle, state: State, last_move: Move = None) -> dict[str, Any]:
    """What the page draws: the position, who is to move, the solver's legal moves when it is
    their turn, the last move and the result when the game ended."""
    game = kit.game
    to_move = game.to_move(state)
    end = game.outcome(state)
    return {
        "position": game.view(state, None),
        "to_move": to_move,
        "legal_moves": game.legal_moves(state, puzzle.seat) if puzzle.seat in to_move else [],
        "last_move": last_move,
        "result": end.as_dict() if end else None,
    }


def first_board(kit: GameKit, puzzle: Puzzle) -> dict[str, Any]:
    """The puzzle's position as its page first draws it (the opponent's mistake the last
    move), made once per process and puzzle."""
    key = ("first board", puzzle.pk, puzzle.digest)
    return kept(key, lambda: board(kit, puzzle, start(kit, puzzle), puzzle.mistake))
