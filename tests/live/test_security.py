"""Origin checks on the socket, CSRF on forms, staff-only admin."""

from __future__ import annotations

import pytest
import requests
import websockets

from tests.support.client import Player


@pytest.mark.parametrize(
    "origin", ["http://evil.example", "https://evil.example", "http://127.0.0.1.evil.example"]
)
async def test_foreign_origin_is_refused(site, origin):
    alice = site.player("a")
    created = alice.create(options={"size": 6})
    with pytest.raises(websockets.InvalidStatus) as refused:
        await site.socket(alice, created["id"], origin=origin)
    assert refused.value.response.status_code == 403
    # the match is untouched and nobody got a seat or presence from it
    assert alice.match(created["id"])["players"][0]["connected"] is False


@pytest.mark.parametrize("host", ["127.0.0.1", "localhost"])
async def test_own_origin_is_accepted(site, host):
    alice = site.player("a")
    created = alice.create(options={"size": 6})
    sock = await site.socket(alice, created["id"], origin=f"http://{host}:{site.server.port}")
    state = await sock.wait_state()
    assert state["id"] == created["id"] and state["you"] == 0
    await sock.send({"type": "ping"})
    assert await sock.wait_for(lambda m: m["type"] != "state") == {"type": "pong"}


async def test_unknown_match_socket_is_closed(site):
    sock = await site.socket(site.anon(), "no-such-match")
    with pytest.raises(websockets.ConnectionClosed) as closed:
        await sock.recv()
    assert closed.value.rcvd is not None and closed.value.rcvd.code == 4404


def test_admin_is_staff_only(daphne_server):
    user = Player(daphne_server.url).signup()
    r = user.http.get(daphne_server.url + "/admin/", allow_redirects=False, timeout=10)
    assert r.status_code == 302
    assert r.headers["Location"].startswith("/admin/login/")
    r = user.http.get(daphne_server.url + "/admin/games/match/", allow_redirects=False, timeout=10)
    assert r.status_code == 302 and r.headers["Location"].startswith("/admin/login/")
    anon = requests.get(daphne_server.url + "/admin/", allow_redirects=False, timeout=10)
    assert anon.status_code == 302 and anon.headers["Location"].startswith("/admin/login/")


def test_forms_need_the_csrf_token(daphne_server):
    http = requests.Session()
    http.get(daphne_server.url + "/accounts/signup/", timeout=10)
    r = http.post(
        daphne_server.url + "/accounts/signup/",
        data={"username": "nocsrf", "password1": "Correct-Horse-42", "password2": "Correct-Horse-42"},
        allow_redirects=False,
        timeout=10,
    )
    assert r.status_code == 403
    user = Player(daphne_server.url).signup()
    r = user.http.post(
        daphne_server.url + "/m/new/",
        data={"game": "reversi", "opponent": "invite", "side": "0"},
        allow_redirects=False,
        timeout=10,
    )
    assert r.status_code == 403
