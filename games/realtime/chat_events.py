"""Every chat line said goes to the sockets of its match's group; each socket keeps only the
lines of the rooms its viewer reads (``chat_socket.ChatSocket.match_chat``)."""

from __future__ import annotations

from games.matches.events import ChatHidden, ChatSaid

from .broadcast import group_name
from .outbox import send_to_groups


def send_line(event: ChatSaid) -> None:
    """Send the line to the match's group (Redis carries it to the other processes)."""
    send_to_groups([(group_name(event.match_id), {"type": "match.chat", "line": event.line})])


def send_hidden(event: ChatHidden) -> None:
    """Tell the match's sockets which lines staff hid."""
    send_to_groups([(group_name(event.match.pk), {"type": "match.chat_hidden", "ids": event.ids})])
