"""What the notifications announce: new notifications were written (the bells ring), or a
user read theirs (their bells count down)."""

from __future__ import annotations

from dataclasses import dataclass

from games.matches.events import Event


@dataclass(eq=False, kw_only=True)
class Notified(Event):
    """``user_ids`` each have at least one new notification."""

    user_ids: list[int]


@dataclass(eq=False, kw_only=True)
class NotificationsRead(Event):
    """User ``user_id`` read some of their notifications: their unread count went down."""

    user_id: int
