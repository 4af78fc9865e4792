"""A finished game reviewed move by move (pure): each move's loss against the best move of its
position, its mark, and each player's summary. The values come from ``analysis.analyse``.

A move's **loss** is the best move's value minus the played move's, both for the player who
moved, in the game's unit (discs, or Connect Four's score). Its mark: a proved win thrown
into a draw or a loss, or a proved draw into a loss, is a **blunder** whatever the numbers;
otherwise the loss decides: ``INACCURACY``, ``MISTAKE``, ``BLUNDER`` units or more. A move
with no loss is **best**. A player's **accuracy** is the mean over their moves of
``max(0, 100 - 100 * loss / BLUNDER)``: 100 for best play throughout, 0 for blunders only.
"""

from __future__ import annotations

from typing import Any

INACCURACY, MISTAKE, BLUNDER = 2, 5, 10  # units of loss (discs, or Connect Four's score)
RANK = {"win": 2, "draw": 1, "loss": 0}
MARKS = ("inaccuracy", "mistake", "blunder")


def mark(best: dict[str, Any], played: dict[str, Any]) -> tuple[str | None, float | None]:
    """(mark, loss) of the played move, given the best move's and its own analysis rows
    (``analysis.analyse``'s ``moves``); (None, None) when either has no value."""
    if best["value"] is None or played["value"] is None:
        return None, None
    loss = max(0.0, best["value"] - played["value"])
    if best["proved"] and played["proved"] and RANK[played["outcome"]] < RANK[best["outcome"]]:
        return "blunder", loss
    if loss >= BLUNDER:
        return "blunder", loss
    if loss >= MISTAKE:
        return "mistake", loss
    if loss >= INACCURACY:
        return "inaccuracy", loss
    return ("best" if loss == 0 else None), loss


def summary(plies: list[dict[str, Any]], seats: int) -> list[dict[str, Any]]:
    """Per seat: accuracy (0-100, None without a judged move) and the count of each mark."""
    rows = []
    for seat in range(seats):
        mine = [p for p in plies if p.get("seat") == seat and p.get("loss") is not None]
        counts = {kind: sum(1 for p in mine if p["mark"] == kind) for kind in MARKS}
        scores = [max(0.0, 100 - 100 * p["loss"] / BLUNDER) for p in mine]
        accuracy = round(sum(scores) / len(scores), 1) if scores else None
        rows.append({"seat": seat, "accuracy": accuracy, "moves": len(mine), **counts})
    return rows
