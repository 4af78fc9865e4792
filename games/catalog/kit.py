"""A game kit: everything a game brings to the site besides the platform, in one typed value.

Each game's folder ends with a ``kit.py`` holding ``KIT = GameKit(...)``; the registry
(``games.catalog.registry``) lists the kits. Required fields have no default, so a kit that
forgets one fails when it is built, at start-up. Optional fields say what their default means.

A kit names its game's rules (``game``: the engine, a ``games.rules.base.Game``), its computer
levels (each with its chooser, note, shipped rating and budget), its draw-offer judgement, its
analysis, its rules-page diagrams and its quick-pairing pools. The rest of a game sits beside
its kit by name: ``rules.html`` (the rules page, with the diagrams' figures), ``static/`` served
at ``/static/games/<slug>/`` with ``render.js`` (the board; ``static/js/renderer.js`` says what
it must and may export) and ``thumb.svg`` (the lobby's picture).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from games.rules.base import Game, Move, Seat, State
from games.rules.words import gettext_noop

from .diagrams import Diagram
from .puzzles import PuzzleKit

# A computer player: the move for ``seat`` (the rng is its only source of chance).
Chooser = Callable[[Game, State, Seat, random.Random], Move]
# A position's value for the seat to move within a budget (seconds): (proved, value), or None.
Valuer = Callable[[State, Seat, float], tuple[bool, float] | None]


def random_player(game: Game, state: State, seat: Seat, rng: random.Random) -> Move:
    """The seeds' computer: a uniformly random legal move."""
    return game.random_move(state, seat, rng)


# Review's marks: the losses (in the game's unit) that make a move an inaccuracy, a mistake, a
# blunder; a game may give its own (its ``Analysis.thresholds``).
THRESHOLDS = (2, 5, 10)
RANDOM_NOTE = gettext_noop("Plays any legal move at random: good for learning the rules.")


@dataclass(frozen=True)
class Level:
    """A computer level, as the create form offers it. Its ``name`` and ``note`` are marked
    for the translators (``games.rules.words``): the platform translates them where shown."""

    name: str  # also the level's key (a match's ``level``): translated only where shown
    choose: Chooser
    note: str  # one line for players: how this level plays
    rating: int | None = None  # what ``manage.py rate_levels`` measured, shipped; None: unmeasured
    # The level searching another budget (seconds a move), for the levels that search against
    # the clock: ``rate_levels`` rates them quicker than the site plays. None: no clock.
    budgeted: Callable[[float], Chooser] | None = None


def random_level(rating: int | None = None, choose: Chooser = random_player) -> Level:
    """The level every game has, weakest of all: any legal move."""
    return Level(gettext_noop("random"), choose, RANDOM_NOTE, rating)


@dataclass(frozen=True)
class Analysis:
    """How positions of a game are analysed (the analysis API and board, a replay's review).

    ``value`` is the game's own search, asked about the position after each legal move; the
    values are in the game's unit (discs, Connect Four's score, letter points, ...)."""

    value: Valuer
    board: bool = True  # an analysis board at /analysis/<slug>/ (False: nothing to move on)
    # The moves to value when ``legal_moves`` cannot list them (None: ``legal_moves``).
    candidates: Callable[[State, Seat], list[Move]] | None = None
    # The position a finished game's move is judged in, from the states of the game, the
    # move's index and its seat (a secret commit: with the others' commits of the phase
    # public). None: the position it was played in.
    hindsight: Callable[[list[State], int, Seat], State] | None = None
    label: Callable[[Move], str] | None = None  # a move's label (None: the engine's ``move_label``)
    waiting: str = ""  # why a position with several seats to move has nothing to judge yet
    thresholds: tuple[float, float, float] = THRESHOLDS
    # The value of a win made by the move from ``state`` (in a game whose score does not
    # decide); the score's difference where it does.
    won: Callable[[State], float] = lambda state: 1


@dataclass(frozen=True)
class Pools:
    """The game's row of quick-pairing pools: its options and realtime clocks."""

    options: dict[str, Any]
    clocks: tuple[tuple[int, int], ...]  # (minutes, seconds added a move); 3 days is added


@dataclass(frozen=True)
class GameKit:
    """What the platform knows of one game."""

    game: Game
    diagrams: Callable[[], list[Diagram]]  # the rules page's example positions
    levels: tuple[Level, ...] = (random_level(),)  # weakest first; the first is "random"
    # Answers draw offers for the computer (None: declines them): the position's (proved, value)
    # for the seat to move, in the analysis' unit (usually the analysis' own ``value``).
    judge: Valuer | None = None
    analysis: Analysis | None = None  # None: the game is not analysed
    pools: Pools | None = None  # None: no quick pairing
    family: str = ""  # the kit whose shared code this one uses (Othello: "reversi")
    puzzles: PuzzleKit | None = None  # how its puzzles are found and proved (None: it has none)

    def __post_init__(self) -> None:
        names = [level.name for level in self.levels]
        if not names or names[0] != "random" or len(set(names)) != len(names):
            raise ValueError(f"{self.game.slug}: levels must start with 'random' and differ: {names}")
        if not all(level.note.endswith(".") for level in self.levels):
            raise ValueError(f"{self.game.slug}: every level's note is a sentence.")
        if self.judge is not None and self.analysis is None:
            # An estimate is weighed against the analysis' marks (``games.catalog.judge``).
            raise ValueError(f"{self.game.slug}: a judge speaks the analysis' unit: give an analysis.")

    @property
    def slug(self) -> str:
        """The game's slug (its folder's name)."""
        return self.game.slug

    def level(self, name: str) -> Level:
        """The level called ``name`` (KeyError when the game has none)."""
        for level in self.levels:
            if level.name == name:
                return level
        raise KeyError(name)
