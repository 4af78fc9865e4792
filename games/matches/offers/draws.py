"""Offers a player makes the others during a match: a draw.

A draw offer (lichess's rules): not before every player has made a move, and at most once
every ``abilities.DRAW_OFFER_EVERY`` of one's own moves; the others accept it (the match ends drawn,
``result.reason`` ``"agreement"``, rated as a draw) or decline it, and a move of theirs
declines it too (``services.move_play``). Not in co-operative games, where nobody plays
against anybody. A computer seat answers by its own judgement (``autoplay.computer``).
"""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from .. import abilities
from ..endings import end
from ..errors import ServiceError
from ..events import DrawOffered, MatchEnded, announce_change
from ..guards import locked, players_seat, refuse_if_over
from ..models import Match
from ..ratings import standings as ratings


def _refuse_offer(match: Match, seat: int) -> None:
    """Refuse (cannot_offer_draw) when ``seat`` may not offer a draw now (``abilities``)."""
    reason = abilities.draw_refusal(abilities.facts(match), seat)
    if reason is not None:
        raise ServiceError("cannot_offer_draw", reason, 409)


def draw_offer(*, match_id: str, user, seat: int | None = None) -> Match:
    """``user`` (or, for the computer, ``seat``) offers a draw; offering when another seat's
    offer stands accepts it."""
    with transaction.atomic():
        match = locked(match_id, user)
        seat = players_seat(match) if seat is None else seat
        refuse_if_over(match)
        if match.draw_offer is not None and match.draw_offer != seat:
            return _agree(match)
        _refuse_offer(match, seat)
        match.draw_offer = seat
        made = match.moves_made[seat] if seat < len(match.moves_made) else 0
        match.draw_offered = {**match.draw_offered, str(seat): made}
        match.save(update_fields=["draw_offer", "draw_offered", "updated_at"])
        announce_change(match, DrawOffered(match=match, seat=seat))
    return match


def draw_answer(
    *, match_id: str, user, accept: bool, seat: int | None = None, ply: int | None = None
) -> Match:
    """Accept (the match ends drawn) or decline the draw another seat offers. ``seat`` and
    ``ply`` are given by the computer: its answer stands only if nothing was played since."""
    with transaction.atomic():
        match = locked(match_id, user)
        seat = players_seat(match) if seat is None else seat
        refuse_if_over(match)
        if match.draw_offer is None or match.draw_offer == seat or (ply is not None and ply != match.ply):
            raise ServiceError("no_draw_offer", _("Nobody is offering you a draw."), 409)
        if accept:
            return _agree(match)
        match.draw_offer = None
        match.save(update_fields=["draw_offer", "updated_at"])
        announce_change(match)
    return match


def _agree(match: Match) -> Match:
    """Both sides agree: the match ends drawn (in the caller's transaction)."""
    match.draw_offer = None
    end(match, timezone.now(), winner=None, reason="agreement", message="Draw by agreement.", draw=True)
    match.save()
    ratings.rate(match)  # a rated match that ended: both ratings change with it
    announce_change(match, MatchEnded(match=match))
    return match
