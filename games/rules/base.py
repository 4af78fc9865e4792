"""The engine interface every game implements (pure Python, no Django).

A game is a stateless object; a match's *state* is plain JSON-serialisable data that the
platform stores and hands back. ``play`` is pure: it returns a new state and never
modifies the one passed in, so a replay rebuilds every position by replaying the moves.
"""

from __future__ import annotations

import copy
import random
from dataclasses import dataclass, field
from typing import Any

from .words import gettext_noop as _  # marks a refusal's English for the catalogs

State = dict[str, Any]
Move = dict[str, Any]
Seat = int


class Refusal(ValueError):
    """A refusal worded for people, in English with its values apart: ``template`` is marked
    for the translators (``words.gettext_noop``) and holds ``%(name)s`` placeholders for
    ``values``, so that the platform says it in the reader's language (a value that is a text
    or a refusal too is said in it as well: ``games.matches.errors.told``). ``str(exc)`` is
    the English sentence.

    >>> str(Refusal("Column %(column)s is full.", column=3))
    'Column 3 is full.'
    """

    def __init__(self, template: str, /, **values: Any) -> None:
        super().__init__(template % values if values else template)
        self.template, self.values = template, values


class Words:
    """A sentence for people that refuses nothing (a note on an edited position), kept as a
    refusal keeps its words: an English ``template`` marked for the catalogs and its
    ``values``; ``str()`` is the English, ``games.matches.errors.told`` the reader's.

    >>> str(Words("%(player)s must pass.", player="Black (X)"))
    'Black (X) must pass.'
    """

    def __init__(self, template: str, /, **values: Any) -> None:
        self.template, self.values = template, values

    def __str__(self) -> str:
        return self.template % self.values if self.values else self.template

    def __repr__(self) -> str:
        return f"Words({str(self)!r})"

    def __eq__(self, other: object) -> bool:  # as its English sentence
        return str(self) == str(other)

    def __hash__(self) -> int:
        return hash(str(self))


def check_rows(board: Any, rows: int, columns: int) -> None:
    """A typed position (an edited board) is ``rows`` strings of ``columns`` cells, top row
    first; a ``Refusal`` says what it is not. What the cells may hold is the game's."""
    if not isinstance(board, list) or not all(isinstance(row, str) for row in board):
        raise Refusal(_("A position is a list of row strings, top row first."))
    if len(board) != rows or any(len(row) != columns for row in board):
        raise Refusal(
            _("The board must be %(rows)s rows of %(columns)s cells, as the options say."),
            rows=rows,
            columns=columns,
        )


class IllegalMove(Refusal):
    """A move the rules refuse; ``str(exc)`` is the message shown to the player."""


class OptionError(Refusal):
    """Bad match options; ``field`` names the option at fault (or None)."""

    def __init__(self, template: str, field: str | None = None, /, **values: Any) -> None:
        super().__init__(template, **values)
        self.field = field


# The largest integer every JSON reader keeps exact (JavaScript's Number.MAX_SAFE_INTEGER):
# the bound of an integer option that names no range of its own.
SAFE_INT = 2**53 - 1


@dataclass(frozen=True)
class Option:
    """One option of a game's create form, described for ``GET /api/games/``."""

    type: str  # "int", "choice", "text", "bool"
    default: Any
    label: str = ""
    min: int | None = None
    max: int | None = None
    choices: tuple[Any, ...] | None = None
    help: str = ""
    lines: int = 1  # a text option's box on the forms: more than 1, a box of that many lines

    def schema(self) -> dict[str, Any]:
        """The JSON description of this option (protocol.md)."""
        out: dict[str, Any] = {"type": self.type, "default": self.default}
        if self.min is not None:
            out["min"] = self.min
        if self.max is not None:
            out["max"] = self.max
        if self.choices is not None:
            out["choices"] = list(self.choices)
        if self.label:
            out["label"] = self.label
        if self.help:
            out["help"] = self.help
        return out

    def clean(self, name: str, value: Any) -> Any:
        """Coerce and range-check one raw value; raise OptionError with a reason."""
        label = self.label or name
        if value is None or value == "":
            return self.default
        if self.type == "int":
            if isinstance(value, bool):
                raise OptionError(_("%(label)s must be a whole number."), name, label=label)
            try:
                number = int(str(value).strip())
            except ValueError:
                raise OptionError(_("%(label)s must be a whole number."), name, label=label) from None
            low = -SAFE_INT if self.min is None else self.min
            high = SAFE_INT if self.max is None else self.max
            if number < low:
                raise OptionError(_("%(label)s must be at least %(low)s."), name, label=label, low=low)
            if number > high:
                raise OptionError(_("%(label)s must be at most %(high)s."), name, label=label, high=high)
            if self.choices is not None and number not in self.choices:
                allowed = ", ".join(str(c) for c in self.choices)
                raise OptionError(
                    _("%(label)s must be one of %(allowed)s."), name, label=label, allowed=allowed
                )
            return number
        if self.type == "choice":
            if value not in (self.choices or ()):
                allowed = ", ".join(str(c) for c in self.choices or ())
                raise OptionError(
                    _("%(label)s must be one of %(allowed)s."), name, label=label, allowed=allowed
                )
            return value
        if self.type == "bool":
            if isinstance(value, bool):
                return value
            if str(value).lower() in ("1", "true", "on", "yes"):
                return True
            if str(value).lower() in ("0", "false", "off", "no"):
                return False
            raise OptionError(_("%(label)s must be true or false."), name, label=label)
        if not isinstance(value, str):
            raise OptionError(_("%(label)s must be text."), name, label=label)
        if self.max is not None and len(value) > self.max:
            raise OptionError(
                _("%(label)s is too long (at most %(max)s characters)."), name, label=label, max=self.max
            )
        return value


@dataclass(frozen=True)
class Outcome:
    """The end of a game: ``winner`` is a seat, or None (a draw, or a co-operative end).

    ``winners`` lists every seat that won (co-operative games: all or none) and ``draw``
    says whether nobody won nor lost; both default from ``winner``.
    """

    winner: Seat | None
    reason: str
    score: dict[str, int] = field(default_factory=dict)
    winners: tuple[Seat, ...] | None = None
    draw: bool | None = None

    def as_dict(self) -> dict[str, Any]:
        winners = (
            self.winners if self.winners is not None else (() if self.winner is None else (self.winner,))
        )
        draw = self.draw if self.draw is not None else self.winner is None
        return {
            "winner": self.winner,
            "winners": list(winners),
            "draw": draw,
            "reason": self.reason,
            "score": dict(self.score),
        }


class Game:
    """Base class of every game's engine; subclasses fill in the rules.

    The platform uses only these methods, so it never needs to know which game it runs.
    """

    slug: str = ""
    name: str = ""
    description: str = ""
    seats: tuple[int, int] = (2, 2)
    options: dict[str, Option] = {}
    seat_names: tuple[str, ...] = ("Black", "White")
    # True when the seats play together against the game (The Journey): the table wins or
    # loses as one (``Outcome.winners`` is every seat or none), so pages speak of allies.
    cooperative: bool = False
    # True when a result's ``score`` (one number a seat) is what the winner won by, so the
    # result reads "won 41-20"; Connect Four's disc counts measure nothing ("with four in a row").
    score_decides: bool = True
    # How the position editor's text writes a board (``position``), for people.
    position_help: str = ""
    # The option that, filled in, starts the game from a position (or deal) of the player's
    # choosing: Reversi's ``start``, Alpha Battle's ``seed``. Such a match is never rated
    # (``custom_start``); the create form reads the name to say so before it is sent.
    start_option: str | None = None
    # Why no match of this game takes moves back, in a sentence ("": a casual match may).
    no_takebacks: str = ""

    # -- options and set-up -------------------------------------------------------------
    def clean_options(self, raw: dict[str, Any] | None) -> dict[str, Any]:
        """Validate raw options (form or JSON) into a full, typed options dict."""
        raw = dict(raw or {})
        unknown = sorted(set(raw) - set(self.options))
        if unknown:
            raise OptionError(_("Unknown option: %(name)s."), unknown[0], name=unknown[0])
        cleaned = {name: opt.clean(name, raw.get(name)) for name, opt in self.options.items()}
        self.check_options(cleaned)
        return cleaned

    def check_options(self, options: dict[str, Any]) -> None:
        """Cross-field checks; raise OptionError. Default: nothing more to check."""

    def seat_count(self, options: dict[str, Any]) -> int:
        """How many seats a match with these options has (default: the minimum)."""
        return self.seats[0]

    def setup(self, options: dict[str, Any], seed: int) -> State:
        """The initial state for cleaned options and a random seed."""
        raise NotImplementedError

    # -- play ---------------------------------------------------------------------------
    def to_move(self, state: State) -> list[Seat]:
        """The seats that may act now (empty when the game is over)."""
        raise NotImplementedError

    def legal_moves(self, state: State, seat: Seat) -> list[Move]:
        """Every legal move of ``seat`` in the protocol's move shape."""
        raise NotImplementedError

    def play(self, state: State, seat: Seat, move: Move) -> State:
        """Apply a move and return the new state; raise IllegalMove. Never mutates."""
        raise NotImplementedError

    def random_move(self, state: State, seat: Seat, rng: random.Random) -> Move:
        """A uniformly random legal move (games whose ``legal_moves`` is a description
        instead of a list override this)."""
        return rng.choice(self.legal_moves(state, seat))

    def independent(self, state: State) -> bool:
        """True while the seats to move act without seeing each other's moves (a secret
        simultaneous setup): then a move made on an older ply is still accepted."""
        return False

    def forced(self, state: State) -> tuple[Seat, Move] | None:
        """A move the server makes by itself now (a pass), or None."""
        return None

    def outcome(self, state: State) -> Outcome | None:
        """None while the game goes on, else the Outcome."""
        raise NotImplementedError

    # -- presentation -------------------------------------------------------------------
    def view(self, state: State, seat: Seat | None) -> Any:
        """What ``seat`` (None: a spectator) may see of the state, for drawing."""
        return copy.deepcopy(state)

    def result_message(self, outcome: Outcome) -> str:
        """The line that announces the end (``Player X wins!``, ``Draw game!``)."""
        if outcome.winner is not None:
            return f"{self.player_label(outcome.winner)} wins!"
        return "Draw game!" if outcome.as_dict()["draw"] else "Game over."

    def player_label(self, seat: Seat) -> str:
        """How the seed's console names a seat (``Player X``)."""
        return self.seat_names[seat] if seat < len(self.seat_names) else f"Seat {seat}"

    def canonical(self, state: State, seat: Seat, move: Move) -> Move:
        """The one stored form of a move ``play`` accepted from ``state`` (e.g. ``"e3"`` is
        stored as ``"E3"``); games whose moves have one form only return it as it is."""
        return move

    def skip_move(self, state: State, seat: Seat) -> Move | None:
        """The move the server plays for a seat whose player left for good (None: never)."""
        return None

    def custom_start(self, options: dict[str, Any]) -> bool:
        """Do these (cleaned) options start from a position of the player's choosing (such a
        match is never rated)? Yes when ``start_option`` is filled in: cleaning leaves it
        empty when no position was given."""
        return bool(self.start_option and options.get(self.start_option))

    def start_options(self, options: dict[str, Any], state: State) -> dict[str, Any] | None:
        """Options of a match that starts from ``state`` (a position reached or edited on the
        analysis board), the other options as ``options`` say; None when this game cannot
        start from a chosen position. Default: it cannot."""
        return None

    def hint(self, state: State, seat: Seat) -> Any:
        """A hint for ``seat`` shown on request (Connect Four: a winning column), or None."""
        return None

    def public_move(self, state: State, seat: Seat, move: Move, viewer: Seat | None) -> Move:
        """What ``viewer`` may see of a move ``seat`` made, given the current ``state``
        (a secret move stays hidden from the others until the game reveals it)."""
        return move

    def move_label(self, state: State, seat: Seat, move: Move) -> str:
        """A short human label of a move played from ``state`` (for move lists)."""
        return str(move)

    # -- game records (the notation players write, ``games.rules.records``) ---------------
    def record(self, options: dict[str, Any], moves: list[tuple[Seat, Move]]) -> str | None:
        """The game record of ``moves`` (as stored, from the start of a game with these
        options) in the notation players use (Othello's ``f5d6c3``); None: this game has none."""
        return None

    def parse_record(self, options: dict[str, Any], text: str) -> list[tuple[Seat, Move]]:
        """Play a game record from the start with these (cleaned) options: every move as it
        would be stored, forced passes included. Raise ValueError (``IllegalMove`` for a move
        the rules refuse) whose message names the move's number and why."""
        raise Refusal(_("%(game)s has no game record."), game=self.name)

    def transcript(self, options: dict[str, Any], states: list[State], moves: list[tuple[Seat, Move]]) -> str:
        """The seed's console text of a whole game: ``states[i]`` is before ``moves[i]``."""
        raise NotImplementedError

    def position(
        self, options: dict[str, Any], board: Any, to_move: Seat | None
    ) -> tuple[State, list[Words]]:
        """The state of an edited position (the position editor, the analysis API): ``board``
        as the state's board, ``to_move`` the seat to move (None: the game infers it where it
        can). Returns the state and notes a person should read about a legal but unusual
        position; raises ValueError with the reason a person reads when it is no position
        of this game. Default: this game has no position editor."""
        raise Refusal(_("%(game)s has no position editor."), game=self.name)

    def info(self) -> dict[str, Any]:
        """The description served by ``GET /api/games/``."""
        return {
            "slug": self.slug,
            "name": self.name,
            "description": self.description,
            "options": {name: opt.schema() for name, opt in self.options.items()},
            "players": list(self.seats),
            "seat_names": list(self.seat_names),
            "cooperative": self.cooperative,
        }
