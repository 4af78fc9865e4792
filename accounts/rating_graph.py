"""The profile's rating graph of one game, drawn on the server as SVG geometry: a y axis
with the lowest, middle and highest rating, an x axis with the first and last dates, and
a point per rated match that tells, on hover or tap (focus), the date, the rating after it,
the opponent and the result. A private (invite-only) match's opponent and result are told
only to its players and staff (``MatchQuerySet.listed_for``, as the profile's lists and the
archive): anyone else sees the rating after it and "a private match"."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from django.utils import timezone
from django.utils.formats import date_format
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from games.catalog.registry import GAMES
from games.matches.models import Match, RatingChange, Seat
from games.matches.wording import verdict

START = 1500  # everybody's rating before their first rated match
WIDTH, HEIGHT = 320, 150  # the viewBox
TIP_CHAR = 6.0  # the width of a character of a tip (bold, 10 units), on average
LEFT, RIGHT, TOP, BOTTOM = 42, 10, 12, 26  # room for the values (left) and the dates (bottom)
# A point's words: how it went against whom (``%(opponents)s``: their names, or "an opponent").
RESULT_WORDS = {
    "won": gettext_lazy("won against %(opponents)s"),
    "lost": gettext_lazy("lost to %(opponents)s"),
    "draw": gettext_lazy("drew with %(opponents)s"),
}


def _outcome(match, seat: int | None) -> str | None:
    """ "won", "lost" or "draw" for ``seat`` of a rated (so finished) match; None without one."""
    if seat is None or not match.result:
        return None
    rules = GAMES.get(match.game)
    return verdict(match.result, seat, cooperative=bool(rules and rules.cooperative))


def _label(at) -> str:
    return date_format(timezone.localtime(at), "j M Y")


def rating_graph(user, game: str, viewer=None) -> dict[str, Any]:
    """The SVG parts of ``user``'s rating history in ``game`` (oldest first) as ``viewer``
    may see it (``draw``): a point per rated match."""
    changes = list(
        RatingChange.objects.filter(user=user, game=game).select_related("match").order_by("created_at")
    )
    ids = [c.match_id for c in changes]
    listed = set(Match.objects.filter(pk__in=ids).listed_for(viewer).values_list("pk", flat=True))
    seats: dict[str, list[Seat]] = {}
    for seat in Seat.objects.filter(match__in=ids).select_related("user"):
        seats.setdefault(seat.match_id, []).append(seat)
    points = []
    for change in changes:
        if change.match_id in listed:
            table = seats.get(change.match_id, [])
            mine = next((s for s in table if s.user_id == user.pk), None)
            others = [s.user.username for s in table if s.user and s.user_id != user.pk]
            outcome = _outcome(change.match, mine.seat if mine else None)
            words = RESULT_WORDS[outcome] if outcome in RESULT_WORDS else _("played %(opponents)s")
            against = words % {"opponents": ", ".join(others) or _("an opponent")}
        else:  # private: neither whom nor how (the rating after it is public, as the current one)
            outcome, against = None, _("a private match")
        points.append(Point(change.created_at, round(change.after), against, outcome or ""))
    return draw(points)


@dataclass(frozen=True)
class Point:
    """One rated event of a graph: when, the rating after it, what it was, how it went (a
    class of the point: "won", "lost", "draw" or "")."""

    at: datetime
    rating: int
    what: str
    outcome: str = ""


def draw(events: list[Point], start: int = START) -> dict[str, Any]:
    """The SVG parts of a rating history (oldest first, from ``start``): ``line`` (the
    polyline's points), ``ticks`` (y value labels), ``dates`` (the first and last), ``points``
    (one per event: x, y, rating, text, label anchor). The puzzles' graph draws with it too."""
    values = [start, *(e.rating for e in events)]
    low, high = min(values), max(values)
    if high - low < 20:  # a flat history still gets a readable scale
        low, high = low - 10, high + 10
    inner_w, inner_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM
    step = inner_w / max(len(values) - 1, 1)

    def y(value: float) -> float:
        return round(TOP + (high - value) / (high - low) * inner_h, 1)

    xy = [(round(LEFT + i * step, 1), y(v)) for i, v in enumerate(values)]
    points = []
    for (px, py), event in zip(xy[1:], events, strict=True):
        text = f"{_label(event.at)} · {event.rating} · {event.what}"
        points.append(
            {
                "x": px,
                "y": py,
                "rating": event.rating,
                "text": text,
                "outcome": event.outcome,
                "anchor": "start",
                "label_x": _tip_x(px, text),
                "label_y": py - 8 if py > TOP + 16 else py + 16,
            }
        )
    middle = round((low + high) / 2)
    return {
        "width": WIDTH,
        "height": HEIGHT,
        "line": " ".join(f"{px},{py}" for px, py in xy),
        "axis": {"left": LEFT, "right": WIDTH - RIGHT, "top": TOP, "bottom": HEIGHT - BOTTOM},
        "ticks": [{"y": y(v), "value": v} for v in sorted({low, middle, high}, reverse=True)],
        "dates": [
            {"x": LEFT, "text": _label(events[0].at), "anchor": "start"},
            {"x": WIDTH - RIGHT, "text": _label(events[-1].at), "anchor": "end"},
        ]
        if events
        else [],
        "date_y": HEIGHT - 8,
        "points": points,
    }


def _tip_x(px: float, text: str) -> float:
    """Where a point's tip starts: over its point, moved so that it stays inside the graph
    (a tip at the middle point ran off the left edge when it ended at the point).

    >>> _tip_x(160, "x" * 40), _tip_x(0, "x" * 40), _tip_x(320, "x" * 40)
    (40.0, 0, 80.0)
    """
    width = len(text) * TIP_CHAR  # an estimate: the browser measures, the server cannot
    return max(0, min(px - width / 2, WIDTH - width))
