"""API tokens and bots in chromium: a person makes a token on their profile (shown once, then
only its name and first characters), revokes it; a visitor challenges a bot from its profile
and sees its BOT badge on the match page once the bot accepts. Screenshots:
``test-artifacts/bots-*.png``.
"""

from __future__ import annotations

import re

import pytest
import requests

from tests.browser import helpers
from tests.browser.helpers import signup, username
from tests.support.bots import bearer

sync_api = pytest.importorskip("playwright.sync_api")
expect = sync_api.expect

pytestmark = pytest.mark.browser


def shot(page, name: str) -> None:
    helpers.shot(page, name, "bots")


def make_token(page, name: str) -> str:
    page.fill("#token-name", name)
    page.get_by_role("button", name="Create token").click()
    field = page.locator("#new-token")
    expect(field).to_be_visible()
    return field.input_value()


def test_a_token_is_shown_once_and_can_be_revoked(daphne_server, person):
    base = daphne_server.url
    page = person()
    name = username("tok")
    with helpers.screenshots_on_failure("token", "bots", page=page):
        signup(page, base, name)
        page.goto(f"{base}/u/{name}/")
        expect(page.get_by_role("heading", name="API tokens")).to_be_visible()
        expect(page.locator(".api-tokens .empty")).to_have_text("No tokens yet.")
        token = make_token(page, "laptop script")
        assert token.startswith("bgt_")
        expect(page.locator(".new-token")).to_contain_text("shown only this once")
        page.locator(".api-tokens").scroll_into_view_if_needed()
        shot(page, "1-token-shown-once")
        # it works
        r = requests.get(base + "/api/challenges/", headers=bearer(token), timeout=10)
        assert r.status_code == 200
        # the page again: the name and first characters, never the token
        page.goto(f"{base}/u/{name}/")
        expect(page.locator("#new-token")).to_have_count(0)
        row = page.locator("table.tokens tbody tr")
        expect(row).to_have_count(1)
        expect(row).to_contain_text("laptop script")
        expect(row).to_contain_text(token[:8] + "…")
        expect(row.locator("td").nth(2)).not_to_have_text("never")  # last used: just now
        assert token not in page.content()
        shot(page, "2-token-listed")
        # revoke it: gone from the list, refused by the API
        row.get_by_role("button", name="Revoke laptop script").click()
        expect(page.locator(".messages")).to_contain_text("revoked")
        expect(page.locator("table.tokens")).to_have_count(0)
        shot(page, "3-token-revoked")
        r = requests.get(base + "/api/challenges/", headers=bearer(token), timeout=10)
        assert r.status_code == 401
        assert page.js_errors == []


def test_a_person_challenges_a_bot_from_its_profile(daphne_server, person):
    base = daphne_server.url
    bot, human = person(), person()
    bot_name, human_name = username("bot"), username("ann")
    with helpers.screenshots_on_failure("challenge", "bots", bot=bot, human=human):
        signup(bot, base, bot_name)
        bot.goto(f"{base}/u/{bot_name}/")
        token = make_token(bot, "engine")
        bot.goto(f"{base}/u/{bot_name}/")
        bot.check('input[name="confirm"]')
        bot.get_by_role("button", name="Make this account a bot").click()
        expect(bot.locator(".messages")).to_contain_text("is now a bot")
        expect(bot.locator("header")).to_contain_text("Log in")  # logged out for good
        assert requests.get(base + "/api/challenges/", headers=bearer(token), timeout=10).status_code == 200

        signup(human, base, human_name)
        human.goto(f"{base}/u/{bot_name}/")
        expect(human.locator("h1 .badge-bot")).to_have_text(re.compile("bot", re.I))
        shot(human, "4-bot-profile")
        human.get_by_role("link", name=f"Challenge {bot_name}").click()  # the create form
        human.check('input[name="game"][value="connect_four"]')
        human.get_by_role("button", name="Send challenge").click()
        human.wait_for_url(re.compile(r"/m/[^/]+/$"))
        expect(human.locator("#match")).to_have_attribute("data-status", "waiting")

        # the bot accepts over the API: the page starts and shows whom Ann plays
        received = requests.get(base + "/api/challenges/", headers=bearer(token), timeout=10).json()[
            "received"
        ]
        assert [c["from"] for c in received] == [human_name]
        r = requests.post(base + received[0]["accept_url"], headers=bearer(token), timeout=10)
        assert r.status_code == 200, r.text
        expect(human.locator("#match")).to_have_attribute("data-status", "active")
        badge = human.locator(f'.player:has-text("{bot_name}") .badge-bot')
        expect(badge).to_be_visible()
        shot(human, "5-match-with-bot")
        assert human.js_errors == []
