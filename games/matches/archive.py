"""A person's archive (``/u/<name>/games/``): every game of theirs a viewer may see, filtered,
newest first, and each row in words.

The query starts from the person's own seats, so the person's side of every match (their
seat number) is at hand for filtering by result in the database; the visibility of each
match is ``MatchQuerySet.listed_for``, the rule the profile and the lobby follow.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date, datetime
from typing import Any

from django.core.exceptions import ObjectDoesNotExist
from django.db.models import Q, QuerySet
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from games.catalog.registry import GAMES

from . import wording
from .models import Match, Seat

MARKS = ("mistake", "blunder")  # of a computer analysis, named in a row
SLIPS = {  # a count of each mark, in words
    "mistake": lambda n: ngettext("%(n)s mistake", "%(n)s mistakes", n),
    "blunder": lambda n: ngettext("%(n)s blunder", "%(n)s blunders", n),
}

RESULTS = ("won", "lost", "drawn", "unfinished")
# A realtime clock as the site labels it: "5+3" (minutes + seconds a move), "0:45+0".
CLOCK_LABEL = re.compile(r"^(\d{1,3})(?::([0-5]\d))?\+(\d{1,3})$")
UNTIMED, CORRESPONDENCE = "untimed", "correspondence"


def archived() -> Q:
    """The matches that were games: begun (finished or being played), and aborted ones only
    once a move was made (a declined challenge or a rematch nobody took was never a game)."""
    return Q(match__status__in=[Match.Status.FINISHED, Match.Status.ACTIVE]) | Q(
        match__status=Match.Status.ABORTED, match__ply__gt=0
    )


def _seat_numbers() -> range:
    """Every seat number a game that is not co-operative can have."""
    return range(max(g.seats[1] for g in GAMES.values() if not g.cooperative))


def result_q(result: str) -> Q:
    """The person's seats whose match ended ``result`` for them, as ``wording.verdict`` reads
    a result (``draw`` is "drawn"), written as a filter: a co-operative game is won by its
    victory and lost otherwise; else the seat named ``winner`` won, a null winner is a draw
    (unless ``draw`` is false, or, in results older than ``draw``, the reason was a resignation)."""
    if result == "unfinished":
        return ~Q(match__status=Match.Status.FINISHED)
    together = [slug for slug, game in GAMES.items() if game.cooperative]
    allies = Q(match__game__in=together)
    victory = Q(match__result__reason="victory")
    seats = _seat_numbers()
    won_alone = Q()
    lost_alone = Q(match__result__winner=None, match__result__draw=False)
    lost_alone |= Q(
        match__result__winner=None, match__result__draw__isnull=True, match__result__reason="resign"
    )
    for seat in seats:
        won_alone |= Q(seat=seat, match__result__winner=seat)
        for other in seats:
            if other != seat:
                lost_alone |= Q(seat=seat, match__result__winner=other)
    drawn = Q(match__result__winner=None) & (
        Q(match__result__draw=True)
        | (Q(match__result__draw__isnull=True) & ~Q(match__result__reason="resign"))
    )
    by_result = {
        "won": (allies & victory) | (~allies & won_alone),
        "lost": (allies & ~victory) | (~allies & lost_alone),
        "drawn": ~allies & drawn,
    }
    return Q(match__status=Match.Status.FINISHED) & by_result[result]


def clock_q(clock: str) -> Q:
    """The matches played with ``clock``: "untimed", "correspondence" (days a move) or a
    realtime label ("5+3")."""
    if clock == UNTIMED:
        return Q(match__time_control__isnull=True)
    if clock == CORRESPONDENCE:
        return Q(match__time_control__has_key="days")
    found = CLOCK_LABEL.match(clock)
    if found is None:
        raise ValueError(f"{clock!r} is not a clock such as 5+3.")
    minutes, seconds, increment = found.groups()
    initial = int(minutes) * 60 + int(seconds or 0)
    return Q(match__time_control__initial=initial, match__time_control__increment=int(increment))


def archive(
    person,
    viewer,
    *,
    game: str = "",
    opponent=None,
    result: str = "",
    rated: bool | None = None,
    clock: str = "",
    since: date | None = None,
    until: date | None = None,
) -> QuerySet[Seat]:
    """The person's seats in the games ``viewer`` may see, newest first, filtered; each with
    its match (without its board) and the match's seats and their users at hand."""
    seats = Seat.objects.filter(archived(), user=person, match__in=Match.objects.listed_for(viewer))
    if game:
        seats = seats.filter(match__game=game)
    if opponent is not None:
        seats = seats.filter(match__seats__user=opponent)
    if result:
        seats = seats.filter(result_q(result))
    if rated is not None:
        seats = seats.filter(match__rated=rated)
    if clock:
        seats = seats.filter(clock_q(clock))
    if since:
        seats = seats.filter(match__created_at__date__gte=since)
    if until:
        seats = seats.filter(match__created_at__date__lte=until)
    return (
        seats.select_related("match", "match__computer_analysis")
        # not the boards, nor an analysis' every move: its summary is enough here
        .defer("match__state", "match__clock_ms", "match__draw_offered", "match__computer_analysis__plies")
        .prefetch_related("match__seats__user")
        .order_by("-match__created_at", "-match__pk")
    )


@dataclass(frozen=True)
class Row:
    """One game of the archive, in words."""

    match: Match
    played: datetime
    game: str
    opponents: list[tuple[str, str | None]]  # (name as shown, username to link or None)
    together: bool  # allies (a co-operative game): "with", else "vs"
    outcome: str  # won, lost, drawn, in progress, aborted
    result_line: str  # wording.result_line, "You ..." only to the person themselves
    rated: bool
    clock: str
    moves: int
    replay_url: str
    analysis: str = ""  # the computer analysis' summary of the person's play, when there is one


def row(seat: Seat, viewer: Any) -> Row:
    """``seat`` (the person's) of an archived match as its row reads, for ``viewer``."""
    match = seat.match
    rules = match.rules
    seats = sorted(match.seats.all(), key=lambda s: s.seat)
    opponents = [
        (s.user.username, s.user.username) if s.user_id else (f"the computer ({s.level})", None)
        for s in seats
        if s.seat != seat.seat and (s.user_id or s.level)
    ]
    people = [(s.seat, s.user.username if s.user_id else None, s.level or "") for s in seats]
    own = viewer is not None and viewer.is_authenticated and viewer.pk == seat.user_id
    if match.status == Match.Status.FINISHED:
        said = wording.verdict(match.result, seat.seat, cooperative=rules.cooperative) or "lost"
        outcome = "drawn" if said == "draw" else said
        line = wording.result_line(
            match.result, people, cooperative=rules.cooperative, you=seat.seat if own else None
        )
    else:
        outcome = "in progress" if match.status == Match.Status.ACTIVE else "aborted"
        line = ""
    return Row(
        match=match,
        played=match.created_at,
        game=rules.name,
        opponents=opponents,
        together=rules.cooperative,
        outcome=outcome,
        result_line=line,
        rated=match.rated,
        clock=match.time_label,
        moves=match.ply,
        analysis=analysis_summary(match, seat.seat),
        replay_url=f"/r/{match.replay_slug}/",
    )


def analysis_summary(match: Match, seat: int) -> str:
    """ "Analysed: 87% accuracy, 1 mistake, 2 blunders" for ``seat``, when the match's computer
    analysis is done (its row read with the match); "" otherwise."""
    try:
        analysis = match.computer_analysis
    except ObjectDoesNotExist:
        return ""
    mine = next((row for row in analysis.summary if row["seat"] == seat), None)
    if analysis.status != analysis.Status.DONE or mine is None or mine["accuracy"] is None:
        return ""
    slips = [SLIPS[kind](mine[kind]) % {"n": mine[kind]} for kind in MARKS if mine[kind]]
    accuracy = _("Analysed: %(accuracy)s%% accuracy") % {"accuracy": f"{mine['accuracy']:g}"}
    return ", ".join([accuracy, *slips])
