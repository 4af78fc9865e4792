"""The signals ``accounts`` sends, for subscribers above it to act on (``accounts`` never
calls them): ``challenged``, after the commit of a new challenge."""

from __future__ import annotations

from django.dispatch import Signal

# Receivers get ``challenge`` (an ``accounts.models.Challenge``): the challenged player's
# event sockets (``games.realtime.events_socket``) and bell (``games.notifications``).
challenged = Signal()
