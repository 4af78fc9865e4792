"""Confirmed e-mail addresses: no mail goes to an address until its owner opened the link
mailed to it (issue 24, 13), so nobody can make the site mail a stranger.

An address is confirmed while ``Account.email_confirmed`` equals ``user.email``: changing the
address anywhere makes it unconfirmed at once. The link carries a token in the style of
Django's password reset (``ConfirmationTokens``): it is made for one user *and* one address,
so a link mailed to an old address never confirms a new one, and it expires with
``PASSWORD_RESET_TIMEOUT`` (three days). Confirming an address also gives it a new
``email_key``, the secret of the unsubscribe links in mail to it
(``games.notifications.services``).

Password reset (``forms.ConfirmedPasswordResetForm``) and notification mail
(``games.notifications.services.email_address_for``) ask here first.
"""

from __future__ import annotations

import hashlib
import logging
import secrets
from datetime import timedelta

from django.contrib.auth import get_user_model
from django.contrib.auth.tokens import PasswordResetTokenGenerator
from django.core.cache import cache
from django.core.mail import send_mail
from django.db import transaction
from django.db.models import Q
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import timezone, translation
from django.utils.encoding import force_bytes, force_str
from django.utils.http import urlsafe_base64_decode, urlsafe_base64_encode
from django.utils.translation import gettext as _

from . import language
from .models import Account

logger = logging.getLogger(__name__)
RESEND_AFTER = timedelta(seconds=60)  # one confirmation mail a minute per user at most
# ... and a few a day to one address, whoever asks: many accounts (one a minute each) typing
# a stranger's address must not fill that stranger's inbox (issue 50).
PER_ADDRESS, ADDRESS_WINDOW = 5, 24 * 3600


class ConfirmationTokens(PasswordResetTokenGenerator):
    """Tokens that confirm one address of one user (Django's password-reset machinery:
    HMAC with the secret key, a timestamp, ``PASSWORD_RESET_TIMEOUT``)."""

    key_salt = "accounts.addresses.ConfirmationTokens"

    def _make_hash_value(self, user, timestamp: int) -> str:
        return f"{user.pk}\x00{user.email}\x00{timestamp}"


tokens = ConfirmationTokens()


def is_confirmed(user) -> bool:
    """Does ``user`` have an address, confirmed by its owner?"""
    if not user.email:
        return False
    return Account.objects.filter(user_id=user.pk, email_confirmed=user.email).exists()


def change_address(*, user, email: str) -> None:
    """Give ``user`` a new address (unconfirmed: its confirmation and mail links go)."""
    with transaction.atomic():
        user.email = email
        user.save(update_fields=["email"])
        Account.objects.filter(user_id=user.pk).update(email_confirmed="", email_key=None)


def confirmation_path(user) -> str:
    """The path of the link that confirms ``user``'s present address."""
    uid = urlsafe_base64_encode(force_bytes(user.pk))
    return reverse("email_confirm", args=[uid, tokens.make_token(user)])


def send_confirmation(*, user, link: str) -> bool:
    """Mail ``link`` (``confirmation_path`` made absolute) to ``user``'s address, at most
    once a minute, and at most ``PER_ADDRESS`` times a day to one address whoever asks;
    True when it went. A failing mail server is logged, not raised: the page
    says the mail did not go and offers to send it again."""
    if not user.email:
        return False
    Account.objects.get_or_create(user_id=user.pk)
    now = timezone.now()
    free = Q(confirmation_sent_at__isnull=True) | Q(confirmation_sent_at__lte=now - RESEND_AFTER)
    # one UPDATE claims the minute: two clicks at once send one mail
    if not Account.objects.filter(free, user_id=user.pk).update(confirmation_sent_at=now):
        return False
    if not _address_allows(user.email):
        return False
    # in the account's saved language, else the page's (its owner asked for it on that page)
    with translation.override(language.saved(user) or translation.get_language()):
        body = render_to_string("accounts/email/confirm.txt", {"username": user.username, "link": link})
        subject = _("Confirm your e-mail address")
    try:
        send_mail(subject, body, None, [user.email])
    except Exception as exc:  # the SMTP server's errors differ by backend
        logger.warning("Confirmation mail to user %s not sent: %s", user.pk, exc)
        Account.objects.filter(user_id=user.pk).update(confirmation_sent_at=None)
        return False
    return True


def _address_allows(email: str) -> bool:
    """Count one more confirmation mail to ``email`` (Django's cache, for ``ADDRESS_WINDOW``
    from the first); False past ``PER_ADDRESS``."""
    key = "confirmation-mails:" + hashlib.sha256(email.strip().lower().encode()).hexdigest()
    cache.add(key, 0, ADDRESS_WINDOW)
    try:
        return cache.incr(key) <= PER_ADDRESS
    except ValueError:  # the window ended between the two calls: a new one begins
        cache.add(key, 1, ADDRESS_WINDOW)
        return True


def user_of_link(uidb64: str, token: str):
    """The user whose present address the link confirms; None for a forged, altered,
    expired link, or one made for an address the user no longer has."""
    try:
        pk = force_str(urlsafe_base64_decode(uidb64))
    except (TypeError, ValueError, OverflowError):
        return None
    known = pk.isascii() and pk.isdigit() and len(pk) < 19  # a number the database can hold
    user = get_user_model().objects.filter(pk=pk).first() if known else None
    if user is None or not user.email or not tokens.check_token(user, token):
        return None
    return user


def confirm(*, user) -> None:
    """Mark ``user``'s present address confirmed, with a new key for its mail links (a
    link opened again changes nothing)."""
    if is_confirmed(user):
        return
    Account.objects.update_or_create(
        user_id=user.pk, defaults={"email_confirmed": user.email, "email_key": secrets.token_urlsafe(32)}
    )
