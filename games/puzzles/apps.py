from django.apps import AppConfig
from django.db.models.signals import post_migrate


class PuzzlesConfig(AppConfig):
    name = "games.puzzles"
    label = "puzzles"
    verbose_name = "Puzzles"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        """The puzzles the games ship are loaded by every ``migrate``; searches run as tasks."""
        from . import shipped, tasks  # noqa: F401

        post_migrate.connect(shipped.load_after_migrate, sender=self)
