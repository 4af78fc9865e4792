"""Every change to a tournament: create, join, start, record a finished match (and pair the
next round or finish), cancel.

Each runs in one transaction with the tournament row locked (``select_for_update``), so a
result announced twice, or by several processes at once, is recorded once and a round is
paired once. Matches are made through ``games.matches.services`` like any other: their
events start the bots (``MatchStarted``) and the computer players, and their clocks end a
game nobody shows up to (a loss by time). Each game of a new round is announced after the
commit as ``events.RoundStarted`` (notifications, bots' event sockets).
"""

from __future__ import annotations

import logging
from datetime import datetime, timedelta
from typing import Any

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils import timezone
from django.utils.dateparse import parse_datetime
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from games.catalog.computer import levels as computer_levels
from games.catalog.registry import GAMES
from games.matches import clocks, quotas
from games.matches import services as match_services
from games.matches.errors import ServiceError, told
from games.matches.events import announce
from games.matches.models import Match
from games.matches.ratings import standings as ratings
from games.rules import OptionError

from . import pairing
from .events import RoundStarted, TournamentChanged, TournamentCreated
from .models import Entrant, Pairing, Tournament

log = logging.getLogger(__name__)
OVER = (Match.Status.FINISHED, Match.Status.ABORTED)
MAX_ENTRANTS = 32
MAX_SWISS_ROUNDS = 20
DEFAULT_DELAY = timedelta(minutes=1)  # no start time given: a minute from now
MAX_AHEAD = timedelta(days=366)  # a start time at most this far ahead


def _bad(message: str, field: str) -> ServiceError:
    return ServiceError("bad_options", message, 400, field=field)


def _locked(tournament_id: Any) -> Tournament:
    try:
        return Tournament.objects.select_for_update().get(pk=int(tournament_id))
    except (Tournament.DoesNotExist, TypeError, ValueError):
        raise ServiceError("not_found", _("No such tournament."), 404) from None


def is_bot(user) -> bool:
    """Is ``user`` a bot account (``accounts.models.Account.bot``)?"""
    return get_user_model().objects.filter(pk=user.pk, account__bot=True).exists()


def _starts_at(raw: Any) -> datetime:
    if raw in (None, ""):
        return timezone.now() + DEFAULT_DELAY
    try:
        when = raw if isinstance(raw, datetime) else parse_datetime(raw) if isinstance(raw, str) else None
    except ValueError:  # well-formed but impossible (month 13)
        when = None
    if when is None:
        raise _bad(
            _("Start time must be an ISO 8601 date and time, or null for a minute from now."), "starts_at"
        )
    try:
        if timezone.is_naive(when):
            when = timezone.make_aware(when)
        now = timezone.now()
        in_range = now - timedelta(days=1) <= when <= now + MAX_AHEAD
    except (OverflowError, ValueError):  # year 1 at +01:00 is before year 1 in UTC
        in_range = False
    if not in_range:
        raise _bad(_("Start time must be within a year from now."), "starts_at")
    return when


def _computers_message() -> str:
    # Every computer player plays every round, on the server's processors (issue 24).
    most = settings.TOURNAMENT_MAX_COMPUTERS
    return ngettext(
        "At most %(n)s computer player in a tournament.",
        "At most %(n)s computer players in a tournament.",
        most,
    ) % {"n": most}


def _closed_message(status: str) -> str:
    """Why nobody enters a tournament that is not upcoming any more."""
    said = {
        Tournament.Status.RUNNING: _("This tournament is running: entry is closed."),
        Tournament.Status.FINISHED: _("This tournament is finished: entry is closed."),
        Tournament.Status.CANCELLED: _("This tournament is cancelled: entry is closed."),
    }
    return said.get(status) or _("This tournament is %(status)s: entry is closed.") % {"status": status}


def _check_quota(user) -> None:
    """(In the creating transaction.) Refuse ``too_many_tournaments`` when ``user`` (not
    staff) created ``QUOTA_TOURNAMENTS`` tournaments that are not over yet."""
    if quotas.exempt(user):
        return
    quotas.lock_account(user)
    limit = settings.QUOTA_TOURNAMENTS
    quotas.refuse_at(
        Tournament.objects.listed().filter(created_by=user),
        limit,
        "too_many_tournaments",
        ngettext(
            "You already run %(n)s tournaments that have not finished: wait for one to end, or cancel one.",
            "You already run %(n)s tournaments that have not finished: wait for one to end, or cancel one.",
            limit,
        )
        % {"n": limit},
    )


# -- create and join ------------------------------------------------------------------------
def tournament_create(
    *,
    user,
    name: Any,
    game: Any,
    options: Any = None,
    clock: Any = None,
    rated: Any = False,
    format: Any = "round_robin",
    rounds: Any = None,
    double: Any = False,
    starts_at: Any = None,
    entry: Any = "anyone",
    levels: Any = (),
    max_entrants: Any = 16,
) -> Tournament:
    """Create an upcoming tournament (computer ``levels`` entered at once); ServiceError
    ``bad_options`` with the field at fault otherwise."""
    if not isinstance(name, str) or not name.strip() or len(name.strip()) > 80:
        raise _bad(_("A name of 1 to 80 characters, please."), "name")
    rules = GAMES.get(game) if isinstance(game, str) else None
    if rules is None:
        raise _bad(_("Unknown game: %(game)r.") % {"game": game}, "game")
    if options is not None and not isinstance(options, dict):
        raise _bad(_("Options must be an object of option names and values."), "options")
    try:
        cleaned = rules.clean_options(options or {})
    except OptionError as exc:
        raise _bad(told(exc), exc.field or "options") from None
    if rules.seat_count(cleaned) != 2 or rules.cooperative:
        raise _bad(
            _("%(game)s with these options is not a game of two opponents.") % {"game": _(rules.name)}, "game"
        )
    if clock is None:
        raise _bad(_("A tournament needs a clock (a player who does not show up loses by time)."), "clock")
    time_control = clocks.clean(clock)
    if type(rated) is not bool:
        raise _bad(_("Rated must be true or false."), "rated")
    if rated and rules.custom_start(cleaned):
        raise _bad(ratings.CUSTOM_START_IS_CASUAL, "rated")
    if format not in Tournament.Format.values:
        raise _bad(_("Format must be round_robin or swiss."), "format")
    if type(double) is not bool:
        raise _bad(_("Double must be true or false."), "double")
    if format == Tournament.Format.SWISS:
        if type(rounds) is not int or not 1 <= rounds <= MAX_SWISS_ROUNDS:
            raise _bad(
                _("A Swiss tournament needs 1 to %(most)s rounds.") % {"most": MAX_SWISS_ROUNDS}, "rounds"
            )
    else:
        rounds = 0  # set at the start, from the number of entrants
    if entry not in Tournament.Entry.values:
        raise _bad(_("Entry must be anyone, humans or bots."), "entry")
    if type(max_entrants) is not int or not 2 <= max_entrants <= MAX_ENTRANTS:
        raise _bad(_("Players must be 2 to %(most)s.") % {"most": MAX_ENTRANTS}, "max_entrants")
    if not isinstance(levels, list | tuple) or any(lv not in computer_levels(game) for lv in levels):
        choices = ", ".join(computer_levels(game)) or _("none")
        raise _bad(_("Computer levels must be a list of: %(levels)s.") % {"levels": choices}, "levels")
    if levels and entry == Tournament.Entry.HUMANS:
        raise _bad(_("A tournament for humans only has no computer players."), "levels")
    if len(levels) > max_entrants:
        raise _bad(_("More computer players than places."), "levels")
    if len(levels) > settings.TOURNAMENT_MAX_COMPUTERS:
        raise _bad(_computers_message(), "levels")
    with transaction.atomic():
        _check_quota(user)
        tournament = Tournament.objects.create(
            name=name.strip(),
            game=game,
            options=cleaned,
            clock=time_control,
            rated=rated,
            format=format,
            rounds=rounds,
            double=double and format == Tournament.Format.ROUND_ROBIN,
            starts_at=_starts_at(starts_at),
            entry=entry,
            max_entrants=max_entrants,
            created_by=user,
        )
        for level in levels:
            Entrant.objects.create(tournament=tournament, level=level)
        announce(TournamentCreated(tournament=tournament, by=user.pk))  # after the commit
    return tournament


def tournament_join(*, tournament_id: Any, user, level: str = "") -> Tournament:
    """Enter ``user`` (or, asked by the tournament's creator, a computer ``level``). Joining
    twice is a no-op. Refused with 409: ``tournament_closed`` (started, finished or
    cancelled), ``tournament_full``, ``entry_refused`` (humans only / bots only). A
    tournament whose start time has passed starts when its second player joins."""
    with transaction.atomic():
        tournament = _locked(tournament_id)
        if level:
            if tournament.created_by_id != user.pk:
                raise ServiceError(
                    "entry_refused", _("Only the tournament's creator enters computer players."), 409
                )
            if level not in computer_levels(tournament.game):
                raise _bad(
                    _("Computer level must be one of: %(levels)s.")
                    % {"levels": ", ".join(computer_levels(tournament.game))},
                    "level",
                )
            if tournament.entry == Tournament.Entry.HUMANS:
                raise ServiceError("entry_refused", _("This tournament is for humans only."), 409)
            if tournament.entrants.exclude(level="").count() >= settings.TOURNAMENT_MAX_COMPUTERS:
                raise ServiceError("entry_refused", _computers_message(), 409)
        elif tournament.entrants.filter(user=user).exists():
            return tournament
        if tournament.status != Tournament.Status.UPCOMING:
            raise ServiceError("tournament_closed", _closed_message(tournament.status), 409)
        if tournament.entrants.count() >= tournament.max_entrants:
            raise ServiceError("tournament_full", _("This tournament is full."), 409)
        if not level:
            bot = is_bot(user)
            if tournament.entry == Tournament.Entry.HUMANS and bot:
                raise ServiceError("entry_refused", _("This tournament is for humans only."), 409)
            if tournament.entry == Tournament.Entry.BOTS and not bot:
                raise ServiceError("entry_refused", _("This tournament is for bots only."), 409)
        Entrant.objects.create(tournament=tournament, user=None if level else user, level=level)
        _start_if_due(tournament)
        announce(TournamentChanged(tournament_id=tournament.pk))
    return tournament


# -- start, rounds, results ------------------------------------------------------------------
def _start_if_due(tournament: Tournament) -> bool:
    """(Locked.) Start the tournament if its time has come and it has two players."""
    if tournament.status != Tournament.Status.UPCOMING or tournament.starts_at > timezone.now():
        return False
    entrants = list(tournament.entrants.all())
    if len(entrants) < 2:
        return False
    tournament.status = Tournament.Status.RUNNING
    if tournament.format == Tournament.Format.ROUND_ROBIN:
        tournament.rounds = pairing.round_robin_rounds(len(entrants), tournament.double)
    tournament.save(update_fields=["status", "rounds"])
    _advance(tournament)
    return True


def tournament_start(*, tournament_id: Any) -> bool:
    """Start it now if its start time has passed and it has two players (else no-op)."""
    with transaction.atomic():
        tournament = _locked(tournament_id)
        started = _start_if_due(tournament)
        if started:
            announce(TournamentChanged(tournament_id=tournament.pk))
    return started


def start_due_tournaments() -> int:
    """Start every upcoming tournament whose time has come, and record any finished match of
    a running one that was missed (a process that stopped between the match's end and its
    recording). Called by every server process's clock watcher; cheap when idle."""
    started = 0
    due = Tournament.objects.filter(status=Tournament.Status.UPCOMING, starts_at__lte=timezone.now())
    for tournament_id in due.values_list("pk", flat=True)[:20]:
        started += tournament_start(tournament_id=tournament_id)
    missed = Pairing.objects.filter(
        tournament__status=Tournament.Status.RUNNING, first_points__isnull=True, match__status__in=OVER
    ).values_list("match_id", flat=True)[:20]
    for match_id in missed:
        record_match(match=Match.objects.get(pk=match_id))
    return started


def record_match(*, match: Match) -> bool:
    """A tournament match ended: record its points; when the round is complete, pair the
    next one or finish. Recorded once however often it is called. False: not a tournament
    match, not over, or recorded already."""
    if match.status not in OVER:
        return False
    row = Pairing.objects.filter(match_id=match.pk).values_list("tournament_id", flat=True).first()
    if row is None:
        return False
    with transaction.atomic():
        tournament = _locked(row)
        game = Pairing.objects.select_for_update().get(match_id=match.pk)
        if game.done or tournament.status != Tournament.Status.RUNNING:
            return False
        result = match.result or {}
        if match.status == Match.Status.ABORTED:
            first, second = pairing.LOSS, pairing.LOSS  # nobody played it: nobody scores
        else:
            first, second = pairing.points(result.get("winner"), bool(result.get("draw")))
        game.first_points, game.second_points = first, second
        game.save(update_fields=["first_points", "second_points"])
        _advance(tournament)
        announce(TournamentChanged(tournament_id=tournament.pk))
    return True


def _advance(tournament: Tournament) -> None:
    """(Locked.) If every game of the current round is done: pair the next round, or finish."""
    while True:
        if tournament.pairings.filter(round=tournament.round, first_points__isnull=True).exists():
            return
        if tournament.round >= tournament.rounds:
            tournament.status = Tournament.Status.FINISHED
            tournament.finished_at = timezone.now()
            tournament.save(update_fields=["status", "finished_at"])
            return
        tournament.round += 1
        tournament.save(update_fields=["round"])
        _pair_round(tournament)


def _games(tournament: Tournament) -> list[pairing.Game]:
    return [
        pairing.Game(p.first_id, p.second_id, p.first_points, p.second_points or 0)
        for p in tournament.pairings.filter(first_points__isnull=False)
    ]


def _pair_round(tournament: Tournament) -> None:
    """(Locked.) Make the pairings of ``tournament.round`` and start their matches."""
    entrants = {e.pk: e for e in tournament.entrants.select_related("user")}
    ids = list(entrants)
    if tournament.format == Tournament.Format.ROUND_ROBIN:
        pairs = pairing.round_robin(ids, tournament.double)[tournament.round - 1]
    else:
        pairs = pairing.swiss_round(ids, _games(tournament))
    bye_points = pairing.WIN if tournament.format == Tournament.Format.SWISS else pairing.LOSS
    for first, second in pairs:
        if second is None:
            Pairing.objects.create(
                tournament=tournament, round=tournament.round, first_id=first, first_points=bye_points
            )
            continue
        match = _match_for(tournament, entrants[first], entrants[second])
        Pairing.objects.create(
            tournament=tournament, round=tournament.round, first_id=first, second_id=second, match=match
        )
        seats = {e.user_id: seat for seat, e in enumerate((entrants[first], entrants[second])) if e.user_id}
        announce(RoundStarted(tournament=tournament, round=tournament.round, match=match, seats=seats))
        match.refresh_from_db(fields=["status", "result"])
        if match.status in OVER:  # over at once (it never is for a normal game): count it now
            game = Pairing.objects.get(match=match)
            game.first_points, game.second_points = pairing.points(
                (match.result or {}).get("winner"), bool((match.result or {}).get("draw"))
            )
            game.save(update_fields=["first_points", "second_points"])


def _match_for(tournament: Tournament, first: Entrant, second: Entrant) -> Match:
    """The started match of ``first`` (seat 0) against ``second`` (seat 1)."""
    # Nobody aborts a tournament's game: a player who does not move loses on time.
    common = {
        "game": tournament.game,
        "options": tournament.options,
        "clock": tournament.clock,
        "abortable": False,
        "takebacks": False,  # a takeback would change a result the standings count
        "quota": False,  # the tournament's own limits apply (its creator's, its computer players)
    }
    if first.user_id and second.user_id:
        match = match_services.match_create(
            user=first.user,
            opponent="invite",
            side=0,
            rated=tournament.rated,
            reserve_for=second.user,
            **common,
        )
        return match_services.match_join(match_id=match.pk, user=second.user)
    if first.user_id:
        return match_services.match_create(
            user=first.user, opponent="computer", side=0, level=second.level, **common
        )
    if second.user_id:
        return match_services.match_create(
            user=second.user, opponent="computer", side=1, level=first.level, **common
        )
    return match_services.match_create(
        user=tournament.created_by,
        opponent="computer",
        side="watch",
        level=[first.level, second.level],
        **common,
    )


def tournament_cancel(*, tournament_id: Any, user, staff: bool = False) -> Tournament:
    """Cancel (its creator before the start; staff any time): matches still being played are
    aborted. Cancelling twice is a no-op."""
    with transaction.atomic():
        tournament = _locked(tournament_id)
        if tournament.status in (Tournament.Status.CANCELLED, Tournament.Status.FINISHED):
            return tournament
        if not staff and (
            tournament.created_by_id != user.pk or tournament.status != Tournament.Status.UPCOMING
        ):
            raise ServiceError(
                "cannot_cancel", _("Only staff, or its creator before the start, cancel it."), 409
            )
        tournament.status = Tournament.Status.CANCELLED
        tournament.finished_at = timezone.now()
        tournament.save(update_fields=["status", "finished_at"])
        playing = tournament.pairings.filter(first_points__isnull=True, match__isnull=False)
        match_ids = [p.match_id for p in playing if p.match_id]
    for match_id in match_ids:
        match_services.match_abort(match_id=match_id, user=None, staff=True)
    announce(TournamentChanged(tournament_id=tournament.pk))  # its games aborted too
    return tournament
