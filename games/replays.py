"""Replays: rebuild every position by replaying the stored moves through the rules."""

from __future__ import annotations

from typing import Any

from .models import Match
from .selectors import for_seat, match_public


def positions(match: Match) -> tuple[list[dict], list[dict[str, Any]]]:
    """(states, moves): ``states[i]`` is the position before ``moves[i]``; one more at the end."""
    rules = match.rules
    state = rules.setup(match.options, match.seed)
    states, moves = [state], []
    for row in match.moves.order_by("ply").values("ply", "seat", "move", "forced"):
        state = rules.play(state, row["seat"], row["move"])
        states.append(state)
        moves.append({**row, "label": rules.move_label(states[-2], row["seat"], row["move"])})
    return states, moves


def replay_data(match: Match) -> dict[str, Any]:
    """The replay API's body: summary, moves, and the spectator's board at every ply."""
    rules = match.rules
    states, moves = positions(match)
    drop = ("you", "board", "legal_moves")
    summary = {k: v for k, v in for_seat(match_public(match), None).items() if k not in drop}
    summary["transcript_url"] = f"/r/{match.replay_slug}/transcript.txt"
    final = states[-1]
    moves = [{**m, "move": rules.public_move(final, m["seat"], m["move"], None)} for m in moves]
    return {"match": summary, "moves": moves, "states": [rules.view(s, None) for s in states]}


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
