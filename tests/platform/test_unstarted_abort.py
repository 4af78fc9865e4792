"""Issue 40 (minor): an untimed match where nobody made the first move no longer stays "in
progress" for ever: the servers' sweep aborts it once UNSTARTED_ABORT_SECONDS passed since it
started (lichess aborts a game whose first move is not made in time). A match with a move, a
timed one (its clock decides) and one started lately stay as they are."""

from __future__ import annotations

import random
from datetime import timedelta

import pytest
from django.utils import timezone

from games.catalog.registry import GAMES
from games.matches import services, sweeps
from games.matches.models import Match

from .conftest import start_match

pytestmark = pytest.mark.django_db(transaction=True)


def started_long_ago(match: Match, seconds: float) -> None:
    Match.objects.filter(pk=match.pk).update(updated_at=timezone.now() - timedelta(seconds=seconds))


def test_an_untimed_match_nobody_began_is_aborted_after_the_wait(settings):
    settings.UNSTARTED_ABORT_SECONDS = 3600
    idle, _, _ = start_match("reversi", {"size": 6}, names=("ann", "ben"))
    fresh, _, _ = start_match("reversi", {"size": 6}, names=("cy", "dee"))
    begun, eve, _ = start_match("reversi", {"size": 6}, names=("eve", "fay"))
    move = GAMES["reversi"].random_move(begun.state, 0, random.Random(1))
    services.move_play(match_id=begun.pk, user=eve, ply=0, move=move)
    for match in (idle, begun):
        started_long_ago(match, 3601)
    started_long_ago(fresh, 3500)

    assert sweeps.abort_unstarted() == 1
    statuses = {m.pk: m.status for m in Match.objects.filter(pk__in=[idle.pk, fresh.pk, begun.pk])}
    assert statuses == {idle.pk: "aborted", fresh.pk: "active", begun.pk: "active"}
    assert Match.objects.get(pk=idle.pk).result is None  # nobody won or lost
    assert sweeps.abort_unstarted() == 0  # once


def test_a_timed_match_is_left_to_its_clock(settings):
    settings.UNSTARTED_ABORT_SECONDS = 3600
    timed, ann, ben = start_match("reversi", {"size": 6}, names=("gia", "hal"))
    Match.objects.filter(pk=timed.pk).update(time_control={"initial": 86400, "increment": 0})
    started_long_ago(timed, 7200)
    assert sweeps.abort_unstarted() == 0
    assert Match.objects.get(pk=timed.pk).status == "active"
