from django.apps import AppConfig


class GamesConfig(AppConfig):
    name = "games"
    verbose_name = "Games"

    def ready(self) -> None:
        """Subscribe to ``match_changed`` (the broadcast, the lobby's hints, the computer's
        turn, absence timers, notifications, the event sockets' "match started", tournaments
        recording their matches) and to the end of sessions (``realtime.sessions``)."""
        from games.autoplay import absence, computer  # noqa: F401
        from games.notifications import receivers, tasks  # noqa: F401
        from games.realtime import broadcast, events_socket, lobby_events, sessions  # noqa: F401
        from games.tournaments import receivers as tournament_receivers  # noqa: F401
