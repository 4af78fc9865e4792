"""Solving a puzzle: a person's move checked against the proved solution, the opponent's reply,
their rating and the puzzle's moved once; finding and storing new puzzles (the command and
the admin's task).

``check`` answers the page's one POST a move (docs/protocol.md, "Puzzles"): ``line`` holds the
moves from the puzzle's position, both sides, ending with the person's newest move.
"""

from __future__ import annotations

import random
import re
from typing import Any

from django.db import IntegrityError, transaction
from django.db.models import F
from django.utils.translation import gettext as _

from games.catalog.kit import GameKit
from games.catalog.puzzle_finder import as_record, find, same
from games.catalog.registry import KITS
from games.matches.errors import told
from games.matches.models import Match
from games.matches.ratings.glicko2 import Rating, update
from games.rules.base import IllegalMove

from .board import board, kept, position
from .models import Puzzle
from .shipped import puzzle_of
from .solvers import Solver
from .streaks import Streak

MAX_LINE = 64


class PuzzleError(Exception):
    """A refused check: its code, message, the field at fault and the HTTP status."""

    def __init__(self, code: str, message: str, field: str | None = None, status: int = 400) -> None:
        super().__init__(message)
        self.code, self.message, self.field, self.status = code, message, field, status

    def as_dict(self) -> dict[str, Any]:
        return {"error": self.code, "message": self.message, "field": self.field}


def kit_of(puzzle: Puzzle) -> GameKit:
    return KITS[puzzle.game]


def check_sent(solver: Solver, game: Any, puzzle_id: Any, sent: dict[str, Any]) -> dict[str, Any]:
    """A check as a client sends it, by the POST (the game and id in its path) or the puzzle
    socket: ``sent`` holds ``line``, ``again`` and ``streak``. Raises PuzzleError (``no_puzzle``
    for an unknown game or id, ``bad_request`` for a flag that is not true or false)."""
    kit = KITS.get(game) if isinstance(game, str) else None
    known = kit is not None and kit.puzzles is not None and type(puzzle_id) is int
    puzzle = Puzzle.objects.filter(pk=puzzle_id, game=game).first() if known else None
    if puzzle is None:
        raise PuzzleError("no_puzzle", _("There is no such puzzle: open the next one."), "puzzle", 404)
    for name in ("again", "streak"):
        if type(sent.get(name, False)) is not bool:
            raise PuzzleError("bad_request", _("%(field)s is true or false.") % {"field": name}, name)
    return check(
        solver, puzzle, sent.get("line"), again=sent.get("again", False), streak=sent.get("streak", False)
    )


def check(
    solver: Solver, puzzle: Puzzle, line: Any, *, again: bool = False, streak: bool = False
) -> dict[str, Any]:
    """The verdict on the newest move of ``line``: right (with the reply, or solved) or wrong
    (with the solution). The first finished try of a person and puzzle counts (``again``: the
    person knows they tried it already, so a try after that is answered, counting for nothing;
    sent before any try finished, the try still counts, or a wrong move would show the solution
    for free; ``streak``: a try of the streak, unrated). Raises PuzzleError, having changed
    nothing."""
    kit = kit_of(puzzle)
    solution = puzzle.solution
    if (
        not isinstance(line, list)
        or not line
        or len(line) > min(MAX_LINE, len(solution))
        or len(line) % 2 == 0
    ):
        raise PuzzleError(
            "bad_line", _("line lists the moves from the puzzle's position, ending with yours."), "line"
        )
    run = Streak(solver.session, puzzle.game) if streak else None
    if run is not None and run.current != puzzle.pk:
        raise PuzzleError(
            "not_in_streak", _("This is not your streak's puzzle: open the streak again."), "puzzle", 409
        )
    if run is None and not again and solver.has_tried(puzzle):
        raise PuzzleError(
            "already_tried",
            _("You have tried this puzzle: try it again for practice (it no longer moves your rating)."),
            "again",
            409,
        )
    played, move = line[:-1], line[-1]
    if not all(same(a, b) for a, b in zip(played, solution, strict=False)):
        raise PuzzleError("stale_line", _("These moves are not this puzzle's: start it again."), "line")
    state = position(kit, puzzle, played)
    try:
        after = kit.game.play(state, puzzle.seat, move)
        move = kit.game.canonical(state, puzzle.seat, move)
    except (IllegalMove, ValueError, TypeError, KeyError) as exc:
        raise PuzzleError(
            "illegal_move", _("Not a legal move here: %(why)s") % {"why": told(exc)}, "line"
        ) from None  # why: the rules' words
    k = len(played)
    if not same(move, solution[k]):
        return {
            "correct": False,
            "solved": False,
            "board": board(kit, puzzle, after, move),
            **reveal(kit, puzzle),
            **_finish(solver, puzzle, False, run),
        }
    if k + 1 == len(solution):
        return {
            "correct": True,
            "solved": True,
            "board": board(kit, puzzle, after, move),
            **reveal(kit, puzzle),
            **_finish(solver, puzzle, True, run),
        }
    reply = solution[k + 1]
    label = kit.game.move_label(after, kit.game.to_move(after)[0], reply)
    replied = kit.game.play(after, kit.game.to_move(after)[0], reply)
    return {
        "correct": True,
        "solved": False,
        "played": board(kit, puzzle, after, move),
        "reply": reply,
        "label": label,
        "board": board(kit, puzzle, replied, reply),
    }


def reveal(kit: GameKit, puzzle: Puzzle) -> dict[str, Any]:
    """What a finished try shows: the solution (its moves, labels and boards), its themes, its
    proof and where it came from; made once per process and puzzle (in English), its words
    (the themes and the solver's name, marked by the game's kit, and where it was found) said in
    the reader's language."""
    shown = kept(("reveal", puzzle.pk, puzzle.digest), lambda: _reveal(kit, puzzle))
    proof = shown["proof"]
    return {
        **shown,  # a new dict: the kept one stays English for every reader
        "themes": [_(theme) if theme else theme for theme in shown["themes"]],
        "proof": {**proof, "solver": _(proof["solver"]) if proof["solver"] else proof["solver"]},
        "source": _source(shown["source"]),
    }


_SELF_PLAY = re.compile(r"a game of the computer levels \((\w+) vs (\w+)\), #(\d+)")
_MATCH = re.compile(r"the match (\w+)")


def _source(text: str) -> str:
    """Where a puzzle was found (stored in English, as the finder words it), for people."""
    if found := _SELF_PLAY.fullmatch(text):
        first, second, number = found.groups()
        return _("a game of the computer levels (%(first)s vs %(second)s), #%(number)s") % {
            "first": _(first),
            "second": _(second),
            "number": number,
        }
    if found := _MATCH.fullmatch(text):
        return _("the match %(id)s") % {"id": found.group(1)}
    return text


def _reveal(kit: GameKit, puzzle: Puzzle) -> dict[str, Any]:
    state = position(kit, puzzle, [])
    labels, boards = [], []
    for move in puzzle.solution:
        seat = kit.game.to_move(state)[0]
        labels.append(kit.game.move_label(state, seat, move))
        state = kit.game.play(state, seat, move)
        boards.append(board(kit, puzzle, state, move))
    proof = {"solver": puzzle.solver, "nodes": puzzle.nodes, "seconds": puzzle.seconds}
    return {
        "solution": puzzle.solution,
        "labels": labels,
        "boards": boards,
        "themes": puzzle.themes,
        "proof": proof,
        "source": puzzle.source,
    }


def _finish(solver: Solver, puzzle: Puzzle, solved: bool, run: Streak | None) -> dict[str, Any]:
    """The try's end: the streak goes on or ends, or both ratings move (once per person: a try
    after the one that counted moves nothing)."""
    if run is not None:
        return {"rated": False, "streak": run.solved(solver) if solved else run.failed(solver)}
    try:
        with transaction.atomic():
            fields = ("rating", "deviation", "volatility")
            locked = Puzzle.objects.select_for_update().only(*fields).get(pk=puzzle.pk)
            mine, its = solver.rating(puzzle.game, lock=True), Rating(*(getattr(locked, f) for f in fields))
            score = 1.0 if solved else 0.0
            new, its_new = update(mine, [(its, score)]), update(its, [(mine, 1 - score)])
            if not solver.count(puzzle, solved, new):
                return {"rated": False}
            Puzzle.objects.filter(pk=puzzle.pk).update(
                rating=its_new.rating,
                deviation=its_new.deviation,
                volatility=its_new.volatility,
                tries=F("tries") + 1,
                solved=F("solved") + solved,
            )
    except IntegrityError:  # the same person's other request counted first
        return {"rated": False}
    return {
        "rated": True,
        "rating": {
            "before": round(mine.rating),
            "after": round(new.rating),
            "change": round(new.rating) - round(mine.rating),
        },
    }


def find_and_store(kit: GameKit, count: int, rng: random.Random) -> list[dict[str, Any]]:
    """Up to ``count`` new puzzles of ``kit``'s game stored: from finished public matches played
    with the puzzle options, then from the computer levels' games. Their records."""
    seen = set(Puzzle.objects.filter(game=kit.slug).values_list("digest", flat=True))
    options = kit.game.clean_options(kit.puzzles.options)
    matches = Match.objects.filter(game=kit.slug, status=Match.Status.FINISHED).exclude(
        visibility=Match.Visibility.INVITE
    )
    games = (
        ([[m.seat, m.move] for m in match.moves.filter(takeback=None)], f"the match {match.pk}")
        for match in matches.iterator()
        if kit.game.clean_options(match.options) == options
    )
    records = []
    for found in find(kit, count, rng, games, seen=seen):
        record = as_record(kit, found)
        puzzle = puzzle_of(kit, record)
        if Puzzle.objects.bulk_create([puzzle], ignore_conflicts=True):
            records.append(record)
    return records
