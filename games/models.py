"""Django loads an app's models from ``<app>.models``; the match domain keeps them in
:mod:`games.matches.models`, notifications in :mod:`games.notifications.models`."""

from games.matches.models import Match, Move, Presence, Seat, new_match_id, new_replay_slug
from games.notifications.models import EmailPreferences, Notification

__all__ = [
    "EmailPreferences",
    "Match",
    "Move",
    "Notification",
    "Presence",
    "Seat",
    "new_match_id",
    "new_replay_slug",
]
