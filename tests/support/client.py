"""Test clients that speak only protocol.md: HTTP with a session cookie, WebSockets."""

from __future__ import annotations

import asyncio
import itertools
import json
import os
import time
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

    def api(self, method: str, path: str, body: Any = None, timeout: float = 10) -> requests.Response:
        headers = {"X-CSRFToken": self.http.cookies.get("csrftoken", "")}
        return self.http.request(method, self.base + path, json=body, headers=headers, timeout=timeout)

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

    def get(self, path: str) -> requests.Response:
        """A GET with this player's session (no session at all for a logged-out Player)."""
        return self.http.get(self.base + path, timeout=10)

    def match(self, match_id: str) -> dict:
        """``GET /api/matches/<id>/`` as this player sees it."""
        r = self.api("GET", f"/api/matches/{match_id}/")
        assert r.status_code == 200, r.text
        return r.json()

    def replay(self, match: dict) -> dict:
        """``GET /api/replays/<slug>/`` (logged out) for a match object with a ``replay_url``."""
        r = requests.get(self.base + "/api/replays/" + replay_slug(match) + "/", timeout=10)
        assert r.status_code == 200, r.text
        return r.json()

    def cookie_header(self) -> str:
        return "; ".join(f"{k}={v}" for k, v in self.http.cookies.items())

    def move_once(self, match_id: str) -> dict:
        """Play the first of this player's legal moves over a socket (the protocol has no
        HTTP move); returns the state after it."""

        async def play() -> dict:
            sock = await self.socket(match_id)
            try:
                seen = await sock.wait_state(lambda m: bool(m["legal_moves"]))
                await sock.move(seen["legal_moves"][0])
                return await sock.wait_state(lambda m: m["ply"] > seen["ply"])
            finally:
                await sock.close()

        return asyncio.run(play())

    async def socket(self, match_id: str, **kwargs: Any) -> Socket:
        ws_base = self.base.replace("http://", "ws://")
        cookies = {"Cookie": self.cookie_header()} if self.http.cookies else {}
        headers = {**cookies, **kwargs.pop("headers", {})}
        conn = await websockets.connect(
            f"{ws_base}/ws/matches/{match_id}/", additional_headers=headers, **kwargs
        )
        return Socket(conn)


def replay_slug(match: dict) -> str:
    """The slug of a match's replay, from its ``replay_url`` (``/r/<slug>/``)."""
    return match["replay_url"].rstrip("/").rsplit("/", 1)[-1]


# A polite client stays under the server's per-socket rate limit (10 messages a second,
# bursts of 30: docs/protocol.md); tests that want to be refused use ``conn.send`` directly.
PACE_RATE, PACE_BURST = 8.0, 25


class Socket:
    """A match socket with helpers to wait for the messages a test expects."""

    def __init__(self, conn) -> None:
        self.conn = conn
        self.state: dict | None = None  # the latest "match" object received
        self.history: list[dict] = []  # every message received, in order
        self._tokens, self._at = float(PACE_BURST), time.monotonic()

    async def pace(self) -> None:
        """Wait until one more message stays within the rate limit, and count it."""
        now = time.monotonic()
        self._tokens = min(PACE_BURST, self._tokens + (now - self._at) * PACE_RATE)
        self._at = now
        if self._tokens < 1:
            await asyncio.sleep((1 - self._tokens) / PACE_RATE)
            self._tokens, self._at = 1.0, time.monotonic()
        self._tokens -= 1

    async def send(self, message: Any, pace: bool = True) -> None:
        """Send one frame (a dict is sent as JSON), paced unless ``pace`` is False."""
        if pace:
            await self.pace()
        await self.conn.send(message if isinstance(message, (str, bytes)) else json.dumps(message))

    async def recv(self, timeout: float = 10) -> dict:
        msg = json.loads(await asyncio.wait_for(self.conn.recv(), timeout))
        self.history.append(msg)
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

    async def drain(self, quiet: float = 0.2) -> list[dict]:
        """Read everything pending until the socket is quiet for ``quiet`` seconds; return it."""
        got: list[dict] = []
        try:
            while True:
                got.append(await self.recv(quiet))
        except TimeoutError:
            return got

    async def barrier(self, timeout: float = 10) -> list[dict]:
        """Send a ping and read up to its pong; return the messages that came before it.

        The server handles one socket's frames in order, so whatever it had queued for this
        socket before the ping arrives is in the list.
        """
        await self.send({"type": "ping"})
        got: list[dict] = []
        while (msg := await self.recv(timeout))["type"] != "pong":
            got.append(msg)
        return got

    async def expect_refusal(self, code: str, timeout: float = 10) -> tuple[dict, dict]:
        """The next message must be an error with ``code``, then a fresh ``state``: return both."""
        error = await self.recv(timeout)
        assert error.get("type") == "error", error
        assert error.get("code") == code, error
        assert isinstance(error.get("message"), str) and error["message"], error
        state = await self.recv(timeout)
        assert state.get("type") == "state", state
        return error, state["match"]

    async def move(self, move: dict, ply: int | None = None, pace: bool = True) -> None:
        """Send a move for ``ply`` (default: the ply of the latest state seen)."""
        assert self.state is not None, "no state received yet"
        message = {"type": "move", "ply": self.state["ply"] if ply is None else ply, "move": move}
        await self.send(message, pace=pace)

    async def close(self) -> None:
        await self.conn.close()
