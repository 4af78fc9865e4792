"""The new-tournament form's game options: the same fields as the new-match form, stored on the
tournament, used by every one of its matches and shown on its page; bad ones refused on the form."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model

from games.matches.errors import ServiceError
from games.tournaments.models import Pairing, Tournament

pytestmark = pytest.mark.django_db(transaction=True)

FORM = {"name": "Evening cup", "initial": "3", "increment": "2", "format": "round_robin"}
FORM |= {"entry": "anyone", "max_entrants": "8", "starts_in": "0", "join": "on"}


@pytest.fixture(autouse=True)
def _fast_passwords(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture
def ann(client):
    user = get_user_model().objects.create_user("ann")
    client.force_login(user)
    return user


def test_the_form_offers_every_option_of_the_tournament_games(client, ann):
    page = client.get("/t/new/").content.decode()
    for name in ("reversi__size", "reversi__blocks", "connect_four__rows", "connect_four__pop_out"):
        assert f'name="{name}"' in page
    assert 'data-game="connect_four"' in page and 'data-game="alpha_battle"' in page
    assert "journey__" not in page  # a co-operative game has no tournaments
    assert "js/game_options.js" in page


@pytest.mark.parametrize(
    ("game", "posted", "options", "shown"),
    [
        ("reversi", {"reversi__size": "6"}, {"size": 6, "blocks": "", "start": ""}, ["Board size</span> 6"]),
        (
            "connect_four",
            {"connect_four__rows": "5", "connect_four__columns": "6", "connect_four__pop_out": "on"},
            {"rows": 5, "columns": 6, "pop_out": True, "start": ""},
            ["Rows</span> 5", "Columns</span> 6", "Pop-out</span> yes"],
        ),
        ("alpha_battle", {"alpha_battle__seed": "7"}, {"seed": "7"}, ["Seed</span> 7"]),
    ],
)
def test_chosen_options_are_stored_used_by_every_match_and_shown(client, ann, game, posted, options, shown):
    # without JavaScript every game's fields are posted: only the chosen game's count
    others = {"reversi__size": "99", "connect_four__rows": "99"}
    r = client.post("/t/new/", {**FORM, **others, "game": game, **posted, "levels": ["random"]})
    assert r.status_code == 302, r.content.decode()[:2000]
    t = Tournament.objects.get()
    assert (t.game, t.options) == (game, options)
    page = client.get(r["Location"]).content.decode()  # its time has come: it starts
    t.refresh_from_db()
    assert t.status in ("running", "finished")
    matches = [
        p.match for p in Pairing.objects.filter(tournament=t).exclude(match=None).select_related("match")
    ]
    assert matches and all(m.game == game and m.options == options for m in matches)
    for text in shown:
        assert text in page


@pytest.mark.parametrize(
    ("game", "posted", "field", "message"),
    [
        ("connect_four", {"connect_four__rows": "13"}, "connect_four__rows", "must be at most 12."),
        ("reversi", {"reversi__size": "2"}, "reversi__size", "must be at least 4."),
        ("reversi", {"reversi__size": "x"}, "reversi__size", "must be a whole number."),
    ],
)
def test_an_out_of_range_option_shows_on_the_form_and_creates_nothing(
    client, ann, game, posted, field, message
):
    r = client.post("/t/new/", {**FORM, "game": game, **posted})
    assert r.status_code == 400
    page = r.content.decode()
    errors = page[page.index(f'id="id_{field}_errors"') :]
    assert message in errors[: errors.index("</ul>")]
    assert f'href="#id_{field}"' in page  # the summary links to the field
    assert f'value="{posted[field]}"' in page  # what was typed is kept
    assert not Tournament.objects.exists()


def test_the_services_refusals_show_on_the_form(client, ann, monkeypatch):
    # a custom start is refused for a rated tournament by the service, not the form
    start = "....\n....\n....\nR..."
    r = client.post("/t/new/", {**FORM, "game": "connect_four", "connect_four__start": start, "rated": "on"})
    assert r.status_code == 400 and "custom start position are casual" in r.content.decode()
    assert not Tournament.objects.exists()

    # the service's ``bad_options`` naming an option goes to that option's field
    def refuse(**kwargs):
        raise ServiceError("bad_options", "Board size must be even.", field="size")

    monkeypatch.setattr("games.tournaments.services.tournament_create", refuse)
    r = client.post("/t/new/", {**FORM, "game": "reversi", "reversi__size": "6"})
    page = r.content.decode()
    assert r.status_code == 400 and 'id="id_reversi__size_errors"' in page and "must be even." in page
