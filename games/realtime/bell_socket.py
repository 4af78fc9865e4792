"""The header's bell carried by a page's own socket (the match page's: ``?bell=1``).

Every page of a logged-in person shows their unread count and pops up a challenge to them.
Most pages open ``/ws/lobby/?push=bell`` for it; a page that holds a socket of its own asks
that socket to carry the bell instead, so the page holds one socket, not two. The socket then
joins ``bell-<id>``, sends the count once connected (a notification that came after the page
was rendered is counted), and passes on the group's frames (``unread``, ``challenge``), as the
bell socket does (``lobby.py``).
"""

from __future__ import annotations

from typing import Any

from channels.db import database_sync_to_async
from django.utils.translation import get_language

from games.notifications.services import unread_count

from . import outgoing
from .language import spoken
from .lobby_push import bell_group


class BellSocket:
    """A mixin for a consumer with ``user``, ``join``, ``send`` and ``closing``
    (``MatchConsumer``)."""

    async def carry_bell(self) -> None:
        """Join the socket's user's bell group, then send their unread count (read after
        joining: a change committed meanwhile comes as a frame after it)."""
        group = bell_group(self.user.pk)
        await self.join(group, spoken(group, get_language()))  # a challenge's words: its language
        await self.send_message(outgoing.Unread(await database_sync_to_async(unread_count)(user=self.user)))

    async def lobby_push(self, event: dict[str, Any]) -> None:
        """Group event ``lobby.push`` on the bell group: one encoded frame, passed on (a
        closing socket's user is gone: it gets nothing more)."""
        if not self.closing and self.user.pk not in event["skip"]:
            await self.send(text_data=event["text"])
