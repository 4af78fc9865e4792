"""What a seat may do now in a match: one answer for the service that refuses and for the
state that tells the page (``can_offer_draw``, ``can_take_back``, ``chat``).

Pure functions of a match's facts (:func:`facts`, kept in its public data as ``"facts"``),
so that every state says what its viewer may do without a query, and the page shows it
without deciding a rule: ``offers`` and ``takebacks`` refuse with these same reasons.

>>> f = {"status": "active", "cooperative": False, "seats": 2, "draw_offer": None,
...      "draw_offered": {}, "takebacks": True, "takeback_offer": None,
...      "moves_made": [1, 0], "moves_in_play": [1, 0], "rated": False}
>>> draw_refusal(f, 0)
'A draw can be offered once every player has made a move.'
>>> takeback_refusal(f, 0) is None, takeback_refusal(f, 1)
(True, 'You have no move to take back.')
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from .endings import OVER
from .models import Match
from .talking.chat_models import ChatLine

DRAW_OFFER_EVERY = 20  # own moves between two draw offers of one player
PLAYERS, SPECTATORS = ChatLine.Room.PLAYERS.value, ChatLine.Room.SPECTATORS.value


def facts(match: Match) -> dict[str, Any]:
    """What the answers below read of the match row (JSON: it travels with the state)."""
    active = match.status == Match.Status.ACTIVE
    return {
        "status": match.status,
        "cooperative": match.rules.cooperative,
        "rated": match.rated,
        "abortable": match.abortable,
        "seats": match.rules.seat_count(match.options),
        "draw_offer": match.draw_offer if active else None,
        "draw_offered": match.draw_offered,
        # a game without takebacks has none, in the matches made before it said so too
        "takebacks": match.takebacks and not match.rules.no_takebacks,
        "no_takebacks": match.rules.no_takebacks,  # why, in the game's words ("": it has them)
        "takeback_offer": match.takeback_offer if active else None,
        "moves_made": list(match.moves_made),
        "moves_in_play": list(match.moves_in_play),
    }


def _count(counts: list[int], seat: int) -> int:
    return counts[seat] if 0 <= seat < len(counts) else 0


def resign_aborts(facts: dict[str, Any]) -> bool:
    """Does resigning now abort the match (no result, counted for nobody) rather than lose it?
    While it waits, and before anybody has moved (nothing to lose), unless the match is not
    ``abortable`` (a tournament's game: resigning loses it)."""
    if facts["status"] == Match.Status.WAITING:
        return True
    return facts.get("abortable", True) and not any(facts["moves_made"])


def draw_refusal(facts: dict[str, Any], seat: int) -> str | None:
    """Why ``seat`` may not offer a draw now (``cannot_offer_draw``); None: it may."""
    if facts["cooperative"]:
        return _("Allies do not offer each other draws: you win or lose together.")
    if facts["status"] != Match.Status.ACTIVE:
        return _("The match has not started yet.")
    if facts["draw_offer"] is not None:
        if facts["draw_offer"] != seat:
            return None  # another's offer stands: offering accepts it
        return _("You have offered a draw already: wait for the answer.")
    if any(_count(facts["moves_made"], s) == 0 for s in range(facts["seats"])):
        return _("A draw can be offered once every player has made a move.")
    last = facts["draw_offered"].get(str(seat))
    wait = DRAW_OFFER_EVERY - (_count(facts["moves_made"], seat) - last) if last is not None else 0
    if wait > 0:
        return ngettext(
            "You offered a draw lately: you may offer again after %(n)s more move of yours.",
            "You offered a draw lately: you may offer again after %(n)s more moves of yours.",
            wait,
        ) % {"n": wait}
    return None


def takeback_refusal(facts: dict[str, Any], seat: int) -> str | None:
    """Why ``seat`` may not ask for a takeback now (``cannot_take_back``); None: it may."""
    if not facts["takebacks"]:
        if facts["cooperative"]:
            return _("Allies do not take moves back: the adventure goes on.")
        if facts["rated"]:
            return _("Rated matches allow no takebacks.")
        said = facts.get("no_takebacks")  # the game's words, marked by its kit
        return _(said) if said else _("Takebacks are off in this match.")
    if facts["status"] != Match.Status.ACTIVE:
        return _("The match has not started yet.")
    if facts["takeback_offer"] == seat:
        return _("You have asked for a takeback already: wait for the answer.")
    if facts["takeback_offer"] is not None:
        return _("Your opponent asks for a takeback: answer it first.")
    if _count(facts["moves_in_play"], seat) == 0:
        return _("You have no move to take back.")
    return None


# -- chat rooms (lichess's rules; ``chat`` stores and floods) -------------------------------
def players_room(public: dict[str, Any]) -> bool:
    """Is there a players' room: two people (not computers) seated?"""
    return sum(1 for p in public["players"] if p["username"] and not p["computer"]) >= 2


def rooms_read(public: dict[str, Any], seat: int | None) -> set[str]:
    """The rooms the viewer in ``seat`` (None: a spectator or visitor) reads. A player with
    nobody to talk to (against the computer) reads none, after the game too (as on lichess)."""
    two_people = players_room(public)
    if seat is not None and not two_people:
        return set()
    rooms = {PLAYERS} if two_people else set()
    if seat is None or public["status"] in OVER:
        rooms.add(SPECTATORS)
    return rooms


def rooms_written(public: dict[str, Any], seat: int | None) -> set[str]:
    """The rooms a logged-in viewer in ``seat`` writes in (``rooms_of_writer``)."""
    return rooms_of_writer(seat is not None, players_room(public), public["status"] in OVER)


def rooms_of_writer(seated: bool, two_people: bool, over: bool) -> set[str]:
    """Where one writes: a player in the players' room (when two people play; after the game
    the spectators' room too; against the computer nowhere), anyone else in the spectators'."""
    if not seated:
        return {SPECTATORS}
    if not two_people:
        return set()
    return {PLAYERS, SPECTATORS} if over else {PLAYERS}
