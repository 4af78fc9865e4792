"""Every new state of a match goes to the sockets of its channel group.

A subscriber of ``StateChanged`` (one per commit): the public data, encoded once, goes to the
match's group through ``outbox`` (the committing thread does not wait for the loop). Sends
start in the order of the commits; a socket never shows an older ply than it has shown
(``MatchConsumer.match_state``). Each consumer of the group renders its own viewer's view;
the change of the move list, the same for every viewer, travels beside it, encoded once.
"""

from __future__ import annotations

from typing import Any

import orjson

from games.matches.events import StateChanged

from . import outgoing
from .outbox import send_to_groups


def group_name(match_id: str) -> str:
    """The channel group of a match's sockets."""
    return f"match-{match_id}"


def send_state(event: StateChanged) -> None:
    """Send the match's public data to its group, except the socket that already has it."""
    # As JSON text: one encoding for the whole group, where a dict would be deep-copied for
    # every socket by the in-memory layer (and encoded anyway for Redis).
    message = {
        "type": "match.state",
        "public": orjson.dumps(event.public).decode(),
        "skip": event.skip_channel,
        **line_change(event.line),
    }
    send_to_groups([(group_name(event.match.pk), message)])


def line_change(line: dict[str, Any] | None) -> dict[str, Any]:
    """What a state event carries of the move list's change: the ply it goes from and the
    fields a page's state frame gains (encoded once); nothing when the service did not say."""
    if line is None:
        return {}
    return {"line_from": line["from_ply"], "line_fields": outgoing.line_fields(line)}
