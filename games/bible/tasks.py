"""The background task of an import, run by the task worker (``manage.py db_worker``)."""

from django.dispatch import receiver
from django_tasks import task

from . import services
from .models import Import


@task()
def run_import(import_id: int) -> None:
    """Run one queued import to its end: a report, or a failure with its message."""
    services.import_run(import_id=import_id)


@receiver(services.import_queued, dispatch_uid="bible.enqueue")
def enqueue(sender, import_id: int, **kwargs) -> None:
    """A queued import goes to the worker; its task id is kept on the import."""
    result = run_import.enqueue(import_id)
    Import.objects.filter(pk=import_id).update(task_id=str(result.id))
