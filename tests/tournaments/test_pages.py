"""The tournament pages, the lobby's list and the admin's Cancel action, in process."""

from __future__ import annotations

import json
import re

import pytest
from django.contrib.auth import get_user_model

from games.tournaments import services
from games.tournaments.models import Tournament

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture(autouse=True)
def _fast_passwords(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


def embedded(html: str) -> dict:
    """The tournament's JSON the page embeds for its script (``json_script``)."""
    found = re.search(r'<script id="tournament-data" type="application/json">(.*?)</script>', html, re.S)
    assert found, "the page embeds the tournament's JSON"
    return json.loads(found.group(1))


def test_create_join_and_read_the_pages(client):
    ann = get_user_model().objects.create_user("ann", password="pw-ann-123")
    assert client.get("/t/new/").status_code == 302  # login required
    client.force_login(ann)
    assert client.get("/t/new/").status_code == 200
    form = {"name": "Evening cup", "game": "reversi", "reversi__size": "6", "initial": "3", "increment": "2"}
    form |= {"format": "swiss", "rounds": "3", "entry": "anyone", "max_entrants": "8", "starts_in": "10"}
    r = client.post("/t/new/", {**form, "join": "on", "levels": ["random", "greedy"]})
    assert r.status_code == 302, r.content[:500]
    t = Tournament.objects.get()
    assert (t.format, t.rounds, t.options["size"], t.clock) == (
        "swiss",
        3,
        6,
        {"initial": 180, "increment": 2},
    )
    assert t.entrants.count() == 3
    page = client.get(r["Location"])
    assert page.status_code == 200
    text = page.content.decode()
    assert "Evening cup" in text and "Buchholz" in text
    # the live part is drawn by its script from the tournament's JSON, embedded as the API
    # answers it (the browser tests read what it draws)
    data = embedded(text)
    assert data == client.get(f"/api/tournaments/{t.pk}/").json()
    assert {row["name"] for row in data["standings"]} >= {"ann", "Computer (random)", "Computer (greedy)"}
    assert "Evening cup" in client.get("/t/").content.decode()
    assert "Evening cup" in client.get("/").content.decode()  # the lobby lists it
    bad = client.post("/t/new/", {**form, "rounds": "0"})
    assert bad.status_code == 400 and "rounds" in bad.content.decode()
    ben = get_user_model().objects.create_user("ben")
    client.force_login(ben)
    assert client.post(f"/t/{t.pk}/join/").status_code == 302
    assert t.entrants.filter(user=ben).exists()
    assert client.get("/t/99999/").status_code == 404


def test_the_admin_cancels_tournaments(client):
    staff = get_user_model().objects.create_superuser("boss", "boss@example.org", "pw-boss-123")
    t = services.tournament_create(
        user=staff, name="Doomed", game="othello", clock={"initial": 60, "increment": 0}
    )
    client.force_login(staff)
    assert client.get("/admin/games/tournament/").status_code == 200
    assert client.get(f"/admin/games/tournament/{t.pk}/change/").status_code == 200
    r = client.post("/admin/games/tournament/", {"action": "cancel_tournaments", "_selected_action": [t.pk]})
    assert r.status_code == 302
    assert Tournament.objects.get(pk=t.pk).status == "cancelled"
