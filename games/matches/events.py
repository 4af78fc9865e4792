"""What happened, said once, after the commit: the domain's typed events and their bus.

Services write, then say what happened: ``announce_change(match, MoveMade(...))``. When the
transaction commits (never for a rolled-back one) the match's new public state is built once,
a :class:`StateChanged` carrying it and the facts of that commit goes first, and the facts
follow (``MoveMade``, ``MatchEnded``...), each carrying that same state. Facts that change no
match state (a low clock, a tournament round, a notification) go through :func:`announce`.

Subscribers are registered for the kinds they care about, in the order written in
``games/subscribers.py`` (never in import order). Each is called once per event of its kinds,
in the thread that committed; a subscriber that raises is logged and the others still run.
No subscriber needs a memory of what it saw: an event says what happened.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, TypeVar

from django.db import transaction

from .models import Match
from .selectors import UNKNOWN, match_public

log = logging.getLogger(__name__)


@dataclass(eq=False, kw_only=True)
class Event:
    """Something that happened (a base: subscribe to it to hear every event)."""


@dataclass(eq=False, kw_only=True)
class MatchEvent(Event):
    """Something that happened to a match; ``public`` is its public data after the commit
    (``selectors.match_public``), built once for every subscriber."""

    match: Match
    public: dict[str, Any] = field(default_factory=dict, repr=False)


@dataclass(eq=False, kw_only=True)
class StateChanged(MatchEvent):
    """A match's public state changed (one per commit, before its facts): what the sockets
    show. ``happened``: the facts of this commit; ``skip_channel``: a socket that already
    shows this state (its own arrival); ``line``: how the move list changed, when the
    service says it (``move_list.added`` / ``taken_back``; else a socket reads it afresh)."""

    happened: tuple[Event, ...] = ()
    skip_channel: str | None = None
    line: dict[str, Any] | None = None


@dataclass(eq=False, kw_only=True)
class MatchCreated(MatchEvent):
    """A match was created and waits for players (``by`` created it)."""

    by: int | None


@dataclass(eq=False, kw_only=True)
class PlayerJoined(MatchEvent):
    """``user_id`` took ``seat``."""

    user_id: int
    seat: int


@dataclass(eq=False, kw_only=True)
class MatchStarted(MatchEvent):
    """Every seat is taken: the match is live. ``by``: whose act started it (the last to join,
    the creator of a rematch or of a match against the computer)."""

    by: int | None


@dataclass(eq=False, kw_only=True)
class MoveMade(MatchEvent):
    """``seat`` played ``move`` at ``ply`` (passes the server then forced follow it in the
    state); ``user_id`` is None for the server (the computer, a skipped turn)."""

    seat: int
    ply: int
    move: Any
    user_id: int | None


@dataclass(eq=False, kw_only=True)
class MatchEnded(MatchEvent):
    """The match is over (finished or aborted: ``match.status``, ``match.result``).
    ``was_waiting``: it ended before it started (aborted while seats were free)."""

    was_waiting: bool = False


@dataclass(eq=False, kw_only=True)
class PlayerConnected(MatchEvent):
    """A player of a live match opened a socket on it."""

    user_id: int


@dataclass(eq=False, kw_only=True)
class PlayerLeft(MatchEvent):
    """A player of a live match closed their last socket on it (or its server stopped)."""

    user_id: int


@dataclass(eq=False, kw_only=True)
class RematchOffered(MatchEvent):
    """``by`` started ``rematch``, a rematch of this (finished) match."""

    rematch: Match
    by: int


@dataclass(eq=False, kw_only=True)
class DrawOffered(MatchEvent):
    """``seat`` offers the others a draw (the computer answers for its seats)."""

    seat: int


@dataclass(eq=False, kw_only=True)
class TakebackProposed(MatchEvent):
    """``seat`` asks the others to take back the moves after ply ``back_to``."""

    seat: int
    back_to: int


@dataclass(eq=False, kw_only=True)
class MovesTakenBack(MatchEvent):
    """The moves of ``plies`` were taken back at the request of ``seat``: the game goes on
    from the position after ply ``back_to`` (0: the start), ``seat`` to move again."""

    seat: int
    back_to: int
    plies: list[int]


@dataclass(eq=False, kw_only=True)
class ChatSaid(Event):
    """A line was said in one of the match's chat rooms (``line``: the protocol's object)."""

    match_id: str
    line: dict[str, Any]


@dataclass(eq=False, kw_only=True)
class ChatHidden(Event):
    """Staff hid these lines of the match's chat (``ids``): gone from every socket showing them."""

    match: Match
    ids: list[int]


@dataclass(eq=False, kw_only=True)
class ClockLow(Event):
    """The running clocks of ``seats`` are low at this ply (said once per ply)."""

    match: Match
    seats: list[int]
    remaining: dict[int, int]  # seat -> ms left


# -- the bus ------------------------------------------------------------------------------
E = TypeVar("E", bound=Event)
Subscriber = Callable[[Any], None]
_subscriptions: list[tuple[type[Event], Subscriber]] = []


def subscribe(kind: type[E], subscriber: Callable[[E], None]) -> None:
    """Call ``subscriber`` with every event of ``kind`` (or a subclass), after those
    registered before it."""
    _subscriptions.append((kind, subscriber))


def subscribed() -> list[tuple[type[Event], Subscriber]]:
    """Every (kind, subscriber), in the order they are called."""
    return list(_subscriptions)


def unsubscribe(subscriber: Subscriber) -> None:
    """Stop calling ``subscriber`` (tests)."""
    _subscriptions[:] = [(k, s) for k, s in _subscriptions if s is not subscriber]


def deliver(events: list[Event]) -> None:
    """Call every subscriber, in the order they subscribed, with each event of its kinds."""
    for kind, subscriber in list(_subscriptions):
        for event in events:
            if isinstance(event, kind):
                try:
                    subscriber(event)
                except Exception:  # one subscriber's failure must not silence the others
                    log.exception("%s failed on %s", getattr(subscriber, "__qualname__", subscriber), event)


def announce(*events: Event) -> None:
    """Deliver ``events`` once the current transaction commits (at once outside one)."""
    transaction.on_commit(lambda: deliver(list(events)))


def announce_change(
    match: Match,
    *happened: MatchEvent,
    last_move: Any = UNKNOWN,
    skip_channel: str | None = None,
    line: dict[str, Any] | None = None,
) -> StateChanged:
    """``match`` changed (saved in the current transaction) and ``happened`` says how: after
    the commit, its public state is built once and delivered as a :class:`StateChanged`,
    then with each fact. ``last_move``: the move just stored, when the service knows it;
    ``line``: how the move list changed. Returns the :class:`StateChanged`, whose ``public``
    is filled once committed."""
    state = StateChanged(match=match, happened=happened, skip_channel=skip_channel, line=line)

    def committed() -> None:
        state.public = match_public(match, last_move=last_move)
        for event in happened:
            event.public = state.public
        deliver([state, *happened])

    transaction.on_commit(committed)
    return state
