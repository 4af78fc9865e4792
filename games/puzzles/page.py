"""What a puzzle's page shows of a puzzle and its solver: the data its script reads and its
side card (``templates/puzzles/side.html``). The page's HTML (``games.web.puzzles``) and the
next puzzle sent on the puzzle socket (``games.realtime.puzzle_socket``) are made by the
same two functions here, so that a puzzle opened either way reads the same."""

from __future__ import annotations

from typing import Any

from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.translation import gettext as _

from games.catalog.registry import KITS

from .board import first_board
from .models import Puzzle
from .solvers import Solver
from .streaks import Streak


def task(puzzle: Puzzle) -> str:
    """What the puzzle asks, for people: "Red to play and win"."""
    kit = KITS[puzzle.game]
    name = _(kit.game.seat_names[puzzle.seat])  # the seat's and the claim's words: marked by the kit
    claim = _(kit.puzzles.claim) if puzzle.result == Puzzle.Result.WIN else _("and draw")
    return _("%(side)s to play %(claim)s") % {"side": name, "claim": claim}


def shown(solver: Solver, puzzle: Puzzle, streak: Streak | None) -> dict[str, Any]:
    """The page's context for ``puzzle`` (``streak``: the streak it is the puzzle of): its
    ``data`` (what the script reads, ``socket`` left to the page) and what the card says."""
    kit, standing = KITS[puzzle.game], solver.standing(puzzle)
    mine = standing.rating
    data: dict[str, Any] = {
        "game": puzzle.game,
        "id": puzzle.pk,
        "seat": puzzle.seat,
        "task": task(puzzle),
        "board": first_board(kit, puzzle),
        "tried": streak is None and standing.tried,
        "check": reverse("puzzle_check", args=[puzzle.game, puzzle.pk]),
        "socket": None,
        "next": reverse("puzzle_streak" if streak else "puzzle_next", args=[puzzle.game]),
        "streak": {"count": streak.count, "best": standing.best_streak} if streak else None,
    }
    name = _(kit.game.name)
    return {
        "game": {"slug": puzzle.game, "name": name},
        "puzzle": puzzle,
        "task": data["task"],
        "title": _("%(name)s puzzle %(number)s: %(task)s")
        % {"name": name, "number": puzzle.pk, "task": data["task"]},
        "data": data,
        "rating": round(mine.rating),
        "provisional": mine.provisional,
        "url": reverse("puzzle_page", args=[puzzle.game, puzzle.pk]),  # the link to share
        "streak": data["streak"],
        "solver_moves": (len(puzzle.solution) + 1) // 2,
    }


def side(context: dict[str, Any]) -> str:
    """The puzzle's side card (``shown``'s context), as the page holds it in ``#puzzle-side``."""
    return render_to_string("puzzles/side.html", context)
