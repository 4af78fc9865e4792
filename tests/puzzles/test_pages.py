"""The puzzle pages answer for every visitor: the index lists the games that have puzzles
(with the visitor's rating kept in the session), a game without puzzles is a 404, and the
front page offers the day's puzzle when there is one."""

from __future__ import annotations

import pytest

from games.catalog.registry import KITS
from games.puzzles.models import Puzzle

pytestmark = pytest.mark.django_db


def test_the_index_lists_the_games_with_puzzles(client):
    page = client.get("/puzzles/")
    assert page.status_code == 200
    for slug in KITS:
        listed = f'href="/puzzles/{slug}/"' in page.content.decode()
        assert listed == Puzzle.objects.filter(game=slug).exists(), slug


def test_a_game_without_puzzles_has_no_puzzle_pages(client):
    without = [slug for slug, kit in KITS.items() if kit.puzzles is None]
    assert without  # a cooperative or hidden-information game has none
    assert client.get(f"/puzzles/{without[0]}/").status_code == 404
    answer = client.post(f"/puzzles/{without[0]}/1/check/", {"line": []}, content_type="application/json")
    assert answer.status_code == 404


def test_the_front_page_offers_the_days_puzzle_when_there_is_one(client):
    page = client.get("/").content.decode()
    assert ("Puzzle of the day" in page) == Puzzle.objects.exists()
