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


@pytest.mark.parametrize(
    "slug,options,levels",
    [
        ("reversi", {"size": 6}, ["strong", "greedy"]),
        ("othello", {}, ["greedy", "random"]),
        ("connect_four", {"rows": 4, "columns": 5}, ["strong", "medium"]),  # ends in 20 plies at most
        ("reversi_1d", {}, ["strong", "strong"]),
        ("alpha_battle", {}, ["strong", "random"]),
    ],
)
async def test_every_level_plays_a_whole_match_on_the_site(daphne_server, slug, options, levels):
    """The levels run in the server's search process, each move legal (the server checks it
    as it checks a person's), until the end; the stored replay holds every ply."""
    viewer = Player(daphne_server.url).signup()
    created = viewer.create(game=slug, options=options, opponent="computer", side="watch", level=levels)
    assert [p["computer"] for p in created["players"]] == levels
    sock = await viewer.socket(created["id"])
    final = await sock.wait_state(lambda m: m["status"] == "finished", timeout=120)
    await sock.close()
    assert final["result"]["message"]
    replay = viewer.get(final["replay_url"].replace("/r/", "/api/replays/")).json()
    assert [m["ply"] for m in replay["moves"]] == list(range(1, final["ply"] + 1))


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
