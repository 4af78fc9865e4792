"""The bell, live (two people in chromium): Bob's header bell counts up without a reload when
Alice joins his match (he is on the match page) and when she resigns it (he is in the lobby);
the list shows both, newest first, each linking to the match, and opening it clears the count.
Screenshots: ``test-artifacts/notifications-*.png``.
"""

from __future__ import annotations

import re

import pytest

from tests.browser import helpers
from tests.browser.helpers import LEGAL, create_match, join, signup, username, wait_ply_above

sync_api = pytest.importorskip("playwright.sync_api")
expect = sync_api.expect

pytestmark = pytest.mark.browser

BELL_OPEN = "() => document.body.dataset.bell === 'open'"


def shot(page, name: str) -> None:
    helpers.shot(page, name, "notifications")


def bell_count(page):
    return page.locator("header a.bell .bell-count")


def test_the_bell_counts_up_live_and_lists_what_happened(daphne_server, person):
    base = daphne_server.url
    alice, bob = person(), person()
    alice_name, bob_name = username("alice"), username("bob")
    with helpers.screenshots_on_failure("bell", "notifications", alice=alice, bob=bob):
        signup(bob, base, bob_name)
        expect(bell_count(bob)).to_be_hidden()  # nothing yet
        match_url = create_match(bob, base, "reversi", opponent="invite", side="0", size=6)
        bob.wait_for_function(BELL_OPEN)
        bob.evaluate("window.samePage = true")

        # Alice joins: Bob's bell says 1, on the match page, without a reload.
        signup(alice, base, alice_name)
        join(alice, match_url + "join/", match_url)
        expect(bell_count(bob)).to_have_text("1")
        expect(bob.locator("header a.bell")).to_have_attribute("aria-label", "Notifications, 1 unread")
        assert bob.evaluate("window.samePage") is True, "Bob's page was reloaded"

        # Bob moves, goes to the lobby; Alice resigns: his bell says 2 there.
        before = helpers.ply(bob)
        bob.locator(LEGAL).first.click()
        wait_ply_above(alice, before)
        bob.goto(base + "/")
        expect(bell_count(bob)).to_have_text("1")  # as the page was served
        bob.wait_for_function(BELL_OPEN)
        bob.evaluate("window.samePage = true")
        alice.on("dialog", lambda dialog: dialog.accept())
        alice.get_by_role("button", name="Resign").click()
        expect(alice.locator("#match")).to_have_attribute("data-status", "finished")
        expect(bell_count(bob)).to_have_text("2")
        assert bob.evaluate("window.samePage") is True
        shot(bob, "1-bell")

        # The list: both, newest first, the new ones marked; opening it clears the count.
        bob.locator("header a.bell").click()
        bob.wait_for_url(base + "/notifications/")
        items = bob.locator(".notification-list .notification")
        expect(items).to_have_count(2)
        expect(items.nth(0)).to_contain_text(f"Reversi vs {alice_name}: {alice_name} resigned — you won")
        expect(items.nth(1)).to_contain_text(f"{alice_name} joined your Reversi match")
        expect(bob.locator(".notification.unread")).to_have_count(2)
        expect(bell_count(bob)).to_be_hidden()
        shot(bob, "2-list")

        # Each item links to its match; back on any page the bell stays at 0.
        items.nth(1).get_by_role("link").click()
        bob.wait_for_url(match_url)
        expect(bell_count(bob)).to_be_hidden()
        assert bob.get_attribute("header a.bell", "aria-label") == "Notifications"

        # Alice's own list: only her "ended", none of Bob's.
        alice.goto(base + "/notifications/")
        expect(alice.locator(".notification-list .notification")).to_have_count(1)
        expect(alice.locator(".notification")).to_contain_text(re.compile(r"You resigned — .+ won"))

        # The e-mail settings (linked from the profile's "E-mail me").
        bob.goto(f"{base}/u/{bob_name}/")
        expect(bob.locator(".email-me")).to_contain_text("Add an e-mail address")
        shot(bob, "3-profile")
        bob.get_by_role("link", name="E-mail settings").click()
        bob.wait_for_url(base + "/notifications/settings/")
        expect(bob.get_by_label("Your turn in a correspondence match")).to_be_checked()
        shot(bob, "4-settings")
        assert alice.js_errors == [] and bob.js_errors == []
