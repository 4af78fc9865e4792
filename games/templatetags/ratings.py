"""Template tags of ratings: ``{% load ratings %}``."""

from __future__ import annotations

from django import template

from games.matches.ratings.standings import PROVISIONAL_NOTE

register = template.Library()


@register.simple_tag
def provisional_note() -> str:
    """What a rating's "?" means (provisional), in one sentence: a note and a title."""
    return PROVISIONAL_NOTE


@register.filter
def any_provisional(rows) -> bool:
    """Is any of these ratings (dicts with ``provisional``) provisional?"""
    return any(row.get("provisional") for row in rows)
