"""The clients of ``bench/lobby.py``: a lobby page as ``static/js/lobby.js`` runs it, a player
acting through the JSON API as the site's pages do, and a member of the bare relay.

A page (:class:`LobbyPage`) does what the lobby page does: one ``GET /`` (the HTML: it keeps
the cookies the answer sets, as a browser would), then ``/ws/lobby/?push=lobby`` with the
site's ``Origin`` and those cookies, a ``lobby_snapshot`` first and typed frames after, a
``{"type": "ping"}`` every 25 s (``socket.js``); no other HTTP (``lobby.js`` reads nothing
after load; ``pools.js`` posts only when its visitor clicks a pool or leaves waiting in one;
the bell, on the lobby page, hears the lobby's own socket and opens none).
Every frame is parsed and recorded by its type and the id of its row.
"""

from __future__ import annotations

import asyncio
import json
import random
from collections import Counter
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlsplit

import websockets
from websockets.exceptions import ConnectionClosed, InvalidHandshake

from bench.loadkit.sockets import open_match_socket

PING_SECONDS = 25.0  # socket.js PING_MS
ROW_OF = {"open_seat": "seat", "finished_match": "match", "my_match": "match"}  # where a frame's row is


@dataclass
class Answer:
    """One HTTP answer."""

    status: int
    cookies: dict[str, str]
    body: bytes

    def json(self) -> Any:
        return json.loads(self.body or b"null")


async def http(
    base: str,
    method: str,
    path: str,
    address: str,
    cookies: dict[str, str] | None = None,
    headers: dict[str, str] | None = None,
    body: bytes = b"",
) -> Answer:
    """One HTTP/1.1 request on its own connection from ``address`` (``Connection: close``)."""
    host, port = urlsplit(base).hostname, urlsplit(base).port
    reader, writer = await asyncio.open_connection(host, port, local_addr=(address, 0))
    lines = [f"{method} {path} HTTP/1.1", f"Host: {host}:{port}", "Connection: close"]
    if cookies:
        lines.append("Cookie: " + "; ".join(f"{k}={v}" for k, v in cookies.items()))
    lines += [f"{k}: {v}" for k, v in (headers or {}).items()]
    if body or method == "POST":
        lines.append(f"Content-Length: {len(body)}")
    try:
        writer.write(("\r\n".join(lines) + "\r\n\r\n").encode("latin-1") + body)
        status = int((await reader.readline()).split()[1])
        set_cookies: dict[str, str] = {}
        length = None
        while (line := await reader.readline()) not in (b"\r\n", b""):
            name, _, value = line.decode("latin-1").partition(":")
            if name.lower() == "set-cookie":
                pair = value.strip().split(";", 1)[0]
                set_cookies[pair.split("=", 1)[0]] = pair.split("=", 1)[1]
            elif name.lower() == "content-length":
                length = int(value)
        data = await (reader.read() if length is None else reader.readexactly(length))
    finally:
        writer.close()
    return Answer(status, set_cookies, data)


def frame_key(message: dict[str, Any]) -> tuple[str, str | None]:
    """(the frame's type, the id of the row or match it is about; None for the others)."""
    kind = message.get("type", "?")
    if kind in ROW_OF:
        return kind, str((message.get(ROW_OF[kind]) or {}).get("id"))
    return kind, (str(message["id"]) if "id" in message else None)


@dataclass
class LobbyPage:
    """One open lobby page: its address, its cookies, and what its socket received."""

    address: str
    cookies: dict[str, str] = field(default_factory=dict)
    snapshot: dict[str, Any] | None = None
    seen: dict[tuple[str, str | None], float] = field(default_factory=dict)  # first receipt by key
    repeats: int = 0  # frames whose key came before
    frames: Counter = field(default_factory=Counter)  # by type, after the snapshot
    sizes: int = 0  # bytes of those frames
    closed: int | None = None  # the close code, when the socket closed before the end
    ws: Any = None

    async def load(self, base: str, ws_base: str, gate: asyncio.Semaphore, tries: int = 4) -> int:
        """``GET /`` then the pushed socket up to its ``lobby_snapshot``; returns the retries
        it took (a busy daphne drops a handshake it has not accepted within 5 s)."""
        for attempt in range(tries):
            try:
                async with gate:
                    page = await http(base, "GET", "/", self.address, self.cookies)
                    if page.status != 200:
                        raise RuntimeError(f"GET / answered {page.status}")
                    self.cookies.update(page.cookies)
                    cookie = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
                    self.ws = await websockets.connect(
                        f"{ws_base}/ws/lobby/?push=lobby",
                        origin=base,
                        additional_headers={"Cookie": cookie} if cookie else {},
                        open_timeout=60,
                        local_addr=(self.address, 0),
                        max_size=2**22,
                    )
                    first = json.loads(await asyncio.wait_for(self.ws.recv(), 60))
                if first.get("type") != "lobby_snapshot":
                    raise RuntimeError(f"the first frame is not a lobby_snapshot: {str(first)[:200]}")
                self.snapshot = first
                return attempt
            except (OSError, TimeoutError, InvalidHandshake):
                if attempt == tries - 1:
                    raise
                await asyncio.sleep(2**attempt)
        raise AssertionError("unreachable")

    async def listen(self) -> None:
        """Record every frame until the socket closes; ping as socket.js does."""
        loop = asyncio.get_running_loop()
        pinger = asyncio.create_task(self.ping())
        try:
            async for raw in self.ws:
                at = loop.time()
                message = json.loads(raw)
                if message.get("type") == "pong":
                    continue  # socket.js drops it before the page sees it
                key = frame_key(message)
                self.frames[key[0]] += 1
                self.sizes += len(raw)
                if key in self.seen:
                    self.repeats += 1
                else:
                    self.seen[key] = at
        except ConnectionClosed:
            pass
        finally:
            pinger.cancel()
        self.closed = self.ws.close_code

    async def ping(self) -> None:
        await asyncio.sleep(random.uniform(0, PING_SECONDS))  # pages load at different times
        while True:
            await self.ws.send('{"type": "ping"}')
            await asyncio.sleep(PING_SECONDS)


@dataclass
class Player:
    """A signed-in user acting through the JSON API, with a session made by the agent and
    the CSRF cookie its lobby page's ``GET /`` set (the header ``X-CSRFToken`` on each POST)."""

    address: str
    cookies: dict[str, str]

    async def sign_in(self, base: str) -> None:
        """Load the lobby once, as the page the player acts from: it sets ``csrftoken``."""
        page = await http(base, "GET", "/", self.address, self.cookies)
        self.cookies.update(page.cookies)
        if "csrftoken" not in self.cookies:
            raise RuntimeError(f"GET / set no csrftoken cookie (status {page.status})")

    async def post(self, base: str, path: str, data: dict[str, Any] | None = None) -> Answer:
        """``POST path`` with a JSON body, the session and the CSRF header."""
        headers = {
            "Content-Type": "application/json",
            "X-CSRFToken": self.cookies["csrftoken"],
            "Origin": base,
            "Referer": f"{base}/",
        }
        return await http(
            base, "POST", path, self.address, self.cookies, headers, json.dumps(data or {}).encode()
        )

    async def move_once(self, base: str, ws_base: str, match_id: str) -> bool:
        """One legal move on the match's socket, as the match page sends it (the first of
        ``legal_moves``), once the state says it is this player's turn; waits for the state
        after it, then closes. False when it is not this player's turn."""
        cookie = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        url = f"{ws_base}/ws/matches/{match_id}/"
        ws, match, _ = await open_match_socket(url, self.address, asyncio.Semaphore(1), cookie, base)
        try:
            if not match["legal_moves"]:
                return False
            await ws.send(json.dumps({"type": "move", "ply": match["ply"], "move": match["legal_moves"][0]}))
            while True:
                message = json.loads(await asyncio.wait_for(ws.recv(), 30))
                if message.get("type") == "error":
                    raise RuntimeError(f"the move was refused: {message}")
                if message.get("type") == "state" and message["match"]["ply"] > match["ply"]:
                    return True
        finally:
            await ws.close()


async def relay_member(ws_url: str, origin: str, address: str, gate: asyncio.Semaphore) -> Any:
    """A socket of the bare relay (``site_config/bench_relay.py``), open."""
    for attempt in range(4):
        try:
            async with gate:
                return await websockets.connect(
                    ws_url, origin=origin, open_timeout=60, local_addr=(address, 0), max_size=2**22
                )
        except (OSError, TimeoutError, InvalidHandshake):
            if attempt == 3:
                raise
            await asyncio.sleep(2**attempt)
    raise AssertionError("unreachable")
