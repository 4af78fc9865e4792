"""Every registered game goes through the socket fuzz, the rules-page tests and the protocol
checks: they take their games from the registry (the live checks from ``GET /api/games/``,
the server's registry), so a game added to the site is tested without editing them. This
fails when one of them leaves a registered game out again."""

from __future__ import annotations

import random

import pytest

from games.catalog.registry import GAMES
from tests.faults import fuzz_games, fuzz_messages, test_fuzz
from tests.games import test_rules_pages


def test_the_fuzz_plays_every_registered_game_with_enough_messages():
    fuzzed = {slug for _, slug, _ in fuzz_games.arenas()}
    assert fuzzed == set(GAMES), set(GAMES) - fuzzed
    assert set(fuzz_games.VARIANTS) <= set(GAMES)  # no variant of a game that is gone
    assert test_fuzz.MESSAGES >= 10_000  # quality.md: over 10,000 messages, every game


@pytest.mark.parametrize("slug", list(GAMES))
def test_the_fuzz_plays_every_game_by_its_own_rules(slug):
    """The fuzz's moves are the game's (``Mirror``), and its model knows their shape or lets
    the rules judge them (the generic family)."""
    mirror = fuzz_games.Mirror.start(slug, {})
    seat = mirror.to_move()[0]
    moves = mirror.samples(seat, random.Random(0), 3)
    assert moves and all(mirror.takes(seat, move) for move in moves), slug
    family = fuzz_messages.family_of(moves[0])
    assert family in fuzz_messages.SAMPLES or family == fuzz_messages.GENERIC


def test_the_rules_page_tests_take_every_registered_game():
    """Each rules-page test that runs a game at a time runs every one."""
    parametrized = 0
    for name in dir(test_rules_pages):
        for mark in getattr(getattr(test_rules_pages, name), "pytestmark", []):
            if mark.name == "parametrize" and mark.args[0] == "slug":
                assert list(mark.args[1]) == list(GAMES), name
                parametrized += 1
    assert parametrized >= 3


@pytest.mark.django_db
def test_the_live_protocol_check_meets_every_registered_game(client):
    """``test_protocol_errors`` plays every game ``GET /api/games/`` lists: the registry."""
    listed = [game["slug"] for game in client.get("/api/games/").json()]
    assert listed == list(GAMES)
