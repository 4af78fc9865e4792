"""Takebacks: a player asks to undo their last move (and the reply, if one came since).

As lichess has them: ``takeback_propose`` asks the others, who answer with
``takeback_answer`` (any move withdraws the request: the position it was about is gone).
Against the computer the request is granted at once. Only where the match allows them
(``Match.takebacks``: casual matches, on by default; never rated ones, tournament games or
co-operative games).

Nothing is lost: the moves taken back stay stored, marked with their :class:`Takeback`, and
the game goes on from the position rebuilt by the rules from the moves still in play. The
match's ``ply`` never goes back: a takeback takes a ply of its own, so a move sent before it
(made on an older ply) is refused as ``stale_ply`` and never applied after it, and a move
resent after a reconnect is still refused once stored (``docs/protocol.md``, exactly once).
The clocks are set back to the time each seat had at the position restored.
"""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from .. import abilities, clocks, move_list
from ..endings import finish_by_time, time_is_up
from ..errors import ServiceError
from ..events import MatchEnded, MovesTakenBack, TakebackProposed, announce_change
from ..guards import locked, players_seat, refuse_if_over
from ..models import Match, Move, Takeback
from ..ratings import standings as ratings
from ..selectors import seat_rows


def _cannot(reason: str) -> ServiceError:
    return ServiceError("cannot_take_back", reason, 409)


def _refuse_request(match: Match, seat: int) -> None:
    """Refuse (cannot_take_back) when ``seat`` may not ask for a takeback now (``abilities``)."""
    reason = abilities.takeback_refusal(abilities.facts(match), seat)
    if reason is not None:
        raise _cannot(reason)


def _back_to(match: Match, seat: int) -> int:
    """The ply of the last move that stays when ``seat`` takes back its last move (and any
    reply since): the move in play before it, 0 for the start."""
    in_play = Move.objects.filter(match=match, takeback__isnull=True)
    own = in_play.filter(seat=seat, forced=False).order_by("-ply").values_list("ply", flat=True).first()
    if own is None:
        raise _cannot(_("You have no move to take back."))
    before = in_play.filter(ply__lt=own).order_by("-ply").values_list("ply", flat=True).first()
    return before or 0


def _against_computer(match: Match, seat: int) -> bool:
    """Is every other seat a computer level (which grants a takeback at once)?"""
    return all(level for number, level, _, _ in seat_rows(match) if number != seat)


def takeback_propose(*, match_id: str, user) -> Match:
    """``user`` asks to take back their last move (and the reply since, if any); against the
    computer it is done at once. Refused (cannot_take_back) where it may not be."""
    with transaction.atomic():
        match = locked(match_id, user)
        seat = players_seat(match)
        refuse_if_over(match)
        _refuse_request(match, seat)
        back_to = _back_to(match, seat)
        if _against_computer(match, seat):
            late = _take_back_in_time(match, seat, back_to)
        else:
            late = False
            match.takeback_offer, match.takeback_to = seat, back_to
            match.save(update_fields=["takeback_offer", "takeback_to", "updated_at"])
            announce_change(match, TakebackProposed(match=match, seat=seat, back_to=back_to))
    if late:
        raise ServiceError("match_over", _("The match is over: time ran out."), 409)
    return match


def takeback_answer(*, match_id: str, user, accept: bool) -> Match:
    """Accept (the moves are taken back) or decline the takeback another seat asks for."""
    with transaction.atomic():
        match = locked(match_id, user)
        seat = players_seat(match)
        refuse_if_over(match)
        asker, back_to = match.takeback_offer, match.takeback_to
        if asker is None or asker == seat or back_to is None:
            raise ServiceError("no_takeback_offer", _("Nobody is asking you for a takeback."), 409)
        if accept:
            late = _take_back_in_time(match, asker, back_to)
        else:
            late = False
            match.takeback_offer = match.takeback_to = None
            match.save(update_fields=["takeback_offer", "takeback_to", "updated_at"])
            announce_change(match)
    if late:
        raise ServiceError("match_over", _("The match is over: time ran out."), 409)
    return match


def _take_back_in_time(match: Match, seat: int, back_to: int) -> bool:
    """Take the moves back, unless a clock ran out first: then the match ends by time (as a
    move arriving late does) and True says so (the caller refuses once that is committed)."""
    now = timezone.now()
    if time_is_up(match, now):
        finish_by_time(match, now)
        match.save()
        ratings.rate(match)
        announce_change(match, MatchEnded(match=match))
        return True
    take_back(match, seat, back_to, now)
    return False


def take_back(match: Match, seat: int, back_to: int, now) -> Takeback:
    """Take back every move in play after ply ``back_to`` for ``seat`` (in the caller's
    transaction, the match row locked): mark them, rebuild the position from the moves
    that stay, set the clocks back, withdraw the offers standing, and announce it."""
    in_play = Move.objects.filter(match=match, takeback__isnull=True)
    kept = list(in_play.filter(ply__lte=back_to).order_by("ply").values("ply", "seat", "move", "clock_ms"))
    match.ply += 1  # the takeback's own ply: anything sent before it is stale
    record = Takeback.objects.create(match=match, ply=match.ply, seat=seat, back_to=back_to)
    undone = list(in_play.filter(ply__gt=back_to).order_by("ply").values("ply", "seat", "move", "forced"))
    plies = [row["ply"] for row in undone]
    Move.objects.filter(match=match, ply__in=plies).update(takeback=record)
    match.moves_in_play = list(match.moves_in_play)
    for row in undone:
        if not row["forced"] and row["seat"] < len(match.moves_in_play):
            match.moves_in_play[row["seat"]] -= 1
    match.state = _rebuilt(match, kept)
    mark = {"ply": match.ply, "by": seat, "after": len(kept)}
    mark["moves"] = move_list.entries(match.rules, match.state, undone)
    seats = match.rules.seat_count(match.options)
    clock_left = next((row["clock_ms"] for row in reversed(kept) if row["clock_ms"]), None)
    fields = clocks.restored(match.time_control, clock_left, seats, match.rules.to_move(match.state), now)
    for name, value in fields.items():
        setattr(match, name, value)
    match.draw_offer = match.takeback_offer = match.takeback_to = None
    match.save()
    last: dict[str, Any] | None = (
        {"ply": kept[-1]["ply"], "seat": kept[-1]["seat"], "move": kept[-1]["move"]} if kept else None
    )
    happened = MovesTakenBack(match=match, seat=seat, back_to=back_to, plies=plies)
    announce_change(match, happened, last_move=last, line=move_list.taken_back(match.ply - 1, mark))
    return record


def _rebuilt(match: Match, kept: list[dict[str, Any]]) -> dict:
    """The position after the moves ``kept``, replayed through the game's rules from the
    match's start (its options and seed: the same dealing, the same dice)."""
    rules = match.rules
    state = rules.setup(match.options, match.seed)
    for row in kept:
        state = rules.play(state, row["seat"], row["move"])
    return state
