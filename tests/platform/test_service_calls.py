"""Service calls one after another keep each apart (a refused call changes nothing, each
accepted move is announced once, in order), and a match row changed by another process is
what the next call sees."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.utils import timezone

from games.catalog.registry import GAMES
from games.matches import events, services
from games.matches.errors import ServiceError
from games.matches.events import StateChanged
from games.matches.models import Match, Move

pytestmark = pytest.mark.django_db(transaction=True)  # real commits: broadcasts happen on commit


def started(n: int) -> tuple[Match, object, object]:
    users = get_user_model()
    a = users.objects.create_user(f"a{n}", password="x")
    b = users.objects.create_user(f"b{n}", password="x")
    match = services.match_create(user=a, game="reversi", options={"size": 6}, opponent="invite", side=0)
    services.match_join(match_id=match.pk, user=b)
    match.refresh_from_db()
    return match, a, b


def first_legal(match: Match, seat: int) -> dict:
    return GAMES["reversi"].legal_moves(match.state, seat)[0]


def run(calls) -> tuple[list[tuple[bool, object]], list[str]]:
    """Each call's outcome (True and what it returned, or False and what it raised) and the
    match of every ``StateChanged`` delivered, in order."""
    announced: list[str] = []

    def record(change: StateChanged) -> None:
        announced.append(change.match.pk)

    events.subscribe(StateChanged, record)
    outcomes: list[tuple[bool, object]] = []
    try:
        for service, kwargs in calls:
            try:
                outcomes.append((True, service(**kwargs)))
            except ServiceError as exc:
                outcomes.append((False, exc))
    finally:
        events.unsubscribe(record)
    return outcomes, announced


def test_calls_one_after_another_keep_each_apart():
    one, a1, b1 = started(1)
    two, a2, _ = started(2)
    calls = [
        (services.move_play, {"match_id": one.pk, "user": a1, "ply": 0, "move": first_legal(one, 0)}),
        (services.move_play, {"match_id": two.pk, "user": a2, "ply": 0, "move": {"cell": "A1"}}),
        (services.move_play, {"match_id": one.pk, "user": a1, "ply": 0, "move": first_legal(one, 0)}),
        (services.move_play, {"match_id": two.pk, "user": a2, "ply": 0, "move": first_legal(two, 0)}),
        (services.move_play, {"match_id": one.pk, "user": b1, "ply": 0, "move": first_legal(one, 0)}),
    ]
    outcomes, announced = run(calls)

    codes = [None if ok else o.code for ok, o in outcomes]
    assert all(isinstance(o, Match) if ok else isinstance(o, ServiceError) for ok, o in outcomes)
    assert codes == [None, "illegal_move", "stale_ply", None, "stale_ply"]
    # each accepted call hands back what its service returned: the match it stored
    assert [o.pk for ok, o in outcomes if ok] == [one.pk, two.pk]
    assert list(Move.objects.filter(match=one).values_list("ply", "seat")) == [(1, 0)]
    assert list(Move.objects.filter(match=two).values_list("ply", "seat")) == [(1, 0)]
    # one state change per stored move, in the order the calls ran
    assert announced == [one.pk, two.pk]
    one.refresh_from_db()
    assert one.ply == 1 and one.state["turn"] == 1


def test_a_row_changed_elsewhere_is_read_again():
    match, a, b = started(3)
    match = services.move_play(match_id=match.pk, user=a, ply=0, move=first_legal(match, 0))
    # Another process plays B's move: this process's kept row is now stale.
    rules = GAMES["reversi"]
    move = first_legal(match, 1)
    state = rules.play(match.state, 1, move)
    Move.objects.create(match=match, ply=2, seat=1, move=move)
    Match.objects.filter(pk=match.pk).update(ply=2, state=state, updated_at=timezone.now())

    with pytest.raises(ServiceError) as refused:
        services.move_play(match_id=match.pk, user=b, ply=1, move=first_legal(match, 1))
    assert refused.value.code == "stale_ply"
    after = services.move_play(match_id=match.pk, user=a, ply=2, move=rules.legal_moves(state, 0)[0])
    assert after.ply == 3
    stored = Match.objects.get(pk=match.pk)
    assert stored.ply == 3 and stored.state == after.state
    assert list(Move.objects.filter(match=match).values_list("ply", flat=True)) == [1, 2, 3]
