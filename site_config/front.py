"""What the server answers before Django: static files and anonymous visitors' pages, from memory.

A request through Django's ASGI handler costs some 2.5 ms of CPU before any view runs (the
request object, the request signals on a worker thread, the middleware stack) against some
0.3 ms for daphne itself (``bench/pages.py``). Responses that do not depend on who asks skip
all of that once they have been rendered:

- a static file (ServeStatic's index, when it does not re-read the disk as with DEBUG), asked
  for without a condition or a range, is kept for the life of the process; conditional and
  range requests go to ServeStatic as before;
- a page a view marks with ``games.page_cache.visitor_cache`` (status 200, no cookie set) is
  kept per URL for the seconds the mark says, and answered to anonymous GETs. When it has
  expired, one request renders it again through Django while the others still get the
  previous copy (stale while revalidating), so a page that many visitors read costs one
  render per period and nobody waits for it.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass

from django.conf import settings
from django.http.cookie import parse_cookie

from games.page_cache import HEADER

MARK = HEADER.lower().encode("latin-1")
MAX_PAGES = 512  # URLs kept; the oldest go first
MAX_BODY = 2 * 1024 * 1024
# Request headers that make a static file's answer depend on the asker (304s, ranges).
CONDITIONAL = {b"if-none-match", b"if-modified-since", b"range", b"if-range"}


@dataclass(slots=True)
class Page:
    status: int
    headers: list[tuple[bytes, bytes]]
    body: bytes
    expires: float

    async def send(self, method: str, send) -> None:
        await send({"type": "http.response.start", "status": self.status, "headers": self.headers})
        await send({"type": "http.response.body", "body": b"" if method == "HEAD" else self.body})


class Front:
    """ASGI middleware in front of Django's HTTP handler (see the module docstring)."""

    def __init__(self, app, static_paths: set[str] | frozenset[str] = frozenset()) -> None:
        self.app = app
        self.static_paths = static_paths
        self.pages: dict[tuple[bytes, ...], Page] = {}
        self.refreshing: set[tuple[bytes, ...]] = set()
        self.private_cookies = {settings.SESSION_COOKIE_NAME, "messages"}

    async def __call__(self, scope: dict, receive, send) -> None:
        if scope["type"] != "http" or scope["method"] not in ("GET", "HEAD"):
            return await self.app(scope, receive, send)
        headers = dict(scope["headers"])  # later duplicates win: only the names below matter
        if scope["path"] in self.static_paths:
            if CONDITIONAL & headers.keys():
                return await self.app(scope, receive, send)
            keep_for = math.inf
        elif self._private(headers.get(b"cookie")):
            return await self.app(scope, receive, send)
        else:
            keep_for = None  # as the view's mark says; unmarked: not kept
        key = (headers.get(b"host", b""), scope["path"], scope["query_string"])
        key += (headers.get(b"accept-encoding", b""),)
        page = self.pages.get(key)
        if page is not None and (page.expires > time.monotonic() or key in self.refreshing):
            return await page.send(scope["method"], send)
        if scope["method"] != "GET":
            return await self.app(scope, receive, send)
        if page is not None:  # expired: this request renders it again, the others get this copy
            self.refreshing.add(key)
        try:
            await self._render(key, keep_for, scope, receive, send)
        finally:
            self.refreshing.discard(key)

    def _private(self, cookies: bytes | None) -> bool:
        """Does the request carry a session (logged in) or pending messages?"""
        if cookies is None:
            return False
        return bool(self.private_cookies & parse_cookie(cookies.decode("latin-1")).keys())

    async def _render(self, key: tuple, keep_for: float | None, scope: dict, receive, send) -> None:
        """Pass the request to Django; keep the response for ``keep_for`` seconds (None: as
        the view's mark says)."""
        start: dict | None = None
        seconds = keep_for or 0.0
        chunks: list[bytes] = []

        async def capture(message: dict) -> None:
            nonlocal start, seconds
            if message["type"] == "http.response.start":
                headers = []
                for name, value in message.get("headers", []):
                    if name.lower() == MARK:
                        seconds = float(value) if keep_for is None else seconds
                    else:
                        headers.append((name, value))
                if any(name.lower() == b"set-cookie" for name, _ in headers):
                    seconds = 0.0  # a response that sets a cookie is one visitor's own
                start = {**message, "headers": headers}
                await send(start)
                return
            if message["type"] == "http.response.body" and seconds > 0:
                chunks.append(message.get("body", b""))
            await send(message)

        await self.app(scope, receive, capture)
        body = b"".join(chunks)
        if start is not None and start["status"] == 200 and seconds > 0 and len(body) <= MAX_BODY:
            self._keep(key, Page(start["status"], start["headers"], body, time.monotonic() + seconds))

    def _keep(self, key: tuple, page: Page) -> None:
        self.pages.pop(key, None)
        while len(self.pages) >= MAX_PAGES:
            del self.pages[next(iter(self.pages))]
        self.pages[key] = page


def static_paths() -> frozenset[str]:
    """The URLs of ServeStatic's static files (none when it re-reads the disk per request,
    as with DEBUG: then nothing static is kept)."""
    from servestatic.middleware import ServeStaticMiddleware

    async def unused(request):  # the middleware wants a next handler; the front never calls it
        raise AssertionError

    index = ServeStaticMiddleware(unused)
    return frozenset() if index.autorefresh else frozenset(index.files)
