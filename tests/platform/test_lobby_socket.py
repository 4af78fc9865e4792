"""The lobby socket (``/ws/lobby/``) in-process: Channels' communicator on the real routing,
the real services and ``lobby_events`` on the in-memory channel layer.

It carries hints only (``{"type": "lobby", "changed": [...]}``): "open" to everyone when a
listed match's free seats change, "mine" to the players of a match that changed, nothing
about an invite-only match to anyone else, nothing for a socket coming or going."""

from __future__ import annotations

import json
from dataclasses import dataclass, field

import pytest
from channels.routing import URLRouter
from channels.testing import WebsocketCommunicator
from django.contrib.auth.models import AnonymousUser
from django.test import Client as DjangoClient

from games.matches import events as ev
from games.matches import services
from games.matches.models import Match
from games.realtime import lobby_events
from games.realtime.lobby_events import LOBBY_GROUP
from games.realtime.ratelimit import USERS
from games.realtime.routing import websocket_urlpatterns

from .conftest import TIMEOUT, db, make_user, send_marker, start_match

pytestmark = pytest.mark.django_db(transaction=True)

OPEN = {"type": "lobby", "changed": ["open"]}
MINE = {"type": "lobby", "changed": ["mine"]}
NOTIFICATIONS = {"type": "lobby", "changed": ["notifications"]}  # the bell (games.notifications)


@dataclass(eq=False)
class Lobby:
    """One lobby socket and every frame it received."""

    ws: WebsocketCommunicator
    frames: list[str] = field(default_factory=list)

    async def recv(self, timeout: float = TIMEOUT) -> dict:
        text = await self.ws.receive_from(timeout)
        assert isinstance(text, str), text
        self.frames.append(text)
        return json.loads(text)

    async def recv_all(self, count: int) -> list[dict]:
        """The next ``count`` messages (``Lobbies.nothing_more`` then checks no more came)."""
        return [await self.recv() for _ in range(count)]

    async def send(self, text: str | None = None, data: bytes | None = None) -> None:
        await self.ws.send_to(text_data=text, bytes_data=data)

    async def ping(self) -> None:
        await self.send(json.dumps({"type": "ping"}))
        assert await self.recv() == {"type": "pong"}


class Lobbies:
    """Opens lobby sockets and closes them all at the end of the test."""

    def __init__(self) -> None:
        self.open: list[Lobby] = []

    async def connect(self, user) -> Lobby:
        ws = WebsocketCommunicator(URLRouter(websocket_urlpatterns), "/ws/lobby/")
        ws.scope["user"] = user
        connected, _ = await ws.connect(TIMEOUT)
        assert connected
        lobby = Lobby(ws)
        self.open.append(lobby)
        return lobby

    async def nothing_more(self) -> None:
        """No socket got a frame it was not read for: a marker sent to the lobby's group after
        what the test did must be every socket's next frame (``send_marker``)."""
        marker = send_marker(LOBBY_GROUP)
        for lobby in self.open:
            assert await lobby.recv() == {"type": "lobby", "changed": [marker]}, lobby.frames

    async def close_all(self) -> None:
        for lobby in self.open:
            await lobby.ws.disconnect()


@pytest.fixture
async def lobbies(transactional_db):
    opened = Lobbies()
    yield opened
    await opened.close_all()


async def people(*names: str):
    return [await db(make_user)(name) for name in names]


# -- hints ----------------------------------------------------------------------------------
async def test_an_open_match_created_hints_open_to_every_lobby(lobbies):
    alice, bob = await people("alice", "bob")
    anon, sb, sa = [await lobbies.connect(u) for u in (AnonymousUser(), bob, alice)]
    match = await db(services.match_create)(user=alice, game="reversi", options={}, opponent="open", side=0)
    assert await anon.recv_all(1) == [OPEN]
    assert await sb.recv_all(1) == [OPEN]
    assert sorted(map(json.dumps, await sa.recv_all(2))) == sorted(map(json.dumps, [OPEN, MINE]))
    await lobbies.nothing_more()
    for socket in (anon, sb, sa):
        assert all(match.pk not in frame and "alice" not in frame for frame in socket.frames)


async def test_a_move_tells_its_players_mine_and_nobody_else_anything(lobbies):
    match, alice, carol = await db(start_match)("reversi", {"size": 6}, ("alice", "carol"))
    (bob,) = await people("bob")
    sa, sc, sb, anon = [await lobbies.connect(u) for u in (alice, carol, bob, AnonymousUser())]
    move = match.rules.legal_moves(match.state, 0)[0]
    await db(services.move_play)(match_id=match.pk, user=alice, ply=0, move=move)
    assert await sa.recv_all(1) == [MINE]
    assert await sc.recv_all(1) == [MINE]
    await lobbies.nothing_more()  # bob and the anonymous visitor were told nothing
    await sb.ping()  # still open


async def test_an_invite_match_is_never_hinted_to_the_lobby(lobbies):
    alice, bob = await people("alice", "bob")
    sa, sb, anon = [await lobbies.connect(u) for u in (alice, bob, AnonymousUser())]
    match = await db(services.match_create)(user=alice, game="reversi", options={}, opponent="invite", side=0)
    assert await sa.recv_all(1) == [MINE]  # her own list, not the open seats
    await lobbies.nothing_more()
    await db(services.match_join)(match_id=match.pk, user=bob)
    assert await sa.recv_all(2) == [MINE, NOTIFICATIONS]  # and "bob joined your match"
    assert await sb.recv_all(1) == [MINE]  # now it is his match too
    await lobbies.nothing_more()
    computer = await db(services.match_create)(
        user=alice, game="reversi", options={"size": 4}, opponent="computer", side=0, level="random"
    )
    assert (await sa.recv())["changed"] == ["mine"]
    await lobbies.nothing_more()
    assert all(m not in f for m in (match.pk, computer.pk) for s in (sa, sb, anon) for f in s.frames)


async def test_joining_an_open_match_hints_open_and_mine(lobbies):
    alice, bob = await people("alice", "bob")
    match = await db(services.match_create)(user=alice, game="reversi", options={}, opponent="open", side=0)
    sa, sb, anon = [await lobbies.connect(u) for u in (alice, bob, AnonymousUser())]
    await db(services.match_join)(match_id=match.pk, user=bob)
    assert await anon.recv_all(1) == [OPEN]  # its seat is gone from the open seats
    got = await sa.recv_all(3)  # the creator is also told "bob joined" (the bell)
    assert sorted(m["changed"][0] for m in got) == ["mine", "notifications", "open"]
    got = await sb.recv_all(2)
    assert sorted(m["changed"][0] for m in got) == ["mine", "open"]
    await lobbies.nothing_more()


async def test_aborting_a_waiting_open_match_hints_open(lobbies):
    (alice,) = await people("alice")
    match = await db(services.match_create)(user=alice, game="reversi", options={}, opponent="open", side=0)
    anon = await lobbies.connect(AnonymousUser())
    await db(services.match_abort)(match_id=match.pk, user=alice)
    assert await anon.recv_all(1) == [OPEN]
    await lobbies.nothing_more()


async def test_the_end_of_a_listed_match_hints_finished(lobbies):
    alice, bob = await people("alice", "bob")
    match = await db(services.match_create)(user=alice, game="reversi", options={}, opponent="open", side=0)
    await db(services.match_join)(match_id=match.pk, user=bob)
    move = match.rules.legal_moves(match.state, 0)[0]
    await db(services.move_play)(match_id=match.pk, user=alice, ply=0, move=move)
    sa, anon = [await lobbies.connect(u) for u in (alice, AnonymousUser())]
    await db(services.match_resign)(match_id=match.pk, user=bob)  # after a move: bob loses
    assert await anon.recv_all(1) == [{"type": "lobby", "changed": ["finished"]}]
    assert await sa.recv_all(3) == [
        {"type": "lobby", "changed": ["finished"]},
        {"type": "lobby", "changed": ["mine", "finished"]},
        NOTIFICATIONS,  # "Reversi vs bob: bob resigned — you won"
    ]
    await lobbies.nothing_more()


async def test_a_player_socket_coming_and_going_sends_no_hint(lobbies, sockets):
    match, alice, bob = await db(start_match)("reversi", {"size": 6}, ("alice", "bob"))
    sa, anon = [await lobbies.connect(u) for u in (alice, AnonymousUser())]
    seat = await sockets.connect(match.pk, alice)  # presence: the match changes (connected)
    await sockets.close(seat)
    await lobbies.nothing_more()


def test_hints_are_decided_from_what_happened():
    m = Match(visibility="open", status="active")
    over = Match(visibility="open", status="finished")
    aborted = Match(visibility="open", status="aborted")
    created = ev.MatchCreated(match=m, by=1)
    joined = ev.PlayerJoined(match=m, user_id=2, seat=1)
    started = ev.MatchStarted(match=m, by=2)
    moved = ev.MoveMade(match=m, seat=0, ply=1, move={}, user_id=1)
    hints = lobby_events.hints
    assert hints("open", (created,)) == (["open"], ["mine"])
    assert hints("open", (joined, started)) == (["open"], ["mine"])
    assert hints("open", (moved,)) == ([], ["mine"])
    taken_back = ev.MovesTakenBack(match=m, seat=0, back_to=0, plies=[1, 2])
    assert hints("open", (taken_back,)) == ([], ["mine"])  # whose turn it is changed
    assert hints("open", (ev.TakebackProposed(match=m, seat=0, back_to=0),)) == ([], [])
    assert hints("open", (ev.PlayerConnected(match=m, user_id=1),)) == ([], [])  # a socket came
    assert hints("invite", (created,)) == ([], ["mine"])
    assert hints("computer", (moved, ev.MatchEnded(match=over))) == ([], ["mine", "finished"])
    assert hints("open", (ev.MatchEnded(match=aborted, was_waiting=True),)) == (["open"], ["mine"])
    assert hints("open", (ev.MatchEnded(match=over),)) == (["finished"], ["mine", "finished"])


# -- what a client may send -----------------------------------------------------------------
@pytest.mark.parametrize(
    "frame",
    [
        "not json",
        json.dumps({"type": "move", "ply": 0, "move": {"cell": "D3"}}),
        json.dumps(["ping"]),
        json.dumps({"type": "subscribe", "match": "x"}),
        "NaN",
        b"\x00\x01",
        "[" * 2000 + "]" * 2000,
        json.dumps({"type": "ping", "pad": "x" * 70_000}),
    ],
    ids=["text", "move", "list", "unknown", "nan", "bytes", "deep", "big"],
)
async def test_bad_messages_get_an_error_and_the_socket_stays_open(lobbies, frame):
    lobby = await lobbies.connect(AnonymousUser())
    await lobby.send(**({"data": frame} if isinstance(frame, bytes) else {"text": frame}))
    error = await lobby.recv()
    assert error["type"] == "error" and error["code"] == "bad_message" and error["message"]
    await lobbies.nothing_more()
    await lobby.ping()


async def test_a_flood_of_pings_is_rate_limited_and_the_socket_stays_open(lobbies):
    lobby = await lobbies.connect(AnonymousUser())
    for _ in range(40):
        await lobby.send(json.dumps({"type": "ping"}))
    got = [await lobby.recv() for _ in range(40)]
    assert {"type": "pong"} in got
    assert any(m.get("code") == "rate_limited" for m in got)


async def test_sockets_per_user_are_limited_with_the_match_sockets(lobbies, monkeypatch):
    alice, bob = await people("alice", "bob")
    monkeypatch.setattr(USERS, "most", 2)
    first, second = await lobbies.connect(alice), await lobbies.connect(alice)
    third = await lobbies.connect(alice)
    assert await third.ws.receive_output(TIMEOUT) == {"type": "websocket.close", "code": 4429}
    await first.ping()
    await second.ping()
    await (await lobbies.connect(bob)).ping()  # another user is not affected


async def test_logging_out_closes_the_users_lobby_sockets(lobbies):
    alice, bob = await people("alice", "bob")
    sa, sb = await lobbies.connect(alice), await lobbies.connect(bob)

    def log_out() -> None:
        client = DjangoClient()
        client.force_login(alice)
        client.post("/accounts/logout/")

    await db(log_out)()
    assert await sa.ws.receive_output(TIMEOUT) == {"type": "websocket.close", "code": 4401}
    await sb.ping()


@pytest.mark.parametrize("path", ["/ws/lobby/x/", "/ws/lobby", "/ws/lobbies/"])
async def test_other_paths_still_close_4404(transactional_db, path):
    ws = WebsocketCommunicator(URLRouter(websocket_urlpatterns), path)
    ws.scope["user"] = AnonymousUser()
    assert (await ws.connect())[0]
    assert await ws.receive_output(1) == {"type": "websocket.close", "code": 4404}
    await ws.disconnect()
