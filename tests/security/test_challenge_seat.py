"""Finding (bot accounts review): a challenge's match could be joined by anyone holding its
link. The free seat of a challenge is kept for the player challenged: anyone else is
refused (match_full) and the seat stays free for them."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model

from accounts.services import challenge_create
from games.matches import services
from games.matches.challenges.services import accept as challenge_accept
from games.matches.errors import ServiceError
from games.matches.models import Match

pytestmark = pytest.mark.django_db(transaction=True)


def test_only_the_challenged_player_takes_the_seat():
    users = get_user_model().objects
    ann, bob, eve = (users.create_user(name) for name in ("ann", "bob", "eve"))
    challenge = challenge_create(user=ann, to="bob", game="reversi", options={"size": 6})
    with pytest.raises(ServiceError) as refused:
        services.match_join(match_id=challenge.match_id, user=eve)
    assert refused.value.code == "match_full"
    match = Match.objects.get(pk=challenge.match_id)
    assert match.status == Match.Status.WAITING and not match.seats.filter(user=eve).exists()
    started = challenge_accept(challenge_id=challenge.pk, user=bob)
    assert started.status == Match.Status.ACTIVE and started.seats.filter(user=bob).exists()


def test_an_ordinary_invite_seat_is_for_anyone_with_the_link():
    users = get_user_model().objects
    ann, eve = users.create_user("ann"), users.create_user("eve")
    match = services.match_create(user=ann, game="reversi", options={"size": 6}, opponent="invite", side=0)
    assert services.match_join(match_id=match.pk, user=eve).status == Match.Status.ACTIVE


@pytest.mark.parametrize("players", [1, 2, 4])
def test_a_challenge_to_a_game_that_is_not_between_two_is_refused(players):
    """Issue 24 (11): protocol.md says a challenge to a game not for two (The Journey, a
    co-operative game, even with two warriors) is 400 bad_options; two warriors got 201."""
    users = get_user_model().objects
    ann, _ = users.create_user("ann"), users.create_user("bob")
    with pytest.raises(ServiceError) as refused:
        challenge_create(user=ann, to="bob", game="journey", options={"players": players})
    assert (refused.value.code, refused.value.status) == ("bad_options", 400)
    assert not Match.objects.exists()
