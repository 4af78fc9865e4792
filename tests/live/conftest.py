"""Fixtures of the live tests: ``site`` wraps the session's daphne server."""

from __future__ import annotations

import pytest

from tests.live.helpers import Site, server_errors


@pytest.fixture
async def site(daphne_server):
    """The shared live server; every socket a test opens through it is closed afterwards."""
    s = Site(daphne_server)
    yield s
    await s.close()


@pytest.fixture(autouse=True)
def no_server_errors(daphne_server):
    """A 500 or a traceback in the server's log during a test is a bug (protocol.md)."""
    start = len(daphne_server.log())
    yield
    errors = server_errors(daphne_server.log()[start:])
    assert not errors, "server log:\n" + "\n".join(errors)
