"""Each game's name in the reader's language where a page shows it (issue 52): "Puissance 4",
"Vier gewinnt", "Четыре в ряд"; the JSON API keeps the names protocol.md shows. Expected words
come from the catalogs (each game's folder carries its name's translations)."""

from __future__ import annotations

import pytest
from django.test import Client
from django.utils import translation

from games.catalog.registry import GAMES
from games.matches import services
from tests.platform.conftest import make_user

pytestmark = pytest.mark.django_db
LANGUAGES = ["fr", "de", "es", "ru"]


def name_in(language: str, slug: str) -> str:
    with translation.override(language):
        return translation.gettext(GAMES[slug].name)


def test_every_game_has_its_name_in_every_language():
    assert name_in("fr", "connect_four") == "Puissance 4" and name_in("de", "connect_four") == "Vier gewinnt"
    for slug in GAMES:
        assert [name_in(language, slug) for language in LANGUAGES]  # each one an entry (test_catalogs)
    assert name_in("ru", "reversi") != "Reversi"  # Cyrillic, not the Latin name


@pytest.mark.parametrize("language", LANGUAGES)
def test_pages_name_the_games_in_their_language_and_the_api_as_the_protocol(language):
    ann = make_user("ann")
    services.match_create(user=ann, game="connect_four", options={}, opponent="open", side=0)
    local = name_in(language, "connect_four")
    browser = Client(headers={"accept-language": language})
    lobby = browser.get("/").content.decode()
    assert f'<span class="game-name">{local}</span>' in lobby  # the open seat's row
    assert f"<h3>{local}</h3>" in lobby  # the games' cards
    assert local in browser.get("/games/connect_four/rules/").content.decode()
    assert local in browser.get(f"/u/{ann.username}/").content.decode()  # her ongoing match
    listed = browser.get("/api/games/").json()
    assert "Connect Four" in str(listed) and local not in str(listed)
