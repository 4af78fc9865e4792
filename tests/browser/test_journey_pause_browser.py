"""The Journey when every ally is away (issue 28): the server skips nobody's turn while no
player has the game open, the page says so, and the game goes on when one comes back.

Two allies in two browsers and a spectator in a third; the server skips an absent player's
turn after 3 s (``ABSENT_SKIP_SECONDS``). Screenshots go to ``test-artifacts/``.
"""

from __future__ import annotations

import time

import pytest

from games.catalog.journey.engine import GAME as JOURNEY
from games.rules import journey
from tests.browser import helpers
from tests.browser.helpers import create_match, join, ply, signup, username, wait_ply
from tests.support.server import serving

sync_api = pytest.importorskip("playwright.sync_api")
expect = sync_api.expect

pytestmark = pytest.mark.browser

PAUSED = "Paused: every player is away. The game goes on when one of them is back."


@pytest.fixture
def skip_server(tmp_path):
    with serving(tmp_path, {"ABSENT_SKIP_SECONDS": "3"}) as server:
        yield server


def test_the_journey_waits_for_its_players(skip_server, person):
    base = skip_server.url
    a, b, c = person(), person(), person()
    ann, bob = username("ayla"), username("bram")
    options = {"mode": "alliance", "players": 2, "monsters": 1, "elves": 1, "potions": 1, "seed": 5}
    grid = journey.grid(JOURNEY.setup(JOURNEY.clean_options(options), 0))
    empty = next((x, y) for x in range(10) for y in range(10) if not grid[x][y])
    with helpers.screenshots_on_failure("pause", "journey", a=a, b=b, c=c):
        signup(a, base, ann)
        signup(b, base, bob)
        match_url = create_match(a, base, "journey", opponent="open", side="0", **options)
        join(b, match_url + "join/", match_url)
        c.goto(match_url)  # a visitor watches
        expect(c.locator("#match")).to_have_attribute("data-ready", "1")

        # Bob leaves; Ann moves (Bob's turn now) and leaves at once: nobody is there.
        b.goto(base + "/")
        a.locator(f'#board .jy-cell[data-x="{empty[0]}"][data-y="{empty[1]}"]').click()
        wait_ply(a, 1)
        a.goto(base + "/")
        expect(c.locator("#status")).to_have_text(PAUSED)
        time.sleep(8)  # more than two skip delays: the server used to skip Bob, then Ann, ...
        assert ply(c) == 1
        expect(c.locator("#status")).to_have_text(PAUSED)
        helpers.shot(c, "1-paused-spectator", "journey")

        # Ann is back: the game goes on, Bob's turn is skipped once and it is Ann's again.
        a.goto(match_url)
        expect(a.locator("#match")).to_have_attribute("data-ready", "1")
        expect(c.locator("#status")).not_to_have_text(PAUSED)
        wait_ply(a, 2)
        wait_ply(c, 2)
        expect(a.locator("#status")).to_have_text("Your turn")
        expect(c.locator("#status")).to_have_text(f"{ann} to move")
        helpers.shot(a, "2-resumed-ally", "journey")
        assert not (a.js_errors or b.js_errors or c.js_errors), a.js_errors + b.js_errors + c.js_errors
