"""Small things a newcomer met (issue 28, item 15), in real browsers: the create form shows
the computer levels' strength on a new site; Alpha Battle's "the battle is on!" goes once
the battle has played out, for both people; a double click on a board selects no text; the
admin's match form keeps the clock and (once started) the Rated box read-only.

Screenshots: ``test-artifacts/small-*.png``.
"""

from __future__ import annotations

import asyncio
from concurrent.futures import ThreadPoolExecutor

import pytest
from django.contrib.admin.utils import quote  # the admin's own escaping of a pk in its URLs

from tests.admin.test_admin import admin_session, make_staff
from tests.browser import helpers
from tests.browser.helpers import PHONE, expect
from tests.support.client import Player, unique_name

pytestmark = pytest.mark.browser

BATTLE_ON = "Both setups are in: the battle is on!"


def browser_as(person, cookies, base: str, **options):
    """A browser context with the session cookies of a ``requests`` session."""
    page = person(**options)
    host = base.split("//", 1)[1].split(":")[0]
    page.context.add_cookies(
        [{"name": k, "value": v, "domain": host, "path": "/"} for k, v in cookies.items()]
    )
    return page


def commit_setup(player: Player, match_id: str, letters: str, indices: list[int]) -> None:
    """An Alpha Battle setup sent over the match socket (off Playwright's thread)."""

    async def send() -> None:
        sock = await player.socket(match_id)
        try:
            await sock.wait_state()
            await sock.move({"letters": letters, "indices": indices})
            await sock.wait_state(lambda m: m["ply"] >= 1)
        finally:
            await sock.close()

    with ThreadPoolExecutor(1) as pool:
        pool.submit(asyncio.run, send()).result(timeout=30)


def test_the_create_form_shows_the_levels_strength_on_a_new_site(daphne_server, person):
    base = daphne_server.url
    ann = Player(base).signup()
    page = browser_as(person, ann.http.cookies, base)
    page.goto(base + "/m/new/")
    page.check('input[name="game"][value="reversi"]')
    page.check('input[name="opponent"][value="computer"]')
    options = page.locator('#id_level optgroup[data-game="reversi"] option').all_text_contents()
    assert all(", about " in text for text in options), options
    expect(page.locator("#level-field")).to_be_visible()
    helpers.shot(page, "create-levels", "small")


def test_the_battle_is_on_goes_when_the_battle_is_over(daphne_server, person):
    base = daphne_server.url
    pam, quin = Player(base).signup(), Player(base).signup()
    match = pam.create("alpha_battle", {})
    quin.join(match["id"])
    p_page = browser_as(person, pam.http.cookies, base)
    q_page = browser_as(person, quin.http.cookies, base, **PHONE)
    with helpers.screenshots_on_failure("alpha", "small", p=p_page, q=q_page):
        for page in (p_page, q_page):
            page.goto(base + match["url"])
            expect(page.locator("#match")).to_have_attribute("data-ready", "1")
        commit_setup(quin, match["id"], "QWERTYUIOPASDFGHJKLZXCVBNM", list(range(0, 20, 2)))
        p_page.get_by_role("button", name="Shuffle").click()
        p_page.get_by_role("button", name="Random").click()
        p_page.get_by_role("button", name="Commit setup").click()
        for page in (p_page, q_page):  # the rounds play out: the note says the battle is on
            expect(page.locator(".ab-progress")).to_contain_text("of 16")
            expect(page.locator("#announce")).to_have_text(BATTLE_ON)
            expect(page.locator("#status")).to_have_text("Revealing the result…")  # not "Game over" yet
        p_page.get_by_role("button", name="Show all").click()
        for page in (p_page, q_page):  # Q's page plays to its end by itself
            expect(page.locator("#result .result-message")).to_be_visible()
            expect(page.locator("#announce")).to_have_text("")
            expect(page.locator("#status")).to_have_text("Game over")
        p_page.reload()  # a page opened after the end says nothing of it either
        expect(p_page.locator("#result .result-message")).to_be_visible()
        expect(p_page.locator("#announce")).to_have_text("")
        helpers.shot(p_page, "alpha-over-desktop", "small")
        helpers.shot(q_page, "alpha-over-phone", "small")
        assert not p_page.js_errors and not q_page.js_errors


@pytest.mark.parametrize("device", ["desktop", "phone"])
@pytest.mark.parametrize("game", ["reversi", "connect_four", "journey"])
def test_a_double_click_on_the_board_selects_no_text(daphne_server, person, game, device):
    base = daphne_server.url
    ann = Player(base).signup()
    match = ann.create(game, {"mode": "classic"} if game == "journey" else {})
    page = browser_as(person, ann.http.cookies, base, **(PHONE if device == "phone" else {}))
    page.goto(base + match["url"])
    expect(page.locator("#match")).to_have_attribute("data-ready", "1")
    box = page.locator("#board button:visible, #board [data-cell]:visible").first.bounding_box()
    page.mouse.dblclick(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)  # a cell not yours
    assert page.evaluate("getSelection().toString()") == ""
    helpers.shot(page, f"dblclick-{game}-{device}", "small")


def test_the_admin_keeps_the_clock_and_a_started_matchs_rated_box_read_only(daphne_server, person):
    base = daphne_server.url
    ann, ben = Player(base).signup(), Player(base).signup()
    started = ann.create("reversi", {"size": 6}, clock={"initial": 300, "increment": 3}, rated=True)
    ben.join(started["id"])
    waiting = ann.create("reversi", {"size": 6}, clock={"initial": 300, "increment": 3})
    staff = unique_name("staff")
    make_staff(daphne_server, staff)
    page = browser_as(person, admin_session(daphne_server, staff).cookies, base)
    page.goto(f"{base}/admin/games/match/{quote(started['id'])}/change/")
    for name in ("time_control", "clock_ms", "rated"):
        expect(page.locator(f'[name="{name}"]')).to_have_count(0)
    expect(page.locator(".field-clock_ms")).to_be_visible()  # shown, not editable
    expect(page.locator(".field-rated")).to_be_visible()
    helpers.shot(page, "admin-active", "small")
    page.goto(f"{base}/admin/games/match/{quote(waiting['id'])}/change/")
    expect(page.locator('[name="rated"]')).to_have_count(1)  # not started: still a choice
    expect(page.locator('[name="clock_ms"]')).to_have_count(0)
