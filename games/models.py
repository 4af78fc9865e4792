"""Django loads an app's models from ``<app>.models``; the match domain keeps them in
:mod:`games.matches.models`, notifications in :mod:`games.notifications.models`, tournaments in
:mod:`games.tournaments.models`."""

from games.matches.challenges.models import Challenge
from games.matches.models import Match, Move, Presence, Seat, new_match_id, new_replay_slug
from games.matches.study.analysis_models import MatchAnalysis
from games.matches.talking.chat_models import ChatBar, ChatLine, ChatMute, ChatReport
from games.notifications.models import EmailPreferences, Notification
from games.tournaments.models import Entrant, Pairing, Tournament

__all__ = [
    "Challenge",
    "ChatBar",
    "ChatLine",
    "ChatMute",
    "ChatReport",
    "EmailPreferences",
    "Entrant",
    "Match",
    "MatchAnalysis",
    "Move",
    "Notification",
    "Pairing",
    "Presence",
    "Seat",
    "Tournament",
    "new_match_id",
    "new_replay_slug",
]
