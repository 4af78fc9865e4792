"""Two people agree a draw in two real browsers: ann offers it with a button, bob sees the
offer appear (a note and a panel) on his phone, declines it (ann reads that he did); after
moving on, bob offers one and ann accepts: both pages read the draw by agreement.
"""

from __future__ import annotations

import pytest

from tests.browser import helpers
from tests.browser.helpers import create_match, join, move_once, signup, username

sync_api = pytest.importorskip("playwright.sync_api")
expect = sync_api.expect

pytestmark = pytest.mark.browser


def test_a_draw_offered_declined_then_agreed(daphne_server, person):
    base = daphne_server.url
    a, b = person(), person(**helpers.PHONE)  # ann at a desk, bob on a phone
    with helpers.screenshots_on_failure("draw", "draw", a=a, b=b):
        ann, bob = username("ann"), username("bob")
        signup(a, base, ann)
        signup(b, base, bob)
        match_url = create_match(a, base, "reversi", size="6", blocks="")
        join(b, match_url + "join/", match_url)
        expect(a.locator("#offer-draw")).to_be_hidden()  # once both have moved
        move_once((a, b))
        move_once((a, b))
        expect(a.locator("#offer-draw")).to_be_visible()
        a.get_by_role("button", name="Offer a draw").click()
        expect(a.locator("#draw-text")).to_have_text(f"You offered a draw: waiting for {bob} to answer.")
        expect(a.locator("#offer-draw")).to_be_hidden()
        expect(b.locator(".toast")).to_contain_text([f"{ann} offers a draw."])
        expect(b.locator("#draw-text")).to_have_text(f"{ann} offers a draw.")
        helpers.shot(b, "1-offered", "draw")
        b.get_by_role("button", name="Decline").click()
        for page in (a, b):
            expect(page.locator("#draw-offer")).to_be_hidden()
        expect(a.locator(".toast")).to_contain_text([f"{bob} declined your draw offer."])
        move_once((a, b))
        move_once((a, b))
        b.get_by_role("button", name="Offer a draw").click()
        expect(a.locator("#draw-text")).to_have_text(f"{bob} offers a draw.")
        a.get_by_role("button", name="Accept the draw").click()
        for page in (a, b):
            expect(page.locator("#match")).to_have_attribute("data-status", "finished")
            expect(page.locator("#draw-offer")).to_be_hidden()
        expect(a.locator("#result .result-message")).to_have_text(f"A draw with {bob}: agreed by both")
        expect(b.locator("#result .result-message")).to_have_text(f"A draw with {ann}: agreed by both")
        helpers.shot(a, "2-agreed", "draw")
        assert not a.js_errors and not b.js_errors, a.js_errors + b.js_errors
