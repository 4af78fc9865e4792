"""Quotas per account: how many matches one account may hold at once (issue 24: one
account made hundreds of open matches and computer games in seconds, and the lobby then took
seconds to draw).

Each check runs inside the transaction that creates the new row, after ``lock_account``: two
requests of one account then count one after the other, so both cannot pass the limit
(PostgreSQL: the user's row is locked; SQLite runs one writing transaction at a time anyway,
``transaction_mode`` IMMEDIATE). The limits are settings (``QUOTA_*``, from the environment).
A refusal is a ``ServiceError`` with status 409: the account's own matches conflict with the
request, and ending one of them (not waiting) lets the next one through. Staff are exempt:
they run the site's own events, and could do anything through the admin anyway.
"""

from __future__ import annotations

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db.models import QuerySet
from django.utils.translation import ngettext

from .errors import ServiceError
from .models import Match


def exempt(user) -> bool:
    """Is ``user`` free of the per-account quotas (staff)?"""
    return bool(getattr(user, "is_staff", False))


def lock_account(user) -> None:
    """Lock ``user``'s row until the transaction ends: the quota checks of one account run
    one at a time."""
    list(get_user_model().objects.select_for_update().filter(pk=user.pk).values_list("pk", flat=True))


def refuse_at(rows: QuerySet, limit: int, code: str, message: str) -> None:
    """Refuse (409 ``code``) when ``rows`` already holds ``limit`` rows or more."""
    if rows.count() >= limit:  # ``message``: one plural for every count, as the English says it
        raise ServiceError(code, message, 409)


def check_match(user, *, opponent: str, watch: bool) -> None:
    """(In the creating transaction.) May ``user`` create one more match against
    ``opponent`` (``watch``: only computers seated)? ServiceError otherwise:
    ``too_many_open_matches`` or ``too_many_computer_games``."""
    if exempt(user):
        return
    lock_account(user)
    mine = Match.objects.filter(created_by=user)
    if opponent == Match.Visibility.COMPUTER:
        playing = mine.filter(visibility=Match.Visibility.COMPUTER, status=Match.Status.ACTIVE)
        if watch:
            limit = settings.QUOTA_WATCH_MATCHES
            refuse_at(
                playing.exclude(seats__user=user),
                limit,
                "too_many_computer_games",
                ngettext(
                    "You already watch %(n)s computer-vs-computer matches: wait for one to end.",
                    "You already watch %(n)s computer-vs-computer matches: wait for one to end.",
                    limit,
                )
                % {"n": limit},
            )
        else:
            limit = settings.QUOTA_COMPUTER_MATCHES
            refuse_at(
                playing.filter(seats__user=user),
                limit,
                "too_many_computer_games",
                ngettext(
                    "You already play %(n)s matches against the computer: finish or resign one first.",
                    "You already play %(n)s matches against the computer: finish or resign one first.",
                    limit,
                )
                % {"n": limit},
            )
        return
    # Waiting for an opponent, open or invite; a challenge (its seat kept for one player)
    # counts among the challenges instead (challenges.services).
    limit = settings.QUOTA_WAITING_MATCHES
    refuse_at(
        mine.filter(status=Match.Status.WAITING).exclude(seats__reserved_for__isnull=False),
        limit,
        "too_many_open_matches",
        ngettext(
            "You already have %(n)s matches waiting for an opponent: start or abort one first.",
            "You already have %(n)s matches waiting for an opponent: start or abort one first.",
            limit,
        )
        % {"n": limit},
    )
