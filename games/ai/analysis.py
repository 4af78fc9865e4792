"""A position analysed: every legal move with its value, **proved** (searched to the end) or an
**estimate**, for the analysis API and board (issue "Study a game").

Values are for the player to move, in the game's own unit: in the disc games the final disc
difference (empties not counted) under best play, or its estimate; in Connect Four Pons's
score (0 a draw, a win ``1 +`` the stones the winner still holds when it makes its four, a
loss the opposite: ``connect_four_solver``), or an estimate on the same scale. Each game's
computer module gives one function, the value of a position for the seat to move within a
budget (its ``ANALYSTS``); this module plays each legal move and asks it about the position
after, so the searches are the computer players' own, not a second copy. Pure Python, no
Django: it runs in the search process.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from games.rules import GAMES, Game
from games.rules.base import Outcome, Seat, State

BUDGET = 1.0  # seconds for a whole position: the engine panel answers within a second


@dataclass(frozen=True)
class Verdict:
    """The value of a position for the seat to move: ``proved`` or an estimate."""

    proved: bool
    value: float


# A computer module's answer: (proved, value) for the seat to move, or None (no judgement).
Valuer = Callable[[State, Seat, float], tuple[bool, float] | None]


def _analysts() -> dict[str, Valuer]:
    """slug -> the value of a position for its seat to move, from each computer module."""
    from . import connect_four_analysis, reversi_1d, reversi_analysis

    found: dict[str, Valuer] = {}
    for module in (reversi_analysis, connect_four_analysis, reversi_1d):
        found.update(module.ANALYSTS)
    return found


ANALYSTS: dict[str, Valuer] = _analysts()


def analysable(slug: str) -> bool:
    """Can positions of this game be analysed?"""
    return slug in ANALYSTS


def outcome_of(value: float) -> str:
    """"win", "draw" or "loss" for the sign of a value."""
    return "win" if value > 0 else "loss" if value < 0 else "draw"


def final_value(game: Game, state: State, end: Outcome, seat: Seat) -> float:
    """The value of a finished game for ``seat``: its disc difference where the score
    decides (empties not counted), else Pons's score of the win just made (``state`` is the
    position before the last move) or 0 for a draw."""
    if end.winner is None and not end.winners:
        return 0
    if game.score_decides:
        score = list(end.score.values())  # one number a seat, in seat order
        return score[seat] - score[1 - seat]
    cells = sum(len(row) for row in state["board"])
    before = sum(len(row) - row.count(".") for row in state["board"])
    won = (cells + 1 - before) // 2
    return won if end.winner == seat else -won


def analyse(slug: str, state: State, budget: float = BUDGET) -> dict[str, Any]:
    """The analysis API's answer for ``state`` (protocol.md, "Analysis"): the seat to move,
    whether the position's value is proved, its outcome and value for that seat, and every
    legal move with its own, best first. A forced move (a pass) is the one move."""
    game, value_of = GAMES[slug], ANALYSTS[slug]
    to_move = game.to_move(state)
    if len(to_move) != 1:
        return {"to_move": None, "proved": True, "outcome": None, "value": None, "moves": []}
    seat = to_move[0]
    forced = game.forced(state)
    moves = [forced[1]] if forced else game.legal_moves(state, seat)
    share = budget / max(1, len(moves))
    rows = []
    for move in moves:
        after = game.play(state, seat, move)
        while game.outcome(after) is None and (pass_ := game.forced(after)) is not None:
            after = game.play(after, *pass_)  # the other must pass: the position it leaves
        end = game.outcome(after)
        if end is not None:
            verdict: Verdict | None = Verdict(True, final_value(game, state, end, seat))
        else:
            mover = game.to_move(after)[0]
            found = value_of(after, mover, share)
            if found is None:
                verdict = None
            else:  # the value for ``mover``: the same seat when the other must pass
                proved, value = found
                verdict = Verdict(proved, value if mover == seat else -value)
        rows.append({**_row(move, verdict), "label": game.move_label(state, seat, move)})
    rows.sort(key=lambda row: -(row["value"] if row["value"] is not None else float("-inf")))
    best = rows[0] if rows else None
    proved = bool(rows) and all(row["proved"] for row in rows)
    value = best["value"] if best else None
    return {
        "to_move": seat,
        "proved": proved,
        "outcome": outcome_of(value) if proved and value is not None else None,
        "value": value,
        "moves": rows,
    }


def _row(move: Any, verdict: Verdict | None) -> dict[str, Any]:
    if verdict is None:
        return {"move": move, "proved": False, "outcome": None, "value": None}
    value = round(verdict.value, 1) if not verdict.proved else int(verdict.value)
    return {
        "move": move,
        "proved": verdict.proved,
        "outcome": outcome_of(value) if verdict.proved else None,
        "value": value,
    }
