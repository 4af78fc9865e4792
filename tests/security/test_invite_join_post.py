"""Issue 24 (2): a page on another site seated a logged-in visitor. ``GET /m/<id>/join/``
took the seat, so a link (a top-level navigation carries the Lax session cookie) sat the
victim in a rated 1-second match they then lost on time. A GET never changes anything: the
invite page shows the match and a button that posts, CSRF-protected."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from games.matches import services
from games.matches.models import Match

pytestmark = pytest.mark.django_db


@pytest.fixture
def invite():
    users = get_user_model().objects
    ann, bob = users.create_user("ann"), users.create_user("bob")
    match = services.match_create(
        user=ann,
        game="reversi",
        options={"size": 6},
        opponent="invite",
        side=0,
        clock={"initial": 1, "increment": 0},
    )
    return match, bob


def seated(match: Match, user) -> bool:
    return match.seats.filter(user=user).exists()


def test_opening_the_invite_link_seats_nobody(invite):
    match, bob = invite
    client = Client()
    client.force_login(bob)
    page = client.get(f"/m/{match.pk}/join/")
    assert page.status_code == 200
    html = page.content.decode()
    assert "Take the seat and play" in html and 'method="post"' in html and "csrfmiddlewaretoken" in html
    assert "0:01+0" in html  # the one-second clock is said before the seat is taken
    assert '<span class="opt">Casual</span><span class="opt">Takebacks</span>' in html  # and the terms
    assert not seated(match, bob) and Match.objects.get(pk=match.pk).status == "waiting"


def test_a_post_from_elsewhere_without_the_csrf_token_seats_nobody(invite):
    match, bob = invite
    client = Client(enforce_csrf_checks=True)
    client.force_login(bob)
    assert client.post(f"/m/{match.pk}/join/").status_code == 403
    assert not seated(match, bob)


def test_the_button_takes_the_seat(invite):
    match, bob = invite
    client = Client(enforce_csrf_checks=True)
    client.force_login(bob)
    client.get(f"/m/{match.pk}/join/")  # the page sets the CSRF cookie its form posts back
    token = client.cookies["csrftoken"].value
    response = client.post(f"/m/{match.pk}/join/", {"csrfmiddlewaretoken": token})
    assert response.status_code == 302 and response["Location"] == f"/m/{match.pk}/"
    assert seated(match, bob) and Match.objects.get(pk=match.pk).status == "active"
    # once seated, the link goes to the match
    assert client.get(f"/m/{match.pk}/join/")["Location"] == f"/m/{match.pk}/"
