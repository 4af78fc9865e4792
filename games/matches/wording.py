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

In the reader's language (issue 52): its words are marked ``_``/``ngettext`` for the
translators' catalogs and asked of the translator the site installs when it starts
(``translate_with``, from ``games.apps``: Django's gettext, in the language of the request,
socket or notification at hand); until then, and in plain Python, they are the English.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Mapping
from typing import Any

from games.catalog.registry import GAMES

Person = tuple[int, str | None, str]
"""One seat: (seat, username or None, the computer's level or "")."""

SeatRow = tuple[int, str, int | None, str | None]
"""One seat as ``selectors.seat_rows`` reads it: (seat, level, user id, username)."""

_translator: dict[str, Callable[..., str]] = {}


def translate_with(gettext: Callable[[str], str], ngettext: Callable[[str, str, int], str]) -> None:
    """Word everything below in the reader's language from now on (the site's gettext)."""
    _translator.update(gettext=gettext, ngettext=ngettext)


def _(text: str) -> str:
    """``text`` in the reader's language (itself until a translator is installed)."""
    translate = _translator.get("gettext")
    return translate(text) if translate else text


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of ``singular``/``plural`` for ``n``, in the reader's language."""
    translate = _translator.get("ngettext")
    if translate:
        return translate(singular, plural, n)
    return singular if n == 1 else plural


def gettext_noop(text: str) -> str:
    """``text`` itself: marks it for the catalogs; ``_`` translates it where it is said."""
    return text


# A result's ``reason`` in words. "" where the rest of the sentence says it already: the
# verdict ("Draw"), who resigned, whose clock ran out, who left the game.
REASONS = {
    "board full": gettext_noop("the board is full"),
    "no valid moves": gettext_noop("neither side can move"),
    "four in a row": gettext_noop("four in a row"),
    "both have four in a row": gettext_noop("both have four in a row"),
    "more points": gettext_noop("more points"),
    "equal points": gettext_noop("equal points"),
    "victory": gettext_noop("every monster is gone"),
    "defeat": gettext_noop("every warrior has fallen"),
    "resign": "",
    "draw": "",
    "time": "",
    "abandoned": "",
    "agreement": gettext_noop("agreed by both"),
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
    said = REASONS.get(reason or "", reason or "")
    return _(said) if said else ""


def name(username: str | None, computer: str = "") -> str:
    """A seat's player as a sentence names them.

    >>> name("bob"), name(None, "strong"), name(None)
    ('bob', 'the computer', 'an open seat')
    """
    return username or (_("the computer") if computer else _("an open seat"))


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

    def side(seat: int) -> str:  # the seat's name (its game's words) without its mark: "Red"
        said = (sides or {}).get(seat)
        return _(said).split(" (")[0] if said else _("seat %(n)s") % {"n": seat + 1}

    def level_name(level: str) -> str:  # "Strong": the level's name, marked by its game's kit
        said = _(level)
        return said[:1].upper() + said[1:]

    return {
        seat: _("%(level)s (%(side)s)") % {"level": level_name(level), "side": side(seat)}
        if repeated
        else level_name(level)
        for seat, level in levels.items()
    }


def together(names: list[str]) -> str:
    """Names joined as a sentence joins them.

    >>> together(["alice"]), together(["alice", "bob"]), together(["alice", "bob", "carol"])
    ('alice', 'alice and bob', 'alice, bob and carol')
    """
    if len(names) < 2:
        return names[0] if names else ""
    return _("%(names)s and %(last)s") % {"names": ", ".join(names[:-1]), "last": names[-1]}


def capital(text: str) -> str:
    """``text`` with its first letter capitalised (a sentence that starts with our words:
    "You", "The computer", never a username)."""
    return text[:1].upper() + text[1:]


def people_of(seats: Iterable[SeatRow]) -> list[Person]:
    """``selectors.seat_rows`` as ``Person`` tuples."""
    return [(seat, username, level or "") for seat, level, _uid, username in seats]


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
    names.update(computer_names({seat: computer for seat, _seat, computer in people}))
    usernames = {seat for seat, username, _computer in people if username}

    def who(seat: int | None, capital_first: bool = False) -> str:
        if seat is not None and seat == you:
            return _("You") if capital_first else _("you")
        said = names.get(seat, _("someone")) if seat is not None else _("someone")
        return capital(said) if capital_first and seat in names and seat not in usernames else said

    def listed(key: str) -> list[int]:
        """The seats a result lists under ``key`` ("timed_out", "abandoned")."""
        return [s for s in result.get(key) or [] if s in names]

    def named(seats: list[int]) -> str:
        """Seats named together, capitalised when the first is ours ("You", "The computer")."""
        said = together([who(s) for s in seats])
        return capital(said) if seats[0] == you or seats[0] not in usernames else said

    def ran_out_of_time(seats: list[int]) -> str:
        if seats == [you]:
            return _("You ran out of time")
        return _("%(names)s ran out of time") % {"names": named(seats)}

    reason = result.get("reason") or ""
    resigned = result.get("resigned")
    out = listed("timed_out") if reason == "time" else []
    if cooperative:
        team = [names[seat] for seat, _seat, _computer in people]
        if reason == "resign" or out:
            if len(people) < 2:
                lost = _("the game is over")
            elif you is not None:
                lost = _("the team lost")
            else:
                lost = _("%(names)s lost") % {"names": together(team)}
            if out:
                happened = ran_out_of_time(out)
            elif resigned is not None and resigned == you:
                happened = _("You gave up")
            else:
                happened = _("%(name)s gave up") % {"name": who(resigned, True)}
            return f"{happened}: {lost}" if len(people) < 2 else f"{happened} — {lost}"
        outcome = verdict(result, people[0][0] if people else None, cooperative=True) or "lost"
        if you is None:
            said = (_("%(names)s won") if outcome == "won" else _("%(names)s lost")) % {
                "names": together(team)
            }
        elif len(people) > 1:
            said = _("You all won") if outcome == "won" else _("You all lost")
        else:
            said = _("You won") if outcome == "won" else _("You lost")
        words = reason_text(reason)
        return f"{said}: {words}" if words else said
    winner = result.get("winner")
    if winner is None:
        won = ""
    elif winner == you:
        won = _("you won")
    else:
        won = _("%(name)s won") % {"name": who(winner)}
    if reason == "resign" and resigned is not None:
        happened = (
            _("You resigned") if resigned == you else _("%(name)s resigned") % {"name": who(resigned, True)}
        )
        return f"{happened} — {won}" if won else happened
    if out:
        happened = ran_out_of_time(out)
        return f"{happened} — {won}" if won else happened
    left = listed("abandoned") if reason == "abandoned" else []
    if left:  # the others claimed the match: its win, or the draw they chose
        happened = (
            _("You left the game") if left == [you] else _("%(names)s left the game") % {"names": named(left)}
        )
        return f"{happened} — {won or _('a draw')}"
    words = reason_text(reason)
    if winner is None:
        said = _("Draw")
    elif winner == you:
        said = _("You won")
    else:
        said = _("%(name)s won") % {"name": who(winner, True)}
    return f"{said} · {words}" if words else said


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
    others = list(
        dict.fromkeys(name(username, level) for _seat, level, uid, username in seats if uid != user_id)
    )
    game_name = _(rules.name)  # the game's name, marked by its kit
    if not others:
        return game_name
    together_as = _("%(game)s with %(others)s") if rules.cooperative else _("%(game)s vs %(others)s")
    return together_as % {"game": game_name, "others": together(others)}


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
        return _("%(title)s was aborted") % {"title": named}
    you = next((seat for seat, _level, uid, _name in seats if uid == user_id), None)
    line = result_line(result, people_of(seats), cooperative=GAMES[game].cooperative, you=you)
    return _("%(title)s: %(result)s") % {"title": named, "result": line}


def time_left(ms: int) -> str:
    """A clock's time left, as a warning says it: seconds, then whole minutes or hours,
    rounded up.

    >>> time_left(15_400), time_left(250_000), time_left(4 * 3600_000 + 600_000)
    ('15 s', '5 min', '5 hours')
    """
    seconds = max(0, ms) // 1000
    if seconds < 120:
        return _("%(n)s s") % {"n": seconds}
    if seconds < 2 * 3600:
        return _("%(n)s min") % {"n": math.ceil(seconds / 60)}
    hours = math.ceil(seconds / 3600)
    return ngettext("%(n)s hour", "%(n)s hours", hours) % {"n": hours}
