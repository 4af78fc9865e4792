"""What the match page (``static/js/match.js``) does, for the benchmarks' page-faithful clients.

A page loads once (``GET /m/<id>/``, the HTML; its static files are cached by a browser and
not fetched here), then opens ``/ws/matches/<id>/?moves=1`` and reads nothing more over HTTP:
its move list comes whole once (``move_list``) and then rides on each ``state`` that changes
it (``moves_added`` or ``moves_taken_back``; docs/protocol.md). A logged-in page adds
``&bell=1``: the same socket carries the header's bell (its user's unread count on connect,
and their challenges), so the page opens no other socket. A bot-like client opens the match
socket without ``?moves=1`` and nothing else.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlsplit


def match_socket_path(match_id: str, page_faithful: bool = True, signed_in: bool = True) -> str:
    """The path a client opens for a match: the page's (``?moves=1``, and ``&bell=1`` when
    its person is logged in, as ``static/js/match.js`` opens it) or a bot's."""
    if not page_faithful:
        return f"/ws/matches/{match_id}/"
    return f"/ws/matches/{match_id}/?moves=1" + ("&bell=1" if signed_in else "")


async def get_page(
    http_url: str,
    path: str,
    address: str | None = None,
    cookie: str = "",
    gate: asyncio.Semaphore | None = None,
) -> int:
    """GET ``path`` as a browser loads a page (from ``address``, with ``cookie``), the body read
    whole and dropped; returns the status code. One connection per page, closed after it."""
    url = urlsplit(http_url)
    head = f"GET {path} HTTP/1.1\r\nHost: {url.netloc}\r\nAccept: text/html\r\nUser-Agent: bench\r\n"
    head += (f"Cookie: {cookie}\r\n" if cookie else "") + "Connection: close\r\n\r\n"
    local = {"local_addr": (address, 0)} if address else {}
    gate = gate or asyncio.Semaphore(1)
    for attempt in range(4):
        try:
            async with gate:
                reader, writer = await asyncio.open_connection(url.hostname, url.port or 80, **local)
                writer.write(head.encode())
                data = await asyncio.wait_for(reader.read(), 60)
                writer.close()
            return int(data.split(b" ", 2)[1]) if data.startswith(b"HTTP/") else 0
        except (OSError, TimeoutError):
            if attempt == 3:
                raise
            await asyncio.sleep(2**attempt)
    return 0


@dataclass
class MoveList:
    """A page's move list kept from its socket's frames, as ``static/js/move_list.js`` keeps it,
    with the checks a benchmark makes of it (the benchmarks take no move back: every ply is one
    move in the list)."""

    moves: list[dict[str, Any]] = field(default_factory=list)
    wholes: int = 0  # move_list frames (the first on connect; more: the socket missed a change)
    added: int = 0  # moves received in moves_added
    gaps: int = 0  # moves_added whose first ply does not follow the list's last
    ply: int = 0  # the ply of the latest state

    def on_message(self, msg: dict[str, Any]) -> None:
        """Apply one frame of the socket (any type; only ``move_list`` and ``state`` matter)."""
        kind = msg.get("type")
        if kind == "move_list":
            self.moves, self.wholes = list(msg["moves"]), self.wholes + 1
        elif kind == "state":
            self.ply = msg["match"]["ply"]
            added, back = msg.get("moves_added"), msg.get("moves_taken_back")
            if added:
                last = self.moves[-1]["ply"] if self.moves else 0
                self.gaps += self.wholes > 0 and added[0]["ply"] != last + 1
                self.moves += added
                self.added += len(added)
            elif back:
                self.moves = self.moves[: back["after"]]

    def short(self) -> int:
        """Plies of the latest state missing from the list (0: complete; no list at all counts
        every ply: a tree that pushes none)."""
        return self.ply - len(self.moves)
