"""The computer's levels and moves, read from the kits (``kit.levels``): what the create form
offers, the notes beside them, and the move a level chooses."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from .kit import Chooser
from .registry import GAMES, KITS

# slug -> level -> chooser / note / the level at another budget (seconds a move), weakest first.
LEVELS: dict[str, dict[str, Chooser]] = {
    slug: {level.name: level.choose for level in kit.levels} for slug, kit in KITS.items()
}
NOTES: dict[str, dict[str, str]] = {
    slug: {level.name: level.note for level in kit.levels} for slug, kit in KITS.items()
}
BUDGETED: dict[str, dict[str, Callable[[float], Chooser]]] = {
    slug: {level.name: level.budgeted for level in kit.levels if level.budgeted} for slug, kit in KITS.items()
}


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


def shipped_ratings() -> dict[str, dict[str, int]]:
    """slug -> level -> the rating the kits ship (``rate_levels``'s figures), where measured."""
    return {
        slug: {level.name: level.rating for level in kit.levels if level.rating is not None}
        for slug, kit in KITS.items()
        if any(level.rating is not None for level in kit.levels)
    }
