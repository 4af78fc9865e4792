"""Issue 24 (10): join a humans-only tournament, then turn the account into a bot: it stayed
entered, shown with ``bot: true``. While entered in such a tournament (upcoming or running)
the switch is refused, with the reason; after it, it is allowed."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from accounts.models import ApiToken, is_bot
from games.tournaments import services
from games.tournaments.models import Tournament

pytestmark = pytest.mark.django_db


def test_a_player_of_a_humans_only_tournament_cannot_become_a_bot():
    users = get_user_model().objects
    ann, ben = users.create_user("ann"), users.create_user("ben", password="a-long-pass-9")
    t = services.tournament_create(
        user=ann, name="Humans", game="reversi", clock={"initial": 60, "increment": 0}, entry="humans"
    )
    services.tournament_join(tournament_id=t.pk, user=ben)
    ApiToken.issue(user=ben, name="bot")
    client = Client()
    client.force_login(ben)
    page = client.post("/accounts/bot/", {"confirm": "1"}, follow=True)
    assert "tournament for humans only" in page.content.decode()
    assert not is_bot(ben)
    Tournament.objects.filter(pk=t.pk).update(status=Tournament.Status.FINISHED)
    client.post("/accounts/bot/", {"confirm": "1"})
    assert is_bot(users.get(pk=ben.pk))
