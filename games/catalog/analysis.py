"""A position analysed: every legal move with its value, **proved** (searched to the end) or an
**estimate**, for the analysis API and board (issue "Study a game").

Values are for the player to move, in the game's own unit: in the disc games the final disc
difference (empties not counted) under best play, or its estimate; in Connect Four Pons's
score (0 a draw, a win ``1 +`` the stones the winner still holds when it makes its four, a
loss the opposite), or an estimate on the same scale. Each game's kit gives one function, the
value of a position for the seat to move within a budget (``kit.analysis.value``); this
module plays each legal move and asks it about the position after, so the searches are the
computer players' own, not a second copy. The kit's ``Analysis`` says the rest (candidates,
hindsight, labels, thresholds, whether the game has a board). Pure Python, no Django: it runs
in the search process.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

from games.rules.base import Game, Move, Outcome, Refusal, Seat, State
from games.rules.words import gettext_noop

from .kit import Analysis
from .registry import GAMES, KITS

BUDGET = 1.0  # seconds for a whole position: the engine panel answers within a second
CLOCK = time.perf_counter


@dataclass(frozen=True)
class Verdict:
    """The value of a position for the seat to move: ``proved`` or an estimate."""

    proved: bool
    value: float


def _analysis(slug: str) -> Analysis | None:
    kit = KITS.get(slug)
    return kit.analysis if kit else None


def analysable(slug: str) -> bool:
    """Can positions of this game be analysed (the analysis API, a finished match's)?"""
    return _analysis(slug) is not None


def has_board(slug: str) -> bool:
    """Has this game an analysis board (``/analysis/<game>/``, "Analyse from here")?"""
    analysis = _analysis(slug)
    return analysis is not None and analysis.board


BOARDS: frozenset[str] = frozenset(slug for slug in KITS if has_board(slug))


def unjudged(slug: str, state: State) -> str | None:
    """Why ``state`` has nothing to judge (None when it has), in English: ``why_unjudged``."""
    why = why_unjudged(slug, state)
    return None if why is None else str(why)


def why_unjudged(slug: str, state: State) -> Refusal | None:
    """Why ``state`` has nothing to judge (None when it has), a ``Refusal`` to say in the
    reader's language: a game not over with several seats to move at once (secret commits)
    has no public position to judge a move in."""
    game = GAMES[slug]
    if game.outcome(state) is not None or len(game.to_move(state)) < 2:
        return None
    analysis = _analysis(slug)
    if analysis and analysis.waiting:
        return Refusal(analysis.waiting)  # the kit's marked words
    return Refusal(gettext_noop("%(game)s is analysed once a single seat is to move."), game=game.name)


def hindsight(slug: str, states: list[State], index: int, seat: Seat) -> State:
    """The position move ``index`` of a finished game (``states[index]`` before it, the last
    the end) is judged in: the one it was played in, unless the game's analysis says."""
    analysis = _analysis(slug)
    judge = analysis.hindsight if analysis else None
    return judge(states, index, seat) if judge else states[index]


def outcome_of(value: float) -> str:
    """The outcome for the sign of a value: "win", "draw" or "loss"."""
    return "win" if value > 0 else "loss" if value < 0 else "draw"


def final_value(game: Game, state: State, end: Outcome, seat: Seat, analysis: Analysis) -> float:
    """The value of a finished game for ``seat``: its disc difference where the score
    decides (empties not counted), else the game's value of the win just made (``state`` is
    the position before the last move: ``analysis.won``) or 0 for a draw."""
    if end.winner is None and not end.winners:
        return 0
    if game.score_decides:
        score = list(end.score.values())  # one number a seat, in seat order
        return score[seat] - score[1 - seat]
    won = analysis.won(state)
    return won if end.winner == seat else -won


def analyse(slug: str, state: State, budget: float = BUDGET, played: Move | None = None) -> dict[str, Any]:
    """The analysis API's answer for ``state`` (protocol.md, "Analysis"): the seat to move,
    whether the position's value is proved, its outcome and value for that seat, and every
    legal move (or the game's ``candidates``) with its own, best first. A forced move (a
    pass) is the one move. ``played``, a legal move, is valued too when it is not listed."""
    game, analysis = GAMES[slug], KITS[slug].analysis
    assert analysis is not None, f"{slug} is not analysed"
    to_move = game.to_move(state)
    if len(to_move) != 1:
        return {"to_move": None, "proved": True, "outcome": None, "value": None, "moves": []}
    seat = to_move[0]
    forced = game.forced(state)
    listed = analysis.candidates or game.legal_moves
    moves = [forced[1]] if forced else listed(state, seat)
    if played is not None and played not in moves:
        moves = [*moves, played]
    label = analysis.label
    # One deadline for the whole position, however many moves it has (a 26x26 Reversi board
    # has a hundred and more): each move gets an equal share of the time left, so what one
    # move leaves (a proof found at once, a game over) goes to the others.
    deadline = CLOCK() + budget
    rows = []
    for index, move in enumerate(moves):
        share = max(0.0, deadline - CLOCK()) / (len(moves) - index)
        after = game.play(state, seat, move)
        while game.outcome(after) is None and (pass_ := game.forced(after)) is not None:
            after = game.play(after, *pass_)  # the other must pass: the position it leaves
        end = game.outcome(after)
        if end is not None:
            verdict: Verdict | None = Verdict(True, final_value(game, state, end, seat, analysis))
        else:
            mover = game.to_move(after)[0]
            found = analysis.value(after, mover, share)
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
