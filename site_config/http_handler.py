"""Django's ASGI handler, with pages read on the process's one database thread.

Django's ``ASGIHandler`` runs each request's synchronous code (middleware, view, template) in
a thread created for that request. Django keeps database connections per thread, so every
page opened a new SQLite connection and read the schema again, and 50 threads took turns on
the interpreter lock (Django ticket #33497). Measured with ``bench/pages.py``, a logged-in
lobby cost 12.2 ms of server time and its p99 was 166 ms; here it is 10.2 ms and 56 ms.

A GET or HEAD request now runs on asgiref's shared thread: the one the WebSocket consumer's
``database_sync_to_async`` already uses, whose connection is kept (``CONN_MAX_AGE``). Reading
a page is short. Other methods (forms, logins, API writes) keep a thread of their own, as in
Django: checking a password takes about 0.2 s, and the shared thread must not wait for it.
A view that writes briefly says so with ``games.web.shared_thread.short_write`` (the puzzles'
check: a few ms, where each POST's own thread opened a new SQLite connection, 1 to 3 ms of
its cost by ``bench/puzzles.py``); its POSTs run on the shared thread too.

``PAGES_ON_SHARED_THREAD=0`` serves every request with Django's own handler
(``site_http_handler``). ``tests/platform/test_http_handler_upstream.py`` pins what this relies
on: ``ASGIHandler.__call__`` is ``handle(scope, receive, send)`` inside a
``ThreadSensitiveContext`` and nothing more, so a Django upgrade that changes it fails a test.
"""

from __future__ import annotations

from django.conf import settings
from django.core.handlers.asgi import ASGIHandler
from django.urls import Resolver404, resolve

SHARED_THREAD_METHODS = frozenset({"GET", "HEAD"})


def _short_write(path: str) -> bool:
    """Is ``path`` a view marked ``games.web.shared_thread.short_write``?"""
    try:
        return getattr(resolve(path).func, "short_write", False)
    except Resolver404:
        return False


class PagesOnSharedThreadASGIHandler(ASGIHandler):
    """Django's HTTP handler; GET and HEAD requests, and the POSTs of ``short_write`` views,
    skip the thread of their own."""

    async def __call__(self, scope, receive, send) -> None:
        if scope["type"] == "http" and (
            scope["method"] in SHARED_THREAD_METHODS or _short_write(scope["path"])
        ):
            await self.handle(scope, receive, send)
        else:
            await super().__call__(scope, receive, send)


def site_http_handler() -> ASGIHandler:
    """The site's HTTP application: this handler, or Django's own with
    ``PAGES_ON_SHARED_THREAD=0`` (the override's one switch)."""
    return PagesOnSharedThreadASGIHandler() if settings.PAGES_ON_SHARED_THREAD else ASGIHandler()
