"""The computer levels' ratings: measured by playing the levels against each other and the
fixed ``random`` anchor (``games.autoplay.level_ratings``), stored, printed by
``manage.py rate_levels``, shown on the create form and as a computer seat's rating, and
measured again from the admin as a background task."""

from __future__ import annotations

from io import StringIO

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Permission
from django.core.management import call_command
from django_tasks_db.models import DBTaskResult

from games.autoplay import level_ratings, tasks
from games.autoplay.level_ratings import ANCHOR_RATING, rate, rate_levels, rateable
from games.matches import services
from games.matches.models import LevelMeasurement, LevelRating
from games.matches.selectors import match_for_user

pytestmark = pytest.mark.django_db

TASK_PATH = "games.autoplay.tasks.rate_levels_task"


@pytest.fixture(autouse=True)
def _fast_passwords(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


def user(name: str, **extra):
    return get_user_model().objects.create_user(name, password="pw-" + name, **extra)


def stored() -> dict[str, LevelRating]:
    return {row.level: row for row in LevelRating.objects.filter(game="reversi_1d")}


def test_the_games_with_levels_to_rate():
    games = rateable()
    assert {"reversi", "othello", "connect_four", "reversi_1d", "alpha_battle"} <= set(games)
    assert "journey" not in games  # co-operative, and one level


def test_glicko_over_rounds_keeps_the_anchor_and_ranks_by_results():
    """Three levels, 6 rounds: strong beats both, middle beats random, sides alternating."""
    rounds = [
        [("random", "middle", 0.0), ("random", "strong", 0.0), ("middle", "strong", 0.0)]
        if r % 2 == 0
        else [("middle", "random", 1.0), ("strong", "random", 1.0), ("strong", "middle", 1.0)]
        for r in range(6)
    ]
    rows = {row["level"]: row for row in rate(["random", "middle", "strong"], rounds)}
    assert rows["random"]["rating"] == ANCHOR_RATING and rows["random"]["deviation"] == 0
    assert ANCHOR_RATING < rows["middle"]["rating"] < rows["strong"]["rating"]
    assert rows["strong"]["games"] == 12 and rows["strong"]["scores"]["middle"] == {"points": 6.0, "games": 6}
    assert rows["random"]["scores"]["strong"] == {"points": 0.0, "games": 6}


def test_rating_1d_reversi_stores_every_level():
    rows = rate_levels(games=4, only="reversi_1d", rng_seed=1)
    assert [(r["game"], r["level"]) for r in rows] == [("reversi_1d", "random"), ("reversi_1d", "strong")]
    found = stored()
    assert set(found) == {"random", "strong"}
    assert found["random"].rating == ANCHOR_RATING  # the anchor never moves
    assert found["strong"].rating > found["random"].rating + 300  # it wins (or draws) every game
    assert found["strong"].games == found["random"].games == 4
    strong = next(r for r in rows if r["level"] == "strong")
    assert strong["scores"]["random"]["games"] == 4 and strong["scores"]["random"]["points"] >= 3.5

    again = rate_levels(games=2, only="reversi_1d", rng_seed=2)  # measured again: replaced, not added
    assert LevelRating.objects.filter(game="reversi_1d").count() == 2
    assert stored()["strong"].games == 2 and len(again) == 2


def test_unknown_or_unrateable_games_are_refused():
    with pytest.raises(ValueError, match="no levels to rate"):
        rate_levels(games=1, only="journey", rng_seed=0)
    with pytest.raises(ValueError, match="at least one game"):
        rate_levels(games=0, only="reversi_1d", rng_seed=0)


def test_the_command_rates_and_prints_the_table():
    out = StringIO()
    # --jobs 1: no worker processes forked from the test runner (the default plays in two)
    call_command("rate_levels", "--games", "2", "--game", "reversi_1d", "--jobs", "1", stdout=out)
    text = out.getvalue()
    lines = text.splitlines()
    assert lines[0].split()[:5] == ["game", "level", "rating", "dev", "games"]
    assert any(line.split()[:3] == ["reversi_1d", "random", "800*"] for line in lines)
    strong = next(line for line in lines if line.split()[:2] == ["reversi_1d", "strong"])
    assert strong.split()[2] == f"{stored()['strong'].rating:.0f}" and "random 2/2" in strong
    assert "stored 2 level ratings" in text


def test_the_create_form_and_a_computer_seat_show_the_measured_rating(client):
    ann = user("ann")
    client.force_login(ann)
    before = client.get("/m/new/").content.decode()
    # not measured here yet: the shipped figures (the kits' levels, games.catalog.computer.shipped_ratings)
    assert ">Strong, about 1566</option>" in before

    rate_levels(games=2, only="reversi_1d", rng_seed=1)
    strong = round(stored()["strong"].rating)
    page = client.get("/m/new/").content.decode()
    assert f">Strong, about {strong}</option>" in page
    assert ">Random, about 800</option>" in page
    assert ">Greedy, about 1022</option>" in page  # Othello's levels were not measured: shipped

    match = services.match_create(
        user=ann, game="reversi_1d", options={}, opponent="computer", side=0, level="strong"
    )
    players = match_for_user(match, ann)["players"]
    computer = next(p for p in players if p["computer"])
    assert computer["rating"] == strong
    assert next(p for p in players if not p["computer"])["username"] == "ann"


@pytest.mark.django_db(transaction=True)  # the lease's beats come from a thread of their own
def test_the_task_runs_a_queued_measurement_once_and_returns_its_rows():
    measurement, started = level_ratings.measurement_start(games=1)
    assert started and level_ratings.measurement_start(games=1) == (measurement, False)  # one at a time
    rows = tasks.rate_levels_task.call(measurement.pk)
    measurement.refresh_from_db()
    assert measurement.status == "done" and measurement.attempts == 1
    assert {r["game"] for r in rows} == set(rateable())  # every game, in the worker's one process
    strong = next(r for r in rows if (r["game"], r["level"]) == ("reversi_1d", "strong"))
    assert stored()["strong"].games == strong["games"] > 0
    assert tasks.rate_levels_task.call(measurement.pk) == []  # done: never run twice


@pytest.mark.django_db(transaction=True)  # the measurement is handed to the worker on commit
def test_admin_lists_the_ratings_and_measures_again_in_the_background(client):
    client.force_login(user("root", is_staff=True, is_superuser=True))
    url = "/admin/games/levelrating/"
    empty = client.get(url)
    assert empty.status_code == 200 and "measure_levels" in empty.content.decode()  # offered with no rows

    r = client.post(url, {"action": "measure_levels", "index": "0"}, follow=True)  # nothing selected
    assert "Measuring every game&#x27;s levels in the background" in r.content.decode()
    task = DBTaskResult.objects.get()
    measurement = LevelMeasurement.objects.get()
    assert task.task_path == TASK_PATH and task.args_kwargs["args"] == [measurement.pk]
    assert measurement.games == level_ratings.DEFAULT_GAMES and measurement.status == "queued"
    r = client.post(url, {"action": "measure_levels", "index": "0"}, follow=True)  # once at a time
    assert "being measured already" in r.content.decode() and DBTaskResult.objects.count() == 1
    LevelMeasurement.objects.update(status="done")

    rate_levels(games=2, only="reversi_1d", rng_seed=1)
    page = client.get(url).content.decode()
    strong = stored()["strong"]
    assert "reversi_1d" in page and f"{strong.rating:.0f}" in page and "the anchor, fixed at 800" in page
    assert client.get(f"{url}{strong.pk}/change/").status_code == 200  # read-only view
    assert client.get(f"{url}add/").status_code == 403

    r = client.post(
        url, {"action": "measure_levels", "index": "0", "_selected_action": [strong.pk]}, follow=True
    )
    assert r.status_code == 200 and DBTaskResult.objects.filter(task_path=TASK_PATH).count() == 2


def test_staff_who_may_only_look_cannot_start_a_measurement(client):
    viewer = user("viewer", is_staff=True)
    viewer.user_permissions.add(Permission.objects.get(codename="view_levelrating"))
    client.force_login(viewer)
    url = "/admin/games/levelrating/"
    page = client.get(url)
    assert page.status_code == 200 and "measure_levels" not in page.content.decode()
    assert client.post(url, {"action": "measure_levels", "index": "0"}).status_code == 403
    assert not DBTaskResult.objects.exists()
