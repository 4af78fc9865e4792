"""Issue 24 (5): 259 challenges to one user in 15 s (200 unread notifications, 100 challenge
frames on connect). Now an account has at most ``QUOTA_CHALLENGES`` challenges waiting for
an answer, ``QUOTA_CHALLENGES_TO_ONE`` of them to one person (409 ``too_many_challenges``);
and everyone chooses who may challenge them: everyone (the default), only people they follow,
or nobody (403 ``challenges_refused``). Follows are made with buttons on profiles."""

from __future__ import annotations

import json

import pytest
from django.contrib.auth import get_user_model
from django.db import IntegrityError, transaction
from django.test import Client

from accounts.follows import challengers_of, follow
from accounts.models import Account, Follow
from accounts.services import challenge_create
from games.matches import services as match_services
from games.matches.challenges.models import Challenge
from games.matches.challenges.services import decline as challenge_decline
from games.matches.errors import ServiceError

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture(autouse=True)
def _fast_passwords(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


def users(*names: str, **extra):
    return [get_user_model().objects.create_user(n, **extra) for n in names]


def challenge(user, to: str) -> Challenge:
    return challenge_create(user=user, to=to, game="reversi", options={"size": 6})


def refused(user, to: str) -> ServiceError:
    """The challenge must be refused, storing nothing."""
    before = Challenge.objects.count()
    with pytest.raises(ServiceError) as info:
        challenge(user, to)
    assert Challenge.objects.count() == before
    return info.value


def logged_in(user) -> Client:
    client = Client(enforce_csrf_checks=True)
    client.force_login(user)
    client.get(f"/u/{user.username}/")  # the csrftoken cookie
    return client


def post(client: Client, path: str, data: dict | None = None):
    return client.post(path, {**(data or {}), "csrfmiddlewaretoken": client.cookies["csrftoken"].value})


# -- quotas ----------------------------------------------------------------------------------
def test_three_open_challenges_to_one_person_ten_in_all(settings):
    assert (settings.QUOTA_CHALLENGES, settings.QUOTA_CHALLENGES_TO_ONE) == (10, 3)
    ann, bob, *others = users("ann", "bob", "c1", "c2", "c3", "c4")
    to_bob = [challenge(ann, "bob") for _ in range(3)]
    error = refused(ann, "bob")
    assert (error.code, error.status) == ("too_many_challenges", 409)
    assert error.message == "You already have 3 challenges waiting for bob's answer."
    challenge_decline(challenge_id=to_bob[0].pk, user=bob)  # answered: no longer counts
    challenge(ann, "bob")
    match_services.match_abort(match_id=to_bob[1].match_id, user=ann)  # withdrawn: neither
    challenge(ann, "bob")
    for other in others:  # 3 to bob, 2 each to c1..c3, 1 to c4: 10
        challenge(ann, other.username)
        if other.username != "c4":
            challenge(ann, other.username)
    assert Challenge.objects.open().filter(from_user=ann).count() == 10
    error = refused(ann, "c4")
    assert error.code == "too_many_challenges"
    assert error.message == "You already have 10 challenges waiting for an answer."
    challenge(bob, "c4")  # another account's challenges are its own


def test_challenges_do_not_count_as_waiting_matches(settings):
    settings.QUOTA_WAITING_MATCHES = 1
    ann, _ = users("ann", "bob")
    challenge(ann, "bob")
    challenge(ann, "bob")
    match_services.match_create(user=ann, game="reversi", options={}, opponent="open", side=0)


def test_staff_are_exempt_from_the_challenge_quotas(settings):
    settings.QUOTA_CHALLENGES_TO_ONE = 1
    (admin,) = users("admin", is_staff=True)
    users("bob")
    challenge(admin, "bob")
    challenge(admin, "bob")


def test_the_api_answers_409_too_many_challenges(settings):
    settings.QUOTA_CHALLENGES = 0
    ann, _ = users("ann", "bob")
    client = Client()
    client.force_login(ann)
    body = {"to": "bob", "game": "reversi"}
    response = client.post("/api/challenges/", json.dumps(body), content_type="application/json")
    assert response.status_code == 409 and response.json()["error"] == "too_many_challenges"


# -- who may challenge me --------------------------------------------------------------------
def test_nobody_may_challenge_a_player_who_takes_no_challenges():
    ann, bob = users("ann", "bob")
    assert challengers_of(bob) == "everyone"  # the default: no row needed
    post(logged_in(bob), "/accounts/challengers/", {"challengers": "nobody"})
    assert challengers_of(bob) == "nobody"
    error = refused(ann, "bob")
    assert (error.code, error.status) == ("challenges_refused", 403)
    assert error.message == "bob does not accept challenges."
    follow(follower=bob, followed=ann)
    assert refused(ann, "bob").code == "challenges_refused"


def test_only_people_followed_may_challenge_a_player_who_says_so():
    ann, bob, cat = users("ann", "bob", "cat")
    Account.objects.create(user=bob, challengers="following")
    error = refused(ann, "bob")
    assert (error.code, error.status) == ("challenges_refused", 403)
    assert error.message == "bob accepts challenges only from people they follow."
    follow(follower=ann, followed=bob)  # ann following bob is not bob following ann
    assert refused(ann, "bob").code == "challenges_refused"
    follow(follower=bob, followed=ann)
    challenge(ann, "bob")
    assert refused(cat, "bob").code == "challenges_refused"


def test_the_api_answers_403_challenges_refused():
    ann, bob = users("ann", "bob")
    Account.objects.create(user=bob, challengers="nobody")
    client = Client()
    client.force_login(ann)
    body = {"to": "bob", "game": "reversi"}
    response = client.post("/api/challenges/", json.dumps(body), content_type="application/json")
    assert response.status_code == 403
    assert response.json() == {"error": "challenges_refused", "message": "bob does not accept challenges."}


def test_a_bot_keeps_its_setting_and_the_profile_form_shows_a_refusal():
    ann, bot = users("ann", "mybot")
    Account.objects.create(user=bot, bot=True)
    challenge(ann, "mybot")  # bots take challenges from everyone unless they say otherwise
    Account.objects.filter(user=bot).update(challengers="nobody")
    client = logged_in(ann)
    response = post(client, "/m/new/", {"challenge": "mybot", "game": "reversi", "side": "random"})
    assert response.status_code == 200  # the create form as a challenge: refused, no form
    assert "mybot does not accept challenges." in response.content.decode()
    assert 'id="create-form"' not in response.content.decode()
    page = client.get("/u/mybot/").content.decode()
    assert "mybot does not accept challenges." in page and "?challenge=mybot" not in page
    assert Challenge.objects.count() == 1


def test_the_setting_form_refuses_an_unknown_choice():
    (ann,) = users("ann")
    client = logged_in(ann)
    assert 'name="challengers"' in client.get("/u/ann/").content.decode()
    post(client, "/accounts/challengers/", {"challengers": "friends"})
    assert "Choose everyone, following or nobody." in client.get("/u/ann/").content.decode()
    assert challengers_of(ann) == "everyone"
    post(client, "/accounts/challengers/", {"challengers": "following"})
    assert 'value="following" selected' in client.get("/u/ann/").content.decode()


# -- follows ---------------------------------------------------------------------------------
def test_follow_and_unfollow_from_a_profile():
    ann, bob = users("ann", "bob")
    client = logged_in(ann)
    page = client.get("/u/bob/").content.decode()
    assert 'action="/accounts/people/bob/follow/"' in page and ">Follow</button>" in page
    assert post(client, "/accounts/people/bob/follow/").status_code == 302
    post(client, "/accounts/people/bob/follow/")  # twice: one row
    assert list(Follow.objects.values_list("follower__username", "followed__username")) == [("ann", "bob")]
    assert ">Unfollow</button>" in client.get("/u/bob/").content.decode()
    post(client, "/accounts/people/bob/unfollow/")
    assert not Follow.objects.exists()


def test_follow_needs_a_post_with_csrf_and_not_oneself():
    ann, _ = users("ann", "bob")
    client = logged_in(ann)
    assert client.get("/accounts/people/bob/follow/").status_code == 405
    assert client.post("/accounts/people/bob/follow/").status_code == 403  # no CSRF token
    post(client, "/accounts/people/ann/follow/")
    assert "Follow someone else." in client.get("/u/bob/").content.decode()
    assert post(client, "/accounts/people/bob/befriend/").status_code == 404
    assert not Follow.objects.exists()
    assert Client().post("/accounts/people/bob/follow/").status_code == 302  # to log in


def test_the_database_keeps_one_follow_a_pair_and_none_of_oneself():
    ann, bob = users("ann", "bob")
    Follow.objects.create(follower=ann, followed=bob)
    for follower, followed in ((ann, bob), (ann, ann)):
        with pytest.raises(IntegrityError), transaction.atomic():
            Follow.objects.create(follower=follower, followed=followed)
