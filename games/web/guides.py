"""Guides of the site rendered from the project's own documents: how bots play
(``docs/bots.md``), so the profile's API tokens can point people to a page, not a file."""

from __future__ import annotations

from functools import cache

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _

from .mini_markdown import to_html


@cache
def _bots_guide() -> SafeString:
    """docs/bots.md as HTML (read once a process: it changes with a deploy only)."""
    text = (settings.BASE_DIR / "docs" / "bots.md").read_text(encoding="utf-8")
    return mark_safe(to_html(text))  # to_html escapes every piece of text


def bots_guide(request: HttpRequest) -> HttpResponse:
    """How bots play: tokens, the event socket, challenges, a complete example."""
    return render(request, "games/guide.html", {"title": _("How bots play"), "guide": _bots_guide()})
