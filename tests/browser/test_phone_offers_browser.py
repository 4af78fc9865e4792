"""Issue 40 (minor): on a phone, what asks for an answer and the end are seen without
scrolling. Bob plays on a 390 x 844 phone: ann's draw and takeback offers appear over the
board with their buttons in sight; the end is told at the top in words ("ann wins ..."), not
"Game over"; and the notes of ann's moves come one at a time."""

from __future__ import annotations

from tests.browser import helpers
from tests.browser.helpers import PHONE, create_match, expect, join, move_once, signup, username

IN_SIGHT = "el => { const r = el.getBoundingClientRect(); return r.top >= 0 && r.bottom <= innerHeight; }"


def in_sight(page, selector: str) -> bool:
    page.evaluate("window.scrollTo(0, 0)")
    return page.locator(selector).evaluate(IN_SIGHT)


def test_offers_and_the_end_are_in_sight_on_a_phone(daphne_server, person):
    base = daphne_server.url
    a, b = person(), person(**PHONE)
    ann, bob = username("ann"), username("bob")
    with helpers.screenshots_on_failure("phone-offers", "match", a=a, b=b):
        signup(a, base, ann)
        signup(b, base, bob)
        match_url = create_match(a, base, "reversi", size="6", blocks="")
        join(b, match_url + "join/", match_url)
        for _ in range(3):
            move_once((a, b))
        expect(b.locator(".toast.move")).to_have_count(1)  # ann's two moves: one note at a time

        a.get_by_role("button", name="Offer a draw").click()
        expect(b.locator("#draw-text")).to_have_text(f"{ann} offers a draw.")
        assert in_sight(b, "#draw-accept") and in_sight(b, "#draw-decline")
        helpers.shot(b, "phone-draw-offer", "match")
        b.get_by_role("button", name="Decline").click()

        a.get_by_role("button", name="Propose a takeback").click()
        expect(b.locator("#takeback-offer")).to_be_visible()
        assert in_sight(b, "#takeback-accept")
        b.locator("#takeback-decline").click()
        expect(b.locator("#takeback-offer")).to_be_hidden()

        a.once("dialog", lambda dialog: dialog.accept())
        a.get_by_role("button", name="Resign").click()
        expect(b.locator("#turn-bar")).to_contain_text(f"{ann} resigned")
        assert in_sight(b, "#turn-bar") and in_sight(b, "#result")
        helpers.shot(b, "phone-result", "match")
        assert not (a.js_errors or b.js_errors), a.js_errors + b.js_errors
