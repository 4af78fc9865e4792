"""The event socket (``/ws/events/``): what a player, above all a bot, has to act on, without
polling. One socket per account is enough; it carries:

- ``{"type": "challenge", "challenge": {...}}``: someone challenged you (``accounts.challenges``);
- ``{"type": "match_started", "match": {"id", "game", "url", "ws_url", "you"}}``: a match you
  sit in has started (a challenge accepted, an invite or open seat joined, a rematch, a
  match against the computer): open its ``ws_url`` and play;
- ``{"type": "tournament_round", "tournament": {"id", "name", "round", "url"}, "match": {...}}``:
  a round of a tournament you play in began, and this is your game (its ``match_started``
  comes too).

On connect it first sends the catch-up: every open challenge to you and every active match
you sit in (a restarted bot picks up where it was). Logged-out sockets are closed (4401).
A socket opened with an API token closes (4401) when that token is revoked; one opened with
the session closes on logout or a password change, as the lobby's does.

Senders (subscribers, like ``lobby_events``; the services and challenges never call them):
``match_changed`` for the start of a match (each process remembers the status it last saw
of a match, so a move or a player's socket coming and going says nothing), and
``accounts.challenges.challenged`` after a challenge is committed, and
``games.tournaments.services.round_started`` after a round is paired. A process that never saw
a match before takes an active one with no move yet as just started: an event may come
twice, so clients keep the ids they already handle.
"""

from __future__ import annotations

import asyncio
import threading
from collections import OrderedDict
from typing import Any

from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncWebsocketConsumer
from django.dispatch import receiver

from accounts.models import ApiToken, Challenge
from accounts.selectors import challenge_json, open_challenges
from accounts.signals import challenged
from accounts.tokens import token_revoked
from games.matches.events import MatchChange, match_changed
from games.matches.models import Match, Move, Seat
from games.matches.selectors import seat_rows
from games.tournaments.services import round_started

from .broadcast import serve_on
from .lobby_events import send, user_group
from .ratelimit import ADDRESSES, USERS, socket_bucket
from .sockets import PingSocket
from .token_auth import token_group

EXPECTED = 'The event socket only answers {"type": "ping"}.'
CATCH_UP = 100  # at most this many challenges, and this many matches, on connect
REMEMBERED = 4096


def events_group(user_id: int) -> str:
    """The channel group of one user's event sockets."""
    return f"events-{user_id}"


# -- the events ---------------------------------------------------------------------------
def match_started(match_id: str, game: str, seat: int) -> dict[str, Any]:
    return {
        "type": "match_started",
        "match": {
            "id": match_id,
            "game": game,
            "url": f"/m/{match_id}/",
            "ws_url": f"/ws/matches/{match_id}/",
            "you": seat,
        },
    }


def challenge_event(challenge: Challenge) -> dict[str, Any]:
    return {"type": "challenge", "challenge": challenge_json(challenge)}


def catch_up(user) -> list[dict[str, Any]]:
    """The events a socket opening now has missed: open challenges to ``user``, then the
    active matches they sit in (oldest first)."""
    challenges = [challenge_event(c) for c in open_challenges(to_user=user)[:CATCH_UP]]
    seats = (
        Seat.objects.filter(user=user, match__status=Match.Status.ACTIVE)
        .order_by("match__created_at")
        .values_list("match_id", "match__game", "seat")[:CATCH_UP]
    )
    return challenges + [match_started(*row) for row in seats]


# -- senders ------------------------------------------------------------------------------
_last: OrderedDict[str, str] = OrderedDict()  # match id -> the status this process last saw
_lock = threading.Lock()


def just_started(match: Match) -> bool:
    """Did this change start ``match``? (Its status was not active the last time this
    process saw it; never seen: active with no move played yet.)"""
    with _lock:
        before = _last.pop(match.pk, None)
        _last[match.pk] = match.status
        if len(_last) > REMEMBERED:
            _last.popitem(last=False)
    if match.status != Match.Status.ACTIVE or before == Match.Status.ACTIVE:
        return False
    return before is not None or not Move.objects.filter(match=match, forced=False).exists()


@receiver(match_changed, dispatch_uid="realtime.events_socket")
def on_match_changed(sender, change: MatchChange, **kwargs) -> None:
    """A match started: tell each person seated in it."""
    match = change.match
    if not just_started(match):
        return
    send(
        [
            (
                events_group(user_id),
                {"type": "events.send", "event": match_started(match.pk, match.game, seat)},
            )
            for seat, _, user_id, _ in seat_rows(match)
            if user_id is not None
        ]
    )


@receiver(round_started, dispatch_uid="realtime.events_socket.tournament_round")
def on_round_started(sender, tournament, round: int, match: Match, seats: dict[int, int], **kwargs) -> None:
    """A tournament round began: tell each player of this match which game is theirs."""
    about = {"id": tournament.pk, "name": tournament.name, "round": round, "url": f"/t/{tournament.pk}/"}
    send(
        [
            (
                events_group(user_id),
                {
                    "type": "events.send",
                    "event": {
                        "type": "tournament_round",
                        "tournament": about,
                        "match": match_started(match.pk, match.game, seat)["match"],
                    },
                },
            )
            for user_id, seat in seats.items()
        ]
    )


@receiver(challenged, dispatch_uid="realtime.events_socket.challenge")
def on_challenge(sender, challenge: Challenge, **kwargs) -> None:
    """Someone was challenged: tell them."""
    event = challenge_event(challenge)
    send([(events_group(challenge.to_user_id), {"type": "events.send", "event": event})])


@receiver(token_revoked, dispatch_uid="realtime.events_socket.revoked")
def on_token_revoked(sender, token_id: int, **kwargs) -> None:
    """A token was revoked: the sockets opened with it (events and matches) close."""
    send([(token_group(token_id), {"type": "user.signed_out"})])


# -- the socket ---------------------------------------------------------------------------
class EventsConsumer(PingSocket, AsyncWebsocketConsumer):
    """One account's event socket: group events ``events.send`` become its frames."""

    EXPECTED = EXPECTED

    async def connect(self) -> None:
        """Logged in (session or token) and within the socket limits: join the account's
        group, then send the catch-up."""
        user = self.scope.get("user")
        self.bucket = socket_bucket()
        await self.accept()  # closing before accept would refuse the handshake (HTTP 403, no code)
        if user is None or not user.is_authenticated:
            await self.close(code=4401)
            return
        if not (
            self.hold(ADDRESSES, str((self.scope.get("client") or ["?"])[0]))
            and self.hold(USERS, str(user.pk))
        ):
            await self.close(code=4429)  # too many sockets open
            return
        serve_on(asyncio.get_running_loop())
        token = self.scope.get("api_token")
        # A token's socket ends with the token; a session's with the session (``user-<id>``
        # hears logouts and password changes; its lobby hints are ignored here).
        # In the groups before the catch-up is read: nothing is missed.
        await self.join(events_group(user.pk), token_group(token) if token else user_group(user.pk))
        if token and not await database_sync_to_async(_still_active)(token):
            await self.user_signed_out({})  # revoked while this socket was opening
            return
        for event in await database_sync_to_async(catch_up)(user):
            await self.send_json(event)

    async def events_send(self, event: dict[str, Any]) -> None:
        """Group event ``events.send``: one event for this account."""
        if not self.closing:
            await self.send_json(event["event"])

    async def lobby_hint(self, event: dict[str, Any]) -> None:
        """The lobby's hints reach ``user-<id>`` too: not for this socket."""


def _still_active(token_id: int) -> bool:
    return ApiToken.objects.active().filter(pk=token_id).exists()
