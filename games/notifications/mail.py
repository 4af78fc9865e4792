"""The e-mail of a notification (a correspondence turn, low time), sent by the task worker.

Links in a mail need the site's address: ``SITE_URL`` (settings or environment; the address
``make run`` serves by default). Mail goes to confirmed addresses only
(``services.email_address_for``). Every mail carries a one-click unsubscribe link (the
address's random key: ``services.unsubscribe_token``), also as ``List-Unsubscribe`` with
``List-Unsubscribe-Post: List-Unsubscribe=One-Click`` (RFC 8058).

A mail is written in its account's saved language (``accounts.language.for_user``): its
subject is the notification's text, written in that language when the notification was made
(``receivers``), and its body is rendered in it here (``Content-Language`` says which).
"""

from __future__ import annotations

import os

from django.conf import settings
from django.core.mail import EmailMessage
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import timezone, translation

from accounts import language

from . import services
from .models import EmailPreferences, Notification

DEFAULT_SITE_URL = "http://127.0.0.1:8000"


def site_url() -> str:
    """The site's address as people reach it (no trailing slash)."""
    url = getattr(settings, "SITE_URL", "") or os.environ.get("SITE_URL", "") or DEFAULT_SITE_URL
    return url.rstrip("/")


def message(notification: Notification, address: str, token: str) -> EmailMessage:
    """The e-mail of ``notification`` to ``address``, with the unsubscribe link of ``token``."""
    base = site_url()
    unsubscribe = base + reverse("notifications_unsubscribe", args=[token])
    written_in = language.for_user(notification.user)
    with translation.override(written_in):
        body = render_to_string(
            "notifications/email.txt",
            {
                "notification": notification,
                "username": notification.user.username,
                "match_url": base + notification.url,
                "settings_url": base + reverse("notifications_settings"),
                "unsubscribe_url": unsubscribe,
                "preference": EmailPreferences._meta.get_field(
                    services.EMAIL_KINDS[notification.kind]
                ).verbose_name,
            },
        )
    return EmailMessage(
        subject=notification.text,
        body=body,
        to=[address],
        headers={
            "Content-Language": written_in,
            "List-Unsubscribe": f"<{unsubscribe}>",
            "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
        },
    )


def send(notification_id: int) -> bool:
    """Send the e-mail of one notification, once: not when it was read meanwhile, nor when
    its user no longer wants it or has no address. True when a mail went out."""
    notification = Notification.objects.select_related("user").filter(pk=notification_id).first()
    if notification is None or notification.read_at is not None or notification.emailed_at is not None:
        return False
    address = services.email_address_for(notification.user_id, notification.kind)
    token = services.unsubscribe_token(user_id=notification.user_id, kind=notification.kind)
    if address is None or token is None:
        return False
    claimed = Notification.objects.filter(pk=notification_id, emailed_at__isnull=True)
    if not claimed.update(emailed_at=timezone.now()):
        return False  # another worker has it
    try:
        message(notification, address, token).send()
    except Exception:
        Notification.objects.filter(pk=notification_id).update(emailed_at=None)  # may be tried again
        raise
    return True
