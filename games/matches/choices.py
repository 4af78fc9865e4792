"""What a match's creator asks for, checked before anything is written: the game and its
options, who the opponent is, the creator's side, the computer's levels, the clock and
whether it is rated (``services.match_create``). Each refusal is ``bad_options`` with the
field at fault."""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from games.catalog.computer import levels as computer_levels
from games.catalog.registry import GAMES
from games.rules import Game, OptionError

from . import clocks
from .errors import ServiceError, told
from .models import Match
from .ratings import standings as ratings


@dataclass(frozen=True)
class Choices:
    """A creator's choices, cleaned."""

    rules: Any  # the game's engine (games.catalog.registry.GAMES[slug])
    options: dict[str, Any]
    seats: int
    levels: list[str]  # the computer level of every seat; [] unless against the computer
    side: int | None  # the creator's seat; None to watch computers play
    time_control: dict[str, int] | None
    takebacks: bool  # may players take moves back (``takebacks``)


def game_options(game: Any, options: Any) -> tuple[Game, dict[str, Any]]:
    """The rules of ``game`` and its ``options`` cleaned (a client's JSON); ServiceError
    ``bad_options`` with the reason otherwise."""
    rules = GAMES.get(game) if isinstance(game, str) else None
    if rules is None:
        raise ServiceError("bad_options", _("Unknown game: %(game)r.") % {"game": game}, 400, field="game")
    if options is not None and not isinstance(options, dict):
        raise ServiceError(
            "bad_options", _("Options must be an object of option names and values."), 400, field="options"
        )
    try:
        return rules, rules.clean_options(options or {})
    except OptionError as exc:
        raise ServiceError("bad_options", told(exc), 400, field=exc.field) from None  # the rules' words


def clean(
    *,
    game: Any,
    options: Any,
    opponent: Any,
    side: Any,
    level: Any,
    clock: Any,
    rated: Any,
    takebacks: Any = None,
) -> Choices:
    """The choices of ``services.match_create``, cleaned; ServiceError ``bad_options`` with a
    reason otherwise."""
    rules, cleaned = game_options(game, options)
    if opponent not in Match.Visibility.values:
        raise ServiceError(
            "bad_options", _("Opponent must be invite, open or computer."), 400, field="opponent"
        )
    seats = rules.seat_count(cleaned)
    levels = _seat_levels(game, opponent, level, seats)
    seat = _clean_side(side, seats, opponent)
    time_control = clocks.clean(clock)
    ratings.check_rated(rules, cleaned, opponent, rated)
    allowed = _clean_takebacks(rules, rated, takebacks)
    return Choices(rules, cleaned, seats, levels, seat, time_control, allowed)


# Why a match has no takebacks, in the words of the refusal (the create form shows them
# beside its greyed "Allow takebacks" box).
RATED_NO_TAKEBACKS = gettext_lazy("Rated matches allow no takebacks.")


def no_takebacks(rules: Any) -> str | None:
    """Why no match of this game has takebacks, or None when a casual one may: allies do
    not (the adventure's dice and the monsters met are not undone), nor a game that says
    it has none (``Game.no_takebacks``: Alpha Battle's committed setups)."""
    if rules.cooperative:
        return _("Allies do not take moves back.")
    return _(rules.no_takebacks) if rules.no_takebacks else None  # the game's words, marked by its kit


def _clean_takebacks(rules: Any, rated: bool, takebacks: Any) -> bool:
    """May the players take moves back? By default in casual matches; never in rated ones
    (a takeback would change what the ratings measure) nor in a game that has none."""
    refused = RATED_NO_TAKEBACKS if rated else no_takebacks(rules)
    if takebacks is None:
        return refused is None
    if type(takebacks) is not bool:
        raise ServiceError("bad_options", _("takebacks must be true or false."), 400, field="takebacks")
    if takebacks and refused:
        raise ServiceError("bad_options", refused, 400, field="takebacks")
    return takebacks


def _seat_levels(game: str, opponent: str, level: Any, seats: int) -> list[str]:
    """The computer level of every seat, for a computer match (``level`` may be one level
    or a list with one per seat); [] otherwise."""
    if opponent != Match.Visibility.COMPUTER:
        return []
    levels = level if isinstance(level, list) else [level] * seats
    allowed = computer_levels(game)
    if len(levels) != seats or any(lv not in allowed for lv in levels):
        choices = ", ".join(allowed) or _("none")
        raise ServiceError(
            "bad_options",
            _("Computer level must be one of: %(levels)s.") % {"levels": choices},
            400,
            field="level",
        )
    return levels


def _clean_side(side: Any, seats: int, opponent: str) -> int | None:
    """The creator's seat; None to watch a computer-vs-computer match."""
    if side == "watch" and opponent == Match.Visibility.COMPUTER:
        return None
    if side in ("random", None, ""):
        return secrets.randbelow(seats) if seats > 1 else 0
    if isinstance(side, str) and side.isascii() and side.isdigit():
        side = int(side)
    number = side if type(side) is int else -1
    if not 0 <= number < seats:
        raise ServiceError(
            "bad_options",
            _("Side must be 0 to %(last)s, or random.") % {"last": seats - 1},
            400,
            field="side",
        )
    return number
