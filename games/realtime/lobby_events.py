"""Hints for the lobby sockets that ask for them (``/ws/lobby/`` without ``push``: bots and
older clients; our pages get rows pushed instead, ``lobby_push``): which parts of the lobby
page a change of a match touched. A hint names sections, never a match: the client reads the
page again over HTTP, where the lobby view decides what each viewer may see (invite-only
matches stay private).

A subscriber of ``StateChanged`` (the facts of the commit say what happened) and of
``Notified``; sent through ``outbox``, without waiting for the sockets' loop.

- group ``lobby`` (every lobby socket): ``open`` when a listed match's free seats change
  (created, joined, ended while waiting), ``finished`` when one ends;
- group ``user-<id>`` (that user's lobby sockets): ``mine`` for every change of a match they
  sit in that their list shows (created, joined, started, a move, the end; ``finished`` too
  then), ``challenges`` for a match with a seat kept for them (a challenge) when it is made,
  taken or ended while waiting (declined, withdrawn), and ``notifications`` when they have a
  new notification (the bell);
- group ``lobby``: ``pools`` when the quick-pairing pools' counts change (``PoolsChanged``);
  the paired players hear ``mine`` as their new match starts.

A player's socket coming or going changes nothing the lobby shows: no hint.

Logging out or changing one's password closes the user's lobby sockets (4401) with their
match sockets (``sessions.close_sockets_of``): hints about their matches stop with their session.
"""

from __future__ import annotations

from games.matches.events import (
    Event,
    MatchCreated,
    MatchEnded,
    MatchStarted,
    MoveMade,
    MovesTakenBack,
    PlayerJoined,
    StateChanged,
)
from games.matches.models import Match, Seat
from games.matches.pairing.pools import PoolsChanged
from games.matches.selectors import seat_rows
from games.notifications.events import Notified

from .outbox import send_to_groups

LOBBY_GROUP = "lobby"
SEATS_CHANGED = (MatchCreated, PlayerJoined)  # a listed match's free seats
# in "your matches" (whose turn it is: a takeback changes it too)
SHOWN = (MatchCreated, PlayerJoined, MatchStarted, MoveMade, MovesTakenBack, MatchEnded)


def user_group(user_id: int) -> str:
    """The channel group of one user's lobby sockets."""
    return f"user-{user_id}"


def hints(visibility: str, happened: tuple[Event, ...]) -> tuple[list[str], list[str]]:
    """(hints for ``lobby``, hints for each seated user) of a match of this ``visibility``
    after the facts ``happened``. Pure, for the tests.

    >>> m = Match(visibility="open")
    >>> hints("open", (MatchCreated(match=m, by=1),))
    (['open'], ['mine'])
    >>> hints("invite", (MatchCreated(match=m, by=1),))
    ([], ['mine'])
    >>> hints("open", ())
    ([], [])
    """
    lobby: list[str] = []
    ended = [e for e in happened if isinstance(e, MatchEnded)]
    finished = any(e.match.status == Match.Status.FINISHED for e in ended)  # not aborted
    if visibility == Match.Visibility.OPEN:
        if any(isinstance(e, SEATS_CHANGED) for e in happened) or any(e.was_waiting for e in ended):
            lobby.append("open")
        if finished:
            lobby.append("finished")
    if not any(isinstance(e, SHOWN) for e in happened):
        return lobby, []
    return lobby, ["mine", "finished"] if finished else ["mine"]


def challenge_turned(happened: tuple[Event, ...]) -> bool:
    """Did these facts make, take or end (while waiting) a match: one a challenge may be for?"""
    return any(
        isinstance(e, (MatchCreated, MatchStarted)) or (isinstance(e, MatchEnded) and e.was_waiting)
        for e in happened
    )


def send_hints(event: StateChanged) -> None:
    """Tell the lobby and the seated users' lobby sockets which sections to read again, and
    the users a seat is kept for (challenged) that their challenges changed."""
    lobby, mine = hints(event.match.visibility, event.happened)
    sends = [(LOBBY_GROUP, lobby)] if lobby else []
    per_user: dict[int, list[str]] = {}
    if mine:
        for _, _, user_id, _ in seat_rows(event.match):
            if user_id is not None:
                per_user[user_id] = list(mine)
    if challenge_turned(event.happened):
        kept = Seat.objects.filter(match=event.match, reserved_for__isnull=False)
        for user_id in kept.values_list("reserved_for_id", flat=True):
            per_user.setdefault(user_id, []).append("challenges")
    sends += [(user_group(user_id), per_user[user_id]) for user_id in sorted(per_user)]
    send_to_groups([(group, {"type": "lobby.hint", "changed": changed}) for group, changed in sends])


def bell_rings(event: Notified) -> None:
    """New notifications: their users' bells read their count again."""
    hint = {"type": "lobby.hint", "changed": ["notifications"]}
    send_to_groups([(user_group(user_id), hint) for user_id in event.user_ids])


def pools_changed(event: PoolsChanged) -> None:
    """Players entered, left or were paired: every lobby reads the pools' counts again."""
    send_to_groups([(LOBBY_GROUP, {"type": "lobby.hint", "changed": ["pools"]})])
