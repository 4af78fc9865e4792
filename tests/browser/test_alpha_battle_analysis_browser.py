"""Alpha Battle's computer analysis on its replay (issue 26): ada commits a setup against the
computer; the replay offers the analysis, the real task worker runs it, and the page shows
both setups judged against the best reply (proved), with each player's summary. A battle
dealt from a seed has no moves: its replay offers no analysis."""

from __future__ import annotations

import pytest

from tests.browser.helpers import (
    PHONE,
    create_match,
    expect,
    request_computer_analysis,
    shot,
    signup,
    username,
)

pytestmark = pytest.mark.browser


def test_a_dealt_battle_analysed_on_a_phone(daphne_server, person):
    base = daphne_server.url
    page = person(**PHONE)
    signup(page, base, username("ada"))
    create_match(page, base, "alpha_battle", opponent="computer", side="0", seed="1")
    expect(page.locator("#match")).to_have_attribute("data-status", "finished")
    page.goto(base + page.get_attribute("#replay-link", "href"))
    expect(page.locator("#computer-analysis")).to_have_count(0)  # dealt: no move to judge

    create_match(page, base, "alpha_battle", opponent="computer", side="0", seed="")
    page.fill("#ab-letters", "ZYXWVUTSRQPONMLKJIHGFEDCBA")
    page.fill("#ab-indices", "0 1 2 3 4 5 6 7 8 9")
    page.get_by_role("button", name="Commit setup").click()
    expect(page.locator("#match")).to_have_attribute("data-status", "finished")
    page.goto(base + page.get_attribute("#replay-link", "href"))
    expect(page.locator("#analyse")).to_have_count(0)  # no board to analyse a setup on
    card = request_computer_analysis(page, daphne_server)
    expect(card.locator("#analysis-status")).to_have_text("Every move analysed (2).")
    expect(card.locator("circle.proved")).to_have_count(2)
    expect(card.locator(".analysis-summary tbody tr")).to_have_count(2)
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["viewport"]["width"]
    shot(page, "alpha-battle-analysis-phone", "analysis")
    assert page.js_errors == []
