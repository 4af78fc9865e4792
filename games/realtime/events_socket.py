"""The event socket (``/ws/events/``): what a player, above all a bot, has to act on, without
polling. One socket per account is enough; it carries these messages (``outgoing``):

- ``{"type": "challenge", "challenge": {...}}``: someone challenged you
  (``accounts.services.challenge_create``);
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

Senders (subscribers: the services and challenges never call them): ``MatchStarted`` for
the start of a match, ``tournaments.events.RoundStarted`` for a tournament's round, and
``games.matches.challenges.events.ChallengeMade`` after a challenge is committed. A start is said once per
start; clients that reconnect get the catch-up, so they keep the ids they already handle.
"""

from __future__ import annotations

import asyncio
from typing import Any

from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncWebsocketConsumer
from django.utils.translation import gettext_lazy

from accounts.events import TokenRevoked
from accounts.models import ApiToken
from games.matches.challenges.events import ChallengeMade
from games.matches.challenges.models import Challenge
from games.matches.challenges.selectors import challenge_json, open_challenges
from games.matches.events import MatchStarted
from games.matches.models import Match, Seat
from games.matches.selectors import seat_rows
from games.tournaments.events import RoundStarted

from . import outgoing
from .lobby_events import user_group
from .outbox import send_to_groups, serve_on
from .ratelimit import ADDRESSES, USERS, socket_bucket
from .sockets import PingSocket
from .token_auth import token_group

EXPECTED = gettext_lazy('The event socket only answers {"type": "ping"}.')
CATCH_UP = 100  # at most this many challenges, and this many matches, on connect


def events_group(user_id: int) -> str:
    """The channel group of one user's event sockets."""
    return f"events-{user_id}"


# -- the events ---------------------------------------------------------------------------
def match_started(match_id: str, game: str, seat: int) -> outgoing.MatchStarted:
    """``match_started`` for the player in ``seat``."""
    return outgoing.MatchStarted(outgoing.MatchLink.of(match_id, game, seat))


def challenge_event(challenge: Challenge) -> outgoing.Challenge:
    """``challenge`` for the challenged player."""
    return outgoing.Challenge(challenge_json(challenge))


def catch_up(user) -> list[outgoing.Message]:
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
def _tell(user_id: int, message: outgoing.Message) -> tuple[str, dict[str, Any]]:
    # The frame travels encoded: once for all the user's sockets, and a channel layer
    # (Redis: msgpack) carries text, not dataclasses.
    return events_group(user_id), {"type": "events.send", "frame": outgoing.encode(message)}


def on_match_started(event: MatchStarted) -> None:
    """A match started: tell each person seated in it."""
    match = event.match
    send_to_groups(
        [_tell(uid, match_started(match.pk, match.game, seat)) for seat, _, uid, _ in seat_rows(match) if uid]
    )


def on_round_started(event: RoundStarted) -> None:
    """A tournament round began: tell each player of this match which game is theirs."""
    t, match = event.tournament, event.match
    about = outgoing.TournamentLink(t.pk, t.name, event.round, f"/t/{t.pk}/")
    send_to_groups(
        [
            _tell(user_id, outgoing.TournamentRound(about, outgoing.MatchLink.of(match.pk, match.game, seat)))
            for user_id, seat in event.seats.items()
        ]
    )


def on_challenge(event: ChallengeMade) -> None:
    """Someone was challenged: tell them."""
    challenge = event.challenge
    send_to_groups([_tell(challenge.to_user_id, challenge_event(challenge))])


def on_token_revoked(event: TokenRevoked) -> None:
    """A token was revoked: the sockets opened with it (events and matches) close."""
    token_id = event.token_id
    send_to_groups([(token_group(token_id), {"type": "user.signed_out"})])


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
        for message in await database_sync_to_async(catch_up)(user):
            await self.send_message(message)

    async def events_send(self, event: dict[str, Any]) -> None:
        """Group event ``events.send``: one event (an encoded frame) for this account."""
        if not self.closing:
            await self.send_frame(event["frame"])

    async def lobby_hint(self, event: dict[str, Any]) -> None:
        """The lobby's hints reach ``user-<id>`` too: not for this socket."""


def _still_active(token_id: int) -> bool:
    return ApiToken.objects.active().filter(pk=token_id).exists()
