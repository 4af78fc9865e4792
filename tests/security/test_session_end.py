"""Finding 5: a match socket outlived its session: after logging out (or a password change,
which ends the user's other sessions) the socket still played as the user. Now every socket
of the user is closed with 4401, and a move sent on it is not stored."""

from __future__ import annotations

import asyncio
import time

import pytest
import requests
import websockets

from tests.live.helpers import Table, stored
from tests.support.client import PASSWORD

from .conftest import close_code, login


def log_out(base_url: str, http: requests.Session) -> None:
    r = http.post(
        base_url + "/accounts/logout/",
        data={"csrfmiddlewaretoken": http.cookies["csrftoken"]},
        allow_redirects=False,
        timeout=10,
    )
    assert r.status_code == 302, r.text[:300]


def change_password(base_url: str, http: requests.Session) -> None:
    http.get(base_url + "/accounts/password_change/", timeout=10)
    r = http.post(
        base_url + "/accounts/password_change/",
        data={
            "old_password": PASSWORD,
            "new_password1": "Another-Horse-43",
            "new_password2": "Another-Horse-43",
            "csrfmiddlewaretoken": http.cookies["csrftoken"],
        },
        allow_redirects=False,
        timeout=10,
    )
    assert r.status_code == 302 and "password_change/done" in r.headers["Location"], r.text[:300]


async def left(table: Table, seat: int = 0, timeout: float = 5) -> None:
    """Wait until the server has handled the disconnect of every socket of ``seat``'s player
    (presence shows them gone): whatever those sockets sent before has been handled too."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while table.b.match(table.id)["players"][seat]["connected"]:
        assert loop.time() < deadline, "the player still shows as connected"
        await asyncio.sleep(0.05)


async def ends_session(site, table: Table, end) -> None:
    """``end()`` ends A's session: both of A's sockets close with 4401, a move A then tries
    to send goes nowhere and nothing is stored; B's socket lives on."""
    elsewhere = await site.socket(table.a, table.id)  # A's second socket
    await elsewhere.wait_state()
    await table.sb.drain()
    before = stored(table)
    end()
    assert await close_code(table.sa) == 4401
    assert await close_code(elsewhere) == 4401
    with pytest.raises(websockets.ConnectionClosed):
        await table.sa.move(table.sa.state["legal_moves"][0], pace=False)
    await left(table)
    assert stored(table) == before
    seen_by_b = [m["match"]["ply"] for m in await table.sb.barrier() if m["type"] == "state"]
    assert set(seen_by_b) <= {before[0]}  # presence updates only


async def test_logout_in_the_same_session_closes_the_sockets(site):
    table = await site.table(options={"size": 6})
    await ends_session(site, table, lambda: log_out(site.server.url, table.a.http))


async def test_logout_in_another_session_closes_the_sockets(site):
    table = await site.table(options={"size": 6})
    other, r = login(site.server.url, table.a.username)
    assert r.status_code == 302
    await ends_session(site, table, lambda: log_out(site.server.url, other))


async def test_password_change_in_another_session_closes_the_sockets(site):
    table = await site.table(options={"size": 6})
    other, r = login(site.server.url, table.a.username)
    assert r.status_code == 302
    await ends_session(site, table, lambda: change_password(site.server.url, other))
    r = table.a.api("POST", "/api/matches/", {"game": "reversi"})
    assert r.status_code == 401  # the old session is over too


async def test_move_sent_after_logout_before_the_close_arrives_is_not_stored(site):
    table = await site.table(options={"size": 6})
    before = stored(table)
    blocked = time.monotonic()
    log_out(site.server.url, table.a.http)  # the logout has answered: the session is over
    blocked = time.monotonic() - blocked
    # The client has not read the close frame yet (its loop was blocked in the logout call),
    # so this frame still goes out.
    await table.sa.move(table.sa.state["legal_moves"][0], pace=False)
    code = await close_code(table.sa)
    # A peer that leaves the server's close unanswered for 1 s (autobahn's close handshake
    # timeout) is dropped (no close frame read: None); a busy machine can block this client
    # that long in the logout call.
    assert code == 4401 or (code is None and blocked > 0.9), (code, blocked)
    await left(table)
    assert stored(table) == before
