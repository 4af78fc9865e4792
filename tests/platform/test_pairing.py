"""Quick pairing (issue 25) in-process: the real services, API and lobby socket.

Two people in one pool are paired into one new match (rated or casual, the pool's clock);
closest ratings first, the gap widening with the wait; one pool at a time; bots only when
their account allows it, and with people only who allow bots; the waiting quota; every
refusal code; the lobby hears ``pools`` when counts change."""

from __future__ import annotations

import json
import threading
import time
from datetime import timedelta

import pytest
from channels.routing import URLRouter
from channels.testing import WebsocketCommunicator
from django.db import connection, transaction
from django.test import Client
from django.utils import timezone

from accounts.models import Account
from games.matches import services
from games.matches.errors import ServiceError
from games.matches.models import Match, PoolEntry, Rating
from games.matches.pairing import matchmaking as pairing
from games.matches.pairing.pools import POOLS, allowed_gap
from games.realtime.routing import websocket_urlpatterns

from .conftest import TIMEOUT, db, make_user

pytestmark = pytest.mark.django_db(transaction=True)


def person(name: str, *, bots: bool = False, bot: bool = False, rating: float | None = None):
    user = make_user(name)
    if bots or bot:
        Account.objects.create(user=user, bot=bot, pair_with_bots=bots)
    if rating is not None:
        Rating.objects.create(user=user, game="othello", rating=rating, deviation=60, volatility=0.06)
    return user


def test_the_grid_has_the_issues_settings():
    keys = set(POOLS)
    for game in ("reversi", "othello"):
        for clock in ("1+0", "3+2", "5+3", "10+0", "15+10", "3d"):
            assert {f"{game}-{clock}-rated", f"{game}-{clock}-casual"} <= keys
    assert {f"connect_four-{c}-rated" for c in ("1+0", "3+2", "5+3", "3d")} <= keys
    assert "connect_four-10+0-rated" not in keys
    assert {f"reversi_1d-{c}-casual" for c in ("1+0", "3+2", "3d")} <= keys
    assert POOLS["reversi-5+3-rated"].options == {"size": 8} and POOLS["reversi-5+3-rated"].rated
    assert POOLS["connect_four-3d-casual"].clock == {"days": 3}


def test_two_people_in_one_pool_are_paired_into_one_match():
    ann, ben = person("ann"), person("ben")
    first = pairing.pool_enter(user=ann, pool="othello-5+3-rated")
    assert first.match_id is None
    assert pairing.pool_counts()["othello-5+3-rated"] == {"waiting": 1, "playing": 0}
    second = pairing.pool_enter(user=ben, pool="othello-5+3-rated")
    match = Match.objects.get(pk=second.match_id)
    assert PoolEntry.objects.get(pk=first.pk).match_id == match.pk
    assert match.status == Match.Status.ACTIVE and match.rated and match.game == "othello"
    assert match.time_control == {"initial": 300, "increment": 3}
    assert {s.user_id for s in match.seats.all()} == {ann.pk, ben.pk}
    assert pairing.pool_counts()["othello-5+3-rated"] == {"waiting": 0, "playing": 1}
    assert pairing.pools_public(ann)["mine"] == {"waiting": None, "match": match.pk}


def test_a_second_pool_moves_you_and_leaving_empties_it():
    ann = person("ann")
    pairing.pool_enter(user=ann, pool="othello-1+0-casual")
    pairing.pool_enter(user=ann, pool="reversi-3+2-casual")
    assert list(PoolEntry.objects.values_list("pool", flat=True)) == ["reversi-3+2-casual"]
    assert pairing.pools_public(ann)["mine"]["waiting"] == "reversi-3+2-casual"
    assert pairing.pool_leave(user=ann) is True
    assert pairing.pool_leave(user=ann) is False
    assert not PoolEntry.objects.exists()


def test_switching_pools_while_paired_in_the_first_gives_that_match_only():
    """A pairer holds ann's entry in the pool she leaves (locked, pairing it) when she enters
    another: she gets that pairing, and waits nowhere else (before: a match *and* a wait)."""
    if connection.vendor == "sqlite":
        pytest.skip("one SQLite writer at a time: run on PostgreSQL by tests/scaleout/test_store_postgres.py")
    ann, ben = person("ann"), person("ben")
    entry = pairing.pool_enter(user=ann, pool="othello-1+0-casual")
    match = services.match_create(user=ben, game="othello", options={}, opponent=Match.Visibility.OPEN)
    locked, outcome = threading.Event(), {}

    def pairer() -> None:  # what pair_pool does to her entry, slowly
        try:
            with transaction.atomic():
                PoolEntry.objects.select_for_update().get(pk=entry.pk)
                locked.set()
                time.sleep(0.5)
                PoolEntry.objects.filter(pk=entry.pk).update(match=match)
        finally:
            connection.close()

    def enter() -> None:
        locked.wait()
        try:
            outcome["entry"] = pairing.pool_enter(user=ann, pool="reversi-3+2-casual")
        finally:
            connection.close()

    threads = [threading.Thread(target=pairer), threading.Thread(target=enter)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert (outcome["entry"].pk, outcome["entry"].match_id) == (entry.pk, match.pk)
    assert not PoolEntry.objects.filter(user=ann, match__isnull=True).exists()


def test_closest_ratings_first_and_the_gap_widens_with_the_wait():
    low, mid, high = person("low", rating=1200), person("mid", rating=1500), person("high", rating=1560)
    pairing.pool_enter(user=low, pool="othello-3+2-rated")
    pairing.pool_enter(user=mid, pool="othello-3+2-rated")  # 300 apart: not yet
    assert not Match.objects.exists()
    pairing.pool_enter(user=high, pool="othello-3+2-rated")  # 60 from mid: paired at once
    match = Match.objects.get()
    assert {s.user_id for s in match.seats.all()} == {mid.pk, high.pk}
    other = person("other", rating=1800)
    pairing.pool_enter(user=other, pool="othello-3+2-rated")  # 600 from low
    assert pairing.pair_waiting() == 0
    PoolEntry.objects.filter(match__isnull=True).update(created_at=timezone.now() - timedelta(seconds=11))
    assert allowed_gap(11) >= 600
    assert pairing.pair_waiting() == 1
    assert Match.objects.count() == 2


def test_bots_enter_only_when_allowed_and_meet_only_people_who_allow_bots():
    shy = person("shybot", bot=True)
    with pytest.raises(ServiceError) as refused:
        pairing.pool_enter(user=shy, pool="othello-1+0-casual")
    assert refused.value.code == "bots_not_pooled" and refused.value.status == 403
    bot, ann = person("bot", bot=True, bots=True), person("ann")
    pairing.pool_enter(user=bot, pool="othello-1+0-casual")
    pairing.pool_enter(user=ann, pool="othello-1+0-casual")
    PoolEntry.objects.update(created_at=timezone.now() - timedelta(seconds=60))
    assert pairing.pair_waiting() == 0  # ann does not allow bots, however long they wait
    ben = person("ben", bots=True)
    pairing.pool_enter(user=ben, pool="othello-1+0-casual")
    match = Match.objects.get()
    assert {s.user_id for s in match.seats.all()} == {bot.pk, ben.pk}


def test_unknown_pools_and_the_waiting_quota_are_refused(settings):
    ann = person("ann")
    with pytest.raises(ServiceError) as unknown:
        pairing.pool_enter(user=ann, pool="othello-2+1-rated")
    assert (unknown.value.code, unknown.value.status) == ("unknown_pool", 404)
    settings.QUOTA_WAITING_MATCHES = 1
    from games.matches import services

    services.match_create(user=ann, game="othello", options={}, opponent="open")
    with pytest.raises(ServiceError) as quota:
        pairing.pool_enter(user=ann, pool="othello-1+0-casual")
    assert quota.value.code == "too_many_open_matches"
    assert not PoolEntry.objects.exists()


def test_the_api_lists_enters_and_leaves():
    ann, ben = person("ann"), person("ben")
    anonymous = Client().get("/api/pools/").json()
    assert len(anonymous["pools"]) == len(POOLS) and anonymous["mine"] == {"waiting": None, "match": None}
    assert Client().post("/api/pools/othello-1+0-rated/").status_code in (401, 403)
    a, b = Client(), Client()
    a.force_login(ann)
    b.force_login(ben)
    assert a.post("/api/pools/nope/").json()["error"] == "unknown_pool"
    assert a.post("/api/pools/othello-1+0-rated/").json() == {"waiting": "othello-1+0-rated", "match": None}
    row = next(p for p in b.get("/api/pools/").json()["pools"] if p["key"] == "othello-1+0-rated")
    assert row["waiting"] == 1 and row["label"] == "1+0" and row["clock"] == {"initial": 60, "increment": 0}
    paired = b.post("/api/pools/othello-1+0-rated/")
    assert paired.status_code == 201 and paired.json()["match"]
    assert a.get("/api/pools/").json()["mine"]["match"] == paired.json()["match"]
    assert a.post("/api/pools/leave/").json()["left"] is False


async def test_the_lobby_hears_pools_when_counts_change():
    ann, ben = await db(person)("ann"), await db(person)("ben")
    ws = WebsocketCommunicator(URLRouter(websocket_urlpatterns), "/ws/lobby/")
    ws.scope["user"] = ann
    assert (await ws.connect(TIMEOUT))[0]
    await db(pairing.pool_enter)(user=ann, pool="othello-1+0-rated")
    assert json.loads(await ws.receive_from(TIMEOUT)) == {"type": "lobby", "changed": ["pools"]}
    await db(pairing.pool_enter)(user=ben, pool="othello-1+0-rated")
    changed: set[str] = set()
    while not {"pools", "mine"} <= changed:  # the pairing's counts; ann's new match
        changed |= set(json.loads(await ws.receive_from(TIMEOUT))["changed"])
    await ws.disconnect()


async def test_closing_the_last_lobby_socket_leaves_a_realtime_pool():
    """A page that crashed or lost the network sends no leave: its lobby socket closing does
    it, once the player's last lobby socket has closed. Correspondence waits stay."""
    ann, ben = await db(person)("ann"), await db(person)("ben")

    async def lobby(user) -> WebsocketCommunicator:
        ws = WebsocketCommunicator(URLRouter(websocket_urlpatterns), "/ws/lobby/")
        ws.scope["user"] = user
        assert (await ws.connect(TIMEOUT))[0]
        return ws

    first, second = await lobby(ann), await lobby(ann)
    await db(pairing.pool_enter)(user=ann, pool="othello-1+0-rated")
    await first.disconnect()  # another tab of hers is still open
    assert (await db(pairing.pools_public)(ann))["mine"]["waiting"] == "othello-1+0-rated"
    await second.disconnect()
    assert (await db(pairing.pools_public)(ann))["mine"]["waiting"] is None

    page = await lobby(ben)
    await db(pairing.pool_enter)(user=ben, pool="othello-3d-casual")
    await page.disconnect()
    assert (await db(pairing.pools_public)(ben))["mine"]["waiting"] == "othello-3d-casual"


def test_the_lobby_shows_the_grid_and_the_profile_sets_bots():
    ann = person("ann")
    anonymous = Client().get("/").content.decode()
    assert 'id="quick-pairing"' in anonymous and 'data-pool="othello-5+3-rated"' in anonymous
    assert "disabled" in anonymous.split('data-pool="othello-5+3-rated"')[1].split(">")[0]
    browser = Client()
    browser.force_login(ann)
    page = browser.get("/").content.decode()
    assert "data-signed-in" in page
    assert browser.post("/accounts/pairing-bots/", {"pair_with_bots": "on"}).status_code == 302
    assert Account.objects.get(user=ann).pair_with_bots
    browser.post("/accounts/pairing-bots/", {})
    assert not Account.objects.get(user=ann).pair_with_bots
