"""Ratings: every player's Glicko-2 rating per game (``glicko2``), changed when a rated match
ends, inside the transaction that ends it, so a result and its rating change are stored
together, once (a unique ``RatingChange`` per match and player)."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django.db.models import Count, Max
from django.utils import timezone
from django.utils.functional import lazy
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from games.catalog.computer import shipped_ratings

from ..errors import ServiceError
from ..models import LevelRating, Match, Rating, RatingChange
from .glicko2 import PROVISIONAL_DEVIATION, START, after_match
from .glicko2 import Rating as Glicko

ACTIVE_DAYS = 30  # the leaderboard lists players with a rated match this recent


# What the "?" after a rating means, where ratings are listed (the rule: ``Glicko.provisional``).
def _provisional_note() -> str:
    return _(
        "A ? after a rating means it is provisional: still settling after too few rated matches"
        " (its Glicko-2 deviation is above %(deviation).0f; a newcomer starts at"
        " %(rating).0f with %(start_deviation).0f, and every rated match narrows it)."
    ) % {"deviation": PROVISIONAL_DEVIATION, "rating": START[0], "start_deviation": START[1]}


PROVISIONAL_NOTE = lazy(_provisional_note, str)()  # in the language of the page showing it


def current(user, game: str) -> tuple[int, bool]:
    """(rating rounded, provisional) of ``user`` in ``game``; a newcomer's 1500?."""
    row = Rating.objects.filter(user=user, game=game).values_list("rating", "deviation", "volatility").first()
    glicko = Glicko(*row) if row else Glicko()
    return round(glicko.rating), glicko.provisional


def of_level(game: str, level: str) -> tuple[int | None, bool]:
    """(rating, provisional) of a computer level, as ``rate_levels`` measured it; (None,
    True) until it has been measured."""
    row = LevelRating.objects.filter(game=game, level=level).values_list("rating", "deviation").first()
    return (round(row[0]), Glicko(*row).provisional) if row else (None, True)


def level_ratings() -> dict[str, dict[str, int]]:
    """game -> level -> rating of every level (the create form's "about 1850"): the
    measured ones, else the figures the kits ship (what ``manage.py rate_levels`` measured,
    so that a new site's create form shows the levels' strength before anyone measures)."""
    found = shipped_ratings()
    for game, level, rating in LevelRating.objects.values_list("game", "level", "rating"):
        found.setdefault(game, {})[level] = round(rating)
    return found


# Why a match cannot be rated, in the words of the refusal; the create form shows the same
# words beside its greyed "Rated" box as soon as the choice is made.
COMPUTER_IS_CASUAL = gettext_lazy("Matches against the computer are casual.")
CUSTOM_START_IS_CASUAL = gettext_lazy("Matches from a custom start position are casual.")


def never_rated(rules) -> str | None:
    """Why no match of this game is ever rated, or None when it may be."""
    if not rules.cooperative:
        return None
    return _("%(game)s is played together: it is never rated.") % {"game": rules.name}


def check_rated(rules, options: dict[str, Any], opponent: str, rated: Any) -> None:
    """A match may be rated between people, from the game's own start, in a game played
    against each other; anything else is casual (bad_options when asked to be rated)."""
    if type(rated) is not bool:
        raise ServiceError("bad_options", _("Rated must be true or false."), 400, field="rated")
    if not rated:
        return
    reason = (
        COMPUTER_IS_CASUAL
        if opponent == Match.Visibility.COMPUTER
        else never_rated(rules) or (CUSTOM_START_IS_CASUAL if rules.custom_start(options) else None)
    )
    if reason:
        raise ServiceError("bad_options", str(reason), 400, field="rated")


def rate(match: Match) -> None:
    """Apply the result of a finished rated match between two people to their ratings."""
    if not match.rated or match.status != Match.Status.FINISHED or not match.result:
        return
    seats = sorted(match.seats.all(), key=lambda s: s.seat)
    if len(seats) != 2 or not all(s.user_id for s in seats):
        return
    result = match.result
    score = 0.5 if result.get("draw") or result.get("winner") is None else float(result["winner"] == 0)
    rows = []
    for seat in seats:
        Rating.objects.get_or_create(user_id=seat.user_id, game=match.game)
        rows.append(Rating.objects.select_for_update().get(user_id=seat.user_id, game=match.game))
    before = [Glicko(r.rating, r.deviation, r.volatility) for r in rows]
    after = after_match(before[0], before[1], score)
    # The change goes into the result too, so that the result panel says it at once and
    # ever after without another query (``result.ratings``, rounded as the pages show them).
    changes = [
        {"seat": seat.seat, "before": round(old.rating), "after": round(new.rating)}
        for seat, old, new in zip(seats, before, after, strict=True)
    ]
    match.result = {**result, "ratings": changes}
    Match.objects.filter(pk=match.pk).update(result=match.result)
    for row, old, new in zip(rows, before, after, strict=True):
        row.rating, row.deviation, row.volatility = new.rating, new.deviation, new.volatility
        row.games += 1
        row.save()
        RatingChange.objects.create(
            match=match,
            user_id=row.user_id,
            game=match.game,
            before=old.rating,
            after=new.rating,
            deviation=new.deviation,
        )


def leaderboard(game: str, limit: int = 100) -> list[dict[str, Any]]:
    """The active players of ``game`` by rating (a rated match in the last ACTIVE_DAYS)."""
    since = timezone.now() - timedelta(days=ACTIVE_DAYS)
    rows = (
        Rating.objects.filter(game=game, games__gt=0, updated_at__gte=since)
        .order_by("-rating")
        .values_list("user__username", "rating", "deviation", "games")[:limit]
    )
    return [
        {
            "rank": rank,
            "username": name,
            "rating": round(rating),
            "deviation": round(deviation),
            "provisional": Glicko(rating, deviation).provisional,
            "games": games,
        }
        for rank, (name, rating, deviation, games) in enumerate(rows, start=1)
    ]


def leaderboard_version(game: str) -> str:
    """Changes whenever ``leaderboard(game)`` may (a rating written), for a cached page."""
    changed = Rating.objects.filter(game=game).aggregate(n=Count("pk"), last=Max("updated_at"))
    return f"{changed['n']}:{changed['last']}"


def ratings_of(user) -> list[dict[str, Any]]:
    """``user``'s rating in every game they played rated, with its history (oldest first)."""
    changes: dict[str, list[tuple[Any, float]]] = {}
    for game, at, after in RatingChange.objects.filter(user=user).values_list("game", "created_at", "after"):
        changes.setdefault(game, []).append((at, after))
    return [
        {
            "game": r.game,
            "rating": round(r.rating),
            "provisional": Glicko(r.rating, r.deviation).provisional,
            "games": r.games,
            "history": [round(after) for _, after in changes.get(r.game, [])],
        }
        for r in Rating.objects.filter(user=user, games__gt=0).order_by("game")
    ]
