"""Test clients that speak only protocol.md: HTTP with a session cookie, WebSockets."""

from __future__ import annotations

import asyncio
import itertools
import json
import os
from typing import Any

import requests
import websockets

PASSWORD = "Correct-Horse-42"
_names = itertools.count()


def unique_name(prefix: str = "user") -> str:
    return f"{prefix}{os.getpid()}x{next(_names)}"


class Player:
    """A person with an account and a logged-in session on a live server."""

    def __init__(self, base_url: str, username: str | None = None) -> None:
        self.base = base_url
        self.username = username or unique_name()
        self.http = requests.Session()

    def signup(self) -> Player:
        self.http.get(self.base + "/accounts/signup/", timeout=10)
        r = self.http.post(
            self.base + "/accounts/signup/",
            data={
                "username": self.username,
                "password1": PASSWORD,
                "password2": PASSWORD,
                "csrfmiddlewaretoken": self.http.cookies["csrftoken"],
            },
            timeout=10,
            allow_redirects=False,
        )
        assert r.status_code == 302, r.text[:500]
        return self

    def api(self, method: str, path: str, body: Any = None) -> requests.Response:
        headers = {"X-CSRFToken": self.http.cookies.get("csrftoken", "")}
        return self.http.request(method, self.base + path, json=body, headers=headers, timeout=10)

    def create(
        self,
        game: str = "reversi",
        options: dict | None = None,
        opponent: str = "invite",
        side: Any = 0,
        **extra: Any,
    ) -> dict:
        r = self.api(
            "POST",
            "/api/matches/",
            {"game": game, "options": options or {}, "opponent": opponent, "side": side, **extra},
        )
        assert r.status_code == 201, r.text
        return r.json()

    def join(self, match_id: str) -> dict:
        r = self.api("POST", f"/api/matches/{match_id}/join/")
        assert r.status_code == 200, r.text
        return r.json()

    def cookie_header(self) -> str:
        return "; ".join(f"{k}={v}" for k, v in self.http.cookies.items())

    async def socket(self, match_id: str, **kwargs: Any) -> Socket:
        ws_base = self.base.replace("http://", "ws://")
        headers = {"Cookie": self.cookie_header(), **kwargs.pop("headers", {})}
        conn = await websockets.connect(
            f"{ws_base}/ws/matches/{match_id}/", additional_headers=headers, **kwargs
        )
        return Socket(conn)


class Socket:
    """A match socket with helpers to wait for the messages a test expects."""

    def __init__(self, conn) -> None:
        self.conn = conn
        self.state: dict | None = None  # the latest "match" object received

    async def send(self, message: Any) -> None:
        await self.conn.send(message if isinstance(message, (str, bytes)) else json.dumps(message))

    async def recv(self, timeout: float = 10) -> dict:
        msg = json.loads(await asyncio.wait_for(self.conn.recv(), timeout))
        if msg.get("type") == "state":
            self.state = msg["match"]
        return msg

    async def wait_for(self, predicate, timeout: float = 10) -> dict:
        """Read messages until one satisfies ``predicate``; return it."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while True:
            msg = await self.recv(max(0.01, deadline - loop.time()))
            if predicate(msg):
                return msg

    async def wait_state(self, predicate=lambda m: True, timeout: float = 10) -> dict:
        """Wait for a ``state`` whose match satisfies ``predicate``; return the match."""
        msg = await self.wait_for(lambda m: m.get("type") == "state" and predicate(m["match"]), timeout)
        return msg["match"]

    async def drain(self, quiet: float = 0.2) -> None:
        """Read everything pending until the socket is quiet for ``quiet`` seconds."""
        try:
            while True:
                await self.recv(quiet)
        except TimeoutError:
            return

    async def close(self) -> None:
        await self.conn.close()
