"""Find proved puzzles: ``manage.py find_puzzles --game SLUG [--count N] [--seed S] [--ship]``.

Scans the stored finished matches played with the game's puzzle options, then games the
computer levels play against each other, for positions where the side to move has exactly
one move that keeps the proved result after the opponent's mistake
(``games.catalog.puzzle_finder``). The new puzzles are stored; with ``--ship`` they are
written to the game's ``data/puzzles.json`` instead (the puzzles the site ships, loaded by
``migrate``). Prints the run time and the solver's nodes. The same search is a background
task staff start from the admin (Puzzles).
"""

from __future__ import annotations

import json
import random
import time

from django.core.management.base import BaseCommand, CommandError

from games.catalog.puzzle_finder import as_record, find, shipped_path
from games.catalog.registry import KITS


class Command(BaseCommand):
    help = "Find puzzles proved by the game's exact solver, in stored games and the computer levels' games."

    def add_arguments(self, parser) -> None:
        parser.add_argument("--game", required=True, help="the game's slug")
        parser.add_argument(
            "--count", type=int, default=None, help="how many new puzzles (default: the kit's)"
        )
        parser.add_argument("--seed", type=int, default=1, help="the computer levels' chance")
        parser.add_argument("--ship", action="store_true", help="write the game's data/puzzles.json")

    def handle(self, *args, game: str, count: int | None, seed: int, ship: bool, **options) -> None:
        kit = KITS.get(game)
        if kit is None or kit.puzzles is None:
            with_puzzles = ", ".join(slug for slug, k in KITS.items() if k.puzzles)
            raise CommandError(f"No puzzles for '{game}': the games with puzzles are {with_puzzles}.")
        count = count or kit.puzzles.target
        started = time.monotonic()
        records = []
        if ship:
            for puzzle in find(kit, count, random.Random(seed)):
                records.append(as_record(kit, puzzle))
                self.stdout.write(f"{len(records)}/{count} {', '.join(puzzle.themes)} ({puzzle.source})")
            path = shipped_path(kit)
            path.parent.mkdir(exist_ok=True)
            path.write_text(json.dumps(records, separators=(",", ":")) + "\n")
            where = str(path)
        else:
            from games.puzzles.services import find_and_store

            records = find_and_store(kit, count, random.Random(seed))
            where = "the database"
        nodes = sum(r["proof"]["nodes"] for r in records)
        seconds = time.monotonic() - started
        self.stdout.write(f"{len(records)} puzzles to {where} in {seconds:.0f} s, {nodes:,} solver nodes.")
