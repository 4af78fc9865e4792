"""Replays: rebuild every position by replaying the stored moves through the rules."""

from __future__ import annotations

import json
from typing import Any

from django.core.cache import cache
from django.core.serializers.json import DjangoJSONEncoder

from .models import Match
from .selectors import for_seat, match_public

REPLAY_CACHE_SECONDS = 600


def positions(match: Match) -> tuple[list[dict], list[dict[str, Any]]]:
    """(states, moves): ``states[i]`` is the position before ``moves[i]``; one more at the end."""
    rules = match.rules
    state = rules.setup(match.options, match.seed)
    states, moves = [state], []
    for row in match.moves.order_by("ply").values("ply", "seat", "move", "forced", "clock_ms"):
        state = rules.play(state, row["seat"], row["move"])
        states.append(state)
        moves.append({**row, "label": rules.move_label(states[-2], row["seat"], row["move"])})
    return states, moves


def replay_summary(match: Match) -> dict[str, Any]:
    """The replay's ``match``: the public summary, without a seat's view, plus the transcript."""
    drop = ("you", "board", "legal_moves")
    summary = {k: v for k, v in for_seat(match_public(match), None).items() if k not in drop}
    summary["transcript_url"] = f"/r/{match.replay_slug}/transcript.txt"
    return summary


def replay_json(match: Match, summary: dict[str, Any] | None = None) -> str:
    """The replay API's body as JSON text: summary, moves, the spectator's board at every ply.

    Safe to embed in a ``<script type="application/json">`` (``<``, ``>``, ``&`` escaped).
    What was played up to a ply never changes (what is public changes only with the status:
    Alpha Battle's setups at the end), so the moves and boards are cached as JSON text."""
    key = f"replay:{match.pk}:{match.ply}:{match.status}"
    history = cache.get_or_set(key, lambda: _json(_public_history(match))[1:-1], REPLAY_CACHE_SECONDS)
    return f'{{"match": {_json(summary or replay_summary(match))}, {history}}}'


def _json(value: Any) -> str:
    return json.dumps(value, cls=DjangoJSONEncoder).translate(_SCRIPT_SAFE)


_SCRIPT_SAFE = str.maketrans({"<": "\\u003C", ">": "\\u003E", "&": "\\u0026"})


def _public_history(match: Match) -> dict[str, list[Any]]:
    rules = match.rules
    states, moves = positions(match)
    final = states[-1]
    moves = [{**m, "move": rules.public_move(final, m["seat"], m["move"], None)} for m in moves]
    return {"moves": moves, "states": [rules.view(s, None) for s in states]}


def transcript(match: Match) -> str:
    """The plain-text console transcript of the seed, plus how a resigned match ended."""
    rules = match.rules
    states, moves = positions(match)
    text = rules.transcript(match.options, states, [(m["seat"], m["move"]) for m in moves])
    result = match.result or {}
    if result.get("reason") == "resign":
        text += f"{rules.player_label(result['resigned'])} resigned.\n"
    elif match.status == Match.Status.ABORTED:
        text += "The match was aborted.\n"
    return text
