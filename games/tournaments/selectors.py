"""Reads of tournaments: the protocol's tournament object (standings with points and the
tie-break, a crosstable, every round's pairings), and the lists of the pages."""

from __future__ import annotations

from typing import Any

from django.db.models import Count

from games.matches.models import Rating
from games.matches.models import option_labels as match_option_labels
from games.matches.ratings.glicko2 import Rating as Glicko
from games.matches.ratings.standings import level_ratings

from . import pairing
from .models import Entrant, Pairing, Tournament

TIEBREAK = {Tournament.Format.ROUND_ROBIN: "sonneborn_berger", Tournament.Format.SWISS: "buchholz"}
TIEBREAK_NAMES = {"sonneborn_berger": "Sonneborn-Berger", "buchholz": "Buchholz"}


def result_text(p: Pairing) -> str | None:
    """ "1-0", "0-1", "½-½", "0-0" (both lost: aborted), "bye", or None while playing: codes
    of protocol.md, the same in every language (the page words a bye itself)."""
    if p.second_id is None:
        return "bye"
    if p.first_points is None:
        return None
    if p.first_points == p.second_points:
        return "½-½" if p.first_points else "0-0"
    return "1-0" if p.first_points > p.second_points else "0-1"


def listed(limit: int = 10) -> list[Tournament]:
    """Upcoming and running tournaments, soonest first (the lobby's list: one query)."""
    query = Tournament.objects.listed().annotate(players=Count("entrants")).order_by("starts_at")
    return list(query[:limit])


def all_by_status(limit: int = 50) -> dict[str, list[Tournament]]:
    """The tournaments page: upcoming, running, finished (newest first)."""
    query = Tournament.objects.annotate(players=Count("entrants"))
    return {
        "upcoming": list(query.filter(status=Tournament.Status.UPCOMING).order_by("starts_at")[:limit]),
        "running": list(query.filter(status=Tournament.Status.RUNNING).order_by("starts_at")[:limit]),
        "finished": list(
            query.filter(status__in=[Tournament.Status.FINISHED, Tournament.Status.CANCELLED]).order_by(
                "-starts_at"
            )[:limit]
        ),
    }


def bye_points(tournament: Tournament) -> int:
    """What a bye scores: a win in a Swiss tournament, nothing in a round robin."""
    return pairing.WIN if tournament.format == Tournament.Format.SWISS else pairing.LOSS


def option_labels(tournament: Tournament) -> list[tuple[str, str]]:
    """The tournament's game options for people, as (label, value), worded as on its matches."""
    return match_option_labels(tournament.game, tournament.options)


def _entrant_json(e: Entrant, bots: set[int], ratings: dict[Any, tuple[int, bool]]) -> dict[str, Any]:
    rating, provisional = ratings.get(e.user_id or e.level, (None, False))
    return {
        "id": e.pk,
        "name": e.name,
        "username": e.user.username if e.user_id else None,
        "level": e.level or None,
        "bot": e.user_id in bots,
        "rating": rating,
        "provisional": provisional,
    }


def _ratings(game: str, entrants: list[Entrant]) -> dict[Any, tuple[int, bool]]:
    """Each entrant's rating in the game now: users by id, computer levels by name."""
    users = [e.user_id for e in entrants if e.user_id]
    found: dict[Any, tuple[int, bool]] = {
        uid: (round(r), Glicko(r, d).provisional)
        for uid, r, d in Rating.objects.filter(game=game, user_id__in=users).values_list(
            "user_id", "rating", "deviation"
        )
    }
    found.update({level: (rating, False) for level, rating in level_ratings().get(game, {}).items()})
    return found


def tournament_json(tournament: Tournament) -> dict[str, Any]:
    """The tournament object of protocol.md."""
    entrants = list(tournament.entrants.select_related("user", "user__account"))
    bots = {
        e.user_id for e in entrants if e.user_id and getattr(getattr(e.user, "account", None), "bot", False)
    }
    rated = _ratings(tournament.game, entrants)
    people = {e.pk: _entrant_json(e, bots, rated) for e in entrants}
    # A round's pairings (its byes with their points) exist from the moment it begins; a
    # bye of a later round never counts before then.
    pairings = [p for p in tournament.pairings.select_related("match") if p.round <= tournament.round]
    games = [
        pairing.Game(p.first_id, p.second_id, p.first_points, p.second_points or 0)
        for p in pairings
        if p.done
    ]
    kind = TIEBREAK[tournament.format]
    table = pairing.standings([e.pk for e in entrants], games, kind)
    rounds: dict[int, list[dict[str, Any]]] = {}
    for p in pairings:
        rounds.setdefault(p.round, []).append(
            {
                "first": people[p.first_id]["name"],
                "second": people[p.second_id]["name"] if p.second_id else None,
                "first_id": p.first_id,
                "second_id": p.second_id,
                "match_id": p.match_id,
                "match_url": f"/m/{p.match_id}/" if p.match_id else None,
                "replay_url": f"/r/{p.match.replay_slug}/" if p.match_id else None,
                "status": p.match.status if p.match_id else "bye",
                "result": result_text(p),
                "points": [p.first_points, p.second_points] if p.done else None,
            }
        )
    crosstable = {s.player: {opponent: scored for opponent, scored in s.results.items()} for s in table}
    order = [s.player for s in table]
    return {
        "id": tournament.pk,
        "name": tournament.name,
        "game": tournament.game,
        "game_name": tournament.game_name,
        "options": tournament.options,
        "clock": tournament.clock,
        "rated": tournament.rated,
        "format": tournament.format,
        "double": tournament.double,
        "entry": tournament.entry,
        "status": tournament.status,
        "starts_at": tournament.starts_at.isoformat(),
        "round": tournament.round,
        "rounds_total": tournament.rounds,
        "max_entrants": tournament.max_entrants,
        "created_by": tournament.created_by.username if tournament.created_by_id else None,
        "tiebreak": kind,
        "standings": [
            {
                "rank": s.rank,
                **people[s.player],
                "points": s.points,
                "tiebreak": s.tiebreak(kind),
                "played": s.played,
                "wins": s.wins,
                "draws": s.draws,
                "losses": s.losses,
                "byes": s.byes,
            }
            for s in table
        ],
        "crosstable": [
            {
                "name": people[row]["name"],
                "against": [None if row == col else crosstable[row].get(col, []) for col in order],
            }
            for row in order
        ],
        "rounds": [
            {"round": number, "pairings": games_of_round} for number, games_of_round in sorted(rounds.items())
        ],
    }
