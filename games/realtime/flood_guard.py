"""What daphne holds for one socket, bounded: a client that sends faster than its socket
handles, or does not read what it is sent, is closed with 4408 (docs/protocol.md).

Daphne puts every frame a client sends into its socket's inbox, an unbounded
``asyncio.Queue`` (``daphne/ws_protocol.py``, ``onMessage``), and the socket's consumer reads
one message at a time (as Channels does). Issue 50: 18 anonymous sockets sending without
pause took a server from 95 MB to 727 MB in 10 s, never given back, and while its loop read
and parsed their frames nobody else was answered. The consumer cannot bound this itself: the
frames pile up, and cost their parsing, before it sees them (``bench/socket_flood.py``). So
daphne's WebSocket protocol is replaced (``install``, by ``site_config/serve.py`` unless
``SOCKET_FLOOD_GUARD=0``) with one that, past ``MAX_PENDING`` frames waiting in the inbox or
``MAX_UNSENT`` bytes waiting for the client to read, stops reading that socket, drops what it
sends and closes it. What it relies on (the inbox as ``application_queue``, ``onMessage``,
``serverSend``, Twisted's write buffer) is pinned by ``tests/platform/test_flood_guard_upstream.py``.

No Django here: ``site_config/serve.py`` installs it before Django is set up.
"""

from __future__ import annotations

from typing import Any

from daphne.ws_protocol import WebSocketFactory, WebSocketProtocol

FLOODED = 4408  # the close code of a flooding socket
# A client keeping to its rate limit (bursts of 30, then 10 a second) has at most a burst
# waiting, and what comes during one slow handler; a burst of a few hundred frames is refused
# one by one, the socket kept (protocol.md). Each frame is at most 1 MiB (daphne's limit), but
# one that big is parsed more slowly than it is refused: big frames do not pile up.
MAX_PENDING = 500
# What waits in Twisted's buffer for a client that does not read (beyond the kernel's, itself
# up to a few MB): the biggest frames a page is sent (a long match's move list, the lobby's
# snapshot) are far less. It is most of a flooding socket's memory (bench/socket_flood.py).
MAX_UNSENT = 1024 * 1024


def unsent(transport: Any) -> int:
    """Bytes written to ``transport`` that the client has not taken yet, as Twisted counts
    them when it decides its buffer is full (``FileDescriptor._isSendBufferFull``)."""
    return len(getattr(transport, "dataBuffer", b"")) + getattr(transport, "_tempDataLen", 0)


class GuardedProtocol(WebSocketProtocol):
    """Daphne's WebSocket protocol, closing a socket that floods (``FLOODED``)."""

    flooded = False

    def onMessage(self, payload: bytes, isBinary: bool) -> None:
        """Queue the frame for the consumer, unless ``MAX_PENDING`` already wait there."""
        if self.flooded:
            return  # dropped: the close is on its way
        inbox = getattr(self, "application_queue", None)
        if inbox is not None and inbox.qsize() >= MAX_PENDING:
            self.flood()
            return
        super().onMessage(payload, isBinary)

    def serverSend(self, content: bytes | str, binary: bool = False) -> None:
        """Send a frame; past ``MAX_UNSENT`` waiting for the client, close it."""
        super().serverSend(content, binary)
        if not self.flooded and unsent(self.transport) > MAX_UNSENT:
            self.flood()

    def flood(self) -> None:
        """Read no more of this client (what it sends is dropped) and close it with
        ``FLOODED``; a client that does not answer the close is dropped a second later
        (autobahn's close handshake timeout), and its consumer then gets its disconnect."""
        self.flooded = True
        self.transport.pauseProducing()
        self.sendClose(code=FLOODED)


def install() -> None:
    """Make daphne's WebSocket factory build ``GuardedProtocol`` (Twisted's own way to pick
    a factory's protocol: its ``protocol`` attribute)."""
    WebSocketFactory.protocol = GuardedProtocol
