"""Every write of notifications and e-mail preferences, and the reads the pages need.

A notification is created once per event: ``notify`` is a ``get_or_create`` on the unique
(match, kind, key, user), so two processes announcing the same change write one row, and only
the one that wrote it goes on (hint, e-mail).
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils import timezone

from accounts import addresses
from accounts.models import Account
from games.matches.events import announce
from games.matches.models import Match

from .events import NotificationsRead
from .models import EmailPreferences, Notification

Kind = Notification.Kind
# The notifications that may also come by e-mail, and the preference that switches each.
EMAIL_KINDS = {Kind.TURN: "turn", Kind.LOW_TIME: "low_time"}
LIST_SIZE = 50
KEEP = 200  # notifications a user keeps: older ones go when a new one arrives


def notify(
    *, user_id: int, kind: str, match: Match | None, key: str, text: str, url: str
) -> Notification | None:
    """Create this notification; None when it exists already (the same event, announced
    again or by another process)."""
    notification, created = Notification.objects.get_or_create(
        user_id=user_id, kind=kind, match=match, key=key, defaults={"text": text[:300], "url": url}
    )
    if not created:
        return None
    _prune(user_id)
    return notification


def _prune(user_id: int) -> None:
    """Keep the user's newest ``KEEP`` notifications (the list shows 50), so that a long-time
    player's rows do not grow without end. Only old events go, which are not delivered again
    (an event is delivered once, after its commit), so the once-per-event constraint keeps
    its meaning."""
    mine = Notification.objects.filter(user_id=user_id)
    oldest_kept = mine.order_by("-pk").values_list("pk", flat=True)[KEEP - 1 : KEEP]
    if len(oldest_kept) == 1:
        mine.filter(pk__lt=oldest_kept[0]).delete()


def unread_count(*, user) -> int:
    return Notification.objects.filter(user=user, read_at__isnull=True).count()


def latest(*, user, limit: int = LIST_SIZE) -> list[Notification]:
    """The user's newest notifications, newest first (only their own)."""
    return list(Notification.objects.filter(user=user)[:limit])


def mark_read(*, user, up_to: int | None = None) -> int:
    """Mark ``user``'s unread notifications read (only those with a pk up to ``up_to`` when
    given: the ones a page showed); returns how many."""
    unread = Notification.objects.filter(user=user, read_at__isnull=True)
    if up_to is not None:
        unread = unread.filter(pk__lte=up_to)
    marked = unread.update(read_at=timezone.now())
    if marked:  # the user's other pages count down too
        announce(NotificationsRead(user_id=getattr(user, "pk", user)))
    return marked


# -- e-mail preferences ------------------------------------------------------------------
def preferences_of(user) -> EmailPreferences:
    """The user's preferences (the defaults, unsaved, when they never changed them)."""
    found = EmailPreferences.objects.filter(user=user).first()
    return found if found is not None else EmailPreferences(user=user)


@transaction.atomic
def preferences_set(*, user, turn: bool, low_time: bool, email: str | None = None) -> EmailPreferences:
    """Save which notifications come by e-mail (and, when given, the e-mail address: a new
    one is unconfirmed, ``accounts.addresses``)."""
    if email is not None and email != user.email:
        addresses.change_address(user=user, email=email)
    prefs, _ = EmailPreferences.objects.update_or_create(
        user=user, defaults={"turn": turn, "low_time": low_time}
    )
    return prefs


def unsubscribe(*, user_id: int, kind: str) -> None:
    """Turn this kind of e-mail off for the user."""
    EmailPreferences.objects.update_or_create(user_id=user_id, defaults={EMAIL_KINDS[kind]: False})


def email_address_for(user_id: int, kind: str) -> str | None:
    """Where this kind of notification goes by e-mail for the user: their address when they
    have one, confirmed it (``accounts.addresses``) and want it, else None (one query)."""
    if kind not in EMAIL_KINDS:
        return None
    field = f"email_preferences__{EMAIL_KINDS[kind]}"
    row: dict[str, Any] | None = (
        get_user_model()
        .objects.filter(pk=user_id, is_active=True)
        .values("email", field, "account__email_confirmed")
        .first()
    )
    if row is None or not row["email"] or row[field] is False:  # no row: None, the default (on)
        return None
    return row["email"] if row["account__email_confirmed"] == row["email"] else None


# -- one-click unsubscribe ------------------------------------------------------------------
# A link is "<kind>.<key>": the key is the random secret of the user's confirmed address
# (``Account.email_key``), so it shows nothing about the user, and every link mailed to an
# address stops working once the address changes (a new address gets a new key).
def unsubscribe_token(*, user_id: int, kind: str) -> str | None:
    """The token that turns off ``kind`` e-mail for this user, and nothing else; None while
    the user has no confirmed address (no mail goes to them then)."""
    key = (
        Account.objects.filter(user_id=user_id, email_key__isnull=False)
        .values_list("email_key", flat=True)
        .first()
    )
    return f"{kind}.{key}" if key else None


def unsubscribe_target(token: str) -> tuple[Any, str] | None:
    """(user, kind) of a valid token; None for a forged, altered or unknown one, or one
    mailed to an address the user has since changed."""
    kind, _, key = token.partition(".")
    if kind not in EMAIL_KINDS or not key:
        return None
    account = Account.objects.select_related("user").filter(email_key=key).first()
    if account is None or not account.user.email or account.email_confirmed != account.user.email:
        return None
    return account.user, kind
