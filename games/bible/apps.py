from django.apps import AppConfig


class BibleConfig(AppConfig):
    name = "games.bible"
    label = "bible"
    verbose_name = "Bible reports"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        """Queued imports go to the task worker (``tasks.enqueue`` subscribes)."""
        from . import tasks  # noqa: F401
