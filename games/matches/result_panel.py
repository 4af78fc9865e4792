"""The result panel of the live and replay pages, in words, for one viewer: its big line
("You won 41-20", "bob wins 41-20 against alice", "bob resigned — you win", "You all won:
every monster is gone"), its score line ("Final score: alice 41 – bob 20 (the board is
full)") and, after a rated match, its ratings line ("Ratings: you 1662 (+162), bob 1338
(−162)").

``selectors.for_seat`` adds them to the viewer's match object (``result_lines``:
``sentence``, ``score`` and ``ratings``); the pages show them as they come
(``static/js/match_info.js``) and word nothing themselves. Names, reasons and "together"
come from :mod:`.wording`, the one place the site words a match; this module only builds
the panel's lines from them.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext as _

from .wording import capital, computer_names, name, reason_text, together

Match = Mapping[str, Any]  # the protocol's match object for one viewer (players, you, result)


def _computers(match: Match) -> dict[int, str]:
    """Each computer's name when two or more play ("Strong", "Medium"); else {}."""
    players = match.get("players") or []
    levels = {p["seat"]: p.get("computer") or "" for p in players}
    return computer_names(levels, {p["seat"]: p.get("label") or "" for p in players})


def _person(match: Match, seat: int) -> str:
    """ "you", "the computer" (its level when two play), the username, "an open seat"
    (``seat N`` for no such seat)."""
    if seat == match.get("you") and match.get("you") is not None:
        return _("you")
    players = match.get("players") or []
    player = players[seat] if 0 <= seat < len(players) else None
    if player is None:
        return _("seat %(n)s") % {"n": seat}
    return _computers(match).get(seat) or name(player.get("username"), player.get("computer") or "")


def _ours(match: Match, seat: int) -> bool:
    """Is ``seat`` named in our words ("you", "the computer", "an open seat", "seat N"),
    which a sentence capitalises, rather than by a username, which it never does?"""
    if seat == match.get("you") and match.get("you") is not None:
        return True
    players = match.get("players") or []
    return not (0 <= seat < len(players) and players[seat].get("username"))


def _names(match: Match, seats: list[int]) -> str:
    return together([_person(match, s) for s in seats])


def _subject(match: Match, seats: list[int]) -> str:
    """``seats`` named together to begin a sentence: "You", "The computer", "ann and you"."""
    said = _names(match, seats)
    return capital(said) if seats and _ours(match, seats[0]) else said


def _seats(match: Match) -> list[int]:
    return [p["seat"] for p in match.get("players") or []]


def _number(value: Any) -> str:
    """A score as a person writes it: 41, 10.5 (never 41.0)."""
    return str(int(value)) if isinstance(value, float) and value.is_integer() else str(value)


def points(match: Match, *, cooperative: bool, counts: bool) -> list[Any] | None:
    """Each seat's points when the score is one number per player and measures the win
    (``counts``: the game's ``score_decides``; Connect Four's discs do not); else None."""
    values = list(((match.get("result") or {}).get("score") or {}).values())
    if not counts or cooperative or len(values) != len(_seats(match)) or len(values) < 2:
        return None
    ok = all(isinstance(v, int | float) and not isinstance(v, bool) and v == v for v in values)
    return values if ok else None


def _timed_out(match: Match) -> list[int]:
    result = match["result"]
    if result.get("reason") != "time":
        return []
    out = [s for s in result.get("timed_out") or [] if isinstance(s, int) and not isinstance(s, bool)]
    return out or [s for s in _seats(match) if s != result.get("winner")][:1]


def sentence(match: Match, *, cooperative: bool, counts: bool = True) -> str:
    """The panel's big line, from this viewer's side.

    >>> ab = {"players": [{"seat": 0, "username": "ann"}, {"seat": 1, "username": "bob"}]}
    >>> full = {"winner": 0, "reason": "board full", "score": {"X": 41, "O": 20}}
    >>> sentence({**ab, "you": 0, "result": full}, cooperative=False)
    'You won 41-20'
    >>> sentence({**ab, "you": 1, "result": full}, cooperative=False)
    'ann wins 41-20'
    >>> sentence({**ab, "you": None, "result": full}, cooperative=False)
    'ann wins 41-20 against bob'
    >>> sentence({**ab, "you": 1, "result": {"winner": 0, "reason": "four in a row"}}, cooperative=False)
    'ann wins with four in a row'
    >>> resigned = {"winner": 1, "reason": "resign", "resigned": 0}
    >>> sentence({**ab, "you": 1, "result": resigned}, cooperative=False)
    'ann resigned — you win'
    >>> drawn = {"winner": None, "reason": "draw", "score": {"X": 32, "O": 32}}
    >>> sentence({**ab, "you": 0, "result": drawn}, cooperative=False)
    'A draw with bob, 32-32'
    >>> sentence({**ab, "you": 0, "result": {"winners": [0, 1], "reason": "victory"}}, cooperative=True)
    'You all won: every monster is gone'
    >>> levels = {"players": [{"seat": 0, "computer": "strong"}, {"seat": 1, "computer": "medium"}]}
    >>> four = {"winner": 0, "reason": "four in a row"}
    >>> sentence({**levels, "you": None, "result": four}, cooperative=False)
    'Strong beats Medium with four in a row'
    """
    result = match["result"]
    if cooperative:
        return _team(match, result)
    seats = _seats(match)
    you = match.get("you")
    winner = result.get("winner")
    if winner is None:
        wins = ""
    elif winner == you:
        wins = _("you win")
    else:
        wins = _("%(name)s wins") % {"name": _person(match, winner)}
    happened = _happened(match, result)
    if happened:
        if wins:
            return f"{happened} — {wins}"
        return f"{happened} — {_('a draw')}" if result.get("reason") == "abandoned" else happened
    pts = points(match, cooperative=False, counts=counts)
    words = reason_text(result.get("reason"))
    mine = you is not None
    if winner is not None:
        losers = [s for s in seats if s != winner]
        said = {"reason": words, "name": _subject(match, [winner]), "losers": _names(match, losers)}
        if pts:
            said["score"] = "-".join(_number(pts[s]) for s in [winner, *losers])
        if winner == you:
            if pts:
                return _("You won %(score)s") % said
            return _("You won with %(reason)s") % said if words else _("You won")
        if mine:
            if pts:
                return _("%(name)s wins %(score)s") % said
            return _("%(name)s wins with %(reason)s") % said if words else _("%(name)s wins") % said
        if _computers(match) and all(s in _computers(match) for s in seats):  # levels, not people
            said["name"] = _person(match, winner)
            if pts:
                return _("%(name)s beats %(losers)s %(score)s") % said
            if words:
                return _("%(name)s beats %(losers)s with %(reason)s") % said
            return _("%(name)s beats %(losers)s") % said
        if pts:
            return _("%(name)s wins %(score)s against %(losers)s") % said
        if words:
            return _("%(name)s wins against %(losers)s with %(reason)s") % said
        return _("%(name)s wins against %(losers)s") % said
    said = {"reason": words, "score": "-".join(_number(p) for p in pts) if pts else ""}
    if mine:
        said["others"] = _names(match, [s for s in seats if s != you])
        if pts:
            return _("A draw with %(others)s, %(score)s") % said
        return _("A draw with %(others)s: %(reason)s") % said if words else _("A draw with %(others)s") % said
    said["names"] = _subject(match, seats)
    if pts:
        return _("%(names)s drew %(score)s") % said
    return _("%(names)s drew: %(reason)s") % said if words else _("%(names)s drew") % said


def _happened(match: Match, result: Mapping[str, Any]) -> str:
    """What ended the match before its rules did, as a sentence begins ("bob resigned", "You
    ran out of time", "ann left the game"); "" when the rules ended it."""
    you = match.get("you")
    if result.get("reason") == "resign" and result.get("resigned") is not None:
        if result["resigned"] == you:
            return _("You resigned")
        return _("%(name)s resigned") % {"name": _subject(match, [result["resigned"]])}
    if out := _timed_out(match):
        if out == [you]:
            return _("You ran out of time")
        return _("%(names)s ran out of time") % {"names": _subject(match, out)}
    left = result.get("abandoned") or [] if result.get("reason") == "abandoned" else []
    if left:
        if left == [you]:
            return _("You left the game")
        return _("%(names)s left the game") % {"names": _subject(match, left)}
    return ""


def _team(match: Match, result: Mapping[str, Any]) -> str:
    """A co-operative game: the allies win or lose together."""
    seats = _seats(match)
    many = len(seats) > 1
    you = match.get("you")
    seated = you is not None
    happened = ""
    if result.get("reason") == "resign" and result.get("resigned") is not None:
        resigned = result["resigned"]
        if resigned == you:
            happened = _("You gave up")
        else:
            happened = _("%(name)s gave up") % {"name": _subject(match, [resigned])}
    elif out := _timed_out(match):
        if out == [you]:
            happened = _("You ran out of time")
        else:
            happened = _("%(names)s ran out of time") % {"names": _subject(match, out)}
    if happened:
        if not many:
            return f"{happened}: {_('the game is over')}"
        lost = _("the team lost") if seated else _("%(names)s lost") % {"names": _names(match, seats)}
        return f"{happened} — {lost}"
    won = bool(result.get("winners")) or result.get("reason") == "victory"
    if not seated:
        names = {"names": _subject(match, seats)}
        said = (_("%(names)s won") if won else _("%(names)s lost")) % names
    elif many:
        said = _("You all won") if won else _("You all lost")
    else:
        said = _("You won") if won else _("You lost")
    words = reason_text(result.get("reason"))
    return f"{said}: {words}" if words else said


def score_line(match: Match, *, cooperative: bool, counts: bool = True) -> str:
    """The panel's second line: "Final score: ann 41 – bob 20 (the board is full)", or "".

    >>> ab = {"you": 0, "players": [{"seat": 0, "username": "ann"}, {"seat": 1, "computer": "strong"}]}
    >>> full = {"winner": 0, "reason": "board full", "score": {"X": 41, "O": 20}}
    >>> score_line({**ab, "result": full}, cooperative=False)
    'Final score: ann 41 – the computer 20 (the board is full)'
    >>> four = {"winner": 0, "reason": "four in a row", "score": {"X": 9, "O": 8}}
    >>> score_line({**ab, "result": four}, cooperative=False, counts=False)
    ''
    """
    pts = points(match, cooperative=cooperative, counts=counts)
    if not pts:
        return ""
    players = match.get("players") or []

    def label(seat: int) -> str:
        player = players[seat] if seat < len(players) else {}
        if player.get("computer"):
            return _computers(match).get(seat) or _("the computer")
        return player.get("username") or _("seat %(n)s") % {"n": seat}

    line = " – ".join(f"{label(s)} {_number(pts[s])}" for s in _seats(match))
    words = reason_text(match["result"].get("reason"))
    if words:
        return _("Final score: %(scores)s (%(reason)s)") % {"scores": line, "reason": words}
    return _("Final score: %(scores)s") % {"scores": line}


def ratings_line(match: Match) -> str:
    """After a rated match, each player's new rating and its change, the viewer first:
    "Ratings: you 1662 (+162), bob 1338 (−162)"; "" for any other match.

    >>> ab = {"you": 1, "players": [{"seat": 0, "username": "ann"}, {"seat": 1, "username": "bob"}]}
    >>> changes = [{"seat": 0, "before": 1500, "after": 1338}, {"seat": 1, "before": 1500, "after": 1662}]
    >>> rated = {"ratings": changes}
    >>> ratings_line({**ab, "result": rated})
    'Ratings: you 1662 (+162), ann 1338 (−162)'
    >>> ratings_line({**ab, "result": {"winner": 0}})
    ''
    """
    changes = [c for c in (match.get("result") or {}).get("ratings") or [] if isinstance(c, Mapping)]
    changes.sort(key=lambda c: c.get("seat") != match.get("you"))

    def change(c: Mapping[str, Any]) -> str:
        diff = c["after"] - c["before"]
        return f"{_person(match, c['seat'])} {c['after']} ({'+' if diff >= 0 else '−'}{abs(diff)})"

    if not changes:
        return ""
    return _("Ratings: %(changes)s") % {"changes": ", ".join(change(c) for c in changes)}
