"""Who a request is: the password gate for bot accounts, and ``Authorization: Bearer`` tokens.

A bot account plays only through its API tokens (``accounts.tokens``): :class:`NoPasswordForBots`
sits in ``AUTHENTICATION_BACKENDS`` after django-axes and before Django's ``ModelBackend``, and
stops every password login of a bot (the site's form, the admin's) whatever the password.
A refused login is a failed login to Django, so axes counts it like a wrong password.
"""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.core.exceptions import PermissionDenied

from .models import Account, ApiToken


class NoPasswordForBots:
    """An authentication backend that logs nobody in: it refuses bots, lets others through."""

    def authenticate(self, request, username=None, password=None, **kwargs):
        if username is None:
            username = kwargs.get(get_user_model().USERNAME_FIELD)
        if username is not None and Account.objects.filter(user__username=username, bot=True).exists():
            raise PermissionDenied("A bot account plays through its API tokens, not a password.")
        return None  # not ours to decide: the next backend checks the password

    # No ``get_user``: this backend never logs anyone in, so no session names it (and
    # ``Client.force_login`` passes over it to ModelBackend, as it passes over axes').


def bearer_token(header: str | bytes | None) -> str | None:
    """The token of an ``Authorization: Bearer <token>`` header value; None when the header
    is absent or of another scheme; ``""`` for a Bearer header without a usable token."""
    if header is None:
        return None
    if isinstance(header, bytes):
        header = header.decode("latin-1")
    scheme, _, token = header.strip().partition(" ")
    if scheme.lower() != "bearer":
        return None
    return token.strip()


def token_for(raw: str) -> ApiToken | None:
    """The active token ``raw`` is (its ``user`` loaded), or None."""
    return ApiToken.objects.active_token(raw)
