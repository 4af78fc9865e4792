"""Fixtures of the security tests: one live daphne per module, and a clean server log.

A module may set ``SERVER_ENV`` (a dict of environment variables) for its own server.
``ROOT`` is the tree whose code the servers and ``manage.py`` run: this project.
"""

from __future__ import annotations

import asyncio
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
import requests
import websockets

from tests.live.helpers import Site, server_errors
from tests.support import server as server_module
from tests.support.client import PASSWORD, Player, Socket, unique_name
from tests.support.server import LiveServer

ROOT = server_module.ROOT


@pytest.fixture(scope="module")
def live(request, tmp_path_factory) -> Iterator[LiveServer]:
    """A daphne process of this module's own, on a fresh database (env: ``SERVER_ENV``)."""
    env = getattr(request.module, "SERVER_ENV", {})
    server = LiveServer(tmp_path_factory.mktemp("security"), env=env, root=ROOT)
    server.migrate()
    server.start()
    yield server
    server.kill()


@pytest.fixture
def project_root() -> Path:
    """The tree whose ``manage.py`` the tests run (for tests without a server)."""
    return ROOT


@pytest.fixture
async def site(live) -> Site:
    """The module's server; every socket a test opens through it is closed afterwards."""
    s = Site(live)
    yield s
    await s.close()


@pytest.fixture(autouse=True)
def clean_log(request) -> Iterator[Callable[[], None]]:
    """For tests on a live server: no 5xx, traceback or crash in its log during the test.

    Yields a check that a test can also call itself (e.g. right after the bad input)."""
    if "live" not in request.fixturenames:
        yield lambda: None
        return
    server: LiveServer = request.getfixturevalue("live")
    start = len(server.log())

    def check() -> None:
        errors = server_errors(server.log()[start:])
        assert not errors, "server log:\n" + "\n".join(errors)

    yield check
    check()


def login(
    base_url: str,
    username: str,
    password: str = PASSWORD,
    path: str = "/accounts/login/",
    http: requests.Session | None = None,
):
    """A fresh HTTP session (or ``http``) that posts the login form at ``path``; return
    (session, response)."""
    http = http or requests.Session()
    http.get(base_url + path, timeout=10)
    response = http.post(
        base_url + path,
        data={
            "username": username,
            "password": password,
            "csrfmiddlewaretoken": http.cookies.get("csrftoken", ""),
            "next": "/",
        },
        allow_redirects=False,
        timeout=10,
    )
    return http, response


def make_staff(live: LiveServer, count: int = 1, log_in: bool = True) -> list[Player]:
    """``count`` new staff users (made by ``manage.py shell`` on the server's database), each
    logged in unless ``log_in`` is False."""
    names = [unique_name("staff") for _ in range(count)]
    code = (
        "import os\nfrom django.contrib.auth import get_user_model\n"
        "for name in os.environ['STAFF_NAMES'].split():\n"
        "    get_user_model().objects.create_superuser(name, '', os.environ['STAFF_PASSWORD'])\n"
    )
    subprocess.run(
        [sys.executable, "manage.py", "shell", "-c", code],
        cwd=live.root,
        env={**live.env, "STAFF_NAMES": " ".join(names), "STAFF_PASSWORD": PASSWORD},
        check=True,
        capture_output=True,
    )
    staff = []
    for name in names:
        player = Player(live.url, name)
        if log_in:
            player.http, response = login(live.url, name)
            assert response.status_code == 302, response.text[:500]
        staff.append(player)
    return staff


async def first_event(sock: Socket, timeout: float = 5) -> tuple[str, object]:
    """("state" | "error" | ..., message) for the next message, or ("closed", code)."""
    try:
        msg = await sock.recv(timeout)
    except websockets.ConnectionClosed as exc:
        return "closed", exc.rcvd.code if exc.rcvd is not None else None
    return msg["type"], msg


async def close_code(sock: Socket, timeout: float = 5) -> int | None:
    """Read until the server closes the socket; its close code (TimeoutError if it does not)."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while True:
        kind, value = await first_event(sock, max(0.01, deadline - loop.time()))
        if kind == "closed":
            return value
