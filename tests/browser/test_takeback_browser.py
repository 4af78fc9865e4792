"""Takebacks in real browsers: ann (a desktop page) and bob (a 390px phone) play; ann asks
to take back her move and bob's reply, bob declines, she asks again and he accepts: both
boards are back at the start, both move lists and the replay mark the takeback. Against
the computer, on the phone, "Take back" is granted at once. Screenshots in test-artifacts/.
"""

from __future__ import annotations

import pytest

from tests.browser import helpers
from tests.browser.helpers import LEGAL, PHONE, create_match, join, move_once, signup, username, wait_ply

sync_api = pytest.importorskip("playwright.sync_api")
expect = sync_api.expect

pytestmark = pytest.mark.browser


def test_a_takeback_asked_declined_then_accepted_on_two_pages_and_a_phone(daphne_server, person):
    base = daphne_server.url
    a, b = person(), person(**PHONE)
    with helpers.screenshots_on_failure("takeback", "takeback", a=a, b=b):
        ann, bob = username("ann"), username("bob")
        signup(a, base, ann)
        signup(b, base, bob)
        match_url = create_match(a, base, "reversi", size="6", blocks="")
        join(b, match_url + "join/", match_url)
        for page in (a, b):
            expect(page.locator("#takebacks-opt")).to_have_text("Takebacks")
        expect(a.locator("#match")).to_have_attribute("data-status", "active")  # bob's arrival drawn
        start_cells = a.locator(LEGAL).count()  # read from the drawn state, not the waiting page
        assert start_cells > 0
        expect(a.locator("#propose-takeback")).to_be_hidden()  # no move in play yet
        move_once((a, b))
        expect(b.locator("#move-list li")).to_have_count(1)
        expect(a.locator("#propose-takeback")).to_be_visible()
        expect(b.locator("#propose-takeback")).to_be_hidden()  # bob has no move of his own yet
        move_once((a, b))
        expect(a.locator("#propose-takeback")).to_have_text("Propose a takeback")
        a.get_by_role("button", name="Propose a takeback").click()
        expect(a.locator("#takeback-text")).to_have_text(
            f"You asked to take back your last move and the reply: waiting for {bob} to answer."
        )
        expect(a.locator("#propose-takeback")).to_be_hidden()
        asked = f"{ann} asks to take back their last move and your reply."
        expect(b.locator(".toast")).to_contain_text([asked])
        expect(b.locator("#takeback-text")).to_have_text(asked)
        helpers.shot(b, "1-asked-phone", "takeback")
        b.get_by_role("button", name="Decline").click()
        for page in (a, b):
            expect(page.locator("#takeback-offer")).to_be_hidden()
        expect(a.locator(".toast")).to_contain_text([f"{bob} declined your takeback."])
        a.get_by_role("button", name="Propose a takeback").click()
        expect(b.locator("#takeback-text")).to_have_text(asked)
        b.get_by_role("button", name="Accept the takeback").click()
        for page in (a, b):
            wait_ply(page, 3)
            expect(page.locator("#takeback-offer")).to_be_hidden()
            expect(page.locator(".live-moves li:not(.takeback-mark)")).to_have_count(0)
            expect(page.locator(".live-moves .takeback-mark")).to_have_count(1)
        expect(a.locator(".live-moves .takeback-mark")).to_contain_text("You took back")
        expect(b.locator(".live-moves .takeback-mark")).to_contain_text(f"{ann} took back")
        expect(a.locator(".toast")).to_contain_text(["Moves taken back: your move again."])
        expect(a.locator(LEGAL)).to_have_count(start_cells)  # ann to move at the start again
        expect(b.locator(LEGAL)).to_have_count(0)
        helpers.shot(a, "2-taken-back-desktop", "takeback")
        helpers.shot(b, "2-taken-back-phone", "takeback")
        move_once((a, b))  # the game goes on
        expect(b.locator(".live-moves li:not(.takeback-mark)")).to_have_count(1)
        b.goto(base + a.locator("#replay-link").get_attribute("href"))
        expect(b.locator("#moves .takeback-mark")).to_contain_text(f"{ann} took back")
        expect(b.locator("#moves button")).to_have_count(1)
        helpers.shot(b, "3-replay-phone", "takeback")
        assert not a.js_errors and not b.js_errors, a.js_errors + b.js_errors


def test_take_back_against_the_computer_on_a_phone(daphne_server, person):
    base = daphne_server.url
    page = person(**PHONE)
    with helpers.screenshots_on_failure("computer", "takeback", page=page):
        signup(page, base, username("cy"))
        create_match(page, base, "reversi", opponent="computer", size="6", blocks="", level="random")
        start_cells = page.locator(LEGAL).count()
        page.locator(LEGAL).first.click()
        page.wait_for_function(f"{helpers.PLY} >= 2 && {helpers.SETTLED}")  # the computer replied
        expect(page.locator("#propose-takeback")).to_have_text("Take back")
        page.get_by_role("button", name="Take back").click()
        wait_ply(page, 3)
        expect(page.locator(LEGAL)).to_have_count(start_cells)
        expect(page.locator("#takeback-offer")).to_be_hidden()
        expect(page.locator(".live-moves .takeback-mark")).to_contain_text("You took back")
        helpers.shot(page, "4-computer-phone", "takeback")
        assert not page.js_errors, page.js_errors
