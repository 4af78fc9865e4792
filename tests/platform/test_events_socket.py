"""The event socket (``/ws/events/``) in-process: Channels' communicator on the real routing
(and the real token middleware), the real services and challenges, the in-memory layer.

A bot learns what to do without polling: ``challenge`` when someone challenges it,
``match_started`` when a match it sits in starts; each only to the user concerned; on connect
the open challenges and active matches again (catch-up); logged out: closed (4401)."""

from __future__ import annotations

import json
from dataclasses import dataclass, field

import pytest
from channels.routing import URLRouter
from channels.testing import WebsocketCommunicator
from django.contrib.auth.models import AnonymousUser
from django.test import Client as DjangoClient
from django.utils import timezone

from accounts.models import ApiToken
from accounts.services import challenge_create
from games.matches import services
from games.matches.challenges.services import accept as challenge_accept
from games.matches.challenges.services import decline as challenge_decline
from games.matches.models import Match
from games.realtime.outbox import send_to_channels
from games.realtime.routing import websocket_urlpatterns
from games.realtime.token_auth import TokenAuthMiddleware

from .conftest import TIMEOUT, connect_socket, db, make_user, new_marker

pytestmark = pytest.mark.django_db(transaction=True)


@dataclass(eq=False)
class Events:
    """One event socket and every message it received."""

    ws: WebsocketCommunicator
    channel: str | None  # its consumer's channel (None: closed before it joined a group)
    got: list[dict] = field(default_factory=list)

    async def recv(self, timeout: float = TIMEOUT) -> dict:
        text = await self.ws.receive_from(timeout)
        assert isinstance(text, str), text
        self.got.append(json.loads(text))
        return self.got[-1]

    async def quiet(self) -> None:
        """Nothing more has come: a marker sent now to this socket's own channel, behind
        everything sent to it before, is its next frame (an event, not a wait)."""
        marker = new_marker()
        frame = json.dumps({"type": "marker", "id": marker})
        send_to_channels([(self.channel, {"type": "events.send", "frame": frame})])
        assert await self.recv() == {"type": "marker", "id": marker}
        self.got.pop()

    async def closed_with(self) -> int:
        out = await self.ws.receive_output(TIMEOUT)
        assert out["type"] == "websocket.close", out
        return out["code"]


class Opener:
    def __init__(self) -> None:
        self.open: list[Events] = []

    async def connect(self, user=None, token: str | None = None) -> Events:
        """An event socket as ``user`` (the session's) or with an API token, its catch-up
        read (in ``got``): a ping is answered only once the connect handler is done."""
        app = TokenAuthMiddleware(URLRouter(websocket_urlpatterns))
        headers = [(b"authorization", f"Bearer {token}".encode())] if token else []
        ws = WebsocketCommunicator(app, "/ws/events/", headers=headers)
        ws.scope["user"] = user if user is not None else AnonymousUser()
        events = Events(ws, await connect_socket(ws))
        self.open.append(events)
        if user is not None and user.is_authenticated or token:
            await events.ws.send_to(text_data=json.dumps({"type": "ping"}))
            while (await events.recv())["type"] != "pong":
                pass
            events.got.pop()
        return events


@pytest.fixture
async def opener():
    o = Opener()
    yield o
    for events in o.open:
        await events.ws.disconnect()


def started(match_id: str, game: str, you: int) -> dict:
    return {
        "type": "match_started",
        "match": {
            "id": match_id,
            "game": game,
            "url": f"/m/{match_id}/",
            "ws_url": f"/ws/matches/{match_id}/",
            "you": you,
        },
    }


async def test_a_match_start_reaches_its_players_only(opener):
    ann, ben, cid = [await db(make_user)(n) for n in ("ann", "ben", "cid")]
    sa, sb, sc = [await opener.connect(u) for u in (ann, ben, cid)]
    match = await db(services.match_create)(user=ann, game="reversi", options={}, opponent="invite", side=0)
    await sa.quiet()  # waiting for an opponent: nothing has started
    await db(services.match_join)(match_id=match.pk, user=ben)
    assert await sa.recv() == started(match.pk, "reversi", 0)
    assert await sb.recv() == started(match.pk, "reversi", 1)
    for s in (sa, sb, sc):
        await s.quiet()
    # a move, a resignation: no new "started"
    fresh = await db(Match.objects.get)(pk=match.pk)
    move = fresh.rules.legal_moves(fresh.state, 0)[0]
    await db(services.move_play)(match_id=match.pk, user=ann, ply=0, move=move)
    await db(services.match_resign)(match_id=match.pk, user=ben)
    for s in (sa, sb, sc):
        await s.quiet()


async def test_a_match_against_the_computer_starts_at_once(opener):
    ann = await db(make_user)("ann")
    sa = await opener.connect(ann)
    match = await db(services.match_create)(
        user=ann, game="connect_four", options={}, opponent="computer", level="random", side=1
    )
    assert await sa.recv() == started(match.pk, "connect_four", 1)


async def test_a_challenge_reaches_the_challenged_only_and_accepting_starts_the_match(opener):
    ann, ben, cid = [await db(make_user)(n) for n in ("ann", "ben", "cid")]
    sa, sb, sc = [await opener.connect(u) for u in (ann, ben, cid)]
    challenge = await db(challenge_create)(
        user=ann, to="ben", game="othello", clock={"initial": 300, "increment": 3}, rated=True, side=0
    )
    got = await sb.recv()
    assert got["type"] == "challenge"
    c = got["challenge"]
    assert (c["id"], c["from"], c["game"], c["options"], c["clock"], c["rated"]) == (
        challenge.pk,
        "ann",
        "othello",
        {"start": ""},
        {"initial": 300, "increment": 3},
        True,
    )
    assert c["you"] == 1 and c["accept_url"] == f"/api/challenges/{challenge.pk}/accept/"
    await sa.quiet()
    await sc.quiet()
    match = await db(challenge_accept)(challenge_id=challenge.pk, user=ben)
    assert match.status == Match.Status.ACTIVE
    assert await sa.recv() == started(match.pk, "othello", 0)
    assert await sb.recv() == started(match.pk, "othello", 1)
    await sc.quiet()


async def test_on_connect_the_open_challenges_and_active_matches_come_first(opener):
    ann, ben, cid = [await db(make_user)(n) for n in ("ann", "ben", "cid")]
    first = await db(challenge_create)(user=ann, to="ben", game="reversi")
    answered = await db(challenge_create)(user=cid, to="ben", game="connect_four")
    await db(challenge_decline)(challenge_id=answered.pk, user=ben)
    withdrawn = await db(challenge_create)(user=cid, to="ben", game="reversi_1d")
    await db(services.match_abort)(match_id=withdrawn.match_id, user=cid)
    playing = await db(challenge_create)(user=cid, to="ben", game="othello", side=1)
    match = await db(challenge_accept)(challenge_id=playing.pk, user=ben)
    finished = await db(services.match_create)(user=ben, game="reversi", options={}, opponent="invite")
    await db(services.match_abort)(match_id=finished.pk, user=ben)

    sb = await opener.connect(ben)
    assert len(sb.got) == 2
    assert sb.got[0]["type"] == "challenge" and sb.got[0]["challenge"]["id"] == first.pk
    assert sb.got[1] == started(match.pk, "othello", 0)  # cid took seat 1: ben has seat 0
    sc = await opener.connect(cid)
    assert sc.got == [started(match.pk, "othello", 1)]
    sa = await opener.connect(ann)
    assert sa.got == []  # her challenge is ben's to answer; she has no active match


async def test_a_logged_out_visitor_is_closed_with_4401(opener):
    events = await opener.connect()
    assert await events.closed_with() == 4401


async def test_a_token_socket_is_its_user_and_closes_when_the_token_is_revoked(opener):
    ann, ben = [await db(make_user)(n) for n in ("ann", "ben")]
    token, raw = await db(ApiToken.issue)(user=ben, name="bot")
    sb = await opener.connect(token=raw)  # no session user at all: the token says who
    challenge = await db(challenge_create)(user=ann, to="ben", game="reversi")
    assert (await sb.recv())["challenge"]["id"] == challenge.pk

    def revoke() -> int:
        client = DjangoClient()
        client.force_login(ben)
        return client.post(f"/accounts/tokens/{token.pk}/revoke/").status_code

    assert await db(revoke)() == 302
    assert await sb.closed_with() == 4401


async def test_a_socket_with_an_unknown_or_revoked_token_is_refused(opener):
    ben = await db(make_user)("ben")
    token, raw = await db(ApiToken.issue)(user=ben, name="bot")
    await db(ApiToken.objects.filter(pk=token.pk).update)(revoked_at="2026-01-01T00:00:00Z")
    for bad in (raw, "bgt_nonsense", "nonsense"):
        ws = WebsocketCommunicator(
            TokenAuthMiddleware(URLRouter(websocket_urlpatterns)),
            "/ws/events/",
            headers=[(b"authorization", f"Bearer {bad}".encode())],
        )
        ws.scope["user"] = ben  # even with a session of that very user
        connected, _ = await ws.connect(TIMEOUT)
        assert not connected, bad


async def test_the_socket_answers_pings_only(opener):
    ann = await db(make_user)("ann")
    sa = await opener.connect(ann)
    await sa.ws.send_to(text_data=json.dumps({"type": "ping"}))
    assert await sa.recv() == {"type": "pong"}
    await sa.ws.send_to(text_data=json.dumps({"type": "move"}))
    assert (await sa.recv())["code"] == "bad_message"
    await sa.ws.send_to(text_data="{")
    assert (await sa.recv())["code"] == "bad_message"


async def test_players_say_which_of_them_is_a_bot(opener):
    from accounts.models import Account
    from games.matches.selectors import match_for_user

    ann, ben = [await db(make_user)(n) for n in ("ann", "ben")]
    await db(Account.objects.create)(user=ben, bot=True)
    challenge = await db(challenge_create)(user=ann, to="ben", game="reversi", side=0)
    match = await db(challenge_accept)(challenge_id=challenge.pk, user=ben)
    data = await db(match_for_user)(match, ann)
    assert [(p["username"], p["bot"]) for p in data["players"]] == [("ann", False), ("ben", True)]


async def test_a_tournament_round_tells_each_player_their_game(opener):
    from games.tournaments import services as tournaments

    ann, ben = [await db(make_user)(n) for n in ("ann", "ben")]
    sa, sb = [await opener.connect(u) for u in (ann, ben)]
    tournament = await db(tournaments.tournament_create)(
        user=ann,
        name="Cup",
        game="reversi",
        options={"size": 6},
        clock={"initial": 60, "increment": 1},
        format="round_robin",
        starts_at=None,
    )
    await db(tournaments.tournament_join)(tournament_id=tournament.pk, user=ann)
    await db(tournaments.tournament_join)(tournament_id=tournament.pk, user=ben)
    assert await db(tournaments.tournament_start)(tournament_id=tournament.pk) is False  # not yet time
    await db(type(tournament).objects.filter(pk=tournament.pk).update)(starts_at=timezone.now())
    assert await db(tournaments.tournament_start)(tournament_id=tournament.pk) is True
    seen = {}
    for socket in (sa, sb):
        for _ in range(2):  # its match_started and its tournament_round, in either order
            event = await socket.recv()
            seen.setdefault(socket, {})[event["type"]] = event
    for socket in (sa, sb):
        round_event, started_event = seen[socket]["tournament_round"], seen[socket]["match_started"]
        assert round_event["tournament"] == {
            "id": tournament.pk,
            "name": "Cup",
            "round": 1,
            "url": f"/t/{tournament.pk}/",
        }
        assert round_event["match"] == started_event["match"]
    assert {seen[s]["tournament_round"]["match"]["you"] for s in (sa, sb)} == {0, 1}


async def test_a_match_socket_opened_with_a_token_closes_when_the_token_is_revoked(opener):
    ann, ben = [await db(make_user)(n) for n in ("tka", "tkb")]
    token, raw = await db(ApiToken.issue)(user=ben, name="bot")
    match = await db(services.match_create)(user=ann, game="reversi", options={}, opponent="invite", side=0)
    await db(services.match_join)(match_id=match.pk, user=ben)
    app = TokenAuthMiddleware(URLRouter(websocket_urlpatterns))
    ws = WebsocketCommunicator(
        app, f"/ws/matches/{match.pk}/", headers=[(b"authorization", f"Bearer {raw}".encode())]
    )
    ws.scope["user"] = AnonymousUser()
    assert (await ws.connect(TIMEOUT))[0]
    first = json.loads(await ws.receive_from(TIMEOUT))
    assert first["type"] == "state" and first["match"]["you"] == 1  # the token's user, seated

    def revoke() -> int:
        client = DjangoClient()
        client.force_login(ben)
        return client.post(f"/accounts/tokens/{token.pk}/revoke/").status_code

    assert await db(revoke)() == 302
    while (out := await ws.receive_output(TIMEOUT))["type"] != "websocket.close":
        pass  # a state about the match may come first
    assert out["code"] == 4401
    await ws.disconnect()


async def test_a_lobby_socket_opened_with_a_token_closes_when_the_token_is_revoked():
    """Issue 24 (9): protocol.md says every socket opened with a token closes on revoke; the
    lobby's kept hearing its user's hints."""
    ben = await db(make_user)("tkl")
    token, raw = await db(ApiToken.issue)(user=ben, name="bot")
    app = TokenAuthMiddleware(URLRouter(websocket_urlpatterns))
    ws = WebsocketCommunicator(app, "/ws/lobby/", headers=[(b"authorization", f"Bearer {raw}".encode())])
    ws.scope["user"] = AnonymousUser()
    assert (await ws.connect(TIMEOUT))[0]
    await ws.send_to(text_data=json.dumps({"type": "ping"}))
    assert json.loads(await ws.receive_from(TIMEOUT))["type"] == "pong"  # in its groups by now

    def revoke() -> int:
        client = DjangoClient()
        client.force_login(ben)
        return client.post(f"/accounts/tokens/{token.pk}/revoke/").status_code

    assert await db(revoke)() == 302
    out = await ws.receive_output(TIMEOUT)
    assert (out["type"], out.get("code")) == ("websocket.close", 4401)
    await ws.disconnect()
