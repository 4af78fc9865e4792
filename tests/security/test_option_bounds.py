"""Finding 2: a seed far beyond 64 bits was accepted (201) and then broke every socket of the
match (1011: the state no longer round-tripped through JSON). Integer options are bounded."""

from __future__ import annotations

import pytest

from tests.support.client import Player


@pytest.mark.parametrize(
    "game, seed",
    [
        ("journey", "7" * 400),
        ("journey", "7" * 25),
        # alpha_battle's seed is a text option of at most 30 characters: 400 digits were
        # always refused, 30 digits were not.
        ("alpha_battle", "7" * 30),
        ("alpha_battle", "9007199254740992"),  # one past the largest safe JSON integer
    ],
)
def test_out_of_range_seed_is_refused(live, game, seed):
    player = Player(live.url).signup()
    r = player.api("POST", "/api/matches/", {"game": game, "options": {"seed": seed}, "opponent": "open"})
    assert r.status_code == 400, r.text[:300]
    body = r.json()
    assert body["error"] == "bad_options" and isinstance(body["message"], str) and body["message"]


async def test_journey_seed_in_range_still_plays(site):
    a, b = site.player("a"), site.player("b")
    match = a.create("journey", options={"seed": "42"}, opponent="open", side=0)
    assert match["options"]["seed"] == 42
    b.join(match["id"])
    sock = await site.socket(a, match["id"])
    state = await sock.wait_state(lambda m: m["status"] == "active" and m["you"] == 0)
    assert state["turn"] == 0
    target = next([x, y] for x in range(10) for y in range(10) if state["board"]["grid"][x][y] == "")
    await sock.move({"target": target})
    after = await sock.wait_state(lambda m: m["ply"] > state["ply"])
    assert after["ply"] == 1


async def test_alpha_battle_largest_seed_still_plays(site):
    a, b = site.player("a"), site.player("b")
    match = a.create("alpha_battle", options={"seed": "9007199254740991"}, opponent="open", side=0)
    sock = await site.socket(a, match["id"])
    await sock.wait_state()
    b.join(match["id"])  # both setups are dealt from the seed: decided at once
    state = await sock.wait_state(lambda m: m["status"] == "finished")
    assert state["board"]["revealed"] is True and state["result"]["message"]
