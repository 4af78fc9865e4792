"""Quick pairing in two real browsers (issue 25): ann picks Othello 15+10 casual in the
lobby's grid and waits; bob sees one waiting there, live, and clicks the same cell: both
pages open the same new match, and the grid counts it as playing. The counts are the whole
site's, so the test has a server of its own (issue 37: no test asserts on another's rows)."""

from __future__ import annotations

import re

import pytest

from tests.browser import helpers
from tests.browser.helpers import signup, username
from tests.support.server import serving

sync_api = pytest.importorskip("playwright.sync_api")
expect = sync_api.expect

pytestmark = pytest.mark.browser

POOL = '[data-pool="othello-15+10-casual"]'


def test_two_people_paired_from_the_grid_both_open_the_match(tmp_path, person):
    with serving(tmp_path) as server:
        paired_from_the_grid(server.url, person)


def paired_from_the_grid(base: str, person) -> None:
    a, b = person(), person()
    with helpers.screenshots_on_failure("pairing", "pairing", a=a, b=b):
        signup(a, base, username("ann"))
        signup(b, base, username("bob"))
        for page in (a, b):
            page.goto(base + "/")
            expect(page.locator(POOL)).to_be_hidden()  # rated shown first
            page.get_by_role("radio", name="Casual").check()
            expect(page.locator(POOL)).to_be_visible()
        a.locator(POOL).click()
        expect(a.locator(POOL)).to_have_attribute("aria-pressed", "true")
        status = a.locator("#pairing-status")
        expect(status).to_contain_text("Waiting for an opponent in Othello 15+10 casual")
        expect(b.locator(f"{POOL} [data-waiting]")).to_have_text("1")  # live, by the lobby socket
        helpers.shot(b, "1-one-waiting", "pairing")
        b.locator(POOL).click()
        match = re.compile(re.escape(base) + r"/m/[\w-]+/$")
        b.wait_for_url(match)
        a.wait_for_url(match)
        assert a.url == b.url
        for page in (a, b):
            expect(page.locator("body")).to_contain_text("Othello")
        helpers.shot(a, "2-paired", "pairing")
        a.goto(base + "/")
        a.get_by_role("radio", name="Casual").check()
        expect(a.locator(f"{POOL} [data-playing]")).to_have_text("1")
        expect(a.locator(f"{POOL} [data-waiting]")).to_have_text("0")
        assert not a.js_errors and not b.js_errors
