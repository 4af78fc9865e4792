"""Opening a match socket the way every bench does: from its own loopback address, at most
``gate`` handshakes at a time, retried while a busy server drops handshakes, and waiting for
the socket's first frame, which must be a ``state``."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import websockets
from websockets.exceptions import InvalidHandshake


async def open_match_socket(
    url: str, address: str, gate: asyncio.Semaphore, cookie: str = "", origin: str | None = None
) -> tuple[Any, dict[str, Any], int]:
    """(the socket, its first state's ``match``, the retries it took)."""
    headers = {"Cookie": cookie} if cookie else {}
    for attempt in range(4):
        try:
            async with gate:
                ws = await websockets.connect(
                    url, origin=origin, additional_headers=headers, open_timeout=60, local_addr=(address, 0)
                )
                first = json.loads(await asyncio.wait_for(ws.recv(), 60))
            break
        except (OSError, TimeoutError, InvalidHandshake):
            if attempt == 3:  # daphne drops a handshake not accepted within 5 s (a busy server)
                raise
            await asyncio.sleep(2**attempt)
    if first.get("type") != "state":
        await ws.close()
        raise RuntimeError(f"the first frame is not a state: {str(first)[:200]}")
    return ws, first["match"], attempt
