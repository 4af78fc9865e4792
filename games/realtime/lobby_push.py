"""The lobby pushed as deltas: what a change shows in the lobby, sent once-encoded to the
lobby sockets that show it (``/ws/lobby/?push=lobby``, and ``?push=bell`` for the count).

Subscribers of ``StateChanged``, ``Notified`` and ``PoolsChanged``, beside ``lobby_events``
(the hints, for the sockets that still want them). Each change is read and rendered once per
audience (``lobby_rows``), encoded once, and handed to a channel group through ``outbox``;
every socket of the group forwards the text as it is (``LobbyConsumer.lobby_push``). The
groups decide who may see what:

- ``lobby-push`` (every lobby page): open seats of listed (``open``) matches and the end of
  a listed match. Its players are skipped (``skip``: their own pages list it otherwise), so a
  group event costs one frame per other socket. An invite-only or computer match is never
  sent here: only to its players.
- ``lobby-push-<id>`` (one user's lobby pages): their matches (whose turn, the end), their
  finished matches worded for them, their challenges, the people they follow, their pool
  pairing and their unread count;
- ``bell-<id>`` (one user's other pages, ``?push=bell``): their unread count only.

Rows carry words (their ``html``): each such frame goes to a group's sockets of one language
(``lobby-push.fr``, ``lobby-push-<id>.de``: ``language.spoken``), made once for each language
somebody listens in; frames of ids and counts go to the group itself.

A group nobody joined costs nothing: ``outbox.listened`` says so before anything is read
(in one process; with Redis the rows are read and sent anyway).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from django.contrib.auth import get_user_model

from accounts.models import Follow
from games.matches.challenges.events import ChallengeMade
from games.matches.challenges.selectors import challenge_json
from games.matches.events import MatchCreated, MatchEnded, MatchStarted, PlayerJoined, StateChanged
from games.matches.models import Match, PoolEntry, Seat
from games.matches.pairing import matchmaking as pairing
from games.matches.pairing.pools import PoolsChanged
from games.matches.selectors import seat_rows
from games.notifications.events import NotificationsRead, Notified
from games.notifications.services import unread_count

from . import lobby_rows, outgoing
from .language import in_each_language
from .lobby_events import SEATS_CHANGED, SHOWN, challenge_turned
from .outbox import Send, listened, send_to_groups

PUSH_GROUP = "lobby-push"


def push_group(user_id: int) -> str:
    """The channel group of one user's lobby pages (``?push=lobby``)."""
    return f"lobby-push-{user_id}"


def bell_group(user_id: int) -> str:
    """The channel group of one user's bells on other pages (``?push=bell``)."""
    return f"bell-{user_id}"


def pushed(message: outgoing.Message, skip: list[int] | tuple[int, ...] = ()) -> dict[str, Any]:
    """The group event that carries one encoded frame (``skip``: users whose sockets drop it)."""
    return {"type": "lobby.push", "text": outgoing.encode(message), "skip": list(skip)}


def push_match(event: StateChanged) -> None:
    """Push what this change of a match shows in the lobbies: its open seat, its end, and
    its row in each player's own list (and their challenges, and their followers' cards)."""
    match, happened = event.match, event.happened
    seats = {user_id: seat for seat, _, user_id, _ in seat_rows(match) if user_id is not None}
    sends = _open_seat(match, happened, seats)
    sends += _mine(match, happened, seats)
    sends += _finished(match, happened, seats)
    sends += _challenges(match, happened)
    if any(isinstance(e, (MatchStarted, MatchEnded)) for e in happened):
        # a private match changes nothing its players' followers see: not even a frame then,
        # whose timing would say that one started or ended
        if match.visibility != Match.Visibility.INVITE:
            sends += _followers(seats)
        sends += _pool_place(match, happened, seats)
    send_to_groups(sends)


def _open_seat(match: Match, happened: tuple, seats: dict[int, int]) -> list[Send]:
    """A listed match's free seats changed: its row to every lobby (its players skipped),
    or, once it no longer waits, its removal."""
    ended_waiting = any(isinstance(e, MatchEnded) and e.was_waiting for e in happened)
    if match.visibility != Match.Visibility.OPEN or not (
        ended_waiting or any(isinstance(e, SEATS_CHANGED) for e in happened)
    ):
        return []
    if match.status != Match.Status.WAITING:
        if any(isinstance(e, MatchCreated) for e in happened):
            return []  # started at once (a quick pairing): never listed, nothing to remove
        return [(PUSH_GROUP, pushed(outgoing.OpenSeatClosed(match.pk)))]
    sends: list[Send] = []
    if listened(PUSH_GROUP):
        listed = lobby_rows.matches().get(pk=match.pk)
        sends += _worded(PUSH_GROUP, outgoing.OpenSeat, lobby_rows.open_row, listed, skip=seats)
    # who just took a seat (still waiting for more players) no longer sees it as open
    joined = [e.user_id for e in happened if isinstance(e, PlayerJoined)]
    return sends + [(push_group(u), pushed(outgoing.OpenSeatClosed(match.pk))) for u in joined]


def _mine(match: Match, happened: tuple, seats: dict[int, int]) -> list[Send]:
    """Each player's row of the match in their list (whose turn), or its removal at the end."""
    if not any(isinstance(e, SHOWN) for e in happened):
        return []
    listening = {u: seat for u, seat in seats.items() if listened(push_group(u))}
    if not listening:  # a move whose players have no lobby page open reads nothing more
        return []
    if match.status in (Match.Status.WAITING, Match.Status.ACTIVE):
        rows = lobby_rows.my_rows_of(match.pk)
        if rows is None:
            return []
        sends: list[Send] = []
        for user, seat in listening.items():
            sends += _worded(push_group(user), outgoing.MyMatch, rows, seat)
        return sends
    return [(push_group(u), pushed(outgoing.MyMatchOver(match.pk))) for u in listening]


def _finished(match: Match, happened: tuple, seats: dict[int, int]) -> list[Send]:
    """A match finished: to every lobby if it is listed (worded for anyone), and to each
    player worded for them ("You won"), private or not."""
    if match.status != Match.Status.FINISHED or not any(isinstance(e, MatchEnded) for e in happened):
        return []
    public = match.visibility == Match.Visibility.OPEN and listened(PUSH_GROUP)
    players = [u for u in seats if listened(push_group(u))]
    if not public and not players:
        return []
    done = lobby_rows.matches().get(pk=match.pk)
    sends: list[Send] = []
    finished = lobby_rows.finished_row
    if public:
        sends += _worded(PUSH_GROUP, outgoing.FinishedMatch, finished, done, skip=seats)
    for user in get_user_model().objects.filter(pk__in=players):
        sends += _worded(push_group(user.pk), outgoing.FinishedMatch, finished, done, user)
    return sends


def _challenges(match: Match, happened: tuple) -> list[Send]:
    """A challenge made, taken or ended while waiting: the challenged player's whole list."""
    if not challenge_turned(happened):
        return []
    reserved = Seat.objects.filter(match=match, reserved_for__isnull=False)
    kept = reserved.values_list("reserved_for_id", flat=True)
    sends: list[Send] = []
    for user_id in kept:
        sends += _worded(push_group(user_id), outgoing.Challenges, lobby_rows.challenge_rows, user_id)
    return sends


def _followers(seats: dict[int, int]) -> list[Send]:
    """Someone started or ended a match: the cards of the people following them."""
    follower_ids = Follow.objects.filter(followed_id__in=list(seats)).values_list("follower_id", flat=True)
    listening = [u for u in set(follower_ids) if listened(push_group(u))]
    sends: list[Send] = []
    for user in get_user_model().objects.filter(pk__in=listening):
        sends += _worded(push_group(user.pk), outgoing.Following, lobby_rows.person_rows, user)
    return sends


def _pool_place(match: Match, happened: tuple, seats: dict[int, int]) -> list[Send]:
    """A quick pairing's match started: its players' pages (waiting in the pool) open it."""
    started = any(isinstance(e, MatchStarted) for e in happened)
    if not started or not PoolEntry.objects.filter(match=match).exists():
        return []
    place = pushed(outgoing.PoolPlace({"waiting": None, "match": match.pk}))
    return [(push_group(u), place) for u in seats]


def _worded(group: str, kind: type, rows: Callable, *args: Any, skip: Iterable[int] = ()) -> list[Send]:
    """A frame ``kind`` of ``rows(*args)`` (rendered rows) to the sockets of ``group``: made
    once in each language they speak, dropped by the sockets of the users in ``skip``."""
    return in_each_language(group, lambda: pushed(kind(rows(*args)), skip=sorted(skip)))


def push_unread(event: Notified | NotificationsRead) -> None:
    """New notifications, or some read: each user's lobby pages and bells get their count."""
    sends: list[Send] = []
    for user_id in event.user_ids if isinstance(event, Notified) else [event.user_id]:
        groups = [g for g in (push_group(user_id), bell_group(user_id)) if listened(g)]
        if groups:
            frame = pushed(outgoing.Unread(unread_count(user=user_id)))
            sends += [(group, frame) for group in groups]
    send_to_groups(sends)


def push_challenge(event: ChallengeMade) -> None:
    """Someone was challenged: their bells on other pages get it, to show it at once (the
    lobby's own list gets it through ``push_match``)."""
    challenge = event.challenge
    group = bell_group(challenge.to_user_id)
    if listened(group):  # its game's name in each language the bells speak
        send_to_groups(in_each_language(group, lambda: pushed(outgoing.Challenge(challenge_json(challenge)))))


def push_pools(event: PoolsChanged) -> None:
    """Players entered, left or were paired: these pools' counts, to every lobby page."""
    if not listened(PUSH_GROUP):
        return
    counts = [{"key": key, **n} for key, n in pairing.pool_counts(sorted(set(event.pools))).items()]
    send_to_groups([(PUSH_GROUP, pushed(outgoing.PoolCounts(counts)))])
