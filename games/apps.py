from django.apps import AppConfig


class GamesConfig(AppConfig):
    name = "games"
    verbose_name = "Games"

    def ready(self) -> None:
        """Subscribe to the domain's events in the order of ``games.subscribers``, and to the
        end of sessions (``realtime.sessions``: Django's logout and password signals); give the
        words of results (``games.matches.wording``, which imports no Django) Django's gettext."""
        from games import subscribers
        from games.autoplay import tasks as _  # noqa: F401  (enqueues analyses and level measurements)
        from games.notifications import tasks  # noqa: F401  (registers the e-mail task)
        from games.realtime import sessions  # noqa: F401

        subscribers.connect()
        from django.utils.translation import gettext, ngettext

        from games.matches import wording

        wording.translate_with(gettext, ngettext)  # results worded in the reader's language
