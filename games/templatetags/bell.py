"""``{% load bell %}{% unread_count user as unread %}``: the header bell's count, read once per
page (bell.js keeps it live)."""

from __future__ import annotations

from django import template
from django.db import DatabaseError

from games.notifications import services

register = template.Library()


@register.simple_tag
def unread_count(user) -> int:
    """The user's unread notifications; 0 when the database cannot tell (an error page)."""
    if user is None or not user.is_authenticated:
        return 0
    try:
        return services.unread_count(user=user)
    except DatabaseError:
        return 0
