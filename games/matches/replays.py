"""Replays: rebuild every position by replaying the stored moves through the rules."""

from __future__ import annotations

import json
import math
import threading
from collections import OrderedDict
from collections.abc import Callable
from typing import Any

from django.core.serializers.json import DjangoJSONEncoder
from django.utils.translation import override

from . import clocks
from .models import Match, Takeback
from .records import record_of_moves
from .selectors import for_seat, match_public


class BytesCache:
    """Text by key, at most ``budget`` characters in all (the replays' JSON is ASCII: bytes);
    past it the least recently used goes first. Django's in-process cache counts entries, and
    one replay of a long game on a big board is megabytes: a count bounds no memory."""

    def __init__(self, budget: int) -> None:
        self.budget, self.size = budget, 0
        self._texts: OrderedDict[str, str] = OrderedDict()
        self._lock = threading.Lock()  # sync views run on more than one thread

    def get_or_set(self, key: str, make: Callable[[], str]) -> str:
        """The text kept under ``key``, or ``make()``'s, kept if it fits the budget."""
        with self._lock:
            text = self._texts.get(key)
            if text is not None:
                self._texts.move_to_end(key)
                return text
        text = make()  # outside the lock: nobody waits for another replay to be built
        with self._lock:
            if len(text) <= self.budget and key not in self._texts:
                self._texts[key] = text
                self.size += len(text)
                while self.size > self.budget:
                    self.size -= len(self._texts.popitem(last=False)[1])
        return text


# What was played up to a ply never changes, so an entry is never stale: only room bounds it.
REPLAY_CACHE = BytesCache(32 * 2**20)  # per server process


def positions(match: Match) -> tuple[list[dict], list[dict[str, Any]]]:
    """(states, moves) of the game as it was finally played (moves taken back left out):
    ``states[i]`` is the position before ``moves[i]``; one more at the end."""
    rules = match.rules
    state = rules.setup(match.options, match.seed)
    states, moves = [state], []
    in_play = match.moves.filter(takeback__isnull=True).order_by("ply")
    for row in in_play.values("ply", "seat", "move", "forced", "clock_ms"):
        state = rules.play(state, row["seat"], row["move"])
        states.append(state)
        moves.append({**row, "label": rules.move_label(states[-2], row["seat"], row["move"])})
    return states, moves


def replay_summary(match: Match) -> dict[str, Any]:
    """The replay's ``match``: the public summary, without a seat's view, plus the transcript."""
    drop = (
        "you",
        "board",
        "legal_moves",
        "can_offer_draw",
        "can_take_back",
        "chat",
        "resign_aborts",
        "draw_offer_blocked_reason",
    )
    summary = {k: v for k, v in for_seat(match_public(match), None).items() if k not in drop}
    summary["transcript_url"] = f"/r/{match.replay_slug}/transcript.txt"
    return summary


def replay_json(match: Match, summary: dict[str, Any] | None = None) -> str:
    """The replay API's body as JSON text: summary, moves, the spectator's board at every ply
    and the game record so far (null for a game without one).

    Safe to embed in a ``<script type="application/json">`` (``<``, ``>``, ``&`` escaped).
    What was played up to a ply never changes (what is public changes only with the status:
    Alpha Battle's setups at the end), so the moves and boards are cached as JSON text."""
    key = f"replay-v2:{match.pk}:{match.ply}:{match.status}"  # v2: with the record
    history = REPLAY_CACHE.get_or_set(key, lambda: _json(_public_history(match))[1:-1])
    return f'{{"match": {_json(summary or replay_summary(match))}, {history}}}'


def _json(value: Any) -> str:
    return json.dumps(value, cls=DjangoJSONEncoder).translate(_SCRIPT_SAFE)


_SCRIPT_SAFE = str.maketrans({"<": "\\u003C", ">": "\\u003E", "&": "\\u0026"})


def _public_history(match: Match) -> dict[str, list[Any]]:
    rules = match.rules
    states, moves = positions(match)
    final = states[-1]
    record = record_of_moves(rules, match.options, moves)  # games with secrets have none
    moves = [{**m, "move": rules.public_move(final, m["seat"], m["move"], None)} for m in moves]
    marks = takeback_marks(match, moves)
    for mark in marks:
        mark["moves"] = [
            {**m, "move": rules.public_move(final, m["seat"], m["move"], None)} for m in mark["moves"]
        ]
    return {
        "moves": moves,
        "states": [rules.view(s, None) for s in states],
        "takebacks": marks,
        "record": record,
    }


def takeback_marks(match: Match, moves: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Where the game was taken back, oldest first: ``{"ply": the takeback's own ply, "by":
    the seat that asked, "after": how many moves of the final game (``moves``) come before
    it, "moves": the moves taken back (ply, seat, move, forced, clock_ms, label)}``.

    The stored moves and takebacks are walked in the order they happened (their plies), so
    each move taken back is labelled from the position it was played in."""
    records = list(Takeback.objects.filter(match=match).order_by("ply").values("ply", "seat", "back_to"))
    if not records:
        return []
    rules = match.rules
    rows = match.moves.order_by("ply").values("ply", "seat", "move", "forced", "clock_ms")
    happened = sorted(
        [*({"kind": "move", **r} for r in rows), *({"kind": "back", **r} for r in records)],
        key=lambda item: item["ply"],
    )
    start = rules.setup(match.options, match.seed)
    line: list[tuple[dict[str, Any], dict]] = []  # the moves in play, each with the position after it
    marks = []
    for item in happened:
        kind = item.pop("kind")
        if kind == "move":
            before = line[-1][1] if line else start
            item["label"] = rules.move_label(before, item["seat"], item["move"])
            line.append((item, rules.play(before, item["seat"], item["move"])))
            continue
        undone = []
        while line and line[-1][0]["ply"] > item["back_to"]:
            undone.insert(0, line.pop()[0])
        after = sum(1 for m in moves if m["ply"] <= item["back_to"])
        marks.append({"ply": item["ply"], "by": item["seat"], "after": after, "moves": undone})
    return marks


def transcript(match: Match) -> str:
    """The plain-text console transcript of the seed, plus how a resigned match ended, and
    for a timed match a "Clock" section: the time left after every move."""
    rules = match.rules
    states, moves = positions(match)
    text = rules.transcript(match.options, states, [(m["seat"], m["move"]) for m in moves])
    result = match.result or {}
    if result.get("reason") == "resign":
        text += f"{rules.player_label(result['resigned'])} resigned.\n"
    elif match.status == Match.Status.ABORTED:
        text += "The match was aborted.\n"
    if match.time_control is not None:
        with override("en"):  # a console transcript stays in the seed's English (clocks.describe)
            text += clock_section(match, moves)
    return text + takeback_section(match, moves)


def takeback_section(match: Match, moves: list[dict[str, Any]]) -> str:
    """The transcript's "Takebacks" section (none without one): a line per takeback, its
    ply, who asked and the moves taken back (``3. Black (X) took back E3, D3``)."""
    marks = takeback_marks(match, moves)
    if not marks:
        return ""
    names = match.rules.seat_names
    lines = ["", "Takebacks"]
    for mark in marks:
        who = names[mark["by"]] if mark["by"] < len(names) else f"Seat {mark['by']}"
        undone = ", ".join(m["label"] for m in mark["moves"])
        lines.append(f"{mark['ply']}. {who} took back {undone} (after move {mark['after']} of the game)")
    return "\n".join(lines) + "\n"


def clock_section(match: Match, moves: list[dict[str, Any]]) -> str:
    """The transcript's "Clock" section of a timed match: the time control, then one line
    per move (``12. Black (X): Black (X) 4:31  White (O) 4:58``: the ply, the mover, each
    seat's time left after it) and, when the match ended by time, who ran out. A move the
    server made (a pass) took no time and stores no clock: the times before it stand."""
    control = match.time_control
    names = match.rules.seat_names

    def label(seat: int) -> str:  # the match object's players[].label
        return names[seat] if seat < len(names) else f"Seat {seat}"

    days = "days" in control
    left = [clocks.per_move_ms(control) or control["initial"] * 1000] * match.rules.seat_count(match.options)
    lines = ["", "Clock", f"Time control: {control_text(control)}"]
    for m in moves:
        left = m.get("clock_ms") or left
        times = "  ".join(f"{label(s)} {clock_text(ms, days)}" for s, ms in enumerate(left))
        lines.append(f"{m['ply']}. {label(m['seat'])}: {times}")
    result = match.result or {}
    if result.get("reason") == "time":
        out = result.get("timed_out") or []
        lines.append(f"{' and '.join(label(s) for s in out) or 'A player'} ran out of time.")
    return "\n".join(lines) + "\n"


def control_text(control: dict[str, int]) -> str:
    """``5+3`` (minutes + seconds a move; ``0:45+0`` for a bank of odd seconds), ``3 days a
    move``: as the replay page writes it."""
    initial = control.get("initial")
    if "days" in control or initial is None or initial % 60 == 0:
        return clocks.describe(control)
    return f"{initial // 60}:{initial % 60:02d}+{control['increment']}"


def clock_text(ms: int, days: bool) -> str:
    """Time left as the pages show it (static/js/clock.js ``clockText``): ``4:59``,
    ``0:08.3`` under ten seconds, ``2 d 3 h`` / ``5 h 12 min`` / ``40 min`` with days."""
    s = max(0, ms) / 1000
    if days:
        d, h, m = int(s // 86400), int(s % 86400 // 3600), int(s % 3600 // 60)
        return f"{d} d {h} h" if d else f"{h} h {m} min" if h else f"{m} min"
    if s < 10:
        return f"0:{s:04.1f}"
    whole = math.ceil(s)
    h, m, sec = whole // 3600, whole % 3600 // 60, whole % 60
    return f"{h}:{m:02d}:{sec:02d}" if h else f"{m}:{sec:02d}"
