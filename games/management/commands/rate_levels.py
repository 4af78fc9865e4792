"""Measure the computer levels' ratings: ``manage.py rate_levels [--games N] [--game SLUG]``.

Every level of each two-player game plays every other level ``--games`` times, sides
alternating; ``random`` is the anchor, fixed at 800 and never updated, so the ratings of
the other levels (Glicko-2, one rating period per round) say how far above a random mover
they play. The ratings are stored (``LevelRating``: the create form's "Strong, about 1850"
and a computer seat's rating) and printed as a table. The levels that search against the
clock play with ``--budget`` seconds a move (default 0.05 s, not the site's 0.8-1 s) to
keep the command near half a minute: their ratings are those of the level at that budget.
The same run is a background task started from the admin (Level ratings).
"""

from __future__ import annotations

import time

from django.core.management.base import BaseCommand, CommandError

from games.autoplay.level_ratings import (
    ANCHOR_LEVEL,
    ANCHOR_RATING,
    DEFAULT_GAMES,
    SEARCH_BUDGET,
    rate_levels,
    rateable,
    table,
)


class Command(BaseCommand):
    help = (
        "Play the computer levels of every two-player game against each other (sides alternating) "
        f"and store their Glicko-2 ratings. The reference level '{ANCHOR_LEVEL}' is the anchor, fixed "
        f"at {ANCHOR_RATING:.0f} and never updated, so the scale means the same in every game."
    )

    def add_arguments(self, parser) -> None:
        parser.add_argument(
            "--games",
            type=int,
            default=DEFAULT_GAMES,
            help=f"games per pair of levels (default {DEFAULT_GAMES})",
        )
        parser.add_argument("--game", choices=rateable(), help="rate this game's levels only")
        parser.add_argument("--seed", type=int, default=0, help="seed of the games' set-ups and choices")
        parser.add_argument(
            "--budget",
            type=float,
            default=SEARCH_BUDGET,
            help=f"seconds a move of the levels that search against the clock (default {SEARCH_BUDGET:g}; "
            "0: the site's own budgets, far slower)",
        )
        parser.add_argument("--jobs", type=int, default=2, help="processes playing the games (default 2)")

    def handle(self, *args, **options) -> None:
        started = time.monotonic()
        try:
            rows = rate_levels(
                games=options["games"],
                only=options["game"],
                rng_seed=options["seed"],
                budget=options["budget"] or None,
                jobs=max(1, options["jobs"]),
            )
        except ValueError as exc:
            raise CommandError(str(exc)) from exc
        self.stdout.write(table(rows))
        budget = f"{options['budget']:g} s a move" if options["budget"] else "the site's budgets"
        self.stdout.write(
            f"{options['games']} games per pair of levels, clock-bound levels at {budget}; "
            f"stored {len(rows)} level ratings in {time.monotonic() - started:.0f} s."
        )
