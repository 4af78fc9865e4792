"""The HTTP handler in-process (site_config.http_handler): pages (GET, HEAD) run on the
process's shared database thread and keep its connection; forms and API writes get a thread
of their own, as in Django, so that a password check never holds up the shared thread (but
for views marked ``short_write``).
``PAGES_ON_SHARED_THREAD=0`` gives Django's own handler: every request on a thread of its own."""

from __future__ import annotations

import threading

import pytest
from asgiref.testing import ApplicationCommunicator
from django.core.handlers.asgi import ASGIHandler
from django.core.signals import request_started
from django.db.backends.signals import connection_created

from site_config.http_handler import PagesOnSharedThreadASGIHandler, site_http_handler
from tests.support.fresh_process import run_in_fresh_process

pytestmark = pytest.mark.django_db(transaction=True)


async def serve(method: str, path: str) -> int:
    """One request through the site's HTTP handler (as ``site_config.asgi`` builds it, without
    starting the process's clock watcher); returns the status."""
    scope = {
        "type": "http",
        "asgi": {"version": "3.0"},
        "http_version": "1.1",
        "method": method,
        "scheme": "http",
        "path": path,
        "raw_path": path.encode(),
        "query_string": b"",
        "headers": [(b"host", b"testserver")],
        "client": ("127.0.0.1", 40000),
        "server": ("testserver", 80),
    }
    app = ApplicationCommunicator(site_http_handler(), scope)
    await app.send_input({"type": "http.request", "body": b"", "more_body": False})
    start = await app.receive_output(10)
    while (await app.receive_output(10)).get("more_body"):
        pass
    await app.send_input({"type": "http.disconnect"})
    await app.wait(10)
    return start["status"]


@pytest.fixture
def seen():
    """Per request, the thread that served it; the database connections opened meanwhile."""
    record = {"threads": [], "connections": 0}

    def started(**kwargs) -> None:
        record["threads"].append(threading.current_thread())  # an ident may be reused

    def opened(**kwargs) -> None:
        record["connections"] += 1

    request_started.connect(started, dispatch_uid="test-started")
    connection_created.connect(opened, dispatch_uid="test-opened")
    yield record
    request_started.disconnect(dispatch_uid="test-started")
    connection_created.disconnect(dispatch_uid="test-opened")


async def test_pages_share_one_thread_and_its_database_connection(seen):
    for method, path in [("GET", "/"), ("GET", "/games/reversi/rules/"), ("HEAD", "/"), ("GET", "/")]:
        assert await serve(method, path) == 200
    assert len(set(seen["threads"])) == 1, "each page ran in a thread of its own"
    assert seen["connections"] <= 1, "pages opened a database connection each"


async def test_a_form_post_gets_a_thread_of_its_own(seen):
    assert await serve("GET", "/") == 200
    # refused (no CSRF token) but served, as every POST, outside the pages' thread
    assert await serve("POST", "/accounts/login/") == 403
    assert await serve("GET", "/") == 200
    page, post, page_again = seen["threads"]
    assert page == page_again and post != page


async def test_a_short_write_posts_on_the_pages_thread(seen):
    """The puzzles' check (``short_write``): a few ms, served on the pages' thread and its
    connection; a form beside it still gets a thread of its own."""
    assert await serve("GET", "/") == 200
    assert await serve("POST", "/puzzles/no-such-game/1/check/") == 403  # no CSRF token: served
    assert await serve("POST", "/accounts/login/") == 403
    page, check, form = seen["threads"]
    assert check == page and form != page


def test_the_site_serves_pages_on_the_shared_thread_by_default():
    assert type(site_http_handler()) is PagesOnSharedThreadASGIHandler


async def test_pages_on_shared_thread_0_gives_djangos_own_handler(seen, settings):
    """The switch: Django's ``ASGIHandler`` itself, and each page on a thread of its own."""
    code = "from site_config.http_handler import site_http_handler\n"
    code += "handler = type(site_http_handler())\n"
    code += "print(json.dumps(f'{handler.__module__}.{handler.__name__}'))\n"
    stock = run_in_fresh_process({"PAGES_ON_SHARED_THREAD": "0"}, code)
    assert stock == "django.core.handlers.asgi.ASGIHandler"
    settings.PAGES_ON_SHARED_THREAD = False
    assert type(site_http_handler()) is ASGIHandler
    for method, path in [("GET", "/"), ("HEAD", "/"), ("GET", "/")]:
        assert await serve(method, path) == 200
    assert len(set(seen["threads"])) == 3, "pages shared a thread with Django's own handler"
