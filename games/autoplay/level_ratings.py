"""The computer levels' ratings: every level of a game plays every other one, sides
alternating, and Glicko-2 turns the results into ratings stored as ``LevelRating`` rows
(shown on the create form, "Strong, about 1850", and as a computer seat's rating).

The scale is anchored: ``random`` (a uniformly random legal move, the reference player
every game has) is fixed at ``ANCHOR_RATING`` = 800 with no deviation and is never updated,
as lichess anchors its computer levels on a fixed reference; every other level starts at
1500 / 350 / 0.06 and is measured against it and against the other levels. So "about 1850"
means "far above a random mover" in every game alike, and a game whose best level cannot
beat ``random`` (Alpha Battle: no setup does better than chance) rates it about 800.

One round is one Glicko-2 rating period: in round ``r`` every pair of levels plays one game
(the weaker-listed level moves first in even rounds, second in odd ones), then every level
but the anchor is updated with that round's results at once. The games themselves do not
depend on the ratings, so they are all played first (in ``jobs`` processes), then rated.

The levels that search against the clock (Reversi's and Othello's ``strong`` and ``expert``, 0.8 s a move
on the site; Connect Four's ``strong``, 1 s) play here with ``budget`` seconds a move
(``SEARCH_BUDGET`` by default) to keep a whole run near a minute: the rating is that of
the level at this budget, a lower bound of the site's (``budget=None`` plays the site's own
budgets, far slower). Cooperative games and games with one level are skipped.
"""

from __future__ import annotations

import multiprocessing
import random
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from itertools import combinations
from typing import Any

from django.db import transaction
from django.db.models import F
from django.dispatch import Signal
from django.utils import timezone

from games import leases
from games.catalog.computer import BUDGETED, LEVELS, levels
from games.catalog.registry import GAMES
from games.matches.models import LevelMeasurement, LevelRating
from games.matches.ratings.glicko2 import START, update
from games.matches.ratings.glicko2 import Rating as Glicko
from games.rules import Game

ANCHOR_LEVEL = "random"
ANCHOR_RATING = 800.0  # fixed: the reference every other level is measured against
ANCHOR = Glicko(ANCHOR_RATING, 0.0, START[2])
DEFAULT_GAMES = 8  # games per pair of levels (every game with 2 jobs: about half a minute here)
SEARCH_BUDGET = 0.05  # seconds a move of the levels that search against the clock
MAX_PLIES = 10_000  # a guard: no game of ours is this long

Chooser = Callable[[Game, dict, int, random.Random], dict]


def rateable() -> list[str]:
    """The games whose levels can be rated: two players, not cooperative, two levels or more."""
    return [
        slug
        for slug, game in GAMES.items()
        if not game.cooperative and game.seats == (2, 2) and len(levels(slug)) > 1
    ]


def chooser(slug: str, level: str, budget: float | None) -> Chooser:
    """The level's chooser; a level that searches against the clock at ``budget`` s a move."""
    make = BUDGETED.get(slug, {}).get(level)
    return make(budget) if budget is not None and make is not None else LEVELS[slug][level]


def play_game(job: tuple[str, str, str, int, float | None]) -> float:
    """One game of ``slug`` between ``first`` (seat 0) and ``second`` (seat 1) from the
    game's default options: seat 0's score (1 won, 0.5 drawn, 0 lost). Seats that move
    together (a secret setup) each choose from the same position."""
    slug, first, second, seed, budget = job
    game = GAMES[slug]
    players = (chooser(slug, first, budget), chooser(slug, second, budget))
    state = game.setup(game.clean_options({}), seed)
    rng = random.Random(seed)
    for _ in range(MAX_PLIES):
        end = game.outcome(state)
        if end is not None:
            return 0.5 if end.winner is None else float(end.winner == 0)
        forced = game.forced(state)
        if forced:
            state = game.play(state, *forced)
            continue
        moves = [(seat, players[seat](game, state, seat, rng)) for seat in game.to_move(state)]
        for seat, move in moves:
            state = game.play(state, seat, move)
    raise RuntimeError(f"{slug}: {first} vs {second} (seed {seed}) did not end in {MAX_PLIES} plies")


def schedule(slug: str, games: int, rng_seed: int, budget: float | None) -> list[list[tuple]]:
    """The games of each round: every pair of levels once, sides alternating by round."""
    seeds = random.Random(f"{rng_seed}:{slug}")
    pairs = list(combinations(levels(slug), 2))
    return [
        [(slug, *((a, b) if r % 2 == 0 else (b, a)), seeds.randrange(2**31), budget) for a, b in pairs]
        for r in range(games)
    ]


def rate(names: list[str], rounds: list[list[tuple[str, str, float]]]) -> list[dict[str, Any]]:
    """Glicko-2 over ``rounds`` of (first, second, first's score), one rating period each,
    the anchor fixed: a row per level (rating, deviation, volatility, games, and its score
    against each other level: points and games)."""
    ratings = {lv: ANCHOR if lv == ANCHOR_LEVEL else Glicko() for lv in names}
    scores: dict[str, dict[str, list[float]]] = {lv: {o: [0.0, 0] for o in names if o != lv} for lv in names}
    for played in rounds:
        results: dict[str, list[tuple[Glicko, float]]] = {lv: [] for lv in names}
        for first, second, score in played:
            for me, other, mine in ((first, second, score), (second, first, 1 - score)):
                results[me].append((ratings[other], mine))
                scores[me][other][0] += mine
                scores[me][other][1] += 1
        ratings = {
            lv: r if lv == ANCHOR_LEVEL or not results[lv] else update(r, results[lv])
            for lv, r in ratings.items()
        }
    return [
        {
            "level": lv,
            "rating": round(ratings[lv].rating, 1),
            "deviation": round(ratings[lv].deviation, 1),
            "volatility": round(ratings[lv].volatility, 6),
            "games": int(sum(n for _, n in scores[lv].values())),
            "anchor": lv == ANCHOR_LEVEL,
            "scores": {o: {"points": p, "games": int(n)} for o, (p, n) in scores[lv].items()},
        }
        for lv in names
    ]


def rate_levels(
    games: int = DEFAULT_GAMES,
    only: str | None = None,
    rng_seed: int = 0,
    *,
    budget: float | None = SEARCH_BUDGET,
    jobs: int = 1,
) -> list[dict[str, Any]]:
    """Measure and store the levels of every rateable game (or of ``only``): ``games``
    games per pair of levels. Returns a row per level (``rate``'s, with ``game`` and the
    game's ``seconds``), weakest level first within each game."""
    slugs = rateable()
    if only is not None:
        if only not in slugs:
            raise ValueError(f"{only!r} has no levels to rate; choose from {', '.join(slugs)}.")
        slugs = [only]
    if games < 1:
        raise ValueError("Play at least one game per pair of levels.")
    rows: list[dict[str, Any]] = []
    # Forked workers share the set-up Django and the imported players (no re-import).
    fork = multiprocessing.get_context("fork")
    pool = ProcessPoolExecutor(max_workers=jobs, mp_context=fork) if jobs > 1 else None
    try:
        for slug in slugs:
            started = time.monotonic()
            plan = schedule(slug, games, rng_seed, budget)
            jobs_flat = [job for played in plan for job in played]
            scores = list(pool.map(play_game, jobs_flat)) if pool else [play_game(j) for j in jobs_flat]
            it = iter(scores)
            rounds = [[(first, second, next(it)) for _, first, second, _, _ in played] for played in plan]
            measured = rate(levels(slug), rounds)
            seconds = round(time.monotonic() - started, 1)
            store(slug, measured)
            rows += [{"game": slug, **row, "seconds": seconds} for row in measured]
    finally:
        if pool:
            pool.shutdown()
    return rows


def store(slug: str, measured: list[dict[str, Any]]) -> None:
    """Write the levels' ratings of one game (one transaction)."""
    with transaction.atomic():
        for row in measured:
            LevelRating.objects.update_or_create(
                game=slug,
                level=row["level"],
                defaults={
                    "rating": row["rating"],
                    "deviation": row["deviation"],
                    "volatility": row["volatility"],
                    "games": row["games"],
                },
            )


def table(rows: list[dict[str, Any]]) -> str:
    """The rows as a text table: game, level, rating, deviation, games, score vs each level."""
    lines = [f"{'game':<14} {'level':<8} {'rating':>6} {'dev':>5} {'games':>5}  score vs each other level"]
    for row in rows:
        vs = ", ".join(
            f"{other} {s['points']:g}/{s['games']}" for other, s in row["scores"].items() if s["games"]
        )
        rating = f"{row['rating']:.0f}" + ("*" if row.get("anchor") else "")
        game, level, deviation, games = row["game"], row["level"], row["deviation"], row["games"]
        lines.append(f"{game:<14} {level:<8} {rating:>6} {deviation:>5.0f} {games:>5}  {vs}")
    lines.append(f"* the anchor: {ANCHOR_LEVEL} is fixed at {ANCHOR_RATING:.0f}")
    return "\n".join(lines)


# Sent with measurement_id once a measurement is queued; the task module hands it to the worker.
measurement_queued = Signal()


def measurement_start(games: int = DEFAULT_GAMES) -> tuple[LevelMeasurement, bool]:
    """Queue a measurement of every game's levels: (it, True), or (the one queued or running
    already, False)."""
    Status = LevelMeasurement.Status
    busy = LevelMeasurement.objects.filter(leases.alive(), status__in=(Status.QUEUED, Status.RUNNING)).first()
    if busy is not None:
        return busy, False
    measurement = LevelMeasurement.objects.create(games=games)
    transaction.on_commit(lambda: _enqueue(measurement.pk))
    return measurement, True


def _enqueue(measurement_id: int) -> None:
    measurement_queued.send(LevelMeasurement, measurement_id=measurement_id)


def measurement_run(measurement_id: int) -> list[dict[str, Any]]:
    """(The task worker.) Run a queued measurement (``rate_levels``, every game) while its
    lease beats; its rows, or [] when it was not this run's to do."""
    Status = LevelMeasurement.Status
    claimed = LevelMeasurement.objects.filter(pk=measurement_id, status=Status.QUEUED).update(
        status=Status.RUNNING, beat_at=timezone.now(), attempts=F("attempts") + 1
    )
    if not claimed:
        return []
    measurement = LevelMeasurement.objects.get(pk=measurement_id)
    this_run = LevelMeasurement.objects.filter(
        pk=measurement_id, status=Status.RUNNING, attempts=measurement.attempts
    )
    try:
        with leases.beating(this_run):
            rows = rate_levels(games=measurement.games, only=None, rng_seed=0)
    except Exception as exc:
        this_run.update(status=Status.FAILED, error=repr(exc), finished_at=timezone.now())
        raise
    this_run.update(status=Status.DONE, finished_at=timezone.now())
    return rows


def take_up_lapsed() -> int:
    """(Every server's sweep.) Measurements whose worker stopped beating are queued again
    (from the start: the same seed plays the same games), or fail after three ends."""
    return leases.take_up(
        LevelMeasurement.objects.all(),
        message="The task worker stopped three times while measuring the levels.",
        enqueue=_enqueue,
    )
