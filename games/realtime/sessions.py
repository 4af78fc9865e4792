"""A user's sockets end with their session: logging out, or changing the password (which
ends the user's other sessions), closes every socket they hold open (close code 4401).

Match sockets are found by their presence rows (``games.matches.presence``): every
logged-in one has one, with the channel name that reaches it on whichever server process it
is. Lobby sockets (and event sockets opened with the session) are in the group ``user-<id>``;
pushed lobby sockets in ``lobby-push-<id>`` and bells in ``bell-<id>`` (``lobby_push``), which
carry what is private to the user: they close too.
"""

from __future__ import annotations

from django.conf import settings
from django.contrib.auth.signals import user_logged_out
from django.db import transaction
from django.db.models.signals import pre_save
from django.dispatch import receiver

from games.matches.models import Presence

from .lobby_events import user_group
from .lobby_push import bell_group, push_group
from .outbox import send_to_channels, send_to_groups


def close_sockets_of(user_id: int) -> None:
    """Close every socket of this user, on every server process: match sockets by their
    presence rows, lobby and session event sockets through ``user-<id>``, pushed lobbies and
    bells through their own groups (every session's: they reconnect as who their own session
    says they are)."""
    signed_out = {"type": "user.signed_out"}
    channels = Presence.objects.filter(user_id=user_id, left_at__isnull=True).values_list(
        "channel_name", flat=True
    )
    send_to_channels([(channel, signed_out) for channel in channels])
    groups = (user_group(user_id), push_group(user_id), bell_group(user_id))
    send_to_groups([(group, signed_out) for group in groups])


@receiver(user_logged_out, dispatch_uid="realtime.logout")
def on_logout(sender, request, user, **kwargs) -> None:
    if user is not None:
        close_sockets_of(user.pk)


@receiver(pre_save, sender=settings.AUTH_USER_MODEL, dispatch_uid="realtime.password")
def on_password_change(sender, instance, update_fields=None, **kwargs) -> None:
    """A new password hash (the password form, a reset, the admin) closes the user's sockets."""
    if instance.pk is None or (update_fields is not None and "password" not in update_fields):
        return
    before = sender.objects.filter(pk=instance.pk).values_list("password", flat=True).first()
    if before is not None and before != instance.password:
        user_id = instance.pk
        transaction.on_commit(lambda: close_sockets_of(user_id))
