"""The invite link as people meet it (issue 28): its seats are named as on the match page
("Black (X)"); once the match is over it says so plainly, to a visitor and to a logged-in
stranger alike (even one who presses "Take the seat" on a page opened earlier), and offers
the replay and a new match. Screenshots: ``test-artifacts/invite-*.png``.
"""

from __future__ import annotations

import re

import pytest

from tests.browser import helpers
from tests.browser.helpers import LEGAL, PHONE, create_match, join, signup, username, wait_ply

sync_api = pytest.importorskip("playwright.sync_api")
expect = sync_api.expect

pytestmark = pytest.mark.browser


def shot(page, name: str) -> None:
    helpers.shot(page, name, "invite")


def test_a_finished_matchs_invite_says_it_is_over(daphne_server, person):
    base = daphne_server.url
    ann, bob, dan, visitor = person(), person(), person(), person(**PHONE)
    with helpers.screenshots_on_failure("over", "invite", ann=ann, bob=bob, dan=dan, visitor=visitor):
        ann_name, bob_name = username("ann"), username("bob")
        signup(ann, base, ann_name)
        signup(bob, base, bob_name)
        signup(dan, base, username("dan"))
        match_url = create_match(ann, base, "reversi")
        invite = ann.input_value("#invite-link")

        dan.goto(invite)  # dan opens the link first, and waits
        seats = dan.locator(".invite-seats .opt-key")
        expect(seats).to_have_text(["Black (X)", "White (O)"])  # as the match page names them
        expect(dan.locator("#invite")).not_to_contain_text("Player X")
        shot(dan, "1-invite-open")

        join(bob, invite, match_url)
        ann.locator(LEGAL).first.click()
        wait_ply(bob, 1)
        bob.once("dialog", lambda dialog: dialog.accept())  # "Resign?"
        bob.get_by_role("button", name="Resign").click()
        expect(ann.locator("#match")).to_have_attribute("data-status", "finished")

        # dan presses the button of the page he opened before: the page says the game is over.
        dan.get_by_role("button", name="Take the seat and play").click()
        dan.wait_for_load_state()
        expect(dan).to_have_url(invite)
        for page in (dan, visitor):
            if page is visitor:
                page.goto(invite)
            heading = page.get_by_role("heading", level=1)
            expect(heading).to_contain_text("This Reversi game is over")
            expect(heading).not_to_contain_text("invited you")
            expect(page.locator("#invite")).to_contain_text(f"{bob_name} resigned — {ann_name} won")
            expect(page.locator("#invite")).not_to_contain_text("no free seat")
            expect(page.get_by_role("link", name="Start a new match")).to_have_attribute(
                "href", "/m/new/?game=reversi"
            )
        shot(dan, "2-over-logged-in")
        shot(visitor, "3-over-phone-logged-out")
        visitor.get_by_role("link", name="Watch the replay").click()
        visitor.wait_for_url(re.compile(r"/r/[^/]+/$"))
        assert dan.js_errors == [] and visitor.js_errors == []
