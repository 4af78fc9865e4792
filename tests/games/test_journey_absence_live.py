"""The Journey: a player who left for good is skipped after a timeout so the others finish."""

from __future__ import annotations

import asyncio

import pytest

from tests.support.client import Player
from tests.support.server import serving


@pytest.fixture
def quick_skip_server(tmp_path):
    with serving(tmp_path, {"ABSENT_SKIP_SECONDS": "1"}) as server:
        yield server


async def test_absent_warrior_is_skipped(quick_skip_server):
    url = quick_skip_server.url
    a, b = Player(url).signup(), Player(url).signup()
    created = a.create(game="journey", options={"mode": "alliance", "players": 2, "seed": "9"}, side=0)
    b.join(created["id"])
    sb = await b.socket(created["id"])
    await sb.wait_state()
    await sb.close()  # B leaves for good
    sa = await a.socket(created["id"])
    view = await sa.wait_state(lambda m: m["status"] == "active")
    assert view["turn"] == 0
    own = view["board"]["warriors"][0]["pos"]
    free = next(
        [x, y]
        for x in range(10)
        for y in range(10)
        if view["board"]["grid"][x][y].strip() == "" and [x, y] != own
    )
    await sa.send({"type": "move", "ply": view["ply"], "move": {"target": free}})
    moved = await sa.wait_state(lambda m: m["ply"] == view["ply"] + 1)
    assert moved["turn"] == 1
    back = await sa.wait_state(lambda m: m["ply"] == view["ply"] + 2, timeout=15)
    assert back["turn"] == 0 and back["last_move"] == {
        "ply": view["ply"] + 2,
        "seat": 1,
        "move": {"skip": True},
    }
    await sa.close()


@pytest.fixture
def slow_skip_server(tmp_path):
    """Skips after 2 s: time enough for the last player to close their socket first."""
    with serving(tmp_path, {"ABSENT_SKIP_SECONDS": "2"}) as server:
        yield server


async def test_the_journey_pauses_while_every_player_is_away(slow_skip_server):
    """Issue 28: with both allies gone the server skipped turn after turn (round 9 -> 20 in 20
    minutes); now it waits for a player, and goes on once one is back."""
    url = slow_skip_server.url
    a, b = Player(url).signup(), Player(url).signup()
    created = a.create(game="journey", options={"mode": "alliance", "players": 2, "seed": "9"}, side=0)
    b.join(created["id"])
    sb = await b.socket(created["id"])
    await sb.wait_state()
    await sb.close()  # B leaves
    sa = await a.socket(created["id"])
    view = await sa.wait_state(lambda m: m["status"] == "active")
    assert not view.get("paused")
    own = view["board"]["warriors"][0]["pos"]
    free = next(
        [x, y]
        for x in range(10)
        for y in range(10)
        if view["board"]["grid"][x][y].strip() == "" and [x, y] != own
    )
    await sa.send({"type": "move", "ply": view["ply"], "move": {"target": free}})
    moved = await sa.wait_state(lambda m: m["ply"] == view["ply"] + 1)
    assert moved["turn"] == 1
    await sa.close()  # A leaves too, before B's turn is skipped: nobody is there

    await asyncio.sleep(7)  # three skip delays: before, B then A then B were skipped
    now = a.match(created["id"])
    assert (now["ply"], now["status"]) == (moved["ply"], "active")  # nobody was skipped
    assert now["paused"] is True

    sa = await a.socket(created["id"])  # A is back: B's turn is skipped again, once
    back = await sa.wait_state(lambda m: m["ply"] == moved["ply"] + 1, timeout=15)
    assert back["paused"] is False and back["turn"] == 0
    assert back["last_move"] == {"ply": moved["ply"] + 1, "seat": 1, "move": {"skip": True}}
    await sa.close()
