"""Friends (issue 25): the lobby lists the people you follow, who is online, who is playing
(their game to watch, never a private one) and a Challenge button where they take your
challenges; you are told when one of them creates a tournament you may enter."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from accounts.follows import challengers_set, follow, following
from accounts.models import Account
from games.matches import services as match_services
from games.notifications.models import Notification
from games.tournaments import services as tournaments

pytestmark = pytest.mark.django_db(transaction=True)
CLOCK = {"initial": 60, "increment": 0}


@pytest.fixture(autouse=True)
def _fast_passwords(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


def users(*names: str):
    return [get_user_model().objects.create_user(n) for n in names]


def logged_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def lobby_card(user) -> str:
    html = logged_in(user).get("/").content.decode()
    found = re.search(r'<section class="card" id="lobby-following".*?</section>', html, re.S)
    assert found, "no card of the people you follow"
    return found.group(0)


def test_the_lobby_lists_the_people_you_follow_online_playing_and_to_challenge():
    ann, bob, cy, dee, zoe = users("ann", "bob", "cy", "dee", "zoe")
    assert "You follow nobody yet" in lobby_card(ann)
    for person in (bob, cy, dee):
        follow(follower=ann, followed=person)
    public = match_services.match_create(user=bob, game="reversi", options={}, opponent="open", side=0)
    match_services.match_join(match_id=public.pk, user=zoe)
    private = match_services.match_create(user=cy, game="reversi", options={}, opponent="invite", side=0)
    match_services.match_join(match_id=private.pk, user=zoe)
    logged_in(dee).get("/")  # dee was on the site a moment ago
    challengers_set(user=dee, challengers=Account.Challengers.NOBODY)

    rows = {row["username"]: row for row in following(ann)}
    assert rows["bob"]["playing"] == {"url": f"/m/{public.pk}/", "game": "Reversi"} and rows["bob"]["online"]
    assert rows["cy"]["playing"] is None  # her game is private: not listed to ann
    assert rows["dee"]["online"] and not rows["cy"]["online"]
    assert [r["can_challenge"] for r in (rows["bob"], rows["cy"], rows["dee"])] == [True, True, False]
    assert [r["username"] for r in following(ann)] == ["bob", "dee", "cy"]  # online first

    card = lobby_card(ann)
    assert f'href="/m/{public.pk}/"' in card and "playing Reversi" in card
    assert f'href="/m/{private.pk}/"' not in card
    assert "/m/new/?challenge=bob" in card and "/m/new/?challenge=dee" not in card
    assert ">zoe<" not in card  # not followed


def test_a_tournament_is_announced_to_the_followers_who_may_enter_it():
    ann, bob, cy, botty, stranger = users("ann", "bob", "cy", "botty", "stranger")
    Account.objects.create(user=botty, bot=True)
    for follower in (bob, cy, botty):
        follow(follower=follower, followed=ann)
    cup = tournaments.tournament_create(
        user=ann, name="Winter cup", game="reversi", options={"size": 6}, clock=CLOCK, entry="humans"
    )
    told = Notification.objects.filter(kind=Notification.Kind.TOURNAMENT, url=f"/t/{cup.pk}/")
    assert sorted(told.values_list("user__username", flat=True)) == ["bob", "cy"]  # not the bot
    assert told.first().text == "ann created the tournament Winter cup: join it before it starts."
    assert not Notification.objects.filter(user__in=[ann, stranger]).exists()
