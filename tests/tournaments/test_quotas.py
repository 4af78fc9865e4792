"""Issue 24 (5, and 1): one account made 300 tournaments in 10 s, and a tournament took
``"levels": ["strong"] * 32``. Now an account runs at most ``QUOTA_TOURNAMENTS`` tournaments
not yet over (409 ``too_many_tournaments``; staff exempt) and a tournament has at most
``TOURNAMENT_MAX_COMPUTERS`` computer players (at creation ``400 bad_options``, field
``levels``; entered later, ``409 entry_refused``). A tournament's own games are not counted
against its players' match quotas: the tournament must be able to pair every round."""

from __future__ import annotations

import json

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.utils import timezone

from games.matches.errors import ServiceError
from games.matches.models import Match
from games.tournaments import services
from games.tournaments.models import Entrant, Tournament

pytestmark = pytest.mark.django_db(transaction=True)

CLOCK = {"initial": 60, "increment": 0}


@pytest.fixture(autouse=True)
def _fast_passwords(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


def user(name: str, **extra):
    return get_user_model().objects.create_user(name, **extra)


def create(creator, **extra) -> Tournament:
    fields = {"name": "Spring cup", "game": "reversi", "options": {"size": 6}, "clock": CLOCK, **extra}
    return services.tournament_create(user=creator, **fields)


def refused(call, **kwargs) -> ServiceError:
    before = (Tournament.objects.count(), Entrant.objects.count())
    with pytest.raises(ServiceError) as info:
        call(**kwargs)
    assert (Tournament.objects.count(), Entrant.objects.count()) == before
    return info.value


def test_an_account_runs_three_tournaments_not_yet_over(settings):
    assert settings.QUOTA_TOURNAMENTS == 3
    ann = user("ann")
    made = [create(ann) for _ in range(3)]
    error = refused(create, creator=ann)
    assert (error.code, error.status) == ("too_many_tournaments", 409)
    assert "3 tournaments that have not finished" in error.message
    services.tournament_cancel(tournament_id=made[0].pk, user=ann)  # cancelled: no longer counts
    create(ann)
    assert refused(create, creator=ann).code == "too_many_tournaments"
    create(user("ben"))  # another account's are its own


def test_staff_are_exempt_from_the_tournament_quota(settings):
    settings.QUOTA_TOURNAMENTS = 1
    admin = user("admin", is_staff=True)
    create(admin)
    create(admin)


def test_a_tournament_has_at_most_four_computer_players(settings):
    assert settings.TOURNAMENT_MAX_COMPUTERS == 4
    ann = user("ann")
    for levels in (["strong"] * 32, ["random"] * 5):
        error = refused(create, creator=ann, levels=levels, max_entrants=32)
        assert (error.code, error.status, error.field) == ("bad_options", 400, "levels")
        assert error.message == "At most 4 computer players in a tournament."
    t = create(ann, levels=["strong"] * 3, max_entrants=32)
    services.tournament_join(tournament_id=t.pk, user=ann, level="greedy")
    error = refused(services.tournament_join, tournament_id=t.pk, user=ann, level="strong")
    assert (error.code, error.status) == ("entry_refused", 409)
    assert error.message == "At most 4 computer players in a tournament."
    services.tournament_join(tournament_id=t.pk, user=user("ben"))  # people still enter


def test_staff_too_have_at_most_four_computer_players():
    admin = user("admin", is_staff=True)
    assert refused(create, creator=admin, levels=["strong"] * 5).field == "levels"


def test_a_tournaments_games_are_not_counted_against_match_quotas(settings):
    settings.QUOTA_COMPUTER_MATCHES = settings.QUOTA_WATCH_MATCHES = settings.QUOTA_WAITING_MATCHES = 0
    ann = user("ann")
    t = create(ann, levels=["random"] * 3, starts_at=timezone.now().isoformat())
    services.tournament_join(tournament_id=t.pk, user=ann)
    services.tournament_start(tournament_id=t.pk)
    games = Match.objects.filter(status=Match.Status.ACTIVE)
    # four players: two games, ann's against the computer and one of two computers
    assert games.count() == 2
    assert games.filter(seats__user=ann).count() == 1


def test_the_api_and_the_form_say_why(settings):
    settings.QUOTA_TOURNAMENTS = 1
    ann = user("ann")
    create(ann)
    client = Client()
    client.force_login(ann)
    body = {"name": "Cup", "game": "reversi", "clock": CLOCK}
    response = client.post("/api/tournaments/", json.dumps(body), content_type="application/json")
    assert response.status_code == 409 and response.json()["error"] == "too_many_tournaments"
    form = {"name": "Evening cup", "game": "reversi", "initial": "3", "increment": "2"}
    form |= {"format": "round_robin", "entry": "anyone", "max_entrants": "8", "starts_in": "0"}
    page = client.post("/t/new/", form).content.decode()
    assert "You already run 1 tournaments that have not finished" in page
    settings.QUOTA_TOURNAMENTS = 3
    page = client.post("/t/new/", {**form, "levels": ["random"] * 5}).content.decode()
    assert "At most 4 computer players in a tournament." in page
    assert Tournament.objects.count() == 1
