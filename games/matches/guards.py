"""What every change to a match checks first: the match exists and its row is locked, the
caller's seat, the match not over. Shared by ``services`` and ``offers``."""

from __future__ import annotations

from collections.abc import Callable

from django.utils.translation import gettext as _

from .endings import OVER
from .errors import ServiceError
from .models import Match
from .selectors import seat_rows


def read_locked(match_id: str) -> Match | None:
    """The match with its row locked (the ORM's ``select_for_update``); None if there is none."""
    return Match.objects.select_for_update().filter(pk=match_id).first()


def locked(match_id: str, user, read: Callable[[str], Match | None] = read_locked) -> Match:
    """The match with its row locked until the transaction ends (``read``: how); its
    ``user_seat`` is ``user``'s seat (None if they have none)."""
    match = read(match_id)
    if match is None:
        raise ServiceError("not_found", _("No such match."), 404)
    user_id = user.pk if user is not None and user.is_authenticated else None
    match.user_seat = next((seat for seat, _, uid, _ in seat_rows(match) if user_id and uid == user_id), None)
    return match


def players_seat(match: Match) -> int:
    """The locking user's seat; refused (not_a_player) when they have none."""
    if match.user_seat is None:
        raise ServiceError("not_a_player", _("You are not a player in this match."), 403)
    return match.user_seat


def refuse_if_over(match: Match) -> None:
    """Refused (match_over) once the match is finished or aborted."""
    if match.status in OVER:
        raise ServiceError("match_over", _("The match is over."), 409)
