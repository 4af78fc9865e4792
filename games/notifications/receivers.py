"""Notifications from match changes: a subscriber of ``match_changed`` (like ``broadcast``).

From one change of a match (``change.public``: status, players, ply, to move, rematch) and
what this process last saw of it, it finds the events worth telling a player:

- ``joined``: someone took a seat in a match you created (not a rematch: both are seated);
- ``turn``: your turn in a correspondence match (time control ``{"days": n}``), unless you
  are on the match's page right now (you see it there);
- ``rematch``: the other player started a rematch (it links to the new match);
- ``ended``: a match of yours finished ("Reversi vs bob: You won") or was aborted.

(``low_time`` comes from a timer: ``low_time.warn_low_time``; ``invited`` from a challenge,
the one invitation addressed to a known user: ``accounts.challenges.challenged``; an invite
link is sent by hand.) Each event is keyed by what
identifies it in the match (the joiner, the ply, the rematch's id), and the row is unique on
that key: announcing one change twice, in one process or in several, writes one row. Each
process remembers the last look of a match it saw and stays quiet while it is unchanged (a
socket coming or going); a process that never saw the match takes a change as an event only
if the match changed in the last minute, so an old match read after a restart tells nothing.

A new notification sends the hint ``notifications`` to its user's lobby sockets (the bell
reads its count again) and, for a turn, queues its e-mail (``tasks``).
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from dataclasses import dataclass
from datetime import timedelta
from typing import Any

from django.dispatch import receiver
from django.utils import timezone

from accounts.signals import challenged
from games.matches.events import MatchChange, match_changed
from games.matches.models import Match
from games.matches.selectors import seat_rows
from games.realtime import lobby_events

from . import services, tasks, words
from .models import Notification

Kind = Notification.Kind
OVER = (Match.Status.FINISHED, Match.Status.ABORTED)
RECENT = timedelta(seconds=60)  # a change this new may be the event, for a process new to it
REMEMBERED = 4096

Signature = tuple[Any, ...]
_last: OrderedDict[str, Signature] = OrderedDict()
_lock = threading.Lock()


@dataclass(frozen=True)
class Notice:
    """A notification to create (``services.notify``)."""

    user_id: int
    kind: str
    key: str
    text: str
    url: str


def signature(public: dict[str, Any]) -> Signature:
    """What the events are read from: status, ply, seats to move, who sits where, rematch."""
    seated = tuple(p["username"] for p in public["players"])
    return public["status"], public["ply"], tuple(public["to_move"]), seated, public["rematch_url"]


@receiver(match_changed, dispatch_uid="notifications.receivers")
def on_match_changed(sender, change: MatchChange, **kwargs) -> None:
    """Create the notifications this change means (each once), hint and queue e-mail."""
    match, public = change.match, change.public
    now = signature(public)
    with _lock:
        before = _last.pop(match.pk, None)
        _last[match.pk] = now
        if len(_last) > REMEMBERED:
            _last.popitem(last=False)
    if before == now:
        return
    deliver(match, notices(match, public, before))


@receiver(challenged, dispatch_uid="notifications.challenged")
def on_challenged(sender, challenge, **kwargs) -> None:
    """You were challenged (invited by name): answer it on your profile."""
    match = challenge.match
    text = f"{challenge.from_user.username} challenged you to {match.rules.name}"
    url = f"/u/{challenge.to_user.username}/#challenges"
    deliver(match, [Notice(challenge.to_user_id, Notification.Kind.INVITED, "", text, url)])


def deliver(match: Match, found: list[Notice]) -> list[Notification]:
    """Create each notice that is new; hint its user; queue the e-mail of those that may go
    by e-mail (in a correspondence match: a realtime one is over before mail is read).
    Returns the notifications created."""
    created = [n for notice in found if (n := services.notify(match=match, **vars(notice))) is not None]
    if created:
        users = sorted({n.user_id for n in created})
        hint = {"type": "lobby.hint", "changed": ["notifications"]}
        lobby_events.send([(lobby_events.user_group(user_id), hint) for user_id in users])
        if "days" in (match.time_control or {}):  # by e-mail: correspondence only
            for notification in created:
                if notification.kind in services.EMAIL_KINDS:
                    tasks.email_later(notification)
    return created


def notices(match: Match, public: dict[str, Any], before: Signature | None) -> list[Notice]:
    """The events of this change of ``match`` (``before``: what this process last saw of
    it, None if nothing)."""
    same_players = before is not None and before[0] == public["status"] == Match.Status.ACTIVE
    same_players = same_players and before[3] == signature(public)[3]
    if same_players and "days" not in (match.time_control or {}):
        return []  # a move of a live match: nothing to tell (the common case, no query)
    fresh = before is not None or timezone.now() - match.updated_at <= RECENT
    seats = seat_rows(match)
    humans = {uid: name for _, _, uid, name in seats if uid is not None}
    out: list[Notice] = []
    if fresh:
        out += _joined(match, public, before, seats, humans)
        out += _turn(match, public, before, seats, humans)
    out += _ended(match, public, before, seats, humans)
    out += _rematch(match, public, before, seats, humans)
    return out


def _joined(match, public, before, seats, humans) -> list[Notice]:
    creator = match.created_by_id
    if match.rematch_of_id is not None or creator not in humans:
        return []
    if public["status"] not in (Match.Status.WAITING, Match.Status.ACTIVE):
        return []
    if before is None and public["ply"] != 0:
        return []
    was_seated = set(before[3]) if before is not None else set()
    name = words.title(match.game, [], creator)
    return [
        Notice(creator, Kind.JOINED, str(uid), f"{username} joined your {name} match", public["url"])
        for uid, username in humans.items()
        if uid != creator and username not in was_seated
    ]


def _turn(match, public, before, seats, humans) -> list[Notice]:
    control = match.time_control
    if public["status"] != Match.Status.ACTIVE or not control or "days" not in control:
        return []
    ply = public["ply"]
    if before is not None and before[1] == ply and before[0] == public["status"]:
        return []  # no move since (a socket came or went)
    out = []
    for player in public["players"]:
        uid = next((u for u, name in humans.items() if name == player["username"]), None)
        if uid is None or player["seat"] not in public["to_move"] or player["connected"]:
            continue
        if ply == 0 and (uid != match.created_by_id) == (match.rematch_of_id is None):
            continue  # the match just started: not for the one who started it (join, rematch)
        text = f"Your turn in {words.title(match.game, seats, uid)}"
        out.append(Notice(uid, Kind.TURN, str(ply), text, public["url"]))
    return out


def _ended(match, public, before, seats, humans) -> list[Notice]:
    if public["status"] not in OVER:
        return []
    if before is not None and before[0] in OVER:
        return []
    if before is None and (match.finished_at is None or timezone.now() - match.finished_at > RECENT):
        return []
    if public["status"] == Match.Status.ABORTED and len(humans) < 2:
        return []  # a match you aborted alone: nothing to tell
    full = Match.objects.prefetch_related("seats__user").get(pk=match.pk)
    return [
        Notice(seat.user_id, Kind.ENDED, "end", words.ended(full, seat.user, seats), public["url"])
        for seat in full.seats.all()
        if seat.user_id is not None
    ]


def _rematch(match, public, before, seats, humans) -> list[Notice]:
    url = public["rematch_url"]
    if public["status"] not in OVER or not url or (before is not None and before[4] == url):
        return []
    new_id = url.strip("/").rsplit("/", 1)[-1]
    new = Match.objects.filter(pk=new_id).values("created_by_id", "created_at").first()
    if new is None or (before is None and timezone.now() - new["created_at"] > RECENT):
        return []
    by = new["created_by_id"]
    return [
        Notice(
            uid,
            Kind.REMATCH,
            new_id,
            f"{humans.get(by, 'Your opponent')} started a rematch of {words.title(match.game, [], uid)}",
            url,
        )
        for uid in humans
        if uid != by
    ]
