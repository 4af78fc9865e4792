"""The move's SQL (``games.matches.store``): what it stores and reads is what the ORM would,
a stale move changes nothing, and a move costs three statements besides BEGIN and COMMIT.

These tests run on SQLite here and on PostgreSQL in ``tests/scaleout/test_store_postgres.py``
(the same file, with ``DATABASE_URL`` set).
"""

from __future__ import annotations

import threading

import pytest
from django.db import IntegrityError, connection, transaction
from django.test.utils import CaptureQueriesContext

from games.catalog.registry import GAMES
from games.matches import services, store
from games.matches.errors import ServiceError
from games.matches.models import Match, Move

from .conftest import fresh, start_match, stored

pytestmark = pytest.mark.django_db(transaction=True)
REVERSI = GAMES["reversi"]


def play(match: Match, users) -> Match:
    """The player to move plays their first legal move through the service."""
    seat = REVERSI.to_move(match.state)[0]
    move = REVERSI.legal_moves(match.state, seat)[0]
    return services.move_play(match_id=match.pk, user=users[seat], ply=match.ply, move=move)


def test_the_locking_read_gives_the_match_the_orm_gives():
    match, ann, ben = start_match("reversi", {"size": 6})
    services.match_create(user=ann, game="reversi", options={"size": 8}, opponent="open")  # another row
    match = play(play(match, (ann, ben)), (ann, ben))
    with transaction.atomic():
        read = store.read_locked(match.pk)
    orm = Match.objects.get(pk=match.pk)
    for field in Match._meta.concrete_fields:
        assert getattr(read, field.attname) == getattr(orm, field.attname), field.name
    assert read.finished_at is None and read.updated_at.tzinfo is not None
    assert not read._state.adding and read._state.db == "default"
    with transaction.atomic():
        assert store.read_locked("no-such-match") is None


def test_moves_are_stored_as_the_orm_stores_them():
    match, ann, ben = start_match("reversi", {"size": 6}, names=("cat", "dan"))
    match = play(play(match, (ann, ben)), (ann, ben))
    rows = list(Move.objects.filter(match=match).values("ply", "seat", "move", "forced", "clock_ms"))
    assert [(r["ply"], r["seat"], r["forced"], r["clock_ms"]) for r in rows] == [
        (1, 0, False, None),
        (2, 1, False, None),
    ]
    assert all(isinstance(r["move"], dict) for r in rows)
    assert fresh(match).ply == 2 and fresh(match).state == match.state


def test_a_stale_update_or_a_stored_ply_changes_nothing():
    match, ann, ben = start_match("reversi", {"size": 6}, names=("eve", "fay"))
    match = play(match, (ann, ben))
    before = stored(match.pk)
    with transaction.atomic():
        again = store.read_locked(match.pk)
        again.ply, again.state = 5, {"broken": True}
        assert store.save_move(again, ply_read=0) is False  # the row is at ply 1 now
    assert stored(match.pk) == before
    with pytest.raises(IntegrityError), transaction.atomic():
        store.insert_moves(match, [{"ply": 1, "seat": 1, "move": {"cell": "A1"}}])
    assert stored(match.pk) == before


def test_a_move_costs_three_statements_besides_begin_and_commit():
    """Read the match, insert the move, update the match; nothing is read again after the
    commit to announce it (its presence and seats are known)."""
    match, ann, ben = start_match("reversi", {"size": 8}, names=("gil", "hal"))
    users = (ann, ben)
    match = play(play(match, users), users)  # both have moved: the match can no longer be aborted
    with CaptureQueriesContext(connection) as queries:
        play(match, users)
    statements = [q["sql"].split()[0].upper() for q in queries.captured_queries]
    besides = [s for s in statements if s not in ("BEGIN", "COMMIT", "SAVEPOINT", "RELEASE")]
    assert besides == ["SELECT", "INSERT", "UPDATE"], statements


def test_two_racing_moves_store_exactly_one():
    if connection.vendor == "sqlite":
        pytest.skip("one SQLite writer at a time: the race is in tests/live/test_races.py")
    match, ann, ben = start_match("reversi", {"size": 8}, names=("ida", "jon"))
    move = REVERSI.legal_moves(match.state, 0)[0]
    start, outcomes = threading.Barrier(2), []

    def race() -> None:
        start.wait()
        try:
            services.move_play(match_id=match.pk, user=ann, ply=0, move=move)
            outcomes.append("stored")
        except ServiceError as exc:
            outcomes.append(exc.code)
        finally:
            connection.close()

    threads = [threading.Thread(target=race) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(outcomes) == ["stale_ply", "stored"]
    assert list(Move.objects.filter(match=match).values_list("ply", flat=True)) == [1]
    assert fresh(match).ply == 1
