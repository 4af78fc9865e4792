from django.apps import AppConfig


class GamesConfig(AppConfig):
    name = "games"
    verbose_name = "Games"

    def ready(self) -> None:
        """Subscribe to the domain's events in the order of ``games.subscribers``, and to the
        end of sessions (``realtime.sessions``: Django's logout and password signals)."""
        from games import subscribers
        from games.autoplay import tasks as _  # noqa: F401  (enqueues analyses and level measurements)
        from games.notifications import tasks  # noqa: F401  (registers the e-mail task)
        from games.realtime import sessions  # noqa: F401

        subscribers.connect()
