"""E-mail goes out from the task worker (``manage.py db_worker``), never from a move: a slow
mail server delays nobody. The move's thread only queues the task (one row), at a higher
priority than the long tasks (a match's computer analysis, the levels' ratings, an import):
a worker takes it before any of those waiting, so a turn's e-mail waits for one task at most,
not for every analysis asked before it."""

from __future__ import annotations

from django_tasks import task

from . import mail, services
from .models import Notification

MAIL_PRIORITY = 50  # django-tasks' range is -100..100, the long tasks keep the default 0


@task(priority=MAIL_PRIORITY)
def send_email(notification_id: int) -> bool:
    """Send one notification's e-mail (see ``mail.send``)."""
    return mail.send(notification_id)


def email_later(notification: Notification) -> bool:
    """Queue the e-mail of a new notification when its user wants this kind by e-mail and has
    an address (checked again when it is sent); True when queued."""
    if services.email_address_for(notification.user_id, notification.kind) is None:
        return False
    send_email.enqueue(notification.pk)
    return True
