"""Views that write briefly: their POSTs may run on the process's shared database thread with
the pages (``site_config/http_handler.py``) instead of a thread and connection of their own."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

View = Callable[..., Any]


def short_write(view: View) -> View:
    """Mark ``view`` as writing briefly: no password check, no long query, a few ms."""
    view.short_write = True  # read by site_config.http_handler
    return view
