"""Fixtures of the fault tests."""

from __future__ import annotations

import pytest

from tests.support.server import LiveServer


@pytest.fixture(scope="module")
def fuzz_server(tmp_path_factory):
    """A server whose rate limits stay out of the way, so that every message meets the checks
    (one per test module: each fuzz has a database of its own)."""
    unlimited = {"RATE_PER_SECOND": "100000", "RATE_BURST": "100000"}
    env = {f"{who}_{name}": value for who in ("MOVE", "USER", "ADDRESS") for name, value in unlimited.items()}
    server = LiveServer(tmp_path_factory.mktemp("fuzz"), env=env)
    server.migrate()
    server.start()
    yield server
    server.kill()
