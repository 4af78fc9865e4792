from django.apps import AppConfig


class GamesConfig(AppConfig):
    name = "games"
    verbose_name = "Games"

    def ready(self) -> None:
        """Subscribe to ``match_changed`` (the broadcast, the computer's turn, absence
        timers) and to the end of sessions (``realtime.sessions``)."""
        from games.autoplay import absence, computer  # noqa: F401
        from games.realtime import broadcast, sessions  # noqa: F401
