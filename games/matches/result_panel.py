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

from .wording import computer_names, name, reason_text, together

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
        return "you"
    players = match.get("players") or []
    player = players[seat] if 0 <= seat < len(players) else None
    if player is None:
        return f"seat {seat}"
    return _computers(match).get(seat) or name(player.get("username"), player.get("computer") or "")


def _capital(text: str) -> str:
    """Capitalise "you", "the computer", "an open seat", "seat N"; never a username."""
    return text[0].upper() + text[1:] if text.startswith(("you", "the ", "an ", "seat ")) else text


def _names(match: Match, seats: list[int]) -> str:
    return together([_person(match, s) for s in seats])


def _seats(match: Match) -> list[int]:
    return [p["seat"] for p in match.get("players") or []]


def _verb(match: Match, seat: int | None, for_you: str, for_others: str) -> str:
    return for_you if seat is not None and seat == match.get("you") else for_others


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
    winner = result.get("winner")
    wins = "" if winner is None else f"{_person(match, winner)} {_verb(match, winner, 'win', 'wins')}"
    if result.get("reason") == "resign" and result.get("resigned") is not None:
        who = _capital(_person(match, result["resigned"]))
        return f"{who} resigned" if winner is None else f"{who} resigned — {wins}"
    if out := _timed_out(match):
        who = _capital(_names(match, out))
        return f"{who} ran out of time" if winner is None else f"{who} ran out of time — {wins}"
    left = result.get("abandoned") or [] if result.get("reason") == "abandoned" else []
    if left:
        who = _capital(_names(match, left))
        return f"{who} left the game — a draw" if winner is None else f"{who} left the game — {wins}"
    pts = points(match, cooperative=False, counts=counts)
    words = reason_text(result.get("reason"))
    mine = match.get("you") is not None
    if winner is not None:
        losers = [s for s in seats if s != winner]
        score = f" {_number(pts[winner])}-{'-'.join(_number(pts[s]) for s in losers)}" if pts else ""
        how = f" with {words}" if not pts and words else ""
        if winner == match.get("you"):
            return f"You won{score}{how}"
        if mine:
            return f"{_capital(_person(match, winner))} wins{score}{how}"
        if _computers(match) and all(s in _computers(match) for s in seats):  # levels, not people
            return f"{_person(match, winner)} beats {_names(match, losers)}{score}{how}"
        return f"{_capital(_person(match, winner))} wins{score} against {_names(match, losers)}{how}"
    score = f" {'-'.join(_number(p) for p in pts)}" if pts else ""
    how = f": {words}" if not pts and words else ""
    if mine:
        others = _names(match, [s for s in seats if s != match["you"]])
        return f"A draw with {others}{',' + score if score else ''}{how}"
    return f"{_capital(_names(match, seats))} drew{score}{how}"


def _team(match: Match, result: Mapping[str, Any]) -> str:
    """A co-operative game: the allies win or lose together."""
    seats = _seats(match)
    many = len(seats) > 1
    seated = match.get("you") is not None
    if result.get("reason") == "resign" and result.get("resigned") is not None:
        who = _capital(_person(match, result["resigned"]))
        if not many:
            return f"{who} gave up: the game is over"
        return f"{who} gave up — {'the team' if seated else _names(match, seats)} lost"
    if out := _timed_out(match):
        who = _capital(_names(match, out))
        if not many:
            return f"{who} ran out of time: the game is over"
        return f"{who} ran out of time — {'the team' if seated else _names(match, seats)} lost"
    won = bool(result.get("winners")) or result.get("reason") == "victory"
    subject = ("You all" if many else "You") if seated else _capital(_names(match, seats))
    words = reason_text(result.get("reason"))
    return f"{subject} {'won' if won else 'lost'}{': ' + words if words else ''}"


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
            return _computers(match).get(seat) or "the computer"
        return player.get("username") or f"seat {seat}"

    line = " – ".join(f"{label(s)} {_number(pts[s])}" for s in _seats(match))
    words = reason_text(match["result"].get("reason"))
    return f"Final score: {line}{f' ({words})' if words else ''}"


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

    return f"Ratings: {', '.join(change(c) for c in changes)}" if changes else ""
