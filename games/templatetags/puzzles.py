"""Template tags of puzzles: ``{% load puzzles %}``."""

from __future__ import annotations

from typing import Any

from django import template
from django.utils.translation import gettext as _

from accounts.rating_graph import Point, draw
from games.puzzles.history import puzzle_ratings

register = template.Library()
OUTCOME = {True: "won", False: "lost"}  # the point's colour, as a won or lost match's


def _said(solved: bool) -> str:
    """A point's title: "solved puzzle 12", "missed puzzle 12"."""
    return _("solved puzzle %(id)s") if solved else _("missed puzzle %(id)s")


@register.inclusion_tag("puzzles/profile_ratings.html")
def puzzle_rating_cards(user: Any) -> dict[str, Any]:
    """The profile's "Puzzle ratings": each game's rating with its graph, a point per try."""
    rows = puzzle_ratings(user)
    for row in rows:
        points = [
            Point(s.at, s.rating, _said(s.solved) % {"id": s.puzzle}, OUTCOME[s.solved]) for s in row["steps"]
        ]
        row["graph"] = draw(points, start=row["start"])
        row["history"] = [s.rating for s in row["steps"]]
    return {"rows": rows}
