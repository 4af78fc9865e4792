"""The match socket (``/ws/matches/<id>/``): thin; every change goes through the services.

A frame is decoded (``decode_json``), rate-limited, parsed into a typed message
(``messages.parse``) and handed to one service in one ``database_sync_to_async`` call. A
refusal goes back to this socket only, with a fresh state. New states arrive as the group
event ``match.state`` (sent by ``broadcast`` after each commit); each socket renders its own
viewer's view of them.
"""

from __future__ import annotations

import asyncio
from contextlib import suppress
from functools import lru_cache
from typing import Any
from urllib.parse import parse_qs

import orjson
from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncJsonWebsocketConsumer, AsyncWebsocketConsumer
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from games.autoplay.resume import resume
from games.matches import move_list, presence, services
from games.matches.errors import ServiceError
from games.matches.offers import draws as offers
from games.matches.offers import takebacks
from games.matches.selectors import for_seat, public_of, seat_in

from . import heartbeat, messages, outgoing
from .bell_socket import BellSocket
from .broadcast import group_name
from .chat_socket import ChatSocket
from .outbox import serve_on
from .ratelimit import ADDRESSES, USERS, socket_bucket
from .sockets import MAX_FRAME, ClientGone, LimitedSocket
from .token_auth import token_group


class MatchConsumer(BellSocket, ChatSocket, LimitedSocket, AsyncJsonWebsocketConsumer):
    """One client's socket on one match: players act, spectators watch."""

    public: dict[str, Any] | None = None  # the latest public match data, kept current by events
    present = False  # a presence row records this socket
    wants_moves = False  # the client asked for the move list (``?moves=1``)
    line_ply: int | None = None  # the ply of the move list the client has (None: not sent)

    async def connect(self) -> None:
        self.match_id: str = self.scope["url_route"]["kwargs"]["match_id"]
        self.user = self.scope.get("user")
        signed_in = self.user is not None and self.user.is_authenticated
        self.username: str | None = self.user.username if signed_in else None
        self.bucket = socket_bucket()
        # ``?moves=1``: this client keeps a move list (our page); ``?bell=1``: it carries the
        # page's bell (``bell_socket``). Others get no frames they did not ask for.
        query = parse_qs(self.scope.get("query_string", b"").decode("latin-1"))
        self.wants_moves = query.get("moves") == ["1"]
        wants_bell = signed_in and query.get("bell") == ["1"]
        await self.accept()  # closing before accept would refuse the handshake (HTTP 403, no code)
        if not self.hold(ADDRESSES, str((self.scope.get("client") or ["?"])[0])) or (
            signed_in and not self.hold(USERS, str(self.user.pk))
        ):
            await self.close(code=4429)  # too many sockets open
            return
        serve_on(asyncio.get_running_loop())
        # In the group before the first state is read, so that no later state is missed.
        await self.join(group_name(self.match_id))
        if (token := self.scope.get("api_token")) is not None:  # revoking the token closes it
            await self.join(token_group(token))
        public = await database_sync_to_async(presence.join)(
            match_id=self.match_id, user=self.user, channel_name=self.channel_name
        )
        if public is None:
            await self.close(code=4404)  # its disconnect leaves the group
            return
        if signed_in:  # presence.join recorded this socket
            self.present = True
            heartbeat.opened(self.channel_name)
        await self.show(public)
        await self.send_chat_history()
        if self.wants_moves:
            await self.send_move_list()
        if wants_bell:
            await self.carry_bell()
        await resume(public)  # a turn the server owed before a restart

    async def disconnect(self, code: int) -> None:
        await self.leave()
        if self.present:
            heartbeat.closed(self.channel_name)
            await database_sync_to_async(presence.leave)(
                match_id=self.match_id, channel_name=self.channel_name
            )

    # -- client -> server -------------------------------------------------------------
    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None) -> None:
        """Rate-limit and decode one frame; anything but a known message is bad_message."""
        if self.closing:  # its session has ended: the close is on its way, nothing else
            return
        if not self.within_rate():
            if not await self.flooding():
                await self.refuse("rate_limited", _("Too many messages: slow down."))
            return
        if text_data is None or len(text_data.encode()) > MAX_FRAME:
            await self.refuse("bad_message", _("Send one JSON object per text frame (at most 64 KiB)."))
            return
        try:
            message = messages.parse(await self.decode_json(text_data))
        except messages.BadMessage as exc:
            await self.refuse("bad_message", str(exc))
            return
        await self.handle(message)

    async def handle(self, message: messages.Message) -> None:
        """Answer a ping; hand anything else to its service."""
        match message:
            case messages.Ping():  # presence is kept by the heartbeat, not by pings
                await self.send_message(outgoing.Pong())
            case messages.Move(ply=ply, move=move):
                await self.call(services.move_play, ply=ply, move=move)
            case messages.Resign():
                await self.call(services.match_resign)
            case messages.Abort():
                await self.call(services.match_abort)
            case messages.ClaimVictory():
                await self.call(services.match_claim, draw=False)
            case messages.ClaimDraw():
                await self.call(services.match_claim, draw=True)
            case messages.OfferDraw():
                await self.call(offers.draw_offer)
            case messages.AcceptDraw():
                await self.call(offers.draw_answer, accept=True)
            case messages.DeclineDraw():
                await self.call(offers.draw_answer, accept=False)
            case messages.ProposeTakeback():
                await self.call(takebacks.takeback_propose)
            case messages.AcceptTakeback():
                await self.call(takebacks.takeback_answer, accept=True)
            case messages.DeclineTakeback():
                await self.call(takebacks.takeback_answer, accept=False)
            case messages.Chat() | messages.MuteChat() | messages.ReportChat():
                await self.handle_chat(message)

    async def call(self, service, **kwargs: Any) -> bool:
        """Run a service as this socket's user; a refusal goes back to this socket only.
        Returns whether it was done."""
        if not self.username:
            await self.refuse("not_a_player", _("Log in and take a seat to play; spectators only watch."))
            return False
        try:
            await database_sync_to_async(service)(match_id=self.match_id, user=self.user, **kwargs)
            return True
        except ServiceError as exc:
            # Read afresh: the state of a change that just won (the move this one raced) may
            # still be on its way to this socket through the group.
            fresh = await database_sync_to_async(public_of)(self.match_id)
            code = exc.code if exc.code in outgoing.ERROR_CODES else "bad_message"
            await self.refuse(code, exc.message, fresh)
            return False

    async def refuse(self, code: str, message: str, public: dict[str, Any] | None = None) -> None:
        """Tell this socket why, then send its state (``public``, or the latest it has)."""
        await self.send_message(outgoing.Error(code, str(message)))
        if (public or self.public) is not None:
            await self.show(public or self.public)

    # -- server -> client ---------------------------------------------------------------
    @classmethod
    async def decode_json(cls, text_data: str) -> Any:
        """orjson, which also refuses NaN, Infinity and nesting deeper than 1024."""
        try:
            return orjson.loads(text_data)
        except orjson.JSONDecodeError:
            raise messages.BadMessage(_("That frame is not JSON.")) from None

    @classmethod
    async def encode_json(cls, content: Any) -> str:
        """The one encoder of every socket (``outgoing.encode``)."""
        return outgoing.encode(content)

    async def send(
        self, text_data: str | None = None, bytes_data: bytes | None = None, close: bool = False
    ) -> None:
        """Send a frame; a client that closed meanwhile (its disconnect event not yet handled
        here) misses nothing it needs: a reconnecting page gets the current state first."""
        with suppress(ClientGone):
            await super().send(text_data=text_data, bytes_data=bytes_data, close=close)

    async def send_message(self, message: outgoing.Message) -> None:
        """Send one server-to-client message, through ``send`` above."""
        await self.send(text_data=outgoing.encode(message))

    async def show(self, public: dict[str, Any], fields: str = "") -> None:
        """Send this viewer's own view of ``public`` (a match's public data) as a state, with
        ``fields`` (the move list's change, ``outgoing.line_fields``)."""
        self.public = public
        frame = outgoing.encode(outgoing.State(for_seat(public, self.username)))
        await self.send(text_data=outgoing.with_fields(frame, fields))

    async def user_signed_out(self, event: dict[str, Any]) -> None:
        """Sent to each socket of a user who logged out or changed their password: from now
        on it acts as nobody (a frame already on its way is refused), then it closes."""
        self.user, self.username, self.closing = None, None, True
        await self.close(code=4401)

    async def match_state(self, event: dict[str, Any]) -> None:
        """Group event ``match.state``: show the new state, unless this socket already has it
        (its own arrival) or has shown a newer one (a socket's ply never goes backwards)."""
        if event.get("skip") == self.channel_name:
            return
        public = shared_view(event["public"], get_language())[0]
        if self.public is not None and public["ply"] < self.public["ply"]:
            return
        fields = self.line_fields(public["ply"], event)
        if seat_in(public, self.username) is None:  # a spectator: the frame every spectator gets
            self.public = public
            frame = spectator_frame(event["public"], bool(self.username), fields or "", get_language())
            await self.send(text_data=frame)
        else:
            await self.show(public, fields or "")
        if fields is None:  # this socket missed a change of the list: it gets it whole
            await self.send_move_list()
        await self.chat_state_seen()

    async def send_move_list(self) -> None:
        """The move list whole (``move_list``), read now."""
        found = await database_sync_to_async(move_list.whole)(self.match_id)
        if found is not None:
            self.line_ply = found["ply"]
            await self.send_message(outgoing.MoveList(found["ply"], found["moves"], found["takebacks"]))

    def line_fields(self, ply: int, event: dict[str, Any]) -> str | None:
        """What the state of ``ply`` adds for a client keeping the move list: the change it
        brought (fields made once for the group), "" for none, None when this socket missed
        a change of the list (it is then sent whole)."""
        if self.line_ply is None or ply <= self.line_ply:  # none kept, or the list has it
            return ""
        if event.get("line_from") != self.line_ply:
            return None
        self.line_ply = ply
        return event["line_fields"]


@lru_cache(maxsize=64)
def shared_view(public_text: str, language: str | None = None) -> tuple[dict[str, Any], str, str]:
    """A group event's public data, decoded, and the state frames of a spectator (a visitor's,
    a logged-in spectator's: who may write in the chat): made once for all the sockets of
    this process that receive it, not once per socket (a match with 1,000 spectators:
    ``bench/watchers.py``); once per ``language`` too, the one the frames' words are in (the
    socket's, which its handler runs in). Nobody changes any (``for_seat`` copies)."""
    public = orjson.loads(public_text)
    visitor, member = (outgoing.State(for_seat(public, None, signed_in=who)) for who in (False, True))
    return public, outgoing.encode(visitor), outgoing.encode(member)


@lru_cache(maxsize=64)
def spectator_frame(public_text: str, member: bool, fields: str, language: str | None = None) -> str:
    """The state frame of a spectator (``member``: logged in) with ``fields`` (the move list's
    change for a client keeping it), in ``language``: made once for all those sockets of
    this process."""
    return outgoing.with_fields(shared_view(public_text, language)[2 if member else 1], fields)


class UnknownPath(AsyncWebsocketConsumer):
    """A socket on a path that is no match: accepted, then closed with 4404 (not found)."""

    async def connect(self) -> None:
        await self.accept()
        await self.close(code=4404)
