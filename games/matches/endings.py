"""How a match ends without the rules' own end (resign, time, abandoned) and how its clocks
follow a change: helpers of ``services`` (which lock, save and announce); they read (whether
a seat has moved) but write nothing."""

from __future__ import annotations

from . import clocks
from .models import Match

OVER = (Match.Status.FINISHED, Match.Status.ABORTED)


def running(match: Match) -> list[int]:
    """The seats whose clock runs: those to move while the match is active."""
    return match.rules.to_move(match.state) if match.status == Match.Status.ACTIVE else []


def stop_clocks(match: Match, was_running: list[int], now) -> None:
    """The match ended at ``now``: the clocks stop where they are."""
    if match.time_control is not None:
        match.clock_ms = clocks.stopped(match.clock_ms, match.clock_since, was_running, now)
    match.clock_since = match.deadline = None


def time_is_up(match: Match, now) -> bool:
    return match.status == Match.Status.ACTIVE and match.deadline is not None and match.deadline <= now


def end(
    match: Match, now, *, winner: int | None, reason: str, message: str, draw: bool = False, **extra
) -> None:
    """The match is over at ``now`` without the rules' own end (resign, time, abandoned):
    store the protocol's result and stop the clocks where they are."""
    was_running = running(match)
    match.status = Match.Status.FINISHED
    match.result = {
        "winner": winner,
        "winners": [] if winner is None else [winner],
        "draw": draw,
        "reason": reason,
        **extra,
        "score": {},
        "message": message,
    }
    match.finished_at = now
    stop_clocks(match, was_running, now)


def winner_besides(match: Match, seats: list[int]) -> int | None:
    """The one seat not in ``seats`` (it wins); None in a co-operative game or with more."""
    others = [s for s in range(match.rules.seat_count(match.options)) if s not in seats]
    return others[0] if len(others) == 1 and not match.rules.cooperative else None


def labels(match: Match, seats: list[int]) -> str:
    return " and ".join(match.rules.player_label(s) for s in seats)


def finish_by_time(match: Match, now) -> None:
    """Whoever's clock ran out loses (two seats: the other one wins; a team loses together).
    A player who never made a move has lost nothing yet: the match is aborted instead, as on
    lichess (a rematch never opened, a seat taken and forgotten), unless it is not
    ``abortable`` (a tournament's game: there they lose on time)."""
    was_running = running(match)
    out = clocks.flagged(match.clock_ms, match.clock_since, was_running, now) or was_running[:1]
    if match.abortable and not match.moves.filter(seat__in=out, forced=False).exists():
        match.status, match.finished_at = Match.Status.ABORTED, now
        stop_clocks(match, was_running, now)
        return
    message = f"{labels(match, out)} ran out of time."
    end(match, now, winner=winner_besides(match, out), reason="time", message=message, timed_out=out)
    for seat in out:
        match.clock_ms[seat] = 0


def tick(match: Match, was_running: list[int], mover: int, now) -> None:
    """After a move at ``now``: charge the running clocks, then run those of the seats to
    move (or stop them all if the match is over)."""
    if match.time_control is None:
        return
    if match.status in OVER:
        stop_clocks(match, was_running, now)
        return
    fields = clocks.after_move(
        match.time_control, match.clock_ms, match.clock_since, was_running, mover, running(match), now
    )
    for name, value in fields.items():
        setattr(match, name, value)
