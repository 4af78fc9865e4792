"""Moves racing takebacks in threads, each with its own database connection: the row lock
decides, exactly one of a reply and the takeback it races wins, a move made before a
takeback is never applied after it, and no move is applied twice.

PostgreSQL only (``tests/scaleout/test_store_postgres.py`` runs this file on a real
server): SQLite has one writer at a time, and its racing threads fail on the lock rather
than wait for it. On SQLite the same race runs over sockets on daphne
(``tests/live/test_takebacks_live.py``).
"""

from __future__ import annotations

import random
import threading
from functools import partial

import pytest
from django.db import connection

from games.matches import services
from games.matches.errors import ServiceError
from games.matches.models import Match, Move, Takeback
from games.matches.offers import takebacks

from .conftest import fresh, start_match

pytestmark = pytest.mark.django_db(transaction=True)
ROUNDS = 12


def run_at_once(*calls) -> list[str]:
    """Run every call in a thread of its own, released together; each one's outcome:
    "done" or the refusal's code."""
    start, outcomes = threading.Barrier(len(calls)), [""] * len(calls)

    def run(i: int, call) -> None:
        start.wait()
        try:
            call()
            outcomes[i] = "done"
        except ServiceError as exc:
            outcomes[i] = exc.code
        finally:
            connection.close()

    threads = [threading.Thread(target=run, args=(i, call)) for i, call in enumerate(calls)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return outcomes


def test_replies_and_takebacks_race_and_exactly_one_wins():
    if connection.vendor == "sqlite":
        pytest.skip("one SQLite writer at a time: the race is in tests/live/test_takebacks_live.py")
    match, ann, ben = start_match("reversi", {"size": 8}, names=("kim", "lou"))
    match_id = match.pk
    rng = random.Random(5)
    lost, won = [], []
    for _ in range(ROUNDS):
        match = fresh(match)
        ply = match.ply
        move = rng.choice(match.rules.legal_moves(match.state, 0))
        services.move_play(match_id=match.pk, user=ann, ply=ply, move=move)
        takebacks.takeback_propose(match_id=match.pk, user=ann)
        asked = fresh(match)
        reply = rng.choice(asked.rules.legal_moves(asked.state, 1))
        outcomes = run_at_once(
            partial(services.move_play, match_id=match_id, user=ben, ply=ply + 1, move=reply),
            partial(takebacks.takeback_answer, match_id=match_id, user=ben, accept=True),
            partial(services.move_play, match_id=match_id, user=ann, ply=ply, move=move),
        )
        assert outcomes[2] == "stale_ply"  # the resend: stored once already
        assert sorted(outcomes[:2]) in (["done", "no_takeback_offer"], ["done", "stale_ply"]), outcomes
        (won if outcomes[0] == "done" else lost).append(ply + 1)
        assert fresh(match).ply == ply + 2
    stored = list(Move.objects.filter(match=match).values_list("ply", "seat"))
    records = list(Takeback.objects.filter(match=match).values_list("ply", flat=True))
    assert len(records) == len(lost) and len(stored) == ROUNDS + len(won)
    plies = [p for p, _ in stored] + records
    assert len(plies) == len(set(plies))
    for ply in lost:  # a reply made on that ply lost to the takeback: never stored
        assert (ply + 1, 1) not in stored
    assert fresh(match).status == Match.Status.ACTIVE
