"""Hints for the lobby sockets (``/ws/lobby/``): which parts of the lobby page a change of a
match touched. A hint names sections, never a match: the page reads itself again over HTTP,
where the lobby view decides what each viewer may see (invite-only matches stay private).

A subscriber of ``match_changed``, like ``broadcast``, and sent the same way: from the thread
that committed, handed to the sockets' event loop without waiting for it.

- group ``lobby`` (every lobby socket): ``open`` when a listed match's free seats change
  (created, joined, aborted or resigned while waiting), ``finished`` when one ends;
- group ``user-<id>`` (that user's lobby sockets): ``mine`` for every change of a match they
  sit in that their list shows (a join, a move, whose turn, the end; ``finished`` too then).

A socket of a player coming or going is a change of the match too (``presence``), but the
lobby shows nothing of it: each process remembers what it last hinted about a match (status,
ply, to move, who sits where) and stays quiet while that is unchanged. Forgetting is safe (one
hint too many); the remembered values only move forward, so a real change is never skipped.

Logging out or changing one's password closes the user's lobby sockets (4401) with their
match sockets (``sessions.close_sockets_of``): hints about their matches stop with their session.
"""

from __future__ import annotations

import asyncio
import threading
from collections import OrderedDict
from typing import Any

from asgiref.sync import async_to_sync
from channels.layers import InMemoryChannelLayer, get_channel_layer
from django.dispatch import receiver

from games.matches.events import MatchChange, match_changed
from games.matches.models import Match
from games.matches.selectors import seat_rows

from . import broadcast

LOBBY_GROUP = "lobby"
REMEMBERED = 4096  # matches whose last hint a process keeps (the oldest are forgotten first)

Signature = tuple[Any, ...]
_last: OrderedDict[str, Signature] = OrderedDict()
_lock = threading.Lock()  # receivers may run on several threads (PostgreSQL, tasks)


def user_group(user_id: int) -> str:
    """The channel group of one user's lobby sockets."""
    return f"user-{user_id}"


def signature(public: dict[str, Any]) -> Signature:
    """What the lobby shows of a match: its status, ply, seats to move and who sits where."""
    seats = tuple((p["username"], p["computer"]) for p in public["players"])
    return public["status"], public["ply"], tuple(public["to_move"]), seats


def hints(visibility: str, public: dict[str, Any], before: Signature | None) -> tuple[list[str], list[str]]:
    """(hints for ``lobby``, hints for each seated user) of a match now ``public`` that last
    looked like ``before`` (None: not seen by this process). Pure, for the tests.

    >>> p = {"status": "waiting", "ply": 0, "to_move": [], "players": [{"username": "a", "computer": None}]}
    >>> hints("open", p, None)
    (['open'], ['mine'])
    >>> hints("invite", p, None)
    ([], ['mine'])
    >>> hints("open", p, signature(p))
    ([], [])
    """
    now = signature(public)
    if now == before:
        return [], []
    status = public["status"]
    was_waiting = before[0] == Match.Status.WAITING if before else public["ply"] == 0
    lobby: list[str] = []
    if visibility == Match.Visibility.OPEN:
        if status == Match.Status.WAITING or was_waiting:
            lobby.append("open")
        if status == Match.Status.FINISHED:
            lobby.append("finished")
    mine = ["mine", "finished"] if status == Match.Status.FINISHED else ["mine"]
    return lobby, mine


@receiver(match_changed, dispatch_uid="realtime.lobby_events")
def send_hints(sender, change: MatchChange, **kwargs) -> None:
    """Tell the lobby and the seated users' lobby sockets which sections to read again."""
    if get_channel_layer() is None:
        return
    match = change.match
    public = change.public
    with _lock:
        before = _last.pop(match.pk, None)
        _last[match.pk] = signature(public)
        if len(_last) > REMEMBERED:
            _last.popitem(last=False)
    lobby, mine = hints(match.visibility, public, before)
    sends = [(LOBBY_GROUP, lobby)] if lobby else []
    if mine:
        users = {user_id for _, _, user_id, _ in seat_rows(match) if user_id is not None}
        sends += [(user_group(user_id), mine) for user_id in sorted(users)]
    send([(group, {"type": "lobby.hint", "changed": changed}) for group, changed in sends])


def send(events: list[tuple[str, dict[str, Any]]]) -> None:
    """Send ``(group, event)`` pairs in order, without blocking the calling thread when this
    process's sockets have an event loop running."""
    layer = get_channel_layer()
    if isinstance(layer, InMemoryChannelLayer):
        # One process: a group nobody joined has nobody to tell, and each send to the
        # in-memory layer walks all its channels (bench/load.py: most players have no lobby
        # or bell open, and a hint per move to each of them cost a tenth of the server).
        events = [(group, event) for group, event in events if layer.groups.get(group)]
    if layer is None or not events:
        return

    async def send_all() -> None:
        for group, event in events:
            await layer.group_send(group, event)

    # The one event loop of this process's sockets, recorded by the first socket that opened
    # (match or lobby: both call ``broadcast.serve_on``).
    loop = broadcast.serving_loop()
    if loop is not None and loop.is_running():
        asyncio.run_coroutine_threadsafe(send_all(), loop)
    else:  # no socket has opened in this process yet (a page, the admin, a shell)
        async_to_sync(send_all)()
