"""Quick pairing on one real daphne process (issue 25): two people entering a pool over HTTP
are paired, both lobby sockets hear it, and both see the new match; a bot enters only when
its owner allowed it, and meets a person only if that person allows bots: it hears its match
on the event socket like any other."""

from __future__ import annotations

import asyncio

import requests
import websockets

from tests.support.bots import bearer, become_bot, issue_token
from tests.support.client import Player, Socket

POOL = "connect_four-3+2-casual"


async def lobby_socket(site, player: Player) -> Socket:
    conn = await websockets.connect(
        site.server.ws_url + "/ws/lobby/",
        additional_headers={"Cookie": player.cookie_header(), "Origin": site.server.url},
        open_timeout=5,
    )
    return Socket(conn)


def allow_bots(player: Player) -> None:
    r = player.http.post(
        player.base + "/accounts/pairing-bots/",
        data={"pair_with_bots": "on", "csrfmiddlewaretoken": player.http.cookies["csrftoken"]},
        allow_redirects=False,
        timeout=10,
    )
    assert r.status_code == 302


async def test_two_people_are_paired_and_both_lobbies_hear_it(site):
    ann, ben = site.player("ann"), site.player("ben")
    la, lb = await lobby_socket(site, ann), await lobby_socket(site, ben)
    entered = await asyncio.to_thread(ann.api, "POST", f"/api/pools/{POOL}/")
    assert entered.status_code == 201 and entered.json() == {"waiting": POOL, "match": None}
    await lb.wait_for(lambda m: "pools" in m.get("changed", []))
    row = next(p for p in ben.api("GET", "/api/pools/").json()["pools"] if p["key"] == POOL)
    assert row["waiting"] >= 1
    paired = (await asyncio.to_thread(ben.api, "POST", f"/api/pools/{POOL}/")).json()
    assert paired["match"]
    await la.wait_for(lambda m: "mine" in m.get("changed", []))
    assert ann.api("GET", "/api/pools/").json()["mine"] == {"waiting": None, "match": paired["match"]}
    seen = ann.match(paired["match"])
    assert seen["status"] == "active" and {p["username"] for p in seen["players"]} == {
        ann.username,
        ben.username,
    }
    assert seen["clock"] is not None
    for sock in (la, lb):
        await sock.close()


async def test_refusals_over_http(site):
    ann = site.player("ann")
    r = ann.api("POST", "/api/pools/othello-7+7-rated/")
    assert (r.status_code, r.json()["error"]) == (404, "unknown_pool")
    anonymous = requests.post(site.server.url + "/api/pools/othello-1+0-rated/", timeout=10)
    assert anonymous.status_code in (401, 403)
    assert ann.api("POST", "/api/pools/leave/").json()["left"] is False


async def test_a_bot_enters_only_when_allowed_and_meets_people_who_allow_bots(site):
    shy = site.player("shy")
    shy_token = issue_token(shy)
    become_bot(shy)
    r = requests.post(site.server.url + f"/api/pools/{POOL}/", headers=bearer(shy_token), timeout=10)
    assert (r.status_code, r.json()["error"]) == (403, "bots_not_pooled")

    owner = site.player("botowner")
    allow_bots(owner)  # set before the switch: a bot logs in with tokens only
    token = issue_token(owner)
    become_bot(owner)
    events = Socket(
        await websockets.connect(
            site.server.ws_url + "/ws/events/", additional_headers=bearer(token), open_timeout=5
        )
    )
    pool = "reversi_1d-1+0-casual"
    r = requests.post(site.server.url + f"/api/pools/{pool}/", headers=bearer(token), timeout=10)
    assert r.status_code == 201 and r.json()["waiting"] == pool
    person = site.player("friendly")
    allow_bots(person)
    paired = person.api("POST", f"/api/pools/{pool}/").json()
    assert paired["match"]
    started = await events.wait_for(lambda m: m["type"] == "match_started")
    assert started["match"]["id"] == paired["match"]
    await events.close()
