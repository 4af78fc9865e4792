"""Rematches: a finished match offered again with the sides swapped, accepted by joining it,
turned down, or lapsing when nobody answers. Like every service, each runs in one
transaction with the match row locked and says what happened (``events.announce_change``).
"""

from __future__ import annotations

import random

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from . import clocks, quotas
from .endings import OVER
from .errors import ServiceError
from .events import MatchCreated, MatchEnded, RematchOffered, announce_change
from .guards import locked, players_seat, read_locked
from .lifecycle import go_live, started_events, tell_first_match
from .models import Match, Seat
from .ratings import standings as ratings
from .services import match_join


def match_rematch(*, match_id: str, user) -> Match:
    """Offer a rematch of a finished match: same options, sides swapped.

    Against the computer it starts at once. Between people it is an offer: the asker takes
    their seat, the others' seats are kept for them, and it starts once they accept (ask for
    the rematch too, or join it); ``rematch_decline`` turns it down, and an offer nobody
    answers lapses (``rematch_lapse``). Asking again returns the rematch already made.
    """
    with transaction.atomic():
        old = locked(match_id, user)
        players_seat(old)
        if old.status not in OVER:
            raise ServiceError("not_over", _("The match is still going on."), 409)
        existing = Match.objects.filter(rematch_of=old).first()
        if existing is not None:
            if existing.status == Match.Status.WAITING and existing.seats.filter(reserved_for=user).exists():
                return match_join(match_id=existing.pk, user=user)  # the other side accepts
            return existing
        if old.visibility == Match.Visibility.COMPUTER:  # one more game against the computer
            quotas.check_match(user, opponent=old.visibility, watch=False)
        old_seats = list(old.seats.order_by("seat"))
        seed = random.SystemRandom().randrange(2**31)
        match = Match.objects.create(
            game=old.game,
            options=old.options,
            seed=seed,
            visibility=old.visibility,
            created_by=user,
            rematch_of=old,
            state=old.rules.setup(old.options, seed),
            time_control=old.time_control,
            rated=old.rated,
            takebacks=old.takebacks,
            clock_ms=clocks.start(old.time_control, len(old_seats), [], timezone.now())["clock_ms"],
        )
        count = len(old_seats)
        for s in old_seats:
            asker = s.user_id == user.pk
            rating, provisional = ratings.current(user, old.game) if asker else (None, True)
            Seat.objects.create(
                match=match,
                seat=(s.seat + 1) % count,
                user=user if asker else None,
                reserved_for=None if asker else s.user,  # nobody is seated without saying yes
                level=s.level,
                rating=rating,
                provisional=provisional,
            )
        if all(s.user_id == user.pk or s.level for s in old_seats):  # only the computer to ask
            go_live(match)
            happened = started_events(match, user.pk)
        else:
            match.status = Match.Status.WAITING
            happened = [MatchCreated(match=match, by=user.pk)]
        match.save()
        announce_change(match, *happened)
        announce_change(old, RematchOffered(match=old, rematch=match, by=user.pk))  # its page links it
    return match


def rematch_decline(*, match_id: str, user) -> Match:
    """Turn down (or, for its asker, take back) the rematch offered after match ``match_id``:
    the rematch is aborted before it began. Returns the finished match."""
    with transaction.atomic():
        old = locked(match_id, user)
        players_seat(old)
        offer = Match.objects.filter(rematch_of=old, status=Match.Status.WAITING).first()
        if offer is None:
            raise ServiceError("no_rematch_offer", _("There is no rematch offer to turn down."), 409)
        _lapse(offer.pk)
    return old


def rematch_lapse(*, match_id: str) -> bool:
    """Withdraw the rematch offer ``match_id`` nobody answered (``sweeps.lapse_rematch_offers``);
    False if it is no longer waiting."""
    with transaction.atomic():
        return _lapse(match_id)


def _lapse(match_id: str) -> bool:
    """Abort the rematch ``match_id`` if it is still waiting; its first match's page is told."""
    match = read_locked(match_id)
    if match is None or match.status != Match.Status.WAITING:
        return False
    match.status, match.finished_at = Match.Status.ABORTED, timezone.now()
    match.save()
    announce_change(match, MatchEnded(match=match, was_waiting=True))
    tell_first_match(match)
    return True
