"""Fixtures of the Bible tests: a getBible mirror on 127.0.0.1 that the settings point at."""

from __future__ import annotations

import pytest

from tests.bible.mirror import FIXTURE, Mirror, build_files

FAST = {
    "GETBIBLE_CONNECT_TIMEOUT": 0.5,
    "GETBIBLE_READ_TIMEOUT": 0.5,
    "GETBIBLE_RETRIES": 2,
    "GETBIBLE_BACKOFF": 0.01,
}


@pytest.fixture(scope="session")
def mirror():
    server = Mirror(build_files(FIXTURE))
    yield server
    server.close()


@pytest.fixture
def api(mirror, settings):
    """The mirror, healthy, with the settings pointing at it (short timeouts, quick retries)."""
    settings.GETBIBLE_BASE_URL = mirror.base_url
    for name, value in FAST.items():
        setattr(settings, name, value)
    mirror.heal()
    mirror.log.clear()
    yield mirror
    mirror.heal()
