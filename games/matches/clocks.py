"""Time controls: the server's clock is the only clock.

A match's time control (``Match.time_control``) is realtime (``{"initial": s, "increment":
s}``: a bank of time per player, plus an increment after each of their moves), correspondence
(``{"days": n}``: n days for every move) or None (untimed). While the match is active, the
clocks of the seats to move run (in a simultaneous phase, such as Alpha Battle's secret
setup, all of them): ``clock_ms`` holds each seat's time left as of ``clock_since`` and
``deadline`` is when the first running clock reaches zero. The deadline is a column with an
index, so the matches whose time is up are found by one query (``due``) and decided once,
under the row lock, by ``services.match_flag``.

These functions only compute; the services store and announce.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from .errors import ServiceError

PRESETS = ((1, 0), (3, 2), (5, 3), (10, 0), (15, 10), (30, 20))  # minutes + seconds a move
DAYS = (1, 2, 3, 5, 7, 14)
MAX_INITIAL = 3 * 3600  # seconds: a three-hour bank is plenty for one sitting
MAX_INCREMENT = 180
DAY_MS = 86_400_000
LOW_TIME_MS = 20_000  # realtime: shown as low time (correspondence: under a day, see low())


def _whole(value: Any) -> bool:
    return type(value) is int


def clean(raw: Any) -> dict[str, int] | None:
    """The time control of a create body (``{"initial", "increment"}``, ``{"days"}``, or
    null for untimed); ServiceError ``bad_options`` with the reason otherwise."""
    if raw is None:
        return None
    if not isinstance(raw, dict):
        raise _bad(_('Clock must be {"initial": <seconds>, "increment": <seconds>}, {"days": <n>} or null.'))
    if set(raw) == {"days"}:
        if raw["days"] not in DAYS or not _whole(raw["days"]):
            raise _bad(_("Days per move must be one of %(days)s.") % {"days": ", ".join(map(str, DAYS))})
        return {"days": raw["days"]}
    if set(raw) - {"initial", "increment"} or "initial" not in raw:
        raise _bad(_('Clock must be {"initial": <seconds>, "increment": <seconds>} or {"days": <n>}.'))
    initial, increment = raw["initial"], raw.get("increment", 0)
    if not _whole(initial) or not 1 <= initial <= MAX_INITIAL:
        raise _bad(_("Clock initial time must be 1 to %(most)s seconds.") % {"most": MAX_INITIAL})
    if not _whole(increment) or not 0 <= increment <= MAX_INCREMENT:
        raise _bad(_("Clock increment must be 0 to %(most)s seconds.") % {"most": MAX_INCREMENT})
    return {"initial": initial, "increment": increment}


def _bad(message: str) -> ServiceError:
    return ServiceError("bad_options", message, 400, field="clock")


def per_move_ms(control: dict[str, int]) -> int | None:
    """Correspondence: the time for one move (None for realtime)."""
    return control["days"] * DAY_MS if "days" in control else None


def start(control: dict[str, int] | None, seats: int, running: list[int], now: datetime) -> dict[str, Any]:
    """The clock fields of a match that starts now with ``running`` seats to move."""
    if control is None:
        return {"clock_ms": [], "clock_since": None, "deadline": None}
    bank = per_move_ms(control) or control["initial"] * 1000
    clock_ms = [bank] * seats
    return {"clock_ms": clock_ms, "clock_since": now, "deadline": _deadline(clock_ms, running, now)}


def restored(
    control: dict[str, int] | None, clock_ms: list[int] | None, seats: int, running: list[int], now: datetime
) -> dict[str, Any]:
    """The clock fields of a match set back to a position (a takeback) at ``now``: each seat
    has the time it had there (``clock_ms``, as stored with the last move kept; None: the
    full bank of the start) and the clocks of ``running`` run from now."""
    if control is None:
        return {"clock_ms": [], "clock_since": None, "deadline": None}
    left = list(clock_ms) if clock_ms else start(control, seats, [], now)["clock_ms"]
    return {"clock_ms": left, "clock_since": now, "deadline": _deadline(left, running, now)}


def after_move(
    control: dict[str, int] | None,
    clock_ms: list[int],
    since: datetime | None,
    was_running: list[int],
    mover: int | None,
    running: list[int],
    now: datetime,
) -> dict[str, Any]:
    """The clock fields after a change at ``now``: the seats that were running are charged
    the time since ``since``; the mover gets the increment (realtime) and every seat whose
    turn begins gets its days (correspondence); ``running`` now run."""
    if control is None or since is None:
        return {"clock_ms": clock_ms, "clock_since": None, "deadline": None}
    spent = _ms(now - since)
    left = list(clock_ms)
    for seat in was_running:
        left[seat] = max(0, left[seat] - spent)
    days = per_move_ms(control)
    if days is None and mover is not None:
        left[mover] += control["increment"] * 1000
    if days is not None:
        for seat in running:
            if seat not in was_running or seat == mover:
                left[seat] = days
    return {"clock_ms": left, "clock_since": now, "deadline": _deadline(left, running, now)}


def stopped(clock_ms: list[int], since: datetime | None, was_running: list[int], now: datetime) -> list[int]:
    """The time left of every seat when the match ends at ``now`` (nobody runs any more)."""
    if since is None:
        return list(clock_ms)
    spent = _ms(now - since)
    return [max(0, ms - spent) if seat in was_running else ms for seat, ms in enumerate(clock_ms)]


def flagged(clock_ms: list[int], since: datetime | None, running: list[int], now: datetime) -> list[int]:
    """The running seats whose time is up at ``now``."""
    if since is None:
        return []
    spent = _ms(now - since)
    return [seat for seat in running if clock_ms[seat] - spent <= 0]


def public(
    control: dict[str, int] | None,
    clock_ms: list[int],
    since: datetime | None,
    running: list[int],
    deadline: datetime | None,
    now: datetime,
) -> dict[str, Any] | None:
    """The protocol's ``clock`` object, read at ``now`` (running clocks already charged)."""
    if control is None:
        return None
    spent = _ms(now - since) if since is not None else 0
    remaining = [max(0, ms - spent) if seat in running else ms for seat, ms in enumerate(clock_ms)]
    return {
        "initial": control.get("initial"),
        "increment": control.get("increment"),
        "days": control.get("days"),
        "remaining": remaining,
        "running": running[0] if len(running) == 1 else None,
        "running_seats": list(running),
        "deadline": iso(deadline),
    }


def low(control: dict[str, int], remaining_ms: int) -> bool:
    """Is this much time left low (shown in red; "time is running low")?"""
    return remaining_ms < (DAY_MS // 4 if "days" in control else LOW_TIME_MS)


def describe(control: dict[str, int] | None) -> str:
    """For people: "5+3", "3 days a move", "Untimed"."""
    if control is None:
        return _("Untimed")
    if "days" in control:
        days = control["days"]
        return ngettext("%(n)s day a move", "%(n)s days a move", days) % {"n": days}
    initial = control["initial"]
    minutes = f"{initial // 60}" if initial % 60 == 0 else f"{initial // 60}:{initial % 60:02d}"
    return f"{minutes}+{control['increment']}"


def iso(moment: datetime | None) -> str | None:
    """ISO 8601 UTC text with milliseconds (``2026-11-24T08:40:12.345Z``)."""
    if moment is None:
        return None
    return moment.astimezone(UTC).isoformat(timespec="milliseconds").replace("+00:00", "Z")


def _deadline(clock_ms: list[int], running: list[int], now: datetime) -> datetime | None:
    if not running:
        return None
    return now + timedelta(milliseconds=min(clock_ms[seat] for seat in running))


def _ms(delta: timedelta) -> int:
    return max(0, int(delta.total_seconds() * 1000))
