"""Issue 50's newcomer walk, the pages' minor findings (finding 8): the README names every
game; a "1500?" says what its "?" means; the takebacks tag shows only in a game that has
takebacks."""

from __future__ import annotations

import json
import re
from html import unescape

import pytest
from django.test import Client

from games.catalog.registry import GAMES
from games.matches.choices import no_takebacks
from games.matches.models import Match
from games.matches.ratings.glicko2 import PROVISIONAL_DEVIATION
from games.matches.ratings.standings import PROVISIONAL_NOTE
from tests.support.server import ROOT

from .conftest import make_user
from .test_ratings import first_move, rated_match

pytestmark = pytest.mark.django_db(transaction=True)

NUMBERS = "zero one two three four five six seven eight nine ten eleven twelve".split()


def test_the_readme_counts_and_lists_every_game():
    readme = (ROOT / "README.md").read_text()
    assert f"{NUMBERS[len(GAMES)].capitalize()} games, every one playable" in readme
    listed = re.findall(r"^\| ([^|]+?) \| ", readme, flags=re.MULTILINE)
    for game in GAMES.values():
        assert game.name in listed, game.name
    assert "| Gomoku | five in a row on a 15x15 board" in readme


def test_a_provisional_rating_says_what_its_question_mark_means():
    assert f"above {PROVISIONAL_DEVIATION:.0f}" in PROVISIONAL_NOTE
    match, ann, ben = rated_match()
    first_move(match, ann)
    from games.matches import services

    services.match_resign(match_id=match.pk, user=ben)
    client = Client()
    for url in ("/u/ann/", "/leaderboard/reversi/"):
        page = unescape(client.get(url).content.decode())
        assert re.search(r'title="A \? after a rating means it is provisional[^"]*">\d+\?<', page), url
        note = re.search(r'<p class="[^"]*" id="provisional-note">([^<]*)</p>', page)
        assert note and note.group(1) == PROVISIONAL_NOTE, url


def test_the_takebacks_tag_shows_only_in_a_game_that_has_takebacks():
    ann = make_user("ann")
    client = Client()
    client.force_login(ann)
    for slug, game in GAMES.items():
        body = {"game": slug, "opponent": "invite", "side": 0}
        made = client.post("/api/matches/", json.dumps(body), content_type="application/json").json()
        page = client.get(made["url"]).content.decode()
        tag = re.search(r'id="takebacks-opt">([^<]*)<', page)
        if no_takebacks(game):
            assert tag is None and made["takebacks"] is False, slug
            refused = client.post(
                "/api/matches/", json.dumps({**body, "takebacks": True}), content_type="application/json"
            )
            assert refused.status_code == 400 and refused.json()["message"] == no_takebacks(game)
        else:
            assert tag and tag.group(1) == "Takebacks" and Match.objects.get(pk=made["id"]).takebacks, slug
    assert no_takebacks(GAMES["alpha_battle"]) == GAMES["alpha_battle"].no_takebacks
