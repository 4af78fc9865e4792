"""A socket's language: the one its page speaks, from the opening handshake (the ``language``
cookie the header's menu sets, else Accept-Language), as Django's LocaleMiddleware picks a
page's. The socket's handlers run in it, so the human ``message`` of its frames is in the
reader's language (docs/protocol.md); codes never change."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.conf import settings
from django.utils import translation
from django.utils.translation import get_supported_language_variant
from django.utils.translation.trans_real import parse_accept_lang_header

from .outbox import Send, listened


def language_of(scope: dict[str, Any]) -> str:
    """The language of the socket opened with ``scope`` (the site's when none is asked)."""
    wanted = [scope.get("cookies", {}).get(settings.LANGUAGE_COOKIE_NAME, "")]
    for name, value in scope.get("headers", ()):
        if name == b"accept-language":
            wanted += [code for code, _ in parse_accept_lang_header(value.decode("latin-1")) if code != "*"]
    for code in filter(None, wanted):
        try:
            return get_supported_language_variant(code)
        except LookupError:
            continue
    return settings.LANGUAGE_CODE


def spoken(group: str, language: str) -> str:
    """The channel group of the sockets of ``group`` that speak ``language``: a frame with
    words (rendered rows, a tournament's names) goes there, made once per language."""
    return f"{group}.{language}"


def in_each_language(group: str, make: Callable[[], dict[str, Any]]) -> list[Send]:
    """``make()`` (a group event) for each language some socket of ``group`` may speak, made
    in that language and addressed to its ``spoken`` group; nothing for a language nobody
    listens in (``outbox.listened``: exact in one process, every language with Redis)."""
    sends: list[Send] = []
    for code, _ in settings.LANGUAGES:
        if listened(spoken(group, code)):
            with translation.override(code):
                sends.append((spoken(group, code), make()))
    return sends
