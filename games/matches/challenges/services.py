"""Challenges, the writes: one player invites another to a match of two.

A challenge is a match that waits (invite-only, the challenger seated,
``services.match_create``) plus a :class:`~.models.Challenge` row naming who may take the
free seat. Accepting takes it (``match_join``: the match starts); declining aborts the match
as its challenger may (``match_abort``); the challenger withdraws by aborting it. The
functions here write only the challenge row: every change of the match goes through the
match services. After the commit, ``events.ChallengeMade`` tells the challenged player's
sockets. Who may challenge whom is each person's choice, asked first by
``accounts.services.challenge_create``.
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from .. import quotas
from .. import services as match_services
from ..errors import ServiceError
from ..events import announce
from ..models import Match
from .events import ChallengeDeclined, ChallengeMade
from .models import Challenge


def make(
    *,
    user,
    target,
    game: Any,
    options: Any = None,
    clock: Any = None,
    rated: Any = False,
    side: Any = "random",
    takebacks: Any = None,
) -> Challenge:
    """Challenge ``target`` (another user, who takes challenges from ``user``: the caller,
    ``accounts.services.challenge_create``, asks) to a match of two (the options, clock,
    rated, side and takebacks as ``POST /api/matches/`` takes them); refused with a
    ServiceError: among others ``too_many_challenges``."""
    with transaction.atomic():
        _check_quota(user, target)
        match = match_services.match_create(
            user=user,
            game=game,
            options=options,
            opponent="invite",
            side=side,
            clock=clock,
            rated=rated,
            takebacks=takebacks,
            reserve_for=target,
            quota=False,  # counted above, as a challenge
        )
        if match.seats.count() != 2 or match.rules.cooperative:  # rolled back with the match
            raise ServiceError(
                "bad_options",
                _("A challenge is a match of two players, one against the other."),
                400,
                field="game" if match.rules.cooperative else "options",  # allies: the game itself
            )
        challenge = Challenge.objects.create(from_user=user, to_user=target, match=match)
        announce(ChallengeMade(challenge=challenge))
    return challenge


def _check_quota(user, target) -> None:
    """(In the creating transaction.) Refuse ``too_many_challenges`` when ``user`` (not
    staff) has ``QUOTA_CHALLENGES`` challenges waiting for an answer, or
    ``QUOTA_CHALLENGES_TO_ONE`` waiting for ``target``'s (issue 24: hundreds sent to one user
    in seconds)."""
    if quotas.exempt(user):
        return
    quotas.lock_account(user)
    sent = Challenge.objects.open().filter(from_user=user)
    limit = settings.QUOTA_CHALLENGES
    quotas.refuse_at(
        sent,
        limit,
        "too_many_challenges",
        ngettext(
            "You already have %(n)s challenges waiting for an answer.",
            "You already have %(n)s challenges waiting for an answer.",
            limit,
        )
        % {"n": limit},
    )
    limit = settings.QUOTA_CHALLENGES_TO_ONE
    quotas.refuse_at(
        sent.filter(to_user=target),
        limit,
        "too_many_challenges",
        ngettext(
            "You already have %(n)s challenges waiting for %(name)s's answer.",
            "You already have %(n)s challenges waiting for %(name)s's answer.",
            limit,
        )
        % {"n": limit, "name": target.username},
    )


def _answerable(challenge_id: Any, user) -> Challenge:
    """The challenge, locked, if ``user`` may answer it now."""
    text = str(challenge_id)
    # ASCII digits only: "²".isdigit() is True, and int("²") raises (issue 24)
    challenge = (
        Challenge.objects.select_for_update().select_related("match", "from_user").filter(pk=text).first()
        if text.isascii() and text.isdigit() and len(text) < 19  # filter() converts it at once
        else None
    )
    if challenge is None:
        raise ServiceError("not_found", _("No such challenge."), 404)
    if challenge.to_user_id != user.pk:
        raise ServiceError("not_challenged", _("Only the challenged player may answer a challenge."), 403)
    if challenge.answered_at is not None or challenge.match.status != Match.Status.WAITING:
        raise ServiceError("challenge_closed", _("This challenge was already answered or withdrawn."), 409)
    return challenge


def accept(*, challenge_id: Any, user) -> Match:
    """Take the seat the challenge keeps for ``user``: the match starts."""
    with transaction.atomic():
        challenge = _answerable(challenge_id, user)
        match = match_services.match_join(match_id=challenge.match_id, user=user)
        challenge.answered_at, challenge.accepted = timezone.now(), True
        challenge.save(update_fields=["answered_at", "accepted"])
    return match


def decline(*, challenge_id: Any, user) -> Challenge:
    """Say no: the match is aborted (as its challenger may while it waits)."""
    with transaction.atomic():
        challenge = _answerable(challenge_id, user)
        # answered first: the aborted match's state says "declined"
        challenge.answered_at, challenge.accepted = timezone.now(), False
        challenge.save(update_fields=["answered_at", "accepted"])
        match_services.match_abort(match_id=challenge.match_id, user=challenge.from_user)
        announce(ChallengeDeclined(challenge=challenge))
    return challenge
