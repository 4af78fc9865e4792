"""Computer players: pure functions of the rules (no Django), one registry of levels per game."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from games.rules import GAMES, Game

Chooser = Callable[[Game, dict, int, random.Random], dict]


def random_player(game: Game, state: dict, seat: int, rng: random.Random) -> dict[str, Any]:
    """The seeds' computer: a uniformly random legal move."""
    return game.random_move(state, seat, rng)


def _registry() -> dict[str, dict[str, Chooser]]:
    """slug -> level -> chooser: every game gets ``random``; stronger levels come from the
    per-game modules, weakest first (the order the create form offers them in)."""
    from . import alpha_battle, connect_four, connect_four_expert, reversi, reversi_1d, reversi_expert

    levels: dict[str, dict[str, Chooser]] = {slug: {"random": random_player} for slug in GAMES}
    for module in (reversi, reversi_expert, connect_four, connect_four_expert, reversi_1d, alpha_battle):
        for slug, choosers in module.LEVELS.items():
            levels[slug].update(choosers)
    return levels


LEVELS: dict[str, dict[str, Chooser]] = _registry()


def _notes() -> dict[str, dict[str, str]]:
    """slug -> level -> one line for players about how that level plays."""
    from . import alpha_battle, connect_four, connect_four_expert, reversi, reversi_1d, reversi_expert

    anything = "Plays any legal move at random: good for learning the rules."
    notes = {slug: {"random": anything} for slug in GAMES}
    for module in (reversi, reversi_expert, connect_four, connect_four_expert, reversi_1d, alpha_battle):
        for slug, lines in module.NOTES.items():
            notes[slug].update(lines)
    return notes


NOTES: dict[str, dict[str, str]] = _notes()


def _budgeted() -> dict[str, dict[str, Callable[[float], Chooser]]]:
    """slug -> level -> the level searching another budget (seconds a move), for the levels
    that search against the clock (``rate_levels`` rates them quicker than the site plays)."""
    from . import connect_four, connect_four_expert, reversi, reversi_expert

    made: dict[str, dict[str, Callable[[float], Chooser]]] = {}
    for module in (reversi, reversi_expert, connect_four, connect_four_expert):
        for slug, factories in module.BUDGETED.items():
            made.setdefault(slug, {}).update(factories)
    return made


BUDGETED: dict[str, dict[str, Callable[[float], Chooser]]] = _budgeted()


def levels(slug: str) -> list[str]:
    """The computer levels available for a game, weakest first."""
    return list(LEVELS.get(slug, {}))


TOP_LEVELS = ("strong", "expert")  # never offered first: a newcomer could not win


def default_level(slug: str) -> str:
    """The level offered first: the strongest below "strong" (a game a newcomer can win)."""
    offered = [level for level in levels(slug) if level not in TOP_LEVELS]
    return offered[-1] if offered else levels(slug)[0]


def choose(slug: str, level: str, state: dict, seat: int, rng: random.Random | None = None) -> dict[str, Any]:
    """The computer's move for ``seat`` at ``level``."""
    return LEVELS[slug][level](GAMES[slug], state, seat, rng or random.Random())
