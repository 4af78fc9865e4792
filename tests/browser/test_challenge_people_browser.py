"""Challenging people, not only bots (issue 28): every profile has a Challenge button that
opens the create form (game, options, clock, side, rated) as a challenge; the challenged
person sees it appear in their lobby without a reload and answers it there. A person who
takes no challenges from you says so instead of the button.

Two and three people in chromium (the challenged one on a phone). Screenshots:
``test-artifacts/challenge-*.png``.
"""

from __future__ import annotations

import re

import pytest

from tests.browser import helpers
from tests.browser.helpers import PHONE, signup, username

sync_api = pytest.importorskip("playwright.sync_api")
expect = sync_api.expect

pytestmark = pytest.mark.browser

SOCKET_OPEN = "() => document.body.dataset.socket === 'open'"


def shot(page, name: str) -> None:
    helpers.shot(page, name, "challenge")


def open_lobby(page, base: str) -> None:
    page.goto(base + "/")
    page.wait_for_function(SOCKET_OPEN)
    page.evaluate("window.sameLobby = true")  # gone if the page reloads


def test_a_challenge_from_a_profile_is_accepted_from_the_lobby(daphne_server, person):
    base = daphne_server.url
    ann, bob = person(), person(**PHONE)
    ann_name, bob_name = username("ann"), username("bob")
    with helpers.screenshots_on_failure("accept", "challenge", ann=ann, bob=bob):
        signup(ann, base, ann_name)
        signup(bob, base, bob_name)
        open_lobby(bob, base)

        # Ann challenges Bob from his profile, with the create form's every choice.
        ann.goto(f"{base}/u/{bob_name}/")
        ann.get_by_role("link", name=f"Challenge {bob_name}").click()
        expect(ann.get_by_role("heading", level=1)).to_have_text(f"Challenge {bob_name}")
        expect(ann.locator('input[name="game"][value="journey"]')).to_have_count(0)  # not for two
        expect(ann.locator('input[name="opponent"][type="radio"]')).to_have_count(0)
        ann.check('input[name="game"][value="connect_four"]')
        ann.check("#id_connect_four__pop_out")
        ann.select_option("#id_time_control", "5+3")
        ann.select_option("#id_side", "1")  # Yellow
        ann.check("#id_rated")
        shot(ann, "1-form")
        ann.get_by_role("button", name="Send challenge").click()
        ann.wait_for_url(re.compile(r"/m/[^/]+/$"))
        match_url = ann.url
        expect(ann.locator("#match")).to_have_attribute("data-status", "waiting")
        # the page says whom she waits for, not "send this link to a friend"
        expect(ann.locator("#status")).to_have_text(f"Waiting for {bob_name} to accept your challenge")
        expect(ann.locator("#waiting h2")).to_have_text(f"Waiting for {bob_name}")
        expect(ann.locator("#waiting")).not_to_contain_text("Send this link")
        expect(ann.locator("#invite-link")).to_be_hidden()
        expect(ann.locator("#players")).to_contain_text(f"{bob_name} (invited)")

        # Bob's lobby shows it without a reload, with its options, clock, side and rated.
        row = bob.locator("#challenges-to-you .challenge-row")
        expect(row).to_have_count(1)
        expect(row).to_contain_text("Connect Four")
        expect(row).to_contain_text(f"from {ann_name}")
        expect(row).to_contain_text("Pop-out")
        expect(row.locator(".match-meta")).to_contain_text("you play Red (R) · 5+3 · rated")
        assert bob.evaluate("window.sameLobby") is True, "Bob's lobby was reloaded"
        shot(bob, "2-lobby-phone")
        helpers.ARTIFACTS.mkdir(exist_ok=True)  # the card itself, at the phone's full size
        card = helpers.ARTIFACTS / "challenge-2-card-phone.png"
        bob.locator("#challenges-to-you").screenshot(path=str(card))

        # Bob accepts: both are in the match, Ann as Yellow.
        row.get_by_role("button", name=re.compile("Accept")).click()
        bob.wait_for_url(match_url)
        for page, seat in ((ann, "1"), (bob, "0")):
            expect(page.locator("#match")).to_have_attribute("data-status", "active")
            expect(page.locator("#match")).to_have_attribute("data-you", seat)
        expect(bob.locator("#status")).to_have_text("Your turn")
        expect(ann.locator("#status")).to_have_text(f"Waiting for {bob_name}")
        shot(ann, "3-match-ann")
        shot(bob, "3-match-bob-phone")
        bob.goto(base + "/")
        expect(bob.locator("#challenges-to-you .challenge-row")).to_have_count(0)
        assert not (ann.js_errors or bob.js_errors), ann.js_errors + bob.js_errors


def test_refusals_are_said_and_a_declined_challenge_leaves_the_lobby(daphne_server, person):
    base = daphne_server.url
    ann, bob, cid = person(), person(), person()
    ann_name, bob_name, cid_name = username("ann"), username("bob"), username("cid")
    with helpers.screenshots_on_failure("decline", "challenge", ann=ann, bob=bob, cid=cid):
        for page, name in ((ann, ann_name), (bob, bob_name), (cid, cid_name)):
            signup(page, base, name)
        for page, name, choice in ((cid, cid_name, "nobody"), (bob, bob_name, "following")):
            page.goto(f"{base}/u/{name}/")
            page.select_option("#challengers", choice)
            page.get_by_role("region", name="Who may challenge me").get_by_role("button", name="Save").click()
            expect(page.locator(".messages")).to_contain_text("Saved")

        # Cid takes no challenges; Bob only from people he follows: no button, a reason.
        ann.goto(f"{base}/u/{cid_name}/")
        expect(ann.locator(".challenge-refused")).to_have_text(f"{cid_name} does not accept challenges.")
        expect(ann.get_by_role("link", name=f"Challenge {cid_name}")).to_have_count(0)
        ann.goto(f"{base}/m/new/?challenge={cid_name}")
        expect(ann.locator("#challenge-refused")).to_contain_text(f"{cid_name} does not accept challenges.")
        expect(ann.locator("#create-form")).to_have_count(0)
        ann.goto(f"{base}/u/{bob_name}/")
        expect(ann.locator(".challenge-refused")).to_have_text(
            f"{bob_name} accepts challenges only from people they follow."
        )
        shot(ann, "4-refused")

        # Bob follows Ann: now she may challenge him (the form's defaults: Reversi).
        bob.goto(f"{base}/u/{ann_name}/")
        bob.get_by_role("button", name="Follow").click()
        open_lobby(bob, base)
        ann.goto(f"{base}/u/{bob_name}/")
        ann.get_by_role("link", name=f"Challenge {bob_name}").click()
        ann.get_by_role("button", name="Send challenge").click()
        ann.wait_for_url(re.compile(r"/m/[^/]+/$"))
        expect(ann.locator("#match")).to_have_attribute("data-status", "waiting")

        row = bob.locator("#challenges-to-you .challenge-row")
        expect(row).to_contain_text(f"Reversi from {ann_name}")
        expect(row.locator(".match-meta")).to_contain_text("Untimed · casual")
        assert bob.evaluate("window.sameLobby") is True, "Bob's lobby was reloaded"
        row.get_by_role("button", name=re.compile("Decline")).click()
        expect(bob.locator(".messages")).to_contain_text("Challenge declined.")
        expect(bob).to_have_url(base + "/")
        expect(bob.locator("#challenges-to-you .challenge-row")).to_have_count(0)
        # Ann's page says Bob said no (not "Match aborted"), with no rematch, no open seat,
        # no banner left saying the match starts when he accepts; her bell has it too.
        expect(ann.locator("#match")).to_have_attribute("data-status", "aborted")
        expect(ann.locator("#status")).to_have_text(f"{bob_name} declined your challenge")
        expect(ann.locator("#rematch")).to_be_hidden()
        expect(ann.locator("#waiting")).to_be_hidden()
        expect(ann.locator("#players")).not_to_contain_text("open seat")
        expect(ann.locator("body")).not_to_contain_text("starts when they accept")
        expect(ann.locator("a.bell .bell-count")).to_have_text("1")
        ann.locator("a.bell").click()
        expect(ann.locator("body")).to_contain_text(f"{bob_name} declined your challenge to Reversi")
        shot(ann, "5-declined")
        assert not (ann.js_errors or bob.js_errors or cid.js_errors)


def test_a_challenge_pops_up_on_any_page_and_is_answered_there(daphne_server, person):
    """Issue 40 (3): Bob reads a rules page when Ann challenges him: the challenge pops up
    there (not only the bell's count) and he accepts it from the pop-up."""
    base = daphne_server.url
    ann, bob = person(), person(**PHONE)
    ann_name, bob_name = username("ann"), username("bob")
    with helpers.screenshots_on_failure("pop-up", "challenge", ann=ann, bob=bob):
        signup(ann, base, ann_name)
        signup(bob, base, bob_name)
        bob.goto(base + "/games/reversi/rules/")
        bob.wait_for_function("() => document.body.dataset.bell === 'open'")
        ann.goto(f"{base}/m/new/?challenge={bob_name}")
        ann.get_by_role("button", name="Send challenge").click()
        ann.wait_for_url(re.compile(r"/m/[^/]+/$"))
        match_url = ann.url

        note = bob.get_by_role("alertdialog", name="A challenge")
        expect(note).to_contain_text(f"{ann_name} challenges you to Reversi.")
        expect(bob.locator("a.bell .bell-count")).to_have_text("1")
        shot(bob, "6-pop-up-phone")
        note.get_by_role("button", name="Accept").click()
        bob.wait_for_url(match_url)
        for page in (ann, bob):
            expect(page.locator("#match")).to_have_attribute("data-status", "active")
        assert not (ann.js_errors or bob.js_errors), ann.js_errors + bob.js_errors
