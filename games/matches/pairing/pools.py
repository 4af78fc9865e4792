"""The quick-pairing pools (lichess's grid): for each game its common settings, rated or
casual. A pool is named by a key such as ``othello-5+3-rated`` or ``reversi-3d-casual``; the
key says everything the paired match is created with. Pure data and arithmetic: the
pairing itself is ``pairing``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from games.catalog.registry import GAMES, KITS

from ..events import Event

CORRESPONDENCE_DAYS = 3
# (game, its options, its realtime controls as (minutes, seconds a move)): each kit's pools
GRID: tuple[tuple[str, dict[str, Any], tuple[tuple[int, int], ...]], ...] = tuple(
    (slug, kit.pools.options, kit.pools.clocks) for slug, kit in KITS.items() if kit.pools
)
# The rating gap two waiting players may have: BASE_GAP at first, widening by GAP_PER_SECOND
# for each second the more recent of the two has waited, without limit after ANY_GAP_SECONDS.
BASE_GAP = 100
GAP_PER_SECOND = 50
ANY_GAP_SECONDS = 30


@dataclass(frozen=True)
class Pool:
    """One cell of the grid: what its paired matches are."""

    key: str
    game: str
    options: dict[str, Any]
    clock: dict[str, int]  # a time control of ``clocks.clean``
    label: str  # "5+3", "3 days"
    rated: bool


def _grid() -> dict[str, Pool]:
    pools: dict[str, Pool] = {}
    for game, options, controls in GRID:
        timings = [(f"{m}+{s}", {"initial": m * 60, "increment": s}, f"{m}+{s}") for m, s in controls] + [
            (f"{CORRESPONDENCE_DAYS}d", {"days": CORRESPONDENCE_DAYS}, f"{CORRESPONDENCE_DAYS} days")
        ]
        for name, clock, label in timings:
            for rated in (True, False):
                key = f"{game}-{name}-{'rated' if rated else 'casual'}"
                pools[key] = Pool(key, game, options, clock, label, rated)
    return pools


POOLS: dict[str, Pool] = _grid()


def allowed_gap(waited_seconds: float) -> float:
    """The rating gap accepted after waiting this long (infinite after ANY_GAP_SECONDS).

    >>> allowed_gap(0), allowed_gap(2), allowed_gap(31)
    (100, 200, inf)
    """
    if waited_seconds >= ANY_GAP_SECONDS:
        return float("inf")
    return BASE_GAP + GAP_PER_SECOND * int(waited_seconds)


@dataclass(eq=False, kw_only=True)
class PoolsChanged(Event):
    """Players entered, left or were paired in these pools: their counts changed."""

    pools: list[str] = field(default_factory=list)


def by_game() -> list[tuple[str, list[Pool]]]:
    """The grid's rows for the lobby: (game name, its pools), in the grid's order."""
    return [(GAMES[game].name, [p for p in POOLS.values() if p.game == game]) for game, _, _ in GRID]
