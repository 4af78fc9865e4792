"""A match's chat (lichess's rules): two rooms, who reads and writes which, flood control.

The players' room (allies in The Journey) and the spectators' room. Spectators read both and
write in theirs; players write in theirs and do not see the spectators' room until the match
is over. Against the computer there is no players' room (nobody to talk to). A line is at most
140 characters; one that repeats one of your last lines, or would be your fifth in 10
seconds, is refused, as is every line of someone staff barred or who turned chat off.
Lines reach the sockets through the :class:`ChatSaid` event (``realtime.chat_events``).
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from .. import abilities
from ..endings import OVER
from ..errors import ServiceError
from ..events import ChatHidden, ChatSaid, announce
from ..models import Match
from ..selectors import match_public, seat_in
from . import chat_store
from .chat_models import ChatLine, ChatMute, ChatReport

PLAYERS, SPECTATORS = abilities.PLAYERS, abilities.SPECTATORS
MAX_CHARS = 140
BURST, WINDOW = 4, timedelta(seconds=10)  # a fifth line within WINDOW is refused
REPEAT_LAST = 3  # a line equal to one of your last REPEAT_LAST lines of the match is refused
HISTORY = 50  # lines of each room a socket gets on connect
# Said in the writer's language: a button's phrase is the line it sends.
QUICK_PHRASES = (
    gettext_lazy("Hello"),
    gettext_lazy("Good luck"),
    gettext_lazy("Have fun"),
    gettext_lazy("Good game"),
    gettext_lazy("Thanks"),
    gettext_lazy("Rematch?"),
)
TEAM_PHRASES = (  # allies, no rival
    gettext_lazy("Hello"),
    gettext_lazy("Good luck"),
    gettext_lazy("Have fun"),
    gettext_lazy("Well played"),
    gettext_lazy("Thanks"),
    gettext_lazy("Again?"),
)


def quick_phrases(cooperative: bool) -> tuple[Any, ...]:
    """The chat's one-click lines: allies of a co-operative game are nobody's rivals."""
    return TEAM_PHRASES if cooperative else QUICK_PHRASES


class ChatRefused(ServiceError):
    """A line refused; ``reason`` is one of the protocol's ``chat_refused`` reasons."""

    def __init__(self, reason: str, message: str) -> None:
        super().__init__("chat_refused", message, 409)
        self.reason = reason


# -- who reads which room (``abilities``: the state tells the page too) --------------------
def rooms_read(public: dict[str, Any], username: str | None) -> set[str]:
    """The rooms ``username`` (None: a visitor) reads in this match."""
    return abilities.rooms_read(public, seat_in(public, username))


def line_json(line: ChatLine, username: str) -> dict[str, Any]:
    """The protocol's line object."""
    at = line.at.isoformat()
    return {"id": line.pk, "room": line.room, "username": username, "text": line.text, "at": at}


# -- reads --------------------------------------------------------------------------------
def chat_on(user) -> bool:
    """Has ``user`` (None: a visitor) chat on in their settings? (no account row: on)"""
    if user is None or not user.is_authenticated:
        return True
    return not get_user_model().objects.filter(pk=user.pk, account__chat=False).exists()


def muted(*, match_id: str, user) -> bool:
    """Has ``user`` muted the other side's chat in this match?"""
    signed_in = user is not None and user.is_authenticated
    return signed_in and ChatMute.objects.filter(match_id=match_id, user=user).exists()


def history(*, match_id: str, rooms: set[str], hide_others_than: str | None = None) -> list[dict[str, Any]]:
    """The last ``HISTORY`` shown lines of each room, oldest first; ``hide_others_than``: a
    player who muted the others sees only their own players' room lines."""
    lines: list[dict[str, Any]] = []
    for room in sorted(rooms):
        rows = ChatLine.objects.filter(match_id=match_id, room=room, hidden=False).select_related("user")
        for line in reversed(rows.order_by("-id")[:HISTORY]):
            if hide_others_than and room == PLAYERS and line.user.username != hide_others_than:
                continue
            lines.append(line_json(line, line.user.username))
    return sorted(lines, key=lambda line: line["id"])


def players_room_lines(match_id: str) -> list[ChatLine]:
    """Every shown line of the players' room, oldest first (the replay page shows them)."""
    return list(ChatLine.objects.filter(match_id=match_id, room=PLAYERS, hidden=False).select_related("user"))


def last_change(match_id: str) -> str:
    """What changes when a line is said or hidden (the replay page's ETag)."""
    shown = ChatLine.objects.filter(match_id=match_id, room=PLAYERS, hidden=False)
    return f"{shown.count()}.{shown.order_by('-id').values_list('id', flat=True).first()}"


# -- services -----------------------------------------------------------------------------
def chat_say(*, match_id: str, user, room: str, text: str) -> dict[str, Any]:
    """``user`` says ``text`` in ``room`` of the match: stored, then heard by everyone who
    reads that room (``ChatSaid``). Refused with ``ChatRefused``. Its SQL is ``chat_store``'s
    (a line is said beside every move, on the same database thread)."""
    text = " ".join(text.split())  # one line: no newlines, no runs of spaces
    if not text:
        raise ChatRefused("empty", _("Say something first."))
    if len(text) > MAX_CHARS:
        raise ChatRefused("too_long", _("A line is at most %(most)s characters.") % {"most": MAX_CHARS})
    with transaction.atomic():
        # The user's row is the lock: two lines of one user at once are counted one by one.
        chat_store.lock_user(user.pk)
        now = timezone.now()
        facts = chat_store.facts(
            match_id=match_id, user_id=user.pk, now=now, since=now - WINDOW, recent=REPEAT_LAST
        )
        if facts.status is None:
            raise ServiceError("not_found", _("No such match."), 404)
        _refuse(facts, room, text)
        line_id = chat_store.insert_line(match_id=match_id, user_id=user.pk, room=room, text=text, at=now)
        said = line_json(ChatLine(pk=line_id, room=room, text=text, at=now), user.username)
        announce(ChatSaid(match_id=match_id, line=said))
    return said


def _refuse(facts: chat_store.Facts, room: str, text: str) -> None:
    if facts.chat_off:
        raise ChatRefused("chat_off", _("You turned chat off in your settings."))
    if facts.bar_until is not None:
        until = facts.bar_until.strftime("%Y-%m-%d %H:%M UTC")
        raise ChatRefused(
            "barred",
            _("You may not chat until %(until)s: %(reason)s") % {"until": until, "reason": facts.bar_reason},
        )
    if room not in _written(facts):
        if facts.seated and facts.people < 2:
            raise ChatRefused("not_your_room", _("There is nobody to talk to: you play the computer."))
        if room == SPECTATORS:
            raise ChatRefused(
                "not_your_room", _("Players write in the spectators' room only after the game.")
            )
        raise ChatRefused("not_your_room", _("Only the players write in the players' room."))
    if text.casefold() in {said.casefold() for said in facts.recent}:
        raise ChatRefused("repeated", _("You said that just now."))
    if facts.in_window >= BURST:
        raise ChatRefused(
            "too_fast",
            _("At most %(lines)s lines in %(seconds)s seconds: wait a moment.")
            % {"lines": BURST, "seconds": WINDOW.seconds},
        )


def _written(facts: chat_store.Facts) -> set[str]:
    """``abilities.rooms_of_writer`` from the line's facts (not the whole public match: a
    line is said beside every move of the site, on the same database thread)."""
    return abilities.rooms_of_writer(facts.seated, facts.people >= 2, facts.status in OVER)


def chat_mute(*, match_id: str, user, mute: bool) -> None:
    """A player stops (or starts again) hearing the other side's chat in this match."""
    public = match_public(Match.objects.filter(pk=match_id).first() or _no_match())
    if seat_in(public, user.username) is None:
        raise ServiceError("not_a_player", _("Only players mute the other side."), 403)
    with transaction.atomic():
        if mute:
            ChatMute.objects.get_or_create(match_id=match_id, user=user)
        else:
            ChatMute.objects.filter(match_id=match_id, user=user).delete()


def chat_report(*, match_id: str, user, line_id: int) -> None:
    """``user`` reports a line they can read to staff (reported once per person)."""
    match = Match.objects.filter(pk=match_id).first() or _no_match()
    line = ChatLine.objects.filter(pk=line_id, match=match, hidden=False).first()
    if line is None or line.room not in rooms_read(match_public(match), user.username):
        raise ServiceError("no_chat_line", _("There is no such line to report."), 404)
    with transaction.atomic():
        ChatReport.objects.get_or_create(line=line, by=user)


def chat_hide(*, line_ids: list[int]) -> int:
    """(Staff.) Hide these lines: gone from every history and replay, and from the pages and
    clients showing them now (``ChatHidden``, per match); returns how many were hidden."""
    with transaction.atomic():
        lines = list(ChatLine.objects.select_for_update().filter(pk__in=line_ids, hidden=False))
        ChatLine.objects.filter(pk__in=[line.pk for line in lines]).update(hidden=True)
        by_match: dict[str, list[int]] = {}
        for line in lines:
            by_match.setdefault(line.match_id, []).append(line.pk)
        for match in Match.objects.filter(pk__in=list(by_match)):
            announce(ChatHidden(match=match, ids=sorted(by_match[match.pk])))
    return len(lines)


def _no_match() -> Match:
    raise ServiceError("not_found", _("No such match."), 404)
