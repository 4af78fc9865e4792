"""Who is on the site now: a person counts as online for ``ONLINE_SECONDS`` after a page of
theirs was served (``SeenMiddleware``), or while a match socket of theirs is open.

Kept in Django's cache (shared by every process where the cache is): one key per person,
its expiry pushed back by each page. Nothing is written to the database.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from django.core.cache import cache
from django.http import HttpRequest, HttpResponse

from games.matches.models import Presence

ONLINE_SECONDS = 300


def _key(user_id: int) -> str:
    return f"seen:{user_id}"


def mark_seen(user_id: int) -> None:
    """``user_id`` is on the site now."""
    if not cache.touch(_key(user_id), ONLINE_SECONDS):
        cache.set(_key(user_id), 1, ONLINE_SECONDS)


def online(user_ids: Iterable[int]) -> set[int]:
    """Which of ``user_ids`` are online: seen lately, or with an open match socket."""
    ids = list(user_ids)
    seen = {int(key.split(":")[1]) for key in cache.get_many([_key(i) for i in ids])}
    playing = Presence.objects.filter(user_id__in=ids, left_at__isnull=True).values_list("user_id", flat=True)
    return seen | set(playing)


class SeenMiddleware:
    """Marks the logged-in person of each request as online (after the authentication
    middleware)."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        user = getattr(request, "user", None)
        if user is not None and user.is_authenticated:
            mark_seen(user.pk)
        return self.get_response(request)
