"""The new-tournament form in chromium: choosing a game shows that game's options only (as on
the create-a-match form), a value out of range is stopped on its field before it is sent (the
server's refusal of one is tested in ``tests/tournaments/test_options_form.py``), and the
options chosen are the tournament's (its page lists them). Screenshots:
``test-artifacts/tournament-*.png``."""

from __future__ import annotations

import pytest

from tests.browser import helpers
from tests.browser.helpers import signup, username

sync_api = pytest.importorskip("playwright.sync_api")
expect = sync_api.expect

pytestmark = pytest.mark.browser


def test_a_connect_four_tournament_with_its_own_options(daphne_server, person):
    base = daphne_server.url
    page = person()
    with helpers.screenshots_on_failure("options", "tournament", page=page):
        signup(page, base, username("org"))
        page.goto(f"{base}/t/new/")
        page.fill('input[name="name"]', "Pop-out cup")
        page.select_option('select[name="game"]', "connect_four")
        expect(page.locator('.game-options[data-game="connect_four"]')).to_be_visible()
        expect(page.locator('.game-options[data-game="reversi"]')).to_be_hidden()
        page.fill("#id_connect_four__rows", "13")  # over the largest board
        page.check("#id_connect_four__pop_out")
        page.get_by_role("button", name="Create tournament").click()
        rows = page.locator("#id_connect_four__rows")
        assert rows.evaluate("e => e.validity.rangeOverflow")  # the field's own limit (12)
        assert page.url.endswith("/t/new/")  # nothing was sent
        page.fill("#id_connect_four__rows", "5")
        page.get_by_role("button", name="Create tournament").click()
        expect(page.get_by_role("heading", name="Pop-out cup")).to_be_visible()
        options = page.locator(".match-options")
        expect(options).to_contain_text("Rows 5")
        expect(options).to_contain_text("Pop-out yes")
        helpers.shot(page, "2-page", "tournament")
        assert page.js_errors == []
