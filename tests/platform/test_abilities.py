"""What a state says a player may do (``can_offer_draw``, ``can_take_back``) is what the
services then do: at every position of random games, each seat's answer is checked by
really asking the service, in a transaction rolled back afterwards."""

from __future__ import annotations

import random

import pytest
from django.db import transaction

from games.matches import services
from games.matches.errors import ServiceError
from games.matches.models import Match
from games.matches.offers import draws as offers
from games.matches.offers import takebacks
from games.matches.selectors import match_for_user

from .conftest import fresh, make_user

pytestmark = pytest.mark.django_db(transaction=True)


class Undo(Exception):
    """Rolls the trial back."""


def succeeds(service, **kwargs) -> bool:
    """Does the service do it (refusing only with the matching code)? Nothing is kept."""
    try:
        with transaction.atomic():
            service(**kwargs)
            raise Undo
    except Undo:
        return True
    except ServiceError as exc:
        assert exc.code in ("cannot_offer_draw", "cannot_take_back"), exc.code
        return False


@pytest.mark.parametrize(("game", "options", "seed"), [("reversi", {"size": 6}, 1), ("connect_four", {}, 2)])
def test_the_state_says_what_the_services_allow(game, options, seed):
    rng = random.Random(seed)
    ann, ben = make_user(f"ann{seed}"), make_user(f"ben{seed}")
    match = services.match_create(user=ann, game=game, options=options, opponent="invite", side=0)
    services.match_join(match_id=match.pk, user=ben)
    users = (ann, ben)
    checked = {"draw": set(), "takeback": set()}
    for _ in range(40):
        match = fresh(match)
        if match.status != Match.Status.ACTIVE:
            break
        for seat, user in enumerate(users):
            state = match_for_user(match, user)
            draw = succeeds(offers.draw_offer, match_id=match.pk, user=user)
            back = succeeds(takebacks.takeback_propose, match_id=match.pk, user=user)
            assert (state["can_offer_draw"], state["can_take_back"]) == (draw, back), (seat, match.ply)
            checked["draw"].add(draw)
            checked["takeback"].add(back)
        seat = match.rules.to_move(match.state)[0]
        roll = rng.random()
        mine = match_for_user(match, users[seat])
        if roll < 0.15 and mine["can_offer_draw"]:
            offers.draw_offer(match_id=match.pk, user=users[seat])
        elif roll < 0.3 and mine["can_take_back"]:
            takebacks.takeback_propose(match_id=match.pk, user=users[seat])
            if rng.random() < 0.5:
                takebacks.takeback_answer(match_id=match.pk, user=users[1 - seat], accept=True)
        else:
            move = rng.choice(match.rules.legal_moves(match.state, seat))
            services.move_play(match_id=match.pk, user=users[seat], ply=match.ply, move=move)
    assert checked == {"draw": {True, False}, "takeback": {True, False}}  # both answers were met
    spectator = match_for_user(fresh(match), None)
    assert (spectator["can_offer_draw"], spectator["can_take_back"]) == (False, False)


def test_the_migration_counts_the_moves_of_matches_made_before_it():
    """Migration 0018 counts each seat's own moves (made, and still in play) from the stored
    moves: the same counts the services kept while the game was played."""
    from django.db import connection
    from django.db.migrations.executor import MigrationExecutor

    ann, ben = make_user("ann-m"), make_user("ben-m")
    match = services.match_create(user=ann, game="reversi", options={"size": 6}, opponent="invite", side=0)
    services.match_join(match_id=match.pk, user=ben)
    users = (ann, ben)
    for _ in range(4):
        match = fresh(match)
        seat = match.rules.to_move(match.state)[0]
        move = match.rules.legal_moves(match.state, seat)[0]
        services.move_play(match_id=match.pk, user=users[seat], ply=match.ply, move=move)
    takebacks.takeback_propose(match_id=match.pk, user=users[seat])
    takebacks.takeback_answer(match_id=match.pk, user=users[1 - seat], accept=True)
    kept = fresh(match)
    assert (kept.moves_made, kept.moves_in_play) == ([2, 2], [2, 1])  # ben took back his last
    executor = MigrationExecutor(connection)
    executor.migrate([("games", "0017_match_analysis")])
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(executor.loader.graph.leaf_nodes())
    again = fresh(match)
    assert (again.moves_made, again.moves_in_play) == (kept.moves_made, kept.moves_in_play)
