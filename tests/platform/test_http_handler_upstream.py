"""What site_config/http_handler.py relies on in Django's ``ASGIHandler``, pinned on Django's
own: ``__call__`` is ``handle(scope, receive, send)`` inside a ``ThreadSensitiveContext`` (a
thread of the request's own for its synchronous code) and nothing more, so a page that calls
``handle`` itself loses nothing but that thread. If a Django upgrade changes it, a test here
fails: re-check http_handler.py (or run without it: ``PAGES_ON_SHARED_THREAD=0``)."""

from __future__ import annotations

import threading

from asgiref.sync import sync_to_async
from django.core.handlers.asgi import ASGIHandler
from django.core.signals import request_finished, request_started

from site_config.http_handler import PagesOnSharedThreadASGIHandler

UPGRADE = "Django changed ASGIHandler.__call__: re-check site_config/http_handler.py"


class Entry:
    """``handle`` recorded, not run: its arguments, and the thread its sync code would get."""

    calls: list[tuple] = []

    async def handle(self, scope, receive, send) -> None:
        thread = await sync_to_async(threading.current_thread)()
        self.calls.append((scope, receive, send, thread))


class Stock(Entry, ASGIHandler):
    pass


class Ours(Entry, PagesOnSharedThreadASGIHandler):
    pass


async def call(handler_class: type, method: str) -> tuple[threading.Thread, list, threading.Thread]:
    """Call the handler once; returns the thread ``handle`` got, what ``__call__`` itself read,
    sent or signalled, and the shared thread (where sync code runs outside any request's context)."""
    handler_class.calls = []
    used: list = []
    scope = {"type": "http", "method": method, "path": "/"}

    async def receive() -> dict:
        used.append("receive")
        return {"type": "http.disconnect"}

    async def send(message: dict) -> None:
        used.append(message)

    def signalled(signal, **kwargs) -> None:
        used.append(signal)

    for signal in (request_started, request_finished):
        signal.connect(signalled, dispatch_uid="upstream-test")
    try:
        await handler_class()(scope, receive, send)
    finally:
        for signal in (request_started, request_finished):
            signal.disconnect(dispatch_uid="upstream-test")
    shared = await sync_to_async(threading.current_thread)()
    assert len(handler_class.calls) == 1, UPGRADE + " (is handle(scope, receive, send) its entry point?)"
    [(called_scope, called_receive, called_send, thread)] = handler_class.calls
    assert called_scope is scope and called_receive is receive and called_send is send, UPGRADE
    return thread, used, shared


async def test_djangos_call_is_handle_in_a_thread_of_the_requests_own_and_nothing_more():
    for method in ("GET", "POST"):
        thread, used, shared = await call(Stock, method)
        assert used == [], UPGRADE  # __call__ itself reads, sends and signals nothing
        assert thread is not shared, UPGRADE  # the ThreadSensitiveContext: a thread of its own


async def test_the_override_calls_the_same_handle_on_the_shared_thread_for_pages_only():
    page, used, shared = await call(Ours, "GET")
    assert (page, used) == (shared, [])
    form, used, shared = await call(Ours, "POST")
    assert (form is not shared, used) == (True, [])
