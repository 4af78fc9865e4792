"""Computer players on the live server: a computer-vs-computer match plays itself out."""

from __future__ import annotations

import pytest

from tests.support.client import Player


@pytest.mark.parametrize("slug,options", [("reversi", {"size": 4}), ("reversi_1d", {}), ("alpha_battle", {})])
async def test_watch_computer_against_computer(daphne_server, slug, options):
    viewer = Player(daphne_server.url).signup()
    created = viewer.create(game=slug, options=options, opponent="computer", side="watch", level="random")
    assert [p["computer"] for p in created["players"]] == ["random", "random"]
    assert created["you"] is None and created["status"] == "active"
    sock = await viewer.socket(created["id"])
    final = await sock.wait_state(lambda m: m["status"] == "finished", timeout=60)
    assert final["result"]["message"] and final["legal_moves"] == []
    await sock.close()


def test_watching_needs_the_computer(daphne_server):
    viewer = Player(daphne_server.url).signup()
    r = viewer.api("POST", "/api/matches/", {"game": "reversi", "opponent": "invite", "side": "watch"})
    assert r.status_code == 400 and r.json()["error"] == "bad_options"
    r = viewer.api(
        "POST",
        "/api/matches/",
        {"game": "reversi", "opponent": "computer", "side": "watch", "level": ["random"]},
    )
    assert r.status_code == 400 and "level" in r.json()["message"]
