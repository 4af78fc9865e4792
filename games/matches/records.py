"""Game records on the platform: a match's record (the replay offers it) and a record read
back into the moves a replay lists (``POST /api/records/parse/``: the analysis board opens
it). The notations themselves are the rules' (``games.rules.records``)."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _

from games.rules import Game

from .choices import game_options
from .errors import ServiceError, told
from .models import Match

MAX_RECORD_CHARS = 4000  # a whole 26x26 Reversi game is about 2,000 characters


def match_record(match: Match) -> str | None:
    """The record of the moves played so far (None: the game has no record)."""
    moves = list(match.moves.order_by("ply").values_list("seat", "move"))
    return match.rules.record(match.options, moves)


def record_of_moves(rules: Game, options: dict[str, Any], moves: list[dict[str, Any]]) -> str | None:
    """The record of moves listed as the replay lists them (``{"seat", "move", ...}``)."""
    return rules.record(options, [(m["seat"], m["move"]) for m in moves])


def read_record(*, game: Any, options: Any, text: Any) -> dict[str, Any]:
    """A record played from the start: ``{"game", "options" (cleaned), "ply", "moves" (as the
    replay lists them), "states" (the spectator's board before each move, and after the
    last)}``; ServiceError ``bad_options`` (game, options) or ``bad_record`` with the reason."""
    rules, cleaned = game_options(game, options)
    if not isinstance(text, str):
        raise ServiceError("bad_record", _("The record must be text, such as f5d6c3."), 400, field="record")
    if len(text) > MAX_RECORD_CHARS:
        raise ServiceError(
            "bad_record",
            _("The record is too long (at most %(most)s characters).") % {"most": MAX_RECORD_CHARS},
            400,
            "record",
        )
    try:
        played = rules.parse_record(cleaned, text)
    except ValueError as exc:
        raise ServiceError("bad_record", told(exc), 400, field="record") from None
    state = rules.setup(cleaned, 0)
    states, moves = [rules.view(state, None)], []
    for ply, (seat, move) in enumerate(played, start=1):
        forced = rules.forced(state) is not None  # the server would have made it by itself
        label = rules.move_label(state, seat, move)
        state = rules.play(state, seat, move)
        states.append(rules.view(state, None))
        moves.append(
            {"ply": ply, "seat": seat, "move": move, "forced": forced, "clock_ms": None, "label": label}
        )
    return {"game": rules.slug, "options": cleaned, "ply": len(moves), "moves": moves, "states": states}
