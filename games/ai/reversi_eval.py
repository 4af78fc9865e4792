"""The ``expert`` level's evaluation of a Reversi/Othello position: features a positional
matrix cannot see, weighted by weights fitted on games the engine plays against itself.

Features, each from the side to move's point of view (mine minus theirs unless said):

- ``mobility``: legal moves; ``mobility_share``: the same as a share, (m - t) / (m + t + 2);
- ``potential``: empty cells next to the opponent's discs minus next to mine (potential
  mobility: where moves will come from);
- ``frontier``: the opponent's discs next to an empty cell minus mine (a frontier disc
  gives the other side moves);
- ``corners``: discs on anchors (cells no line crosses: the corners, and on a blocked
  board any cell walled in on all four lines);
- ``x_squares`` / ``c_squares``: discs diagonally / orthogonally next to an EMPTY anchor
  (they hand the anchor over);
- ``stable``: discs that can never be flipped (corner-anchored stability, edges, full lines);
- ``edges``: discs on edge cells (a wall on one side) that are not anchors;
- ``discs``: the disc difference; ``parity``: +1 when the side to move plays the last
  empty (an odd number of empties), else -1; ``bias``: 1 (the side to move's edge).

The weights come per phase (how full the board is, in ``PHASES`` steps) from
``games/ai/data/reversi_weights.json``, written by ``python -m games.ai.reversi_fit`` (see
there how). The value is the predicted final disc difference, in hundredths of a disc, so
the search compares it with exact results (``WIN`` per disc) on one scale.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from games.rules.reversi_bits import HEURISTIC_LIMIT, WIN, Geometry, moves_of, stable_discs

FEATURES = (
    "mobility",
    "mobility_share",
    "potential",
    "frontier",
    "corners",
    "x_squares",
    "c_squares",
    "stable",
    "edges",
    "discs",
    "parity",
    "bias",
)
WEIGHTS_FILE = Path(__file__).with_name("data") / "reversi_weights.json"
SCALE = 100  # evaluation units per disc of predicted final difference


@dataclass(frozen=True)
class Masks:
    """The evaluation's masks of one geometry: anchors with their X and C neighbours, edges."""

    danger: tuple[tuple[int, int, int], ...]  # (anchor, its diagonal neighbours, its orthogonal ones)
    edge: int  # cells with a wall next to them on some line, anchors excepted


@lru_cache(maxsize=64)
def masks_of(g: Geometry) -> Masks:
    """The masks of ``g`` (cached per board shape)."""
    east, south_west, south, south_east = g.shifts
    danger = []
    bits = g.anchors
    while bits:
        a = bits & -bits
        bits ^= a
        diagonal = (a << south_west) | (a >> south_west) | (a << south_east) | (a >> south_east)
        straight = (a << east) | (a >> east) | (a << south) | (a >> south)
        danger.append((a, diagonal & g.playable & ~g.anchors, straight & g.playable & ~g.anchors))
    edge = (g.edges[0] | g.edges[1] | g.edges[2] | g.edges[3]) & ~g.anchors
    return Masks(tuple(danger), edge)


def features(p: int, o: int, empty: int, g: Geometry, mp: int = -1, mo: int = -1) -> list[float]:
    """The feature values (in ``FEATURES`` order) of the position, for the side owning ``p``
    (``mp``, ``mo``: the two sides' move counts when the caller has them)."""
    shifts = g.shifts
    if mp < 0:
        mp = moves_of(p, o, empty, shifts).bit_count()
        mo = moves_of(o, p, empty, shifts).bit_count()
    m = masks_of(g)
    near_p = near_o = near_empty = 0
    for s in shifts:
        near_p |= (p << s) | (p >> s)
        near_o |= (o << s) | (o >> s)
        near_empty |= (empty << s) | (empty >> s)
    x_sq = c_sq = 0
    for anchor, diagonal, straight in m.danger:
        if anchor & empty:
            x_sq += (p & diagonal).bit_count() - (o & diagonal).bit_count()
            c_sq += (p & straight).bit_count() - (o & straight).bit_count()
    anchors = g.anchors
    if (p | o) & anchors:
        sp, so = stable_discs(p, o, g)
        stable = sp.bit_count() - so.bit_count()
    else:
        stable = 0
    return [
        mp - mo,
        (mp - mo) / (mp + mo + 2),
        (empty & near_o).bit_count() - (empty & near_p).bit_count(),
        (o & near_empty).bit_count() - (p & near_empty).bit_count(),
        (p & anchors).bit_count() - (o & anchors).bit_count(),
        x_sq,
        c_sq,
        stable,
        (p & m.edge).bit_count() - (o & m.edge).bit_count(),
        p.bit_count() - o.bit_count(),
        1 if empty.bit_count() & 1 else -1,
        1,
    ]


def phase_of(empty: int, g: Geometry, phases: int) -> int:
    """Which of ``phases`` equal steps of filling the board the position is in."""
    filled = 1.0 - empty.bit_count() / g.playable.bit_count()
    return min(phases - 1, int(filled * phases))


def load_weights(path: Path = WEIGHTS_FILE) -> list[list[float]]:
    """The fitted weights: one list per phase, in ``FEATURES`` order."""
    data = json.loads(path.read_text())
    if tuple(data["features"]) != FEATURES:
        raise ValueError(f"{path} fits other features: refit with python -m games.ai.reversi_fit")
    return data["weights"]


class Evaluator:
    """An evaluation with one set of weights (the shipped ones, or a fit's candidates)."""

    def __init__(self, weights: list[list[float]]) -> None:
        self.weights = weights

    def __call__(self, p: int, o: int, empty: int, g: Geometry) -> int:
        """The side to move's predicted final disc difference times ``SCALE`` (|v| < WIN);
        a finished game scores its exact result, ``WIN`` per disc."""
        shifts = g.shifts
        mp = moves_of(p, o, empty, shifts).bit_count()
        mo = moves_of(o, p, empty, shifts).bit_count()
        if not mp and not mo:
            return WIN * (p.bit_count() - o.bit_count())
        w = self.weights[phase_of(empty, g, len(self.weights))]
        total = 0.0
        for weight, x in zip(w, features(p, o, empty, g, mp, mo), strict=True):
            total += weight * x
        value = int(SCALE * total)
        return max(-HEURISTIC_LIMIT, min(HEURISTIC_LIMIT, value))


@lru_cache(maxsize=1)
def shipped() -> Evaluator:
    """The evaluation with the weights shipped in ``games/ai/data`` (read once)."""
    return Evaluator(load_weights())
