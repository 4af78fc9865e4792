"""Every change to a match goes through these functions (views, API, consumer, admin, computer).

Each runs in one transaction with the match row locked (``select_for_update``), writes with
the ORM, and ends with ``events.announce_change``, saying what happened (``MoveMade``,
``MatchEnded``...): the events go out only after the commit, so nobody ever sees a move that
was not stored. Services never send anything themselves.
"""

from __future__ import annotations

import random
from datetime import timedelta
from typing import Any

from django.conf import settings
from django.db import IntegrityError, transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext as _

from games.rules import IllegalMove

from . import abilities, choices, clocks, move_list, quotas, store
from .endings import (
    OVER,
    end,
    finish_by_time,
    labels,
    running,
    stop_clocks,
    tick,
    time_is_up,
    winner_besides,
)
from .errors import ServiceError, told
from .events import (
    MatchCreated,
    MatchEnded,
    MatchEvent,
    MoveMade,
    PlayerJoined,
    announce_change,
)
from .guards import locked, players_seat, refuse_if_over
from .lifecycle import (
    count_own_move,
    finish_if_over,
    go_live,
    play_forced,
    started_events,
    tell_first_match,
)
from .models import Match, Seat
from .ratings import standings as ratings
from .selectors import UNKNOWN, can_abort, claim_time, watch_owner


def _ply_current(match: Match, seat: int, ply: int) -> bool:
    """Is a move made on ``ply`` still valid now? Yes if nothing happened since; in a
    simultaneous phase also if only other seats acted since (they cannot affect this move)."""
    if ply == match.ply:
        return True
    if not 0 <= ply < match.ply or not match.rules.independent(match.state):
        return False
    if match.takeback_records.filter(ply__gt=ply).exists():  # the position it was made in is gone
        return False
    return not match.moves.filter(ply__gt=ply).filter(Q(seat=seat) | Q(forced=True)).exists()


def match_create(
    *,
    user,
    game: str,
    options: dict[str, Any] | None,
    opponent: str,
    side: Any = "random",
    level: Any = "",
    clock: Any = None,
    rated: Any = False,
    takebacks: Any = None,
    reserve_for=None,
    abortable: bool = True,
    quota: bool = True,
) -> Match:
    """Create a match seating ``user`` (or, with side "watch" against the computer, only
    computers), with a time control (``clock``: see games.matches.clocks; None: untimed),
    takebacks allowed or not (None: casual matches yes, rated ones no: ``choices``);
    raise ServiceError("bad_options") with a reason, or a quota's code (``quotas``) when
    ``user`` holds too many such matches already. ``quota`` False: the caller counts
    (a challenge, a tournament's game)."""
    chosen = choices.clean(
        game=game,
        options=options,
        opponent=opponent,
        side=side,
        level=level,
        clock=clock,
        rated=rated,
        takebacks=takebacks,
    )
    seed = random.SystemRandom().randrange(2**31)
    with transaction.atomic():
        if quota:
            quotas.check_match(user, opponent=opponent, watch=chosen.side is None)
        match = Match.objects.create(
            game=game,
            options=chosen.options,
            seed=seed,
            visibility=opponent,
            created_by=user,
            state=chosen.rules.setup(chosen.options, seed),
            time_control=chosen.time_control,
            clock_ms=clocks.start(chosen.time_control, chosen.seats, [], timezone.now())[
                "clock_ms"
            ],  # full, waiting
            rated=rated,
            takebacks=chosen.takebacks,
            abortable=abortable,
        )
        for number in range(chosen.seats):
            if number == chosen.side:
                rating, provisional = ratings.current(user, game)
                Seat.objects.create(
                    match=match, seat=number, user=user, rating=rating, provisional=provisional
                )
            elif chosen.levels:
                rating, provisional = ratings.of_level(game, chosen.levels[number])
                Seat.objects.create(
                    match=match,
                    seat=number,
                    level=chosen.levels[number],
                    rating=rating,
                    provisional=provisional,
                )
            else:  # free: for anyone with the link, or kept for the one user challenged
                Seat.objects.create(match=match, seat=number, reserved_for=reserve_for)
        if chosen.levels or chosen.seats == 1:
            go_live(match)
            match.save()
            announce_change(match, *started_events(match, user.pk))
        else:
            announce_change(match, MatchCreated(match=match, by=user.pk))
    return match


def match_join(*, match_id: str, user) -> Match:
    """Take a free seat; the match starts when every seat is taken. Joining twice is a no-op."""
    with transaction.atomic():
        match = locked(match_id, user)
        if match.user_seat is not None:
            return match
        if match.status != Match.Status.WAITING:
            raise ServiceError("match_full", _("This match has no free seat."), 409)
        free = match.seats.filter(user__isnull=True, level="").order_by("seat").first()
        if free is None:
            raise ServiceError("match_full", _("This match has no free seat."), 409)
        if free.reserved_for_id is not None and free.reserved_for_id != user.pk:
            raise ServiceError("match_full", _("This seat is kept for the player who was challenged."), 409)
        free.user = user
        free.rating, free.provisional = ratings.current(user, match.game)
        free.save(update_fields=["user", "rating", "provisional"])
        match.presence_version += 1  # a new player: their presence is read again
        happened: list[MatchEvent] = [PlayerJoined(match=match, user_id=user.pk, seat=free.seat)]
        if not match.seats.filter(user__isnull=True, level="").exists():
            go_live(match)
            happened += started_events(match, user.pk)
        match.save()
        announce_change(match, *happened)
        if match.status == Match.Status.ACTIVE:
            tell_first_match(match)  # a rematch accepted
    return match


def move_play(*, match_id: str, user, ply: Any, move: Any, seat: int | None = None) -> Match:
    """Validate and store one move (then any forced passes); refuse with an error code.

    ``seat`` is given only by the computer player; people are found by ``user``. A move that
    arrives after the mover's time ran out ends the match by time instead (stored) and is
    refused as ``match_over``.
    """
    with transaction.atomic():
        match = locked(match_id, user, read=store.read_locked)  # the hot path: SQL, not the ORM
        person = seat is None
        if person:
            seat = players_seat(match)
        refuse_if_over(match)
        now = timezone.now()
        late = time_is_up(match, now)
        if late:
            finish_by_time(match, now)
            match.save()
            ratings.rate(match)  # a rated match that ended: both ratings change with it
            announce_change(match, MatchEnded(match=match))
        else:
            _play(match, seat, user.pk if person else None, ply, move, now)
    if late:  # refused once the end by time is committed
        raise ServiceError("match_over", _("The match is over: time ran out."), 409)
    return match


def _play(match: Match, seat: int, user_id: int | None, ply: Any, move: Any, now) -> None:
    person = user_id is not None
    if match.status == Match.Status.WAITING:
        raise ServiceError("not_your_turn", _("The match has not started yet: waiting for players."), 409)
    rules = match.rules
    if type(ply) is not int or not _ply_current(match, seat, ply):
        raise ServiceError(
            "stale_ply",
            _("That move was for ply %(ply)s; the match is at ply %(now)s.") % {"ply": ply, "now": match.ply},
            409,
        )
    was_running = rules.to_move(match.state)
    if seat not in was_running:
        raise ServiceError("not_your_turn", _("It is not your turn."), 409)
    if person and (skip := rules.skip_move(match.state, seat)) is not None and move == skip:
        raise ServiceError("illegal_move", _("Only the server skips the turn of a player who left."), 400)
    try:
        state = rules.play(match.state, seat, move)
    except IllegalMove as exc:
        raise ServiceError("illegal_move", told(exc), 400) from None
    move = rules.canonical(match.state, seat, move)  # stored and shown in one form
    if match.draw_offer is not None and match.draw_offer != seat:
        match.draw_offer = None  # moving on answers a draw offer: no
    match.takeback_offer = match.takeback_to = None  # a request was about a position now gone
    ply_read, before = match.ply, match.state
    match.ply += 1
    played = {"ply": match.ply, "seat": seat, "move": move}
    count_own_move(match, seat)
    state, passes = play_forced(match, state)
    line = move_list.added(ply_read, move_list.entries(rules, before, [played, *passes]))
    finish_if_over(match, state)
    match.state = state
    tick(match, was_running, seat, now)
    stale = ServiceError("stale_ply", _("Another move was stored for this ply first."), 409)
    try:
        # No savepoint: on an error the whole transaction is rolled back at once anyway.
        store.insert_moves(match, [{**played, "clock_ms": match.clock_ms or None}, *passes])
    except IntegrityError:
        raise stale from None
    if not store.save_move(match, ply_read):
        raise stale
    ratings.rate(match)  # a rated match that ended: both ratings change with it
    happened: list[MatchEvent] = [MoveMade(match=match, user_id=user_id, **played)]
    if match.status in OVER:
        happened.append(MatchEnded(match=match))
    last_move = played if match.ply == played["ply"] else UNKNOWN
    announce_change(match, *happened, last_move=last_move, line=line)


def match_flag(*, match_id: str) -> Match | None:
    """End the match by time if a clock has run out (decided once: under the row lock, the
    first caller finds the deadline passed, the others find the match over)."""
    with transaction.atomic():
        match = Match.objects.select_for_update().filter(pk=match_id).first()
        now = timezone.now()
        if match is None or not time_is_up(match, now):
            return None
        finish_by_time(match, now)
        match.save()
        ratings.rate(match)  # a rated match that ended: both ratings change with it
        announce_change(match, MatchEnded(match=match))
    return match


def match_lapse_unstarted(*, match_id: str) -> Match | None:
    """Abort an untimed match whose first move nobody made within ``UNSTARTED_ABORT_SECONDS``
    of its start (as lichess aborts a game whose first move is not made in time); None if it
    no longer is one (decided under the row lock)."""
    with transaction.atomic():
        match = Match.objects.select_for_update().filter(pk=match_id).first()
        since = timezone.now() - timedelta(seconds=settings.UNSTARTED_ABORT_SECONDS)
        if match is None or not (
            match.status == Match.Status.ACTIVE
            and match.ply == 0
            and match.time_control is None
            and match.abortable
            and match.updated_at <= since
        ):
            return None
        match.status, match.finished_at = Match.Status.ABORTED, timezone.now()
        match.save()
        announce_change(match, MatchEnded(match=match))
    return match


def match_resign(*, match_id: str, user) -> Match:
    """Resign: the other side wins at once. Before anybody has moved there is nothing to
    lose, so resigning aborts (the match counts for nobody), unless the match is not
    ``abortable`` (a tournament's game: resigning loses it)."""
    with transaction.atomic():
        match = locked(match_id, user)
        seat = players_seat(match)
        refuse_if_over(match)
        now = timezone.now()
        was_waiting = match.status == Match.Status.WAITING
        if abilities.resign_aborts(abilities.facts(match)):
            stop_clocks(match, running(match), now)
            match.status, match.finished_at = Match.Status.ABORTED, now
        else:
            # Two seats: the other one wins. More (co-operative): the team gives up together.
            message = f"{labels(match, [seat])} resigned."
            winner = winner_besides(match, [seat])
            end(match, now, winner=winner, reason="resign", message=message, resigned=seat)
        match.save()
        ratings.rate(match)  # a rated match that ended: both ratings change with it
        announce_change(match, MatchEnded(match=match, was_waiting=was_waiting))
    return match


def match_claim(*, match_id: str, user, draw: bool = False) -> Match:
    """End the match because the player to move left and stayed away (``claim_time``): the
    claimer wins, or with ``draw`` nobody does. Refused (cannot_claim) until then, and at
    once when that player comes back."""
    with transaction.atomic():
        match = locked(match_id, user)
        seat = players_seat(match)
        refuse_if_over(match)
        now = timezone.now()
        when, gone = claim_time(match)
        if when is None or when > now or seat in gone:
            why = _("Nobody to move has been away long enough.")
            if when is not None and seat not in gone:
                why += " " + _("You may claim from %(time)s.") % {"time": clocks.iso(when)}
            raise ServiceError("cannot_claim", why, 409)
        message = f"{labels(match, gone)} left the game."
        end(
            match,
            now,
            winner=None if draw else seat,
            reason="abandoned",
            message=message,
            draw=draw,
            abandoned=gone,
        )
        match.save()
        ratings.rate(match)  # a rated match that ended: both ratings change with it
        announce_change(match, MatchEnded(match=match))
    return match


def match_abort(*, match_id: str, user, staff: bool = False) -> Match:
    """Abort a match (players: before the second player's first move; staff, and the creator
    of a match between two computer levels: any time)."""
    with transaction.atomic():
        match = locked(match_id, user)
        owner = watch_owner(match)
        if not staff and owner is not None and user is not None and user.pk == owner:  # a match they watch
            refuse_if_over(match)
        elif not staff:
            players_seat(match)
            refuse_if_over(match)
            if not can_abort(match):
                raise ServiceError(
                    "cannot_abort", _("Too late to abort: both players have moved. Resign instead."), 409
                )
        elif match.status in OVER:
            return match
        now, was_running = timezone.now(), running(match)
        was_waiting = match.status == Match.Status.WAITING
        match.status = Match.Status.ABORTED
        match.finished_at = now
        stop_clocks(match, was_running, now)
        match.save()
        announce_change(match, MatchEnded(match=match, was_waiting=was_waiting))
        if was_waiting:
            tell_first_match(match)  # a rematch offer taken back
    return match
