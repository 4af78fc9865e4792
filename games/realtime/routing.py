"""WebSocket routes: a match's socket, the lobby's, an account's events, a tournament's
page, the puzzles'; any other path is closed with 4404."""

from django.urls import re_path

from .consumer import MatchConsumer, UnknownPath
from .events_socket import EventsConsumer
from .lobby import LobbyConsumer
from .puzzle_socket import PuzzleConsumer
from .tournament_socket import TournamentConsumer

# Match ids are url-safe tokens (games.matches.models.new_match_id): anything else is not a
# match, and could not name a channel group either.
websocket_urlpatterns = [
    re_path(r"^ws/matches/(?P<match_id>[A-Za-z0-9_-]{1,32})/$", MatchConsumer.as_asgi()),
    re_path(r"^ws/lobby/$", LobbyConsumer.as_asgi()),
    re_path(r"^ws/events/$", EventsConsumer.as_asgi()),
    re_path(r"^ws/tournaments/(?P<tournament_id>[0-9]{1,12})/$", TournamentConsumer.as_asgi()),
    re_path(r"^ws/puzzles/$", PuzzleConsumer.as_asgi()),
    # last: it matches every path
    re_path(r"", UnknownPath.as_asgi()),
]
