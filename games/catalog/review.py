"""A finished game reviewed move by move (pure): each move's loss against the best move of its
position, its mark, and each player's summary. The values come from ``analysis.analyse``.

A move's **loss** is the best move's value minus the played move's, both for the player who
moved, in the game's unit (discs, or Connect Four's score). Its mark: a proved win thrown
into a draw or a loss, or a proved draw into a loss, is a **blunder** whatever the numbers;
otherwise the loss decides: ``INACCURACY``, ``MISTAKE``, ``BLUNDER`` units or more, or the
game's own three (its kit's ``analysis.thresholds``: Alpha Battle's letter points). A move
with no loss is **best**. A player's **accuracy** is the mean over their moves of
``max(0, 100 - 100 * loss / BLUNDER)``: 100 for best play throughout, 0 for blunders only.
"""

from __future__ import annotations

from typing import Any

from .kit import THRESHOLDS
from .registry import KITS

INACCURACY, MISTAKE, BLUNDER = THRESHOLDS  # units of loss (discs, or Connect Four's score)
RANK = {"win": 2, "draw": 1, "loss": 0}
MARKS = ("inaccuracy", "mistake", "blunder")


def thresholds(slug: str | None = None) -> tuple[float, float, float]:
    """(inaccuracy, mistake, blunder): the losses that mark a move of game ``slug``."""
    analysis = KITS[slug].analysis if slug in KITS else None
    return analysis.thresholds if analysis else THRESHOLDS


def mark(
    best: dict[str, Any], played: dict[str, Any], slug: str | None = None
) -> tuple[str | None, float | None]:
    """(mark, loss) of the played move of game ``slug``, given the best move's and its own
    analysis rows (``analysis.analyse``'s ``moves``); (None, None) when either has no value."""
    if best["value"] is None or played["value"] is None:
        return None, None
    inaccuracy, mistake, blunder = thresholds(slug)
    loss = max(0.0, best["value"] - played["value"])
    if best["proved"] and played["proved"] and RANK[played["outcome"]] < RANK[best["outcome"]]:
        return "blunder", loss
    if loss >= blunder:
        return "blunder", loss
    if loss >= mistake:
        return "mistake", loss
    if loss >= inaccuracy:
        return "inaccuracy", loss
    return ("best" if loss == 0 else None), loss


def summary(plies: list[dict[str, Any]], seats: int, slug: str | None = None) -> list[dict[str, Any]]:
    """Per seat of game ``slug``: accuracy (0-100, None without a judged move) and the count
    of each mark."""
    blunder = thresholds(slug)[2]
    rows = []
    for seat in range(seats):
        mine = [p for p in plies if p.get("seat") == seat and p.get("loss") is not None]
        counts = {kind: sum(1 for p in mine if p["mark"] == kind) for kind in MARKS}
        scores = [max(0.0, 100 - 100 * p["loss"] / blunder) for p in mine]
        accuracy = round(sum(scores) / len(scores), 1) if scores else None
        rows.append({"seat": seat, "accuracy": accuracy, "moves": len(mine), **counts})
    return rows
