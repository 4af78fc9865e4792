"""A match going live and what it says when it does: the steps the services and rematches share.

The server plays the moves no one chooses (passes) by itself, a match whose game ended is
finished, and the clocks of the seats to move start when every seat is taken.
"""

from __future__ import annotations

from typing import Any

from django.utils import timezone

from . import clocks
from .endings import OVER, running
from .events import MatchEnded, MatchEvent, MatchStarted, announce_change
from .models import Match, Move


def play_forced(match: Match, state: dict) -> tuple[dict, list[dict[str, Any]]]:
    """Play the moves the server makes by itself (passes): the new state, and the moves to
    store (``match.ply`` counts them)."""
    rules, played = match.rules, []
    while rules.outcome(state) is None and (forced := rules.forced(state)) is not None:
        seat, move = forced
        state = rules.play(state, seat, move)
        match.ply += 1
        played.append({"ply": match.ply, "seat": seat, "move": move, "forced": True})
    return state, played


def count_own_move(match: Match, seat: int) -> None:
    """A move of ``seat``'s own (not a pass the server forced) is stored and in play: it
    counts for draw offers and takebacks (``abilities``)."""
    seats = match.rules.seat_count(match.options)
    made = [*match.moves_made, *[0] * (seats - len(match.moves_made))]
    in_play = [*match.moves_in_play, *[0] * (seats - len(match.moves_in_play))]
    made[seat] += 1
    in_play[seat] += 1
    match.moves_made, match.moves_in_play = made, in_play


def finish_if_over(match: Match, state: dict) -> None:
    """The game of ``state`` has ended: the match is finished, with its result."""
    outcome = match.rules.outcome(state)
    if outcome is not None:
        match.status = Match.Status.FINISHED
        match.result = {**outcome.as_dict(), "message": match.rules.result_message(outcome)}
        match.finished_at = timezone.now()


def go_live(match: Match) -> None:
    """All seats are taken: the match goes live (the server may have to pass first) and the
    clocks of the seats to move start."""
    match.status = Match.Status.ACTIVE
    state, passes = play_forced(match, match.state)
    Move.objects.bulk_create([Move(match=match, **row) for row in passes])
    finish_if_over(match, state)
    match.state = state
    seats = match.rules.seat_count(match.options)
    fields = clocks.start(match.time_control, seats, running(match), timezone.now())
    for name, value in fields.items():
        setattr(match, name, value)


def started_events(match: Match, by: int | None) -> list[MatchEvent]:
    """The events of a match that ``go_live`` made live (and, rarely, over at once)."""
    events: list[MatchEvent] = [MatchStarted(match=match, by=by)]
    if match.status in OVER:
        events.append(MatchEnded(match=match))
    return events


def tell_first_match(rematch: Match) -> None:
    """A rematch was accepted, turned down or lapsed: its first match's state says so."""
    if rematch.rematch_of_id is not None:
        first = Match.objects.filter(pk=rematch.rematch_of_id).first()
        if first is not None:
            announce_change(first)
