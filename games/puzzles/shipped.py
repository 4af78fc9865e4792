"""The puzzles the games ship (``<game>/data/puzzles.json``), loaded by every ``migrate``:
a fresh site has them without running anything else; a position already stored is kept."""

from __future__ import annotations

import math
from typing import Any

from games.catalog.kit import GameKit
from games.catalog.puzzle_finder import position_key, replay, shipped
from games.catalog.registry import KITS

from .models import Puzzle


def first_rating(record: dict[str, Any]) -> float:
    """A new puzzle's rating before anyone has tried it: longer solutions and proofs that took
    the solver more work are harder (the tries then move it where it belongs)."""
    solver_moves = (len(record["solution"]) + 1) // 2
    return min(
        2300.0, max(900.0, 900 + 180 * (solver_moves - 1) + 70 * math.log10(1 + record["proof"]["nodes"]))
    )


def digest(kit: GameKit, moves: list[Any]) -> str:
    """The stored puzzle's position, hashed: one puzzle per position."""
    return position_key(kit, replay(kit, moves))


def puzzle_of(kit: GameKit, record: dict[str, Any]) -> Puzzle:
    """A record (``puzzle_finder.as_record``) as an unsaved Puzzle."""
    proof = record["proof"]
    return Puzzle(
        game=kit.slug,
        digest=record.get("digest") or digest(kit, record["moves"]),
        moves=record["moves"],
        seat=record["seat"],
        result=record["result"],
        solution=record["solution"],
        themes=record["themes"],
        solver=proof["solver"],
        nodes=proof["nodes"],
        seconds=proof["seconds"],
        source=record["source"][:200],
        mistake=record["mistake"],
        rating=first_rating(record),
    )


def load() -> int:
    """Store every game's shipped puzzles not stored yet; how many were added."""
    added = 0
    for kit in KITS.values():
        if kit.puzzles is None:
            continue
        have = set(Puzzle.objects.filter(game=kit.slug).values_list("digest", flat=True))
        new = [p for p in (puzzle_of(kit, r) for r in shipped(kit)) if p.digest not in have]
        Puzzle.objects.bulk_create(new, ignore_conflicts=True)
        added += len(new)
    return added


def load_after_migrate(sender: Any, using: str = "default", **kwargs: Any) -> None:
    """``post_migrate``: the shipped puzzles, once the tables are there."""
    if using == "default":
        load()
