"""Issue 24 (5, and the account cap of 1): one account made 261 open matches and 134
computer games in seconds. Now each account holds at most ``QUOTA_WAITING_MATCHES`` matches
waiting for an opponent, ``QUOTA_COMPUTER_MATCHES`` active ones against the computer and
``QUOTA_WATCH_MATCHES`` computer-vs-computer ones it watches: one more is refused with a 409
and its own code, through the service, the JSON API and the new-match form alike. Ending one
lets the next one through; staff are exempt; a tournament's games are not counted against
the quota (the tournament has its own limits: tests/tournaments/test_quotas.py)."""

from __future__ import annotations

import json

import pytest
from django.test import Client

from games.matches import rematches, services
from games.matches.errors import ServiceError
from games.matches.models import Match

from .conftest import make_user

pytestmark = pytest.mark.django_db(transaction=True)

# item 1's request: a computer-vs-computer match of the strongest level, to watch
WATCH = {
    "game": "connect_four",
    "options": {},
    "opponent": "computer",
    "side": "watch",
    "level": ["strong", "strong"],
}


def create(user, **choices) -> Match:
    fields = {"game": "reversi", "options": {"size": 6}, "opponent": "open", "side": 0, **choices}
    return services.match_create(user=user, **fields)


def refused(user, **choices) -> ServiceError:
    """Creating must be refused, storing nothing."""
    before = Match.objects.count()
    with pytest.raises(ServiceError) as info:
        create(user, **choices)
    assert Match.objects.count() == before
    assert info.value.status == 409 and info.value.message
    return info.value


def test_an_account_holds_ten_waiting_matches_open_or_invite(settings):
    assert settings.QUOTA_WAITING_MATCHES == 10
    ann = make_user("ann")
    made = [create(ann, opponent="open" if i % 2 else "invite") for i in range(10)]
    for opponent in ("open", "invite"):
        error = refused(ann, opponent=opponent)
        assert error.code == "too_many_open_matches" and "10 matches waiting" in error.message
    services.match_abort(match_id=made[0].pk, user=ann)  # an aborted one no longer counts
    services.match_join(match_id=made[1].pk, user=make_user("ben"))  # nor a started one
    create(ann)
    create(ann, opponent="invite")
    refused(ann)
    # other kinds and other accounts are counted apart
    assert create(ann, opponent="computer", level="random").status == Match.Status.ACTIVE
    create(make_user("cat"))


def test_an_account_plays_ten_matches_against_the_computer(settings):
    assert settings.QUOTA_COMPUTER_MATCHES == 10
    ann = make_user("ann")
    made = [create(ann, opponent="computer", level="random") for _ in range(10)]
    error = refused(ann, opponent="computer", level="random")
    assert error.code == "too_many_computer_games" and "10 matches against the computer" in error.message
    services.match_resign(match_id=made[0].pk, user=ann)
    create(ann, opponent="computer", level="random")
    refused(ann, opponent="computer", level="strong")
    create(ann, opponent="open")  # waiting matches are counted apart


def test_an_account_watches_three_computer_vs_computer_matches(settings):
    assert settings.QUOTA_WATCH_MATCHES == 3
    ann = make_user("ann")
    made = [create(ann, **WATCH) for _ in range(3)]
    assert all(m.status == Match.Status.ACTIVE and not m.seats.filter(user=ann).exists() for m in made)
    error = refused(ann, **WATCH)
    assert error.code == "too_many_computer_games" and "3 computer-vs-computer" in error.message
    create(ann, opponent="computer", level="random")  # playing the computer is counted apart
    services.match_abort(match_id=made[0].pk, user=None, staff=True)
    create(ann, **WATCH)
    refused(ann, **WATCH)


def test_the_limits_are_settings(settings):
    settings.QUOTA_WAITING_MATCHES = 1
    settings.QUOTA_WATCH_MATCHES = 0
    ann = make_user("ann")
    create(ann)
    assert refused(ann).code == "too_many_open_matches"
    assert refused(ann, **WATCH).code == "too_many_computer_games"


def test_staff_are_exempt(settings):
    settings.QUOTA_WAITING_MATCHES = settings.QUOTA_WATCH_MATCHES = 1
    admin = make_user("admin", is_staff=True)
    for _ in range(3):
        create(admin)
        create(admin, **WATCH)
    assert Match.objects.filter(created_by=admin).count() == 6


def test_the_api_answers_409_with_the_code(settings):
    settings.QUOTA_WATCH_MATCHES = 1
    client = Client()
    client.force_login(make_user("ann"))

    def post(body: dict):
        return client.post("/api/matches/", json.dumps(body), content_type="application/json")

    assert post(WATCH).status_code == 201
    response = post(WATCH)
    assert response.status_code == 409
    assert response.json() == {
        "error": "too_many_computer_games",
        "message": "You already watch 1 computer-vs-computer matches: wait for one to end.",
    }


def test_the_new_match_form_shows_the_reason(settings):
    settings.QUOTA_WAITING_MATCHES = 1
    ann = make_user("ann")
    create(ann)
    client = Client()
    client.force_login(ann)
    body = {"game": "reversi", "opponent": "open", "side": "0", "reversi-size": "8", "reversi-blocks": ""}
    response = client.post("/m/new/", body)
    assert response.status_code == 200
    assert "You already have 1 matches waiting for an opponent" in response.content.decode()
    assert Match.objects.filter(created_by=ann).count() == 1


def test_a_rematch_against_the_computer_counts_against_the_quota(settings):
    """Issue 50: a rematch of a computer match started one more computer game past the quota."""
    settings.QUOTA_COMPUTER_MATCHES = 2
    ann = make_user("ann")
    first = create(ann, opponent="computer", level="random")
    services.match_resign(match_id=first.pk, user=ann)
    playing = [create(ann, opponent="computer", level="random") for _ in range(2)]
    before = Match.objects.count()
    with pytest.raises(ServiceError) as info:
        rematches.match_rematch(match_id=first.pk, user=ann)
    assert (info.value.code, info.value.status) == ("too_many_computer_games", 409)
    assert Match.objects.count() == before
    services.match_resign(match_id=playing[0].pk, user=ann)  # one ends: the rematch may start
    assert rematches.match_rematch(match_id=first.pk, user=ann).status == Match.Status.ACTIVE
