"""What games/realtime/flood_guard.py relies on in daphne and Twisted. If an upgrade changes
it, a test here fails: re-check flood_guard.py against the new version (or run without it:
``SOCKET_FLOOD_GUARD=0``). The guard's behaviour over a real daphne is tested in
``tests/security/test_socket_flood.py``."""

from __future__ import annotations

import inspect

from daphne.ws_protocol import WebSocketFactory, WebSocketProtocol
from twisted.internet.abstract import FileDescriptor

from games.realtime.flood_guard import GuardedProtocol, unsent

UPGRADE = "{} changed: re-check games/realtime/flood_guard.py"


def test_daphne_queues_each_frame_in_the_inbox_the_guard_counts():
    source = inspect.getsource(WebSocketProtocol.onMessage)
    assert "self.application_queue.put_nowait(" in source, UPGRADE.format("daphne's onMessage")
    assert "self.sendMessage(" in inspect.getsource(WebSocketProtocol.serverSend), UPGRADE.format(
        "daphne's serverSend"
    )


def test_the_factory_builds_the_protocol_it_names():
    assert issubclass(GuardedProtocol, WebSocketFactory.protocol), UPGRADE.format("daphne's factory")


def test_unsent_counts_as_twisted_does_when_its_buffer_is_full():
    source = inspect.getsource(FileDescriptor._isSendBufferFull)
    assert "len(self.dataBuffer) + self._tempDataLen" in source, UPGRADE.format("Twisted's write buffer")
    transport = FileDescriptor()
    transport.connected = True
    transport.startWriting = lambda: None  # no reactor: only the buffering is looked at
    transport.write(b"x" * 1000)
    assert unsent(transport) == 1000
