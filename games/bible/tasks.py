"""Background tasks (django-tasks; the database backend's ``db_worker`` runs them)."""

from django_tasks import task

from . import services


@task()
def run_import(import_id: int) -> None:
    """Run one queued import to its end: a report, or a failure with its message."""
    services.import_run(import_id=import_id)
