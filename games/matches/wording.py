"""Matches and how they ended, in words, for one reader: the one place the site words them.

What it holds: ``REASONS`` (a result's ``reason`` in words), the verdict of a seat
(``verdict``: won, lost or draw), the result line read from one side (``result_line``: "You
won", "bob resigned — you won", "bob left the game — a draw", "You all won: every monster
is gone"), a match's title for one of its players (``title``: "Reversi vs bob") and the
notifications' sentences (``ended``, ``time_left``).

Who reads it: the server pages through ``games.templatetags.people`` (thin template tags
over these functions), the notifications (``games.notifications``), and the match object of
docs/protocol.md, whose ``result.reason_text`` (``selectors.for_seat``) the live and replay
pages show instead of keeping a table of their own (``static/js/match_info.js``).

Plain Python over plain data (a result dict, seats as tuples): it imports nothing but the
rules, so every layer above the match domain may use it.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from typing import Any

from games.catalog.registry import GAMES

Person = tuple[int, str | None, str]
"""One seat: (seat, username or None, the computer's level or "")."""

SeatRow = tuple[int, str, int | None, str | None]
"""One seat as ``selectors.seat_rows`` reads it: (seat, level, user id, username)."""

# A result's ``reason`` in words. "" where the rest of the sentence says it already: the
# verdict ("Draw"), who resigned, whose clock ran out, who left the game.
REASONS = {
    "board full": "the board is full",
    "no valid moves": "neither side can move",
    "four in a row": "four in a row",
    "both have four in a row": "both have four in a row",
    "more points": "more points",
    "equal points": "equal points",
    "victory": "every monster is gone",
    "defeat": "every warrior has fallen",
    "resign": "",
    "draw": "",
    "time": "",
    "abandoned": "",
    "agreement": "agreed by both",
}


def reason_text(reason: str | None) -> str:
    """A result's ``reason`` in words ("" when the sentence around it says it).

    >>> reason_text("board full")
    'the board is full'
    >>> reason_text("resign")
    ''
    >>> reason_text("a reason not worded yet")  # reads as itself rather than vanishing
    'a reason not worded yet'
    >>> reason_text(None)
    ''
    """
    return REASONS.get(reason or "", reason or "")


def name(username: str | None, computer: str = "") -> str:
    """A seat's player as a sentence names them.

    >>> name("bob"), name(None, "strong"), name(None)
    ('bob', 'the computer', 'an open seat')
    """
    return username or ("the computer" if computer else "an open seat")


def computer_names(levels: dict[int, str], sides: dict[int, str] | None = None) -> dict[int, str]:
    """Each computer seat's name in a match with two computers or more, where "the computer"
    would name them all: its level ("Strong"), with its side when levels repeat. A match with
    one computer at most gets {} ("the computer" says it).

    >>> computer_names({0: "strong", 1: "medium"})
    {0: 'Strong', 1: 'Medium'}
    >>> computer_names({0: "strong", 1: "strong"}, {0: "Red (R)", 1: "Yellow (Y)"})
    {0: 'Strong (Red)', 1: 'Strong (Yellow)'}
    >>> computer_names({0: "strong", 1: ""})
    {}
    """
    levels = {seat: level for seat, level in levels.items() if level}
    if len(levels) < 2:
        return {}
    repeated = len(set(levels.values())) < len(levels)

    def side(seat: int) -> str:
        said = (sides or {}).get(seat) or f"seat {seat + 1}"
        return f" ({said.split(' (')[0]})"

    return {seat: level.capitalize() + (side(seat) if repeated else "") for seat, level in levels.items()}


def together(names: list[str]) -> str:
    """Names joined as a sentence joins them.

    >>> together(["alice"]), together(["alice", "bob"]), together(["alice", "bob", "carol"])
    ('alice', 'alice and bob', 'alice, bob and carol')
    """
    if len(names) < 2:
        return names[0] if names else ""
    return f"{', '.join(names[:-1])} and {names[-1]}"


def _capital(text: str) -> str:
    """The first word capitalised when it is ours ("you", "the computer"), never a username."""
    return text[0].upper() + text[1:] if text.startswith(("you", "the ")) else text


def people_of(seats: Iterable[SeatRow]) -> list[Person]:
    """``selectors.seat_rows`` as ``Person`` tuples."""
    return [(seat, username, level or "") for seat, level, _, username in seats]


def verdict(result: Mapping[str, Any] | None, seat: int | None, *, cooperative: bool) -> str | None:
    """``"won"``, ``"lost"`` or ``"draw"`` for ``seat`` by a finished match's ``result``
    (None: no seat, or no result).

    A co-operative game is won or lost by the whole table: its victory is a win for every
    seat; its defeat, and a player giving up (whatever ``winner`` the resignation recorded),
    a loss for every seat; never a draw. Results stored before ``winners``/``draw`` existed
    are read from ``winner``.

    >>> verdict({"winner": 1, "reason": "board full"}, 1, cooperative=False)
    'won'
    >>> verdict({"winner": None, "reason": "board full"}, 0, cooperative=False)
    'draw'
    >>> verdict({"winner": None, "reason": "resign"}, 0, cooperative=True)
    'lost'
    """
    if seat is None or not result:
        return None
    if cooperative:
        return "won" if result.get("reason") == "victory" else "lost"
    winner = result.get("winner")
    winners = result.get("winners")
    if winners is None:
        winners = [] if winner is None else [winner]
    if seat in winners:
        return "won"
    draw = result.get("draw")
    if draw is None:
        draw = winner is None and result.get("reason") != "resign"
    return "draw" if draw else "lost"


def result_line(
    result: Mapping[str, Any] | None, people: list[Person], *, cooperative: bool, you: int | None
) -> str:
    """A finished match's end read from seat ``you`` (None: a spectator).

    >>> ab = [(0, "alice", ""), (1, "bob", "")]
    >>> full = {"winner": 0, "reason": "board full"}
    >>> result_line(full, ab, cooperative=False, you=0)
    'You won · the board is full'
    >>> result_line(full, ab, cooperative=False, you=1)
    'alice won · the board is full'
    >>> result_line({"winner": 1, "reason": "resign", "resigned": 0}, ab, cooperative=False, you=0)
    'You resigned — bob won'
    >>> result_line({"winner": 1, "reason": "time", "timed_out": [0]}, ab, cooperative=False, you=0)
    'You ran out of time — bob won'
    >>> result_line({"winner": 1, "reason": "abandoned", "abandoned": [0]}, ab, cooperative=False, you=1)
    'alice left the game — you won'
    >>> result_line({"winner": None, "reason": "abandoned", "abandoned": [1]}, ab, cooperative=False, you=0)
    'bob left the game — a draw'
    >>> result_line({"winners": [0, 1], "reason": "victory"}, ab, cooperative=True, you=1)
    'You all won: every monster is gone'
    >>> result_line({"winners": [], "reason": "defeat"}, ab, cooperative=True, you=None)
    'alice and bob lost: every warrior has fallen'
    >>> result_line({"winner": 0, "reason": "four in a row"}, [(0, None, "strong"), (1, None, "medium")],
    ...             cooperative=False, you=None)
    'Strong won · four in a row'
    """
    result = result or {}
    names = {seat: name(username, computer) for seat, username, computer in people}
    names.update(computer_names({seat: computer for seat, _, computer in people}))

    def who(seat: int | None, capital: bool = False) -> str:
        if seat is not None and seat == you:
            return "You" if capital else "you"
        said = names.get(seat, "someone") if seat is not None else "someone"
        return said[0].upper() + said[1:] if capital and said.startswith("the ") else said

    def seats_named(key: str) -> str:
        """The seats a result lists under ``key`` ("timed_out", "abandoned"), named together."""
        listed = [s for s in result.get(key) or [] if s in names]
        return _capital(together([who(s) for s in listed])) if listed else ""

    reason = result.get("reason") or ""
    resigned = result.get("resigned")
    ran_out = seats_named("timed_out") if reason == "time" else ""
    if cooperative:
        team = [names[seat] for seat, _, _ in people]
        if reason == "resign" or ran_out:
            lost = (
                ": the game is over"
                if len(people) < 2
                else (" — the team lost" if you is not None else f" — {together(team)} lost")
            )
            return f"{ran_out} ran out of time{lost}" if ran_out else f"{who(resigned, True)} gave up{lost}"
        outcome = verdict(result, people[0][0] if people else None, cooperative=True) or "lost"
        subject = ("You all" if len(people) > 1 else "You") if you is not None else together(team)
        words = reason_text(reason)
        return f"{subject} {outcome}{f': {words}' if words else ''}"
    winner = result.get("winner")
    won = "" if winner is None else f" — {who(winner)} won"
    if reason == "resign" and resigned is not None:
        return f"{who(resigned, True)} resigned{won}"
    if ran_out:
        return f"{ran_out} ran out of time{won}"
    left = seats_named("abandoned") if reason == "abandoned" else ""
    if left:  # the others claimed the match: its win, or the draw they chose
        return f"{left} left the game{won or ' — a draw'}"
    words = reason_text(reason)
    said = "Draw" if winner is None else f"{who(winner, True)} won"
    return f"{said}{f' · {words}' if words else ''}"


def title(game: str, seats: list[SeatRow], user_id: int | None) -> str:
    """The match as the user ``user_id`` names it: the game and the others.

    >>> title("reversi", [(0, "", 1, "alice"), (1, "", 2, "bob")], 1)
    'Reversi vs bob'
    >>> title("reversi", [(0, "", 1, "alice"), (1, "strong", None, None)], 1)
    'Reversi vs the computer'
    >>> title("journey", [(0, "", 1, "alice"), (1, "", 2, "bob"), (2, "", 3, "carol")], 1)
    'The Journey with bob and carol'
    >>> title("reversi", [], 1)
    'Reversi'
    """
    rules = GAMES[game]
    # each name once: two computer seats are "the computer"
    others = list(dict.fromkeys(name(username, level) for _, level, uid, username in seats if uid != user_id))
    if not others:
        return rules.name
    return f"{rules.name} {'with' if rules.cooperative else 'vs'} {together(others)}"


def ended(
    game: str, result: Mapping[str, Any] | None, seats: list[SeatRow], user_id: int, *, aborted: bool = False
) -> str:
    """How a match ended, told to one of its players (a notification).

    >>> seats = [(0, "", 1, "alice"), (1, "", 2, "bob")]
    >>> ended("reversi", {"winner": 0, "reason": "board full"}, seats, 1)
    'Reversi vs bob: You won · the board is full'
    >>> ended("reversi", None, seats, 2, aborted=True)
    'Reversi vs alice was aborted'
    """
    named = title(game, seats, user_id)
    if aborted:
        return f"{named} was aborted"
    you = next((seat for seat, _, uid, _ in seats if uid == user_id), None)
    line = result_line(result, people_of(seats), cooperative=GAMES[game].cooperative, you=you)
    return f"{named}: {line}"


def time_left(ms: int) -> str:
    """A clock's time left, as a warning says it: seconds, then whole minutes or hours,
    rounded up.

    >>> time_left(15_400), time_left(250_000), time_left(4 * 3600_000 + 600_000)
    ('15 s', '5 min', '5 hours')
    """
    seconds = max(0, ms) // 1000
    if seconds < 120:
        return f"{seconds} s"
    if seconds < 2 * 3600:
        return f"{math.ceil(seconds / 60)} min"
    return f"{math.ceil(seconds / 3600)} hours"
