"""Shared helpers of the in-process platform tests: users, started matches, what is stored,
a recorder of ``StateChanged`` (one per committed change) and match sockets driven
through Channels' communicator.

Nothing of the platform is replaced: the services, selectors, consumer, routing, broadcast
and the in-memory channel layer (the settings default) all run for real.
"""

from __future__ import annotations

import asyncio
import json
from dataclasses import dataclass, field
from typing import Any

import orjson
import pytest
from channels.db import database_sync_to_async
from channels.layers import get_channel_layer
from channels.routing import URLRouter
from channels.testing import WebsocketCommunicator
from django.contrib.auth import get_user_model
from django.db.models import F

from games.matches import events, services
from games.matches.events import StateChanged
from games.matches.models import Match, Move, Seat
from games.matches.selectors import public_of
from games.realtime.lobby_events import LOBBY_GROUP
from games.realtime.outbox import send_to_channels, send_to_groups
from games.realtime.routing import websocket_urlpatterns

TIMEOUT = 3


_markers = iter(range(1_000_000))


def send_marker(group: str) -> str:
    """Send a marker frame to a lobby socket group through the services' own outbox and return
    it. Frames reach a socket in the order sent, so a test that reads up to the marker has read
    everything sent before it: absence is checked by an event, not by waiting. The hint group
    (``/ws/lobby/``) gets it as a hint, the pushed groups as a frame of its own."""
    marker = new_marker()
    if group == LOBBY_GROUP:
        event = {"type": "lobby.hint", "changed": [marker]}
    else:
        event = {"type": "lobby.push", "text": json.dumps({"type": "marker", "id": marker}), "skip": []}
    send_to_groups([(group, event)])
    return marker


def _group_members() -> set[str]:
    return {channel for members in get_channel_layer().groups.values() for channel in members}


async def connect_socket(ws: WebsocketCommunicator) -> str | None:
    """Connect ``ws`` and return its consumer's channel name: the one that joined a group of
    the in-memory layer while it connected (None: it joined none, e.g. closed at once).
    A marker sent there (``send_to_channels``) comes after everything sent to it before."""
    before = _group_members()
    connected, _ = await ws.connect(TIMEOUT)
    assert connected
    joined = _group_members() - before
    assert len(joined) <= 1, joined
    return next(iter(joined), None)


def new_marker() -> str:
    return f"marker-{next(_markers)}"


def marker_of(frame: dict) -> str | None:
    """The marker a frame is (``send_marker``'s), else None."""
    if frame.get("type") == "marker":
        return frame["id"]
    changed = frame.get("changed") if frame.get("type") == "lobby" else None
    return changed[0] if changed and str(changed[0]).startswith("marker-") else None


@pytest.fixture(autouse=True)
def _fast_passwords(settings):
    """Users are made without a password; the hasher that remains is a fast one."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


# -- database helpers (sync: call them through ``db`` from async tests) -------------------
def make_user(name: str, **extra: Any):
    return get_user_model().objects.create_user(name, **extra)


def start_match(game: str = "reversi", options: dict | None = None, names=("ann", "ben")):
    """A match of ``game`` created by the first user (seat 0) and joined by the second (seat 1):
    returns (match as stored, first user, second user)."""
    first, second = (make_user(n) for n in names)
    match = services.match_create(user=first, game=game, options=options, opponent="invite", side=0)
    services.match_join(match_id=match.pk, user=second)
    return Match.objects.get(pk=match.pk), first, second


def stored(match_id: str) -> dict[str, Any]:
    """Everything stored about a match (and how many matches exist): equal before and after
    a refusal."""
    row = Match.objects.filter(pk=match_id).values(
        "ply", "state", "status", "result", "finished_at", "updated_at", "rematch_of"
    )
    return {
        "match": row.first(),
        "seats": list(Seat.objects.filter(match_id=match_id).values_list("seat", "user_id", "level")),
        "moves": list(Move.objects.filter(match_id=match_id).values_list("ply", "seat", "move", "forced")),
        "matches": Match.objects.count(),
    }


def presence_rewritten(match_id: str) -> None:
    """A test changed presence rows by hand (as time passing would): what the cache holds
    of the match's presence is out of date, as after ``presence.join`` or ``leave``."""
    Match.objects.filter(pk=match_id).update(presence_version=F("presence_version") + 1)


def fresh(match: Match) -> Match:
    return Match.objects.get(pk=match.pk)


db = database_sync_to_async  # ``await db(fn)(...)`` runs ORM code from an async test


# -- "match changed" recorder -------------------------------------------------------------
class Changes:
    """Every ``StateChanged`` delivered since the fixture started (or the last ``clear``)."""

    def __init__(self) -> None:
        self.seen: list[StateChanged] = []

    def __call__(self, change: StateChanged) -> None:
        self.seen.append(change)

    @property
    def kinds(self) -> list[list[str]]:
        """The facts of each change, by name (``[["MoveMade", "MatchEnded"], ...]``)."""
        return [[type(e).__name__ for e in c.happened] for c in self.seen]

    @property
    def ids(self) -> list[str]:
        return [c.match.pk for c in self.seen]

    def clear(self) -> None:
        self.seen.clear()


@pytest.fixture
def changes():
    recorder = Changes()
    events.subscribe(StateChanged, recorder)
    yield recorder
    events.unsubscribe(recorder)


# -- sockets ------------------------------------------------------------------------------
@dataclass(eq=False)  # compared and hashed by identity
class Client:
    """One match socket: every frame it received (raw text and decoded), its latest state."""

    ws: WebsocketCommunicator
    match_id: str
    channel: str  # its consumer's channel name (where ``until_marker`` sends)
    frames: list[str] = field(default_factory=list)
    state: dict | None = None

    async def recv(self, timeout: float = TIMEOUT) -> dict:
        text = await self.ws.receive_from(timeout)
        assert isinstance(text, str), text
        return self.keep(text)

    def keep(self, text: str) -> dict:
        """Record a frame read (and the state it brings); returns it decoded."""
        self.frames.append(text)
        message = json.loads(text)
        if message["type"] == "state":
            self.state = message["match"]
        return message

    async def recv_state(self, timeout: float = TIMEOUT) -> dict:
        message = await self.recv(timeout)
        assert message["type"] == "state", message
        return message["match"]

    async def wait_state(self, predicate, timeout: float = TIMEOUT) -> dict:
        """Read states until one satisfies ``predicate`` (other frames are errors here)."""
        loop = asyncio.get_running_loop()
        end = loop.time() + timeout
        while True:
            state = await self.recv_state(max(0.01, end - loop.time()))
            if predicate(state):
                return state

    async def until_marker(self) -> list[dict]:
        """Every frame sent to this socket so far, read (as ``recv`` reads them) up to a marker
        sent now to its own channel: the match's state as stored, with a ``marker`` field, which
        the consumer sends on as any state. A channel's messages reach its consumer in order,
        so the marker comes after everything sent before it; the marker itself is not kept."""
        marker = new_marker()
        public = await db(public_of)(self.match_id)
        event = {"type": "match.state", "public": orjson.dumps({**public, "marker": marker}).decode()}
        send_to_channels([(self.channel, event)])
        seen = []
        while True:
            text = await self.ws.receive_from(TIMEOUT)
            message = json.loads(text)
            if message["type"] == "state" and message["match"].get("marker") == marker:
                return seen
            seen.append(self.keep(text))

    async def quiet(self) -> None:
        """Assert that nothing more has come (read up to a marker: an event, not a wait)."""
        assert await self.until_marker() == []

    async def send(self, message: Any) -> None:
        if isinstance(message, bytes):
            await self.ws.send_to(bytes_data=message)
        else:
            await self.ws.send_to(text_data=message if isinstance(message, str) else json.dumps(message))

    async def move(self, move: dict, ply: int | None = None) -> None:
        await self.send({"type": "move", "ply": self.state["ply"] if ply is None else ply, "move": move})

    async def refused(self, message: Any, code: str) -> dict:
        """Send ``message``: it gets the error ``code`` and then a fresh state; returns it."""
        await self.send(message)
        error = await self.recv()
        assert error["type"] == "error" and error["code"] == code, (error, code)
        assert isinstance(error["message"], str) and error["message"]
        return await self.recv_state()

    async def ping(self) -> None:
        """The socket is open and answers."""
        await self.send({"type": "ping"})
        assert await self.recv() == {"type": "pong"}


def communicator(match_id: str, user, query: str = "") -> WebsocketCommunicator:
    path = f"/ws/matches/{match_id}/" + (f"?{query}" if query else "")
    ws = WebsocketCommunicator(URLRouter(websocket_urlpatterns), path)
    ws.scope["user"] = user
    return ws


class Sockets:
    """Opens match sockets and closes every one of them at the end of the test."""

    def __init__(self) -> None:
        self.open: list[Client] = []

    async def connect(self, match_id: str, user, query: str = "") -> Client:
        """A connected socket that has read its first state (``query``: the URL's, e.g.
        ``moves=1`` as the match page opens it)."""
        ws = communicator(match_id, user, query)
        channel = await connect_socket(ws)
        assert channel is not None  # the consumer joined its match's group
        client = Client(ws, match_id, channel)
        self.open.append(client)
        await client.recv_state()
        return client

    async def close(self, client: Client) -> None:
        self.open.remove(client)
        await client.ws.disconnect()

    async def close_all(self) -> None:
        for client in list(self.open):
            await self.close(client)


@pytest.fixture
async def sockets(transactional_db):
    opened = Sockets()
    yield opened
    await opened.close_all()


@dataclass
class Table:
    """A started two-player match with both players' sockets connected and settled."""

    match: Match
    ann: Any  # seat 0
    ben: Any  # seat 1
    sa: Client
    sb: Client

    @property
    def id(self) -> str:
        return self.match.pk

    def socket(self, seat: int) -> Client:
        return self.sa if seat == 0 else self.sb


async def seat_table(sockets: Sockets, game: str = "reversi", options: dict | None = None) -> Table:
    match, ann, ben = await db(start_match)(game, options)
    sa = await sockets.connect(match.pk, ann)
    sb = await sockets.connect(match.pk, ben)
    await sa.wait_state(lambda m: all(p["connected"] for p in m["players"]))
    await sa.quiet()
    await sb.quiet()
    return Table(match, ann, ben, sa, sb)


@pytest.fixture
async def table(sockets) -> Table:
    """Reversi 6x6, Ann (seat 0, X, to move) and Ben (seat 1), both connected."""
    return await seat_table(sockets, "reversi", {"size": 6})
