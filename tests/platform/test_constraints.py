"""Invariants the database itself guarantees, whatever the code above it does."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.db import IntegrityError, transaction

from games.matches import services
from games.matches.errors import ServiceError
from games.matches.models import Match, Move, Seat

pytestmark = pytest.mark.django_db


def make_match() -> Match:
    users = get_user_model()
    a = users.objects.create_user("ann", password="x")
    b = users.objects.create_user("ben", password="x")
    match = services.match_create(user=a, game="reversi", options={"size": 4}, opponent="invite", side=0)
    services.match_join(match_id=match.pk, user=b)
    return match


def test_two_moves_for_one_ply_cannot_both_be_stored():
    match = make_match()
    Move.objects.create(match=match, ply=1, seat=0, move={"cell": "C1"})
    with pytest.raises(IntegrityError), transaction.atomic():
        Move.objects.create(match=match, ply=1, seat=0, move={"cell": "D2"})
    assert Move.objects.filter(match=match).count() == 1


def test_one_user_takes_one_seat():
    match = make_match()
    with pytest.raises(IntegrityError), transaction.atomic():
        Seat.objects.filter(match=match, seat=1).update(user=match.seats.get(seat=0).user)


def test_stale_and_duplicate_ply_store_nothing():
    match = make_match()
    ann = match.seats.get(seat=0).user
    services.move_play(match_id=match.pk, user=ann, ply=0, move={"cell": "C1"})
    for ply in (0, 5, -1, "1", None):
        with pytest.raises(ServiceError) as err:
            services.move_play(match_id=match.pk, user=ann, ply=ply, move={"cell": "A3"})
        assert err.value.code in ("stale_ply", "not_your_turn")
    match.refresh_from_db()
    assert match.ply == 1 and list(match.moves.values_list("ply", flat=True)) == [1]
