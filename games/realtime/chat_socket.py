"""The chat part of the match socket: its history on connect, lines said, mute and report.

A mixin of ``MatchConsumer``: which rooms a socket reads is decided afresh for every line
from the match's latest state (``games.matches.talking.chat.rooms_read``), so a player starts
hearing the spectators' room when the match ends.
"""

from __future__ import annotations

from typing import Any

from channels.db import database_sync_to_async
from django.utils.translation import gettext as _

from games.matches.endings import OVER
from games.matches.talking import chat

from . import messages, outgoing


class ChatSocket:
    """Chat for a match socket (needs ``public``, ``user``, ``username``, ``match_id``)."""

    chat_on = True  # the viewer's setting
    chat_muted = False  # a player who muted the other side
    over_seen = False  # the history of the spectators' room was sent once the match ended

    def rooms(self) -> set[str]:
        if not self.chat_on or self.public is None:
            return set()
        return chat.rooms_read(self.public, self.username)

    async def send_chat_history(self, always: bool = False) -> None:
        """The last lines of every room this viewer reads (``chat_history``), if any."""
        self.chat_on, self.chat_muted = await database_sync_to_async(_settings)(self.match_id, self.user)
        self.over_seen = self.public is not None and self.public["status"] in OVER
        lines = await database_sync_to_async(chat.history)(
            match_id=self.match_id,
            rooms=self.rooms(),
            hide_others_than=self.username if self.chat_muted else None,
        )
        if lines or always:  # none yet: clients older than chat see no new frame
            await self.send_message(outgoing.ChatHistory(lines))

    async def chat_state_seen(self) -> None:
        """Called with each new state: once the match is over, a player may read the
        spectators' room, so its history comes again, with it."""
        if not self.over_seen and self.public["status"] in OVER and chat.SPECTATORS in self.rooms():
            await self.send_chat_history()

    async def handle_chat(self, message: messages.Message) -> None:
        """A chat message of the client: say, mute or report."""
        if not self.username:
            await self.send_message(outgoing.ChatRefused("log_in", _("Log in to chat.")))
            return
        match message:
            case messages.Chat(room=room, text=text):
                try:
                    await database_sync_to_async(chat.chat_say)(
                        match_id=self.match_id, user=self.user, room=room, text=text
                    )
                except chat.ChatRefused as exc:
                    await self.send_message(outgoing.ChatRefused(exc.reason, exc.message))
            case messages.MuteChat(mute=mute):
                if await self.call(chat.chat_mute, mute=mute):
                    await self.send_chat_history(always=True)
            case messages.ReportChat(id=line_id):
                await self.call(chat.chat_report, line_id=line_id)

    async def match_chat(self, event: dict[str, Any]) -> None:
        """Group event ``match.chat``: a line, shown if this viewer reads its room."""
        line = event["line"]
        if line["room"] not in self.rooms():
            return
        if self.chat_muted and line["room"] == chat.PLAYERS and line["username"] != self.username:
            return
        await self.send_message(outgoing.Chat(line))

    async def match_chat_hidden(self, event: dict[str, Any]) -> None:
        """Group event ``match.chat_hidden``: staff hid lines; a socket reading chat drops them."""
        if self.rooms():
            await self.send_message(outgoing.ChatHidden(list(event["ids"])))


def _settings(match_id: str, user) -> tuple[bool, bool]:
    return chat.chat_on(user), chat.muted(match_id=match_id, user=user)
