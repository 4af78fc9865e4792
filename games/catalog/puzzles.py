"""What a game brings to puzzles: an exact solver's verdicts, themes, and where to look.

A puzzle is a position where the side to move has exactly one move that keeps the proved
result (a win; or a draw where every other move loses), reached by the opponent's mistake.
Its solution goes on while each of the solver's moves is the only one, the opponent's replies
being the most stubborn. ``games.catalog.puzzle_finder`` finds them from any game's kit; the
platform never names a game.

A kit's ``puzzles`` (a ``PuzzleKit``) says how its positions are proved: ``prove`` gives each
legal move of the seat to move its proved result for that seat. A one-sided solver (Gomoku's
win by continuous fours) proves wins only: its other moves are ``None`` (not proved), and a
puzzle's claim is then "the only move the solver proves", as ``claim`` words it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from games.rules.base import Move, State
from games.rules.words import gettext_noop

WIN, DRAW, LOSS = 1, 0, -1


@dataclass(frozen=True)
class MoveProof:
    """One legal move's proved result for the seat that makes it."""

    move: Move
    value: int | None  # WIN, DRAW or LOSS for the mover; None: the solver proves nothing
    # Among moves of one value, higher holds out longer (plies to the end, the disc margin):
    # the opponent's reply in a solution is the most stubborn.
    resistance: float = 0.0


@dataclass(frozen=True)
class Proof:
    """Every legal move of the seat to move, proved; and the solver's work for it."""

    moves: list[MoveProof]
    nodes: int


@dataclass(frozen=True)
class PuzzleKit:
    """How a game's puzzles are found and proved (a kit's ``puzzles``)."""

    solver: str  # the proof's name, for people ("Connect Four solver (alpha-beta, exact)")
    prove: Callable[[State], Proof]  # each legal move of the seat to move
    # Positions worth proving: big enough to be a puzzle, small enough for the solver
    # (Othello: 12 to 18 empty squares).
    eligible: Callable[[State], bool]
    # The solution's themes, from its position and line (the solver's moves and the replies).
    themes: Callable[[State, list[Move]], list[str]]
    options: dict[str, Any] = field(default_factory=dict)  # the options puzzles are played with
    # The computer levels whose games against each other are searched (each game picks two).
    sparring: tuple[str, ...] = ("random",)
    draws: bool = True  # False: the solver proves wins only (a one-sided solver)
    claim: str = gettext_noop("and win")  # "Red to play {claim}" ("and win with fours")
    max_solution: int = 6  # the solver's moves a solution holds at most
    target: int = 300  # how many puzzles ``find_puzzles`` ships
