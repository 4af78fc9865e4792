"""Pages a view allows the server to answer from memory for anonymous visitors.

The view marks its response (``visitor_cache``); ``site_config.front`` stores marked
responses and answers the same anonymous GET from memory for that many seconds, before Django
runs at all. Logged-in users always get a fresh page.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps

from django.conf import settings
from django.http import HttpRequest, HttpResponse

# The mark a view puts on a response the front may keep (removed before it leaves the server).
HEADER = "X-Visitor-Cache-Seconds"


def visitor_cache(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """Mark ``view``'s successful responses to anonymous visitors as cacheable for
    ``settings.VISITOR_CACHE_SECONDS`` (0: never)."""

    @wraps(view)
    def wrapped(request: HttpRequest, *args, **kwargs) -> HttpResponse:
        response = view(request, *args, **kwargs)
        seconds = settings.VISITOR_CACHE_SECONDS
        if seconds > 0 and not request.user.is_authenticated and response.status_code == 200:
            response[HEADER] = str(seconds)
        return response

    return wrapped
