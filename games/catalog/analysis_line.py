"""A line of moves replayed for the analysis (the API's ``moves``, the board's lines), and the
analysis API's whole answer for it. Pure Python, no Django: the answer is made in the
computer's search process, so that replaying up to a thousand moves on a big board (a tenth
of a second) takes nothing from the server's event loop nor its interpreter lock.
"""

from __future__ import annotations

from typing import Any

from games.rules import Game, IllegalMove
from games.rules.base import State

from . import analysis
from .registry import GAMES


class BadPosition(ValueError):
    """The moves or the position asked about are not a position of the game."""


def answer(slug: str, options: dict[str, Any], moves: list[Any], start: State | None) -> dict[str, Any]:
    """The analysis API's answer (protocol.md, "Analysis") for the position of game ``slug``
    after ``moves`` from its start (or from ``start``, an edited position): the analysis, the
    moves played as the replay lists them, the position's view and result; or, when there is
    nothing to judge there, ``{"error": "bad_position", "message", "field": "moves"}``."""
    game = GAMES[slug]
    try:
        state, line = played(game, options, moves, start)
    except BadPosition as exc:
        return {"error": "bad_position", "message": str(exc), "field": "moves"}
    if (reason := analysis.unjudged(slug, state)) is not None:
        return {"error": "bad_position", "message": reason, "field": "moves"}
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
            raise BadPosition(f"Move {number} ({move!r}) cannot be played: {exc}") from None
    return state, line


def _mover(to_move: list[int], entry: Any, number: int) -> int:
    """The seat that plays move ``number``: the one to move, or while several are (secret
    commits) the entry's ``seat``."""
    if not to_move:
        raise BadPosition(f"Move {number}: the game is already over.")
    if len(to_move) == 1:
        return to_move[0]
    seat = entry.get("seat") if isinstance(entry, dict) and "move" in entry else None
    if type(seat) is not int or seat not in to_move:
        seats = " and ".join(map(str, to_move))
        shape = '{"seat": <seat>, "move": ...}'
        raise BadPosition(f"Move {number}: seats {seats} move at once: give it as {shape}.")
    return seat
