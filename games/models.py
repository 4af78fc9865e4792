"""Django loads an app's models from ``<app>.models``; the match domain keeps them in
:mod:`games.matches.models`."""

from games.matches.models import Match, Move, Presence, Seat, new_match_id, new_replay_slug

__all__ = ["Match", "Move", "Presence", "Seat", "new_match_id", "new_replay_slug"]
