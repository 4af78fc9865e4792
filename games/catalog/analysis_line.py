"""A line of moves replayed for the analysis (the API's ``moves``, the board's lines), and the
analysis API's whole answer for it. Pure Python, no Django: the answer is made in the
computer's search process, so that replaying up to a thousand moves on a big board (a tenth
of a second) takes nothing from the server's event loop nor its interpreter lock.
"""

from __future__ import annotations

from typing import Any

from games.rules import Game, IllegalMove
from games.rules.base import Refusal, State
from games.rules.words import gettext_noop

from . import analysis
from .registry import GAMES


class BadPosition(Refusal):
    """The moves or the position asked about are not a position of the game (a ``Refusal``,
    so a ValueError: its English, and its template and values to say it translated)."""


def answer(slug: str, options: dict[str, Any], moves: list[Any], start: State | None) -> dict[str, Any]:
    """The analysis API's answer (protocol.md, "Analysis") for the position of game ``slug``
    after ``moves`` from its start (or from ``start``, an edited position): the analysis, the
    moves played as the replay lists them, the position's view and result; or, when there is
    nothing to judge there, ``{"error": "bad_position", "message", "field": "moves", "refusal"}``
    (``message`` in English; ``refusal`` the ``Refusal`` that says it, for the reader's language
    where Django is: it crosses the process pool pickled, its template and values with it)."""
    game = GAMES[slug]
    try:
        state, line = played(game, options, moves, start)
    except BadPosition as exc:
        return {"error": "bad_position", "message": str(exc), "field": "moves", "refusal": exc}
    if (reason := analysis.why_unjudged(slug, state)) is not None:
        return {"error": "bad_position", "message": str(reason), "field": "moves", "refusal": reason}
    end = game.outcome(state)
    return {
        **analysis.analyse(slug, state),
        "ply": len(line),
        "line": line,
        "position": game.view(state, None),
        "result": end.as_dict() if end else None,
    }


def played(
    game: Game, options: dict[str, Any], moves: list[Any], start: State | None = None
) -> tuple[State, list[dict[str, Any]]]:
    """The start (or ``start``, an edited position) played through ``moves`` (replay entries
    ``{"seat", "move", ...}`` or bare
    moves; while several seats are to move at once, an entry's ``seat`` says whose it is); a
    pass the rules force is played when the list does not have it. Returns the
    state and the moves played, ``{"ply", "seat", "move", "forced", "label"}`` as the replay
    lists them. Raises BadPosition naming the move that cannot be played, and why."""
    state = start or game.setup(options, seed=0)  # the analysable games' starts do not depend on it
    line: list[dict[str, Any]] = []

    def play(seat: int, move: Any, forced: bool) -> State:
        label = game.move_label(state, seat, move)
        after = game.play(state, seat, move)
        line.append({"ply": len(line) + 1, "seat": seat, "move": move, "forced": forced, "label": label})
        return after

    for number, entry in enumerate(moves, start=1):
        move = entry.get("move") if isinstance(entry, dict) and "move" in entry else entry
        forced = game.forced(state)
        if forced is not None and move != forced[1]:
            state = play(*forced, True)
        seat = _mover(game.to_move(state), entry, number)
        try:
            move = game.canonical(state, seat, move) if isinstance(move, dict) else move
            state = play(seat, move, forced is not None)
        except (IllegalMove, ValueError, TypeError, KeyError, AttributeError) as exc:
            raise BadPosition(
                gettext_noop("Move %(number)s (%(move)s) cannot be played: %(why)s"),
                number=number,
                move=repr(move),
                why=exc if isinstance(exc, Refusal) else str(exc),  # a refusal: said translated too
            ) from None
    return state, line


def _mover(to_move: list[int], entry: Any, number: int) -> int:
    """The seat that plays move ``number``: the one to move, or while several are (secret
    commits) the entry's ``seat``."""
    if not to_move:
        raise BadPosition(gettext_noop("Move %(number)s: the game is already over."), number=number)
    if len(to_move) == 1:
        return to_move[0]
    seat = entry.get("seat") if isinstance(entry, dict) and "move" in entry else None
    if type(seat) is not int or seat not in to_move:
        raise BadPosition(
            # Translators: the seats are "0 and 1"; keep the shape as it is (the API reads it so).
            gettext_noop("Move %(number)s: seats %(seats)s move at once: give it as %(shape)s."),
            number=number,
            seats=_both(to_move),
            shape='{"seat": <seat>, "move": ...}',
        )
    return seat


def _both(seats: list[int]) -> Refusal:
    """``0 and 1`` (``0 and 1 and 2``): the seats said together, each "and" translated.

    >>> str(_both([0, 1, 2]))
    '0 and 1 and 2'
    """
    # Translators: two seat numbers (or a list of them and one more), as in "seats 0 and 1".
    pair = gettext_noop("%(first)s and %(second)s")
    said: Any = seats[0]
    for seat in seats[1:]:
        said = Refusal(pair, first=said, second=seat)
    return said
