"""A game's words as the pages show them: its name, description and seat names are marked
for the translators by its kit (``games.rules.words``) and said here in the reader's
language."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _


def game_info(rules: Any) -> dict[str, Any]:
    """``rules.info()`` in the reader's language: its name, description and seat names."""
    info = rules.info()
    return {
        **info,
        "name": _(info["name"]),
        "description": _(info["description"]) if info["description"] else "",
        "seat_names": [_(name) if name else name for name in info["seat_names"]],
    }
