"""Shared fixtures: a live daphne server per test session (and fresh ones on demand)."""

from __future__ import annotations

import pytest

from tests.support.server import LiveServer, serving


@pytest.fixture(scope="session")
def daphne_server(tmp_path_factory) -> LiveServer:
    """One real daphne process with a fresh SQLite database, shared by the session."""
    server = LiveServer(tmp_path_factory.mktemp("live"))
    server.migrate()
    server.start()
    yield server
    server.kill()


@pytest.fixture
def fresh_server(tmp_path) -> LiveServer:
    """A daphne process of this test's own (for kill/restart tests)."""
    with serving(tmp_path) as server:
        yield server


@pytest.fixture(autouse=True)
def _fresh_cache():
    """Each test starts with Django's (in-process) cache empty: the database is emptied between
    tests and its ids are used again, so a key one test left (someone seen online, a cached
    fragment) would otherwise speak for another test's user."""
    from django.core.cache import cache

    cache.clear()
    yield


@pytest.fixture(autouse=True)
def _default_language():
    """The language a test's request chose stays with its thread after the response (Django's
    LocaleMiddleware activates it, nothing deactivates it): each test ends back in the site's
    default, or the next test in the worker reads French where it expects English."""
    from django.utils import translation

    yield
    translation.deactivate()
