"""Profiles, tokens and bots as a newcomer meets them (issue 28): a new API token has a Copy
button; the profile links a page of the site that explains bots (not a file of the source);
a bot's refused password says that bots log in with tokens; a profile's recent matches are
its owner's record, the sentence agreeing with the badge. Screenshots:
``test-artifacts/profile-words-*.png``.
"""

from __future__ import annotations

import re

import pytest
import requests

from tests.browser import helpers
from tests.browser.helpers import LEGAL, PASSWORD, PHONE, create_match, signup, username, wait_ply
from tests.support.bots import bearer

sync_api = pytest.importorskip("playwright.sync_api")
expect = sync_api.expect

pytestmark = pytest.mark.browser


def shot(page, name: str) -> None:
    helpers.shot(page, name, "profile-words")


def test_token_copy_bots_guide_and_a_bots_record(daphne_server, person):
    base = daphne_server.url
    bot, ann, visitor = person(), person(), person(**PHONE)
    bot.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=base)
    bot_name, ann_name = username("bot"), username("ann")
    with helpers.screenshots_on_failure("profile", "profile-words", bot=bot, ann=ann, visitor=visitor):
        # The token: shown once, with a Copy button that puts it on the clipboard.
        signup(bot, base, bot_name)
        bot.goto(f"{base}/u/{bot_name}/")
        tokens = bot.locator(".api-tokens")
        expect(tokens).not_to_contain_text("docs/bots.md")
        bot.fill("#token-name", "engine")
        bot.get_by_role("button", name="Create token").click()
        token = bot.locator("#new-token").input_value()
        assert token.startswith("bgt_")
        bot.locator(".new-token").get_by_role("button", name="Copy").click()
        expect(bot.locator(".toast")).to_have_text("Token copied.")
        assert bot.evaluate("navigator.clipboard.readText()") == token
        tokens.scroll_into_view_if_needed()
        shot(bot, "1-token-copy")

        # "How bots play": a page of the site, rendered from docs/bots.md.
        tokens.get_by_role("link", name="How bots play").click()
        bot.wait_for_url(base + "/bots/")
        expect(bot.get_by_role("heading", level=1)).to_have_text("Bots")
        expect(bot.get_by_role("heading", name="1. An account and a token")).to_be_visible()
        expect(bot.locator("main pre").first).to_contain_text("Authorization: Bearer")
        shot(bot, "2-bots-guide")
        visitor.goto(base + "/bots/")  # on a phone, logged out: the code scrolls in its box
        expect(visitor.get_by_role("heading", level=1)).to_have_text("Bots")
        assert visitor.evaluate("document.documentElement.scrollWidth") <= 390
        visitor.locator("main pre").first.scroll_into_view_if_needed()
        helpers.ARTIFACTS.mkdir(exist_ok=True)  # the screen as seen (the whole guide is very tall)
        visitor.screenshot(path=str(helpers.ARTIFACTS / "profile-words-3-bots-guide-phone.png"))

        bot.goto(f"{base}/u/{bot_name}/")
        bot.check('input[name="confirm"]')
        bot.get_by_role("button", name="Make this account a bot").click()
        expect(bot.locator(".messages")).to_contain_text("is now a bot")

        # Its password is refused, and the page says why.
        visitor.goto(base + "/accounts/login/")
        visitor.fill("#id_username", bot_name)
        visitor.fill("#id_password", PASSWORD)
        visitor.get_by_role("button", name="Log in").click()
        expect(visitor.locator(".error-summary")).to_contain_text(
            f"{bot_name} is a bot account: bots log in with their API tokens, never with a password."
        )
        expect(visitor.locator(".error-summary")).not_to_contain_text("correct username and password")
        shot(visitor, "4-bot-login-refused")

        # ann plays the bot, which resigns: on the bot's profile the line is the bot's record.
        signup(ann, base, ann_name)
        match_url = create_match(ann, base, "reversi")
        match_id = match_url.rstrip("/").split("/")[-1]
        r = requests.post(f"{base}/api/matches/{match_id}/join/", headers=bearer(token), timeout=10)
        assert r.status_code == 200, r.text
        expect(ann.locator("#match")).to_have_attribute("data-status", "active")
        ann.locator(LEGAL).first.click()  # a match resigned before any move is only aborted
        wait_ply(ann, 1)
        r = requests.post(f"{base}/api/matches/{match_id}/resign/", headers=bearer(token), timeout=10)
        assert r.status_code == 200, r.text
        expect(ann.locator("#match")).to_have_attribute("data-status", "finished")

        ann.goto(f"{base}/u/{bot_name}/")
        row = ann.locator("#recent-heading + .match-list .match-row").first
        expect(row.locator(".badge")).to_have_text("lost")
        expect(row.locator(".result-line")).to_have_text(f"{bot_name} resigned — {ann_name} won")
        row.scroll_into_view_if_needed()
        shot(ann, "5-bot-profile-seen-by-ann")

        ann.goto(f"{base}/u/{ann_name}/")  # her own profile: her record, "you"
        row = ann.locator("#recent-heading + .match-list .match-row").first
        expect(row.locator(".badge")).to_have_text("won")
        expect(row.locator(".result-line")).to_have_text(re.compile(f"^{bot_name} resigned — you won$"))
        assert bot.js_errors == [] and ann.js_errors == [] and visitor.js_errors == []
