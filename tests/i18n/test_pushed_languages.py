"""Pushed pages speak their reader's language: a lobby row or a tournament pushed by a change
one person made reaches every open page in that page's language (the language of its
socket's handshake), whoever caused it; codes and protocol values stay as they are.

In-process: Channels' communicator on the real routing and services, the in-memory layer."""

from __future__ import annotations

import json
from datetime import timedelta

import pytest
from channels.routing import URLRouter
from channels.testing import WebsocketCommunicator
from django.contrib.auth.models import AnonymousUser
from django.utils import timezone

from accounts.services import challenge_create
from games.matches import services
from games.realtime.routing import websocket_urlpatterns
from games.tournaments import services as tournaments
from games.tournaments.models import Tournament
from tests.platform.conftest import TIMEOUT, db, make_user

pytestmark = pytest.mark.django_db(transaction=True)

LOBBY = "/ws/lobby/?push=lobby"


async def opened(user, path: str, language: str) -> WebsocketCommunicator:
    """A socket of ``user`` opened by a page whose browser asks for ``language``."""
    ws = WebsocketCommunicator(
        URLRouter(websocket_urlpatterns), path, headers=[(b"accept-language", language.encode())]
    )
    ws.scope["user"] = user
    connected, _ = await ws.connect(TIMEOUT)
    assert connected
    return ws


async def until(ws: WebsocketCommunicator, kind: str) -> dict:
    while (frame := json.loads(await ws.receive_from(TIMEOUT)))["type"] != kind:
        pass
    return frame


async def test_a_pushed_row_reaches_each_lobby_in_its_own_language():
    alice, bob = await db(make_user)("alice"), await db(make_user)("bob")
    english, french = await opened(AnonymousUser(), LOBBY, "en"), await opened(AnonymousUser(), LOBBY, "fr")
    theirs = await opened(bob, LOBBY, "fr")  # bob's page is in French, alice's (below) in English
    for ws in (english, french, theirs):
        await until(ws, "lobby_snapshot")
    match = await db(services.match_create)(user=alice, game="reversi", options={}, opponent="open", side=0)
    seat_en, seat_fr = [await until(ws, "open_seat") for ws in (english, french)]
    assert seat_en["seat"]["id"] == seat_fr["seat"]["id"] == match.pk
    assert ">Join<" in seat_en["seat"]["html"] and "Rejoindre" not in seat_en["seat"]["html"]
    assert ">Rejoindre<" in seat_fr["seat"]["html"]
    assert (await until(theirs, "open_seat"))["seat"]["html"] == seat_fr["seat"]["html"]

    mine = await opened(alice, LOBBY, "en")
    await until(mine, "lobby_snapshot")
    await db(services.match_join)(match_id=match.pk, user=bob)  # bob's move: alice's row in English
    assert "your turn" in (await until(mine, "my_match"))["match"]["html"]
    bobs = (await until(theirs, "my_match"))["match"]
    assert bobs["your_turn"] is False and "your turn" not in bobs["html"]
    move = match.rules.legal_moves(match.state, 0)[0]
    await db(services.move_play)(match_id=match.pk, user=alice, ply=0, move=move)  # alice's: bob's in French
    assert "à vous" in (await until(theirs, "my_match"))["match"]["html"]
    for ws in (english, french, theirs, mine):
        await ws.disconnect()


async def test_a_tournament_is_pushed_in_each_pages_language_and_its_codes_stay():
    ann, bob = await db(make_user)("ann"), await db(make_user)("bob")
    cup = await db(tournaments.tournament_create)(
        user=ann, name="Cup", game="reversi", options={"size": 6}, clock={"initial": 60, "increment": 0}
    )
    english, russian = [
        await opened(AnonymousUser(), f"/ws/tournaments/{cup.pk}/", language) for language in ("en", "ru")
    ]
    for ws in (english, russian):
        await until(ws, "tournament")
    # entered by ann, whose request spoke English
    await db(tournaments.tournament_join)(tournament_id=cup.pk, user=ann, level="random")
    frames = [await until(ws, "tournament") for ws in (english, russian)]
    names = [frame["tournament"]["standings"][0]["name"] for frame in frames]
    assert names == ["Computer (random)", "Компьютер (случайный)"]
    await db(tournaments.tournament_join)(tournament_id=cup.pk, user=ann)
    await db(tournaments.tournament_join)(tournament_id=cup.pk, user=bob)
    await db(Tournament.objects.filter(pk=cup.pk).update)(starts_at=timezone.now() - timedelta(seconds=1))
    assert await db(tournaments.tournament_start)(tournament_id=cup.pk)
    for ws in (english, russian):
        while (running := (await until(ws, "tournament"))["tournament"])["status"] != "running":
            pass
        (bye,) = [p for p in running["rounds"][0]["pairings"] if p["second"] is None]  # three players
        assert bye["result"] == "bye" and bye["status"] == "bye"  # protocol values, in Russian too
        await ws.disconnect()


async def test_a_challenge_reaches_each_of_the_challenged_persons_bells_in_its_language():
    ann, bob = await db(make_user)("ann"), await db(make_user)("bob")
    bells = [await opened(bob, "/ws/lobby/?push=bell", language) for language in ("en", "ru")]
    for bell in bells:
        await until(bell, "unread")
    await db(challenge_create)(user=ann, to="bob", game="connect_four", options={}, side=0)
    english, russian = [(await until(bell, "challenge"))["challenge"] for bell in bells]
    assert english["name"] == russian["name"] == "Connect Four"  # the protocol's field, as it was
    assert english["game_name"] == "Connect Four" and russian["game_name"] == "Четыре в ряд"
    for bell in bells:
        await bell.disconnect()
