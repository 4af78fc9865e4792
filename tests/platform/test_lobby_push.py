"""The lobby pushed (``/ws/lobby/?push=lobby``, ``?push=bell``) and the tournament page's
socket (``/ws/tournaments/<id>/``), in-process: Channels' communicator on the real routing,
the real services, ``lobby_push`` and ``tournament_push`` on the in-memory channel layer.

A lobby page gets a snapshot on connect, then the rows that changed (open seats, its user's
matches, finished matches, pools, challenges, follows, the unread count), each with the
fields it shows and its HTML; an invite-only or computer match reaches nobody but its
players; a bell hears its own user's count and nothing of the rest of the site."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from datetime import timedelta

import pytest
from channels.routing import URLRouter
from channels.testing import WebsocketCommunicator
from django.contrib.auth.models import AnonymousUser
from django.test import Client as DjangoClient
from django.utils import timezone

from accounts.follows import follow
from accounts.services import challenge_create
from games.matches import services
from games.matches.challenges.services import decline as challenge_decline
from games.matches.pairing import matchmaking as pairing
from games.notifications.services import mark_read
from games.realtime.lobby_events import LOBBY_GROUP
from games.realtime.lobby_push import PUSH_GROUP, bell_group, push_group
from games.realtime.routing import websocket_urlpatterns
from games.tournaments import services as tournaments
from games.tournaments.models import Tournament

from .conftest import TIMEOUT, db, make_user, marker_of, send_marker

pytestmark = pytest.mark.django_db(transaction=True)

LOBBY, BELL, HINTS = "/ws/lobby/?push=lobby", "/ws/lobby/?push=bell", "/ws/lobby/"


@dataclass(eq=False)
class Socket:
    """One socket and every frame it received (as text, to search for a match id)."""

    ws: WebsocketCommunicator
    groups: tuple[str, ...]  # the channel groups it listens to (the markers' way in)
    frames: list[str] = field(default_factory=list)

    async def raw(self, timeout: float = TIMEOUT) -> dict:
        text = await self.ws.receive_from(timeout)
        return json.loads(text)

    async def recv(self, timeout: float = TIMEOUT) -> dict:
        """The next frame, markers (``drain``'s, sent to a group it shares) skipped."""
        while marker_of(frame := await self.raw(timeout)) is not None:
            pass
        self.frames.append(json.dumps(frame))
        return frame

    async def drain(self) -> list[dict]:
        """Every frame sent to it before now, read up to a marker sent after them through the
        services' own outbox (frames reach a socket in the order sent): waits for an event,
        not for time. A socket in no group (an anonymous bell) can be sent nothing at all: its
        ping's answer is then its next frame."""
        if not self.groups:
            await self.ws.send_to(text_data=json.dumps({"type": "ping"}))
            assert await self.raw() == {"type": "pong"}
            return []
        marker = send_marker(self.groups[0])
        got = []
        while marker_of(frame := await self.raw()) != marker:
            if marker_of(frame) is None:
                self.frames.append(json.dumps(frame))
                got.append(frame)
        return got

    async def until(self, kind: str) -> dict:
        """The next frame of type ``kind`` (skipping others)."""
        while (frame := await self.recv())["type"] != kind:
            pass
        return frame


def groups_of(user, path: str) -> tuple[str, ...]:
    """The group a socket on ``path`` listens to that reaches it and the fewest others."""
    signed_in = user.is_authenticated
    if path == LOBBY:
        return (push_group(user.pk),) if signed_in else (PUSH_GROUP,)
    if path == BELL:
        return (bell_group(user.pk),) if signed_in else ()
    if path == HINTS:
        return (LOBBY_GROUP,)
    return ()


class Sockets:
    def __init__(self) -> None:
        self.open: list[Socket] = []

    async def connect(self, user, path: str = LOBBY, snapshot: bool = True) -> Socket:
        ws = WebsocketCommunicator(URLRouter(websocket_urlpatterns), path)
        ws.scope["user"] = user
        connected, _ = await ws.connect(TIMEOUT)
        assert connected
        socket = Socket(ws, groups_of(user, path))
        self.open.append(socket)
        if snapshot and path == LOBBY:
            socket.snapshot = await socket.recv()
            assert socket.snapshot["type"] == "lobby_snapshot"
        return socket

    async def close_all(self) -> None:
        for socket in self.open:
            await socket.ws.disconnect()


@pytest.fixture
async def sockets(transactional_db):
    opened = Sockets()
    yield opened
    await opened.close_all()


async def people(*names: str):
    return [await db(make_user)(name) for name in names]


def of(frames: list[dict], kind: str) -> list[dict]:
    return [f for f in frames if f["type"] == kind]


async def create(user, opponent: str = "open"):
    return await db(services.match_create)(user=user, game="reversi", options={}, opponent=opponent, side=0)


async def first_move(match, user) -> None:
    move = match.rules.legal_moves(match.state, 0)[0]
    await db(services.move_play)(match_id=match.pk, user=user, ply=0, move=move)


# -- the snapshot ---------------------------------------------------------------------------
async def test_the_snapshot_is_what_the_lobby_shows_each_visitor(sockets):
    alice, bob = await people("alice", "bob")
    public, private = await create(alice), await create(alice, "invite")
    anon = (await sockets.connect(AnonymousUser())).snapshot
    assert [row["id"] for row in anon["open"]] == [public.pk]
    row = anon["open"][0]
    assert row["by"] == "alice" and row["name"] == "Reversi" and row["join_url"] == f"/m/{public.pk}/join/"
    assert f'data-match="{public.pk}"' in row["html"] and "Join" in row["html"]
    assert anon["mine"] == [] and anon["unread"] is None and anon["pools"]["pools"]
    mine = (await sockets.connect(alice)).snapshot
    assert mine["open"] == []  # her own seat is under her matches, not among the open seats
    assert sorted(r["id"] for r in mine["mine"]) == sorted([public.pk, private.pk])
    assert mine["unread"] == 0
    theirs = await sockets.connect(bob)
    assert [r["id"] for r in theirs.snapshot["open"]] == [public.pk]
    assert private.pk not in json.dumps(anon) and private.pk not in theirs.frames[0]


async def test_a_logged_out_snapshot_is_shared_and_follows_every_change_of_its_lists(sockets):
    alice, bob = await people("alice", "bob")

    async def listed() -> list[str]:
        return [r["id"] for r in (await sockets.connect(AnonymousUser())).snapshot["open"]]

    first = await create(alice)
    assert await listed() == [first.pk]
    second = await create(alice)  # a new seat: a new version of the shared rows
    assert await listed() == [second.pk, first.pk]
    await db(services.match_join)(match_id=first.pk, user=bob)  # taken
    await first_move(first, alice)
    await db(services.match_resign)(match_id=first.pk, user=bob)  # and finished
    late = (await sockets.connect(AnonymousUser())).snapshot
    assert [r["id"] for r in late["open"]] == [second.pk]
    assert [r["id"] for r in late["finished"]] == [first.pk] and "bob resigned" in late["finished"][0]["html"]


# -- open seats, your matches, the end ------------------------------------------------------
async def test_an_open_match_is_pushed_taken_and_finished(sockets):
    alice, bob = await people("alice", "bob")
    anon, sa, sb = [await sockets.connect(u) for u in (AnonymousUser(), alice, bob)]
    match = await db(services.match_create)(user=alice, game="reversi", options={}, opponent="open", side=0)
    seat = (await anon.until("open_seat"))["seat"]
    assert seat["id"] == match.pk and seat["by"] == "alice" and not seat["rated"]
    assert (await sb.until("open_seat"))["seat"]["id"] == match.pk
    got = await sa.drain()
    assert of(got, "open_seat") == []  # her own: skipped
    assert [f["match"]["id"] for f in of(got, "my_match")] == [match.pk]
    assert of(got, "my_match")[0]["match"]["status"] == "waiting"

    await db(services.match_join)(match_id=match.pk, user=bob)
    assert (await anon.until("open_seat_closed")) == {"type": "open_seat_closed", "id": match.pk}
    for socket, you in ((sa, 0), (sb, 1)):
        row = (await socket.until("my_match"))["match"]
        assert row["you"] == you and row["status"] == "active"
        assert row["your_turn"] is (you == 0) and ("your turn" in row["html"]) is (you == 0)

    await first_move(match, alice)
    assert (await sb.until("my_match"))["match"]["your_turn"] is True
    await db(services.match_resign)(match_id=match.pk, user=bob)
    public = (await anon.until("finished_match"))["match"]
    assert public["id"] == match.pk and "bob resigned" in public["html"]
    assert public["replay_url"].startswith("/r/")
    for socket, words in ((sa, "you won"), (sb, "You resigned")):
        got = await socket.drain()
        assert [f["id"] for f in of(got, "my_match_over")] == [match.pk]
        (finished,) = of(got, "finished_match")  # worded for them, and only that one
        assert words in finished["match"]["html"]
    assert await anon.drain() == []  # one row each: nothing more


async def test_a_private_match_never_reaches_anyone_but_its_players(sockets):
    alice, bob, carol = await people("alice", "bob", "carol")
    lobbies = [await sockets.connect(u) for u in (AnonymousUser(), carol)]
    hints = await sockets.connect(carol, HINTS)
    sa = await sockets.connect(alice)
    private = await create(alice, "invite")
    await db(services.match_join)(match_id=private.pk, user=bob)
    await first_move(private, alice)
    await db(services.match_resign)(match_id=private.pk, user=bob)
    computer = await db(services.match_create)(
        user=alice, game="reversi", options={"size": 4}, opponent="computer", side=0, level="random"
    )
    await first_move(computer, alice)
    await db(services.match_resign)(match_id=computer.pk, user=alice)
    got = await sa.drain()  # the player hears all of it: her rows, worded for her
    assert {f["match"]["id"] for f in of(got, "finished_match")} == {private.pk, computer.pk}
    assert {f["match"]["id"] for f in of(got, "my_match")} >= {private.pk, computer.pk}
    for socket in lobbies:
        for frame in await socket.drain():
            assert private.pk not in json.dumps(frame) and computer.pk not in json.dumps(frame), frame
        assert all(private.pk not in text and computer.pk not in text for text in socket.frames)
    await hints.drain()
    assert all(private.pk not in text for text in hints.frames)
    # and a snapshot read afterwards lists neither to anyone else
    late = (await sockets.connect(carol)).snapshot
    assert private.pk not in json.dumps(late) and computer.pk not in json.dumps(late)


async def test_pushed_sockets_get_no_hints_and_hint_sockets_no_rows(sockets):
    alice, bob = await people("alice", "bob")
    pushed, hints = await sockets.connect(bob), await sockets.connect(bob, HINTS)
    await db(services.match_create)(user=alice, game="reversi", options={}, opponent="open", side=0)
    assert [f["type"] for f in await pushed.drain()] == ["open_seat"]
    assert await hints.drain() == [{"type": "lobby", "changed": ["open"]}]


# -- the bell --------------------------------------------------------------------------------
async def test_a_bell_hears_its_own_count_and_nothing_of_the_site(sockets):
    alice, bob, carol = await people("alice", "bob", "carol")
    bell = await sockets.connect(alice, BELL)
    assert await bell.recv() == {"type": "unread", "unread": 0}
    other = await sockets.connect(carol, BELL)
    assert await other.recv() == {"type": "unread", "unread": 0}
    lobby = await sockets.connect(alice)
    match = await db(services.match_create)(user=alice, game="reversi", options={}, opponent="open", side=0)
    await db(services.match_create)(user=carol, game="reversi", options={}, opponent="open", side=0)
    await db(services.match_join)(match_id=match.pk, user=bob)  # "bob joined your match"
    assert await bell.drain() == [{"type": "unread", "unread": 1}]  # nothing else: no seat, no row
    assert await other.drain() == []
    assert {"type": "unread", "unread": 1} in await lobby.drain()
    anonymous = await sockets.connect(AnonymousUser(), BELL)
    assert await anonymous.drain() == []
    await db(mark_read)(user=alice)  # read on another page: this bell counts down
    assert await bell.drain() == [{"type": "unread", "unread": 0}]
    assert await other.drain() == []


# -- pools, challenges, follows --------------------------------------------------------------
async def test_pool_counts_are_pushed_and_a_pairing_opens_the_match(sockets):
    alice, bob = await people("alice", "bob")
    anon, sa = await sockets.connect(AnonymousUser()), await sockets.connect(alice)
    await db(pairing.pool_enter)(user=alice, pool="othello-5+3-casual")
    frame = await anon.until("pool_counts")
    assert frame["pools"] == [{"key": "othello-5+3-casual", "waiting": 1, "playing": 0}]
    await db(pairing.pool_enter)(user=bob, pool="othello-5+3-casual")
    await db(pairing.pair_pool)("othello-5+3-casual")
    place = await sa.until("pool_place")
    assert place["mine"]["match"] and place["mine"]["waiting"] is None
    counts = [f for f in await anon.drain() if f["type"] == "pool_counts"]
    assert counts[-1]["pools"] == [{"key": "othello-5+3-casual", "waiting": 0, "playing": 1}]
    assert all(place["mine"]["match"] not in json.dumps(f) for f in counts)  # counts, no match


async def test_a_challenge_is_pushed_to_the_challenged_only(sockets):
    ann, bob, carol = await people("ann", "bob", "carol")
    sb, sc = await sockets.connect(bob), await sockets.connect(carol)
    challenge = await db(challenge_create)(user=ann, to="bob", game="reversi", options={"size": 6})
    (row,) = (await sb.until("challenges"))["challenges"]
    assert row["from"] == "ann" and row["id"] == challenge.pk and "Accept" in row["html"]
    await sc.drain()
    assert all(challenge.match_id not in text for text in sc.frames)
    await db(challenge_decline)(challenge_id=challenge.pk, user=bob)
    assert (await sb.until("challenges"))["challenges"] == []


async def test_followers_see_a_public_game_start_and_not_a_private_one(sockets):
    ann, bob, cy, zoe = await people("ann", "bob", "cy", "zoe")
    for person in (bob, cy):
        await db(follow)(follower=ann, followed=person)
    sa = await sockets.connect(ann)
    private = await create(cy, "invite")
    await db(services.match_join)(match_id=private.pk, user=zoe)
    assert await sa.drain() == []  # her game is private: not even a frame says it started
    public = await create(bob)
    await db(services.match_join)(match_id=public.pk, user=zoe)
    people_now = {p["username"]: p for p in (await sa.until("following"))["people"]}
    assert people_now["bob"]["playing"] == {"url": f"/m/{public.pk}/", "game": "Reversi"}
    assert "Watch" in people_now["bob"]["html"] and people_now["cy"]["playing"] is None
    assert all(private.pk not in text for text in sa.frames)


# -- the tournament page ------------------------------------------------------------------------
CLOCK = {"initial": 60, "increment": 0}


async def test_the_tournament_socket_pushes_the_tournament_when_it_changes(sockets):
    ann, bob = await people("ann", "bob")
    cup = await db(tournaments.tournament_create)(
        user=ann, name="Cup", game="reversi", options={"size": 6}, clock=CLOCK, starts_at=None
    )
    page = await sockets.connect(AnonymousUser(), f"/ws/tournaments/{cup.pk}/")
    first = await page.recv()
    assert first["type"] == "tournament" and first["tournament"]["id"] == cup.pk
    assert first["tournament"]["status"] == "upcoming" and first["tournament"]["standings"] == []
    await db(tournaments.tournament_join)(tournament_id=cup.pk, user=ann)
    joined = (await page.until("tournament"))["tournament"]
    assert [row["name"] for row in joined["standings"]] == ["ann"]
    await db(tournaments.tournament_join)(tournament_id=cup.pk, user=bob)
    await db(Tournament.objects.filter(pk=cup.pk).update)(starts_at=timezone.now() - timedelta(seconds=1))
    assert await db(tournaments.tournament_start)(tournament_id=cup.pk)
    while (running := (await page.until("tournament"))["tournament"])["status"] != "running":
        pass
    assert running["round"] == 1
    (game,) = running["rounds"][0]["pairings"]
    assert game["status"] == "active"
    await db(services.match_resign)(match_id=game["match_id"], user=ann)
    over = (await page.until("tournament"))["tournament"]
    assert over["rounds"][0]["pairings"][0]["result"] is not None


async def test_an_unknown_tournament_closes_4404(sockets):
    page = await sockets.connect(AnonymousUser(), "/ws/tournaments/999999/")
    assert await page.ws.receive_output(TIMEOUT) == {"type": "websocket.close", "code": 4404}


async def test_logging_out_closes_the_users_pushed_lobbies_and_bells(sockets):
    """What is private to a user travels in their own groups: those sockets end with the session."""
    alice, bob = await people("alice", "bob")
    lobby, bell = await sockets.connect(alice), await sockets.connect(alice, BELL)
    assert await bell.recv() == {"type": "unread", "unread": 0}
    theirs = await sockets.connect(bob)

    def log_out() -> None:
        client = DjangoClient()
        client.force_login(alice)
        client.post("/accounts/logout/")

    await db(log_out)()
    for socket in (lobby, bell):
        assert await socket.ws.receive_output(TIMEOUT) == {"type": "websocket.close", "code": 4401}
    await create(alice, "invite")  # nothing of it may reach a socket of the ended session
    assert await theirs.drain() == []
