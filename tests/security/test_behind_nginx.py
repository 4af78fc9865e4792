"""Issue 24 (4): behind the documented proxy, everyone was one address. Debian's nginx, with
the ``location`` block of docs/deploy.md, now stands in front of daphne (TRUSTED_PROXIES=
127.0.0.1, the address nginx connects from), and each client is counted by its own address:
five wrong passwords lock out their sender only, the socket cap closes one client's extra
socket only. A client that reaches daphne itself, or writes its own X-Forwarded-For, still
cannot choose the address it is counted by.

Clients connect from their own loopback addresses (127.0.0.x: Linux routes all of 127/8 to
the loopback), so nginx sees real, different peers and writes them in X-Forwarded-For."""

from __future__ import annotations

import contextlib
import itertools

import pytest
import requests
import websockets
from requests.adapters import HTTPAdapter

from tests.support.backing import Nginx, documented_location
from tests.support.client import PASSWORD, Player

from .conftest import login

MAX_PER_ADDRESS = 3
SERVER_ENV = {"TRUSTED_PROXIES": "127.0.0.1", "MAX_SOCKETS_PER_ADDRESS": str(MAX_PER_ADDRESS)}
LOCKED = "Too many wrong passwords"
_fake = (f"203.0.113.{n}" for n in itertools.count(1))  # addresses a client claims to have


@pytest.fixture(scope="module")
def nginx(live):
    proxy = Nginx(live.port, documented_location()).start()
    yield proxy
    proxy.stop()


class _FromAddress(HTTPAdapter):
    def __init__(self, address: str) -> None:
        self.address = address  # read by init_poolmanager, which HTTPAdapter's __init__ calls
        super().__init__()

    def init_poolmanager(self, *args, **kwargs) -> None:
        super().init_poolmanager(*args, source_address=(self.address, 0), **kwargs)


def session_from(address: str, spoof: bool = False) -> requests.Session:
    """An HTTP session connecting from ``address``; with ``spoof``, each request claims
    another address in its own X-Forwarded-For."""
    http = requests.Session()
    http.mount("http://", _FromAddress(address))
    if spoof:
        http.hooks["response"].append(lambda r, **_: http.headers.update({"X-Forwarded-For": next(_fake)}))
        http.headers["X-Forwarded-For"] = next(_fake)
    return http


def lock_out(base_url: str, username: str, http: requests.Session) -> requests.Response:
    """Five wrong passwords (the fifth locks: test_login_throttle.py), then the right one:
    its response."""
    statuses = [login(base_url, username, "wrong-" + PASSWORD, http=http)[1].status_code for _ in range(5)]
    assert statuses[:4] == [200] * 4, statuses
    return login(base_url, username, PASSWORD, http=http)[1]


def test_wrong_passwords_lock_out_their_sender_only(live, nginx):
    victim = Player(live.url).signup()
    # The guesser also claims a new address each time: nginx appends the real one.
    r = lock_out(nginx.url, victim.username, session_from("127.0.0.11", spoof=True))
    assert r.status_code == 429 and LOCKED in r.text
    # The owner, elsewhere, logs in through the same nginx.
    _, r = login(nginx.url, victim.username, http=session_from("127.0.0.12"))
    assert r.status_code == 302 and LOCKED not in r.text


def test_nobody_reaching_daphne_itself_chooses_an_address(live, nginx):
    victim = Player(live.url).signup()
    # 127.0.0.31 is not a trusted proxy: its X-Forwarded-For (a new one each time) is ignored.
    r = lock_out(live.url, victim.username, session_from("127.0.0.31", spoof=True))
    assert r.status_code == 429 and LOCKED in r.text


async def lobby_answer(base_ws: str, address: str, stack: contextlib.AsyncExitStack, **headers) -> object:
    """Open a lobby socket from ``address`` and ping it: "pong", or the close code."""
    conn = await stack.enter_async_context(
        websockets.connect(f"{base_ws}/ws/lobby/", local_addr=(address, 0), additional_headers=headers)
    )
    try:
        await conn.send('{"type": "ping"}')
        return "pong" if '"pong"' in await conn.recv() else "?"
    except websockets.ConnectionClosed as exc:
        return exc.rcvd.code if exc.rcvd is not None else None


async def test_the_socket_cap_counts_each_client_behind_the_proxy(live, nginx):
    async with contextlib.AsyncExitStack() as stack:
        for _ in range(MAX_PER_ADDRESS):
            assert await lobby_answer(nginx.ws_url, "127.0.0.21", stack) == "pong"
        assert await lobby_answer(nginx.ws_url, "127.0.0.21", stack) == 4429
        claim = {"X-Forwarded-For": next(_fake)}  # a claimed address changes nothing
        assert await lobby_answer(nginx.ws_url, "127.0.0.21", stack, **claim) == 4429
        assert await lobby_answer(nginx.ws_url, "127.0.0.22", stack) == "pong"


async def test_the_socket_cap_cannot_be_dodged_without_the_proxy(live):
    async with contextlib.AsyncExitStack() as stack:
        for _ in range(MAX_PER_ADDRESS):
            claim = {"X-Forwarded-For": next(_fake)}
            assert await lobby_answer(live.ws_url, "127.0.0.32", stack, **claim) == "pong"
        claim = {"X-Forwarded-For": next(_fake)}
        assert await lobby_answer(live.ws_url, "127.0.0.32", stack, **claim) == 4429
