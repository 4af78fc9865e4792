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

A computer module may also give, for its games (slug -> ...): ``CANDIDATES`` the moves to
value when ``legal_moves`` cannot list them, ``HINDSIGHT`` the position a finished game's
move is judged in (a secret commit: with the others' commits of the phase public),
``LABELS`` a move's label in the analysis, ``WAITING`` why a position with several seats to
move has nothing to judge yet, ``THRESHOLDS`` review's marks in its unit, and ``BOARDS`` its
games that have an analysis board (all its analysed games when it does not say).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from games.rules import GAMES, Game
from games.rules.base import Move, Outcome, Seat, State

BUDGET = 1.0  # seconds for a whole position: the engine panel answers within a second


@dataclass(frozen=True)
class Verdict:
    """The value of a position for the seat to move: ``proved`` or an estimate."""

    proved: bool
    value: float


# A computer module's answer: (proved, value) for the seat to move, or None (no judgement).
Valuer = Callable[[State, Seat, float], tuple[bool, float] | None]


def _modules() -> tuple[Any, ...]:
    """The computer modules with an analysis."""
    from . import alpha_battle, connect_four_analysis, reversi_1d, reversi_analysis

    return (reversi_analysis, connect_four_analysis, reversi_1d, alpha_battle)


def _registry(name: str) -> dict[str, Any]:
    """slug -> what each computer module gives under ``name`` (an optional hook: {} without)."""
    found: dict[str, Any] = {}
    for module in _modules():
        found.update(getattr(module, name, {}))
    return found


ANALYSTS: dict[str, Valuer] = _registry("ANALYSTS")
CANDIDATES: dict[str, Callable[[State, Seat], list[Move]]] = _registry("CANDIDATES")
HINDSIGHT: dict[str, Callable[[list[State], int, Seat], State]] = _registry("HINDSIGHT")
LABELS: dict[str, Callable[[Move], str]] = _registry("LABELS")
WAITING: dict[str, str] = _registry("WAITING")
THRESHOLDS: dict[str, tuple[float, float, float]] = _registry("THRESHOLDS")
BOARDS: frozenset[str] = frozenset(
    slug for module in _modules() for slug in getattr(module, "BOARDS", module.ANALYSTS)
)


def analysable(slug: str) -> bool:
    """Can positions of this game be analysed (the analysis API, a finished match's)?"""
    return slug in ANALYSTS


def has_board(slug: str) -> bool:
    """Has this game an analysis board (``/analysis/<game>/``, "Analyse from here")?"""
    return slug in BOARDS


def unjudged(slug: str, state: State) -> str | None:
    """Why ``state`` has nothing to judge (None when it has): a game not over with several
    seats to move at once (secret commits) has no public position to judge a move in."""
    game = GAMES[slug]
    if game.outcome(state) is not None or len(game.to_move(state)) < 2:
        return None
    return WAITING.get(slug, f"{game.name} is analysed once a single seat is to move.")


def hindsight(slug: str, states: list[State], index: int, seat: Seat) -> State:
    """The position move ``index`` of a finished game (``states[index]`` before it, the last
    the end) is judged in: the one it was played in, unless the game's ``HINDSIGHT`` says."""
    judge = HINDSIGHT.get(slug)
    return judge(states, index, seat) if judge else states[index]


def outcome_of(value: float) -> str:
    """The outcome for the sign of a value: "win", "draw" or "loss"."""
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


def analyse(slug: str, state: State, budget: float = BUDGET, played: Move | None = None) -> dict[str, Any]:
    """The analysis API's answer for ``state`` (protocol.md, "Analysis"): the seat to move,
    whether the position's value is proved, its outcome and value for that seat, and every
    legal move (or the game's ``CANDIDATES``) with its own, best first. A forced move (a
    pass) is the one move. ``played``, a legal move, is valued too when it is not listed."""
    game, value_of = GAMES[slug], ANALYSTS[slug]
    to_move = game.to_move(state)
    if len(to_move) != 1:
        return {"to_move": None, "proved": True, "outcome": None, "value": None, "moves": []}
    seat = to_move[0]
    forced = game.forced(state)
    listed = CANDIDATES.get(slug, game.legal_moves)
    moves = [forced[1]] if forced else listed(state, seat)
    if played is not None and played not in moves:
        moves = [*moves, played]
    label = LABELS.get(slug)
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
        text = label(move) if label else game.move_label(state, seat, move)
        rows.append({**_row(move, verdict), "label": text})
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
