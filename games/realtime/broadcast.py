"""Every new state of a match goes to the sockets of its channel group.

A subscriber of ``match_changed``: it runs after the commit, in the thread that committed
(a consumer's or view's database thread), and sends through ``async_to_sync``, which runs the
send on the server's event loop. Each consumer of the group then renders its own viewer's
view of the public data (``MatchConsumer.match_state``).
"""

from __future__ import annotations

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.dispatch import receiver

from games.matches.events import MatchChange, match_changed


def group_name(match_id: str) -> str:
    """The channel group of a match's sockets."""
    return f"match-{match_id}"


def user_group_name(user_id: int) -> str:
    """The channel group of every socket of one user (see ``sessions``)."""
    return f"user-{user_id}"


@receiver(match_changed, dispatch_uid="realtime.broadcast")
def send_state(sender, change: MatchChange, **kwargs) -> None:
    """Send the match's public data to its group, except the socket that already has it."""
    layer = get_channel_layer()
    if layer is None:
        return
    event = {"type": "match.state", "public": change.public, "skip": change.skip_channel}
    async_to_sync(layer.group_send)(group_name(change.match.pk), event)
