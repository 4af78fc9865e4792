"""The domain's events: each change says what happened, once, after its commit, with the
public state built once; subscribers are called in the order written in games/subscribers.py."""

from __future__ import annotations

import logging

import pytest
from django.db import transaction

from games import subscribers
from games.catalog.registry import GAMES
from games.matches import events, rematches, services
from games.matches.events import MatchEvent, StateChanged

from .conftest import fresh, make_user, start_match

pytestmark = pytest.mark.django_db(transaction=True)  # real commits: events go out on commit
REVERSI = GAMES["reversi"]


def test_subscribers_are_called_in_the_order_written_down():
    assert events.subscribed()[: len(subscribers.SUBSCRIPTIONS)] == subscribers.SUBSCRIPTIONS
    kinds = [kind for kind, _ in subscribers.SUBSCRIPTIONS]
    assert kinds.index(StateChanged) == 0  # the sockets first: what players feel


def test_each_change_says_what_happened(changes):
    ann, ben = make_user("ann"), make_user("ben")
    match = services.match_create(user=ann, game="reversi", options={"size": 4}, opponent="invite", side=0)
    services.match_join(match_id=match.pk, user=ben)
    state = fresh(match).state
    services.move_play(match_id=match.pk, user=ann, ply=0, move=REVERSI.legal_moves(state, 0)[0])
    services.match_resign(match_id=match.pk, user=ben)
    rematches.match_rematch(match_id=match.pk, user=ann)
    assert changes.kinds == [
        ["MatchCreated"],
        ["PlayerJoined", "MatchStarted"],
        ["MoveMade"],
        ["MatchEnded"],
        ["MatchCreated"],  # the rematch: an offer, with the asker seated
        ["RematchOffered"],  # on the old match, whose page links the rematch
    ]
    joined, started = changes.seen[1].happened
    assert (joined.user_id, joined.seat, started.by) == (ben.pk, 1, ben.pk)
    moved = changes.seen[2].happened[0]
    assert (moved.seat, moved.ply, moved.user_id) == (0, 1, ann.pk)


def test_the_state_is_built_once_for_every_event_of_a_commit(changes):
    match, ann, _ = start_match("reversi", {"size": 4})
    changes.clear()
    services.match_resign(match_id=match.pk, user=ann)  # before a move: aborted
    (change,) = changes.seen
    assert all(event.public is change.public for event in change.happened)
    assert change.public["status"] == "aborted"


def test_a_rolled_back_change_announces_nothing(changes):
    match, ann, _ = start_match("reversi", {"size": 4})
    changes.clear()
    with pytest.raises(RuntimeError), transaction.atomic():
        services.match_resign(match_id=match.pk, user=ann)
        raise RuntimeError("rolled back")
    assert changes.seen == []


def test_a_failing_subscriber_is_logged_and_the_others_still_run(changes, caplog):
    heard: list[str] = []

    def broken(event: MatchEvent) -> None:
        raise ValueError("broken subscriber")

    def after(event: MatchEvent) -> None:
        heard.append(type(event).__name__)

    events.subscribe(MatchEvent, broken)
    events.subscribe(MatchEvent, after)
    try:
        with caplog.at_level(logging.ERROR, logger="games.matches.events"):
            start_match("reversi", {"size": 4})
    finally:
        events.unsubscribe(broken)
        events.unsubscribe(after)
    assert heard == ["StateChanged", "MatchCreated", "StateChanged", "PlayerJoined", "MatchStarted"]
    assert any("broken" in record.getMessage() for record in caplog.records)
    assert len(changes.seen) == 2  # the recorder, subscribed before, heard both changes
