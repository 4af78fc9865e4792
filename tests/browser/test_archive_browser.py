"""The archive and the game record as people meet them: on a phone (390 px, logged out) and on
a desktop (the player herself), a profile's "All games", a filter by game, a replay, and the
record copied to the clipboard; the archive passes the site's axe audit. Screenshots:
``test-artifacts/archive-*.png``.
"""

from __future__ import annotations

import re

import pytest

from tests.browser import helpers
from tests.browser.helpers import LEGAL, PHONE, create_match, ply, signup, username, wait_ply_above
from tests.browser.test_accessibility_browser import Audit

sync_api = pytest.importorskip("playwright.sync_api")
expect = sync_api.expect

pytestmark = pytest.mark.browser
PREFIX = "archive"


def shot(page, name: str) -> None:
    helpers.shot(page, name, PREFIX)


def play_one_and_resign(page, base: str, game: str) -> None:
    """A match against the computer: one move each, then resign (a game of the archive)."""
    create_match(page, base, game, opponent="computer", level="random", side="0")
    before = ply(page)
    page.locator(LEGAL).first.click()
    wait_ply_above(page, before + 1)  # hers and the computer's answer
    page.get_by_role("button", name="Resign").click()
    expect(page.locator("#match")).to_have_attribute("data-status", "finished")


def find_filter_open_and_copy(page, base: str, name: str, game: str, record: str, label: str) -> None:
    """From ``name``'s profile: All games, only ``game``, its replay, the record copied."""
    page.goto(f"{base}/u/{name}/")
    page.get_by_role("link", name="All games").click()
    page.wait_for_url(f"{base}/u/{name}/games/")
    expect(page.get_by_role("heading", name="2 games")).to_be_visible()
    page.get_by_label("Game", exact=True).select_option(label=game)
    page.get_by_role("button", name="Show games").click()
    expect(page.get_by_role("heading", name="1 game found")).to_be_visible()
    expect(page.locator(".archive-row .game-name")).to_have_text(game)
    expect(page.locator(".archive-row")).to_contain_text("lost")
    expect(page.locator(".archive-row")).to_contain_text("2 moves")
    assert page.evaluate("document.documentElement.scrollWidth") <= page.viewport_size["width"]
    shot(page, f"{label}-1-archive")
    page.locator(".archive-row").get_by_role("link", name=re.compile("^Replay")).click()
    page.wait_for_url(re.compile(r"/r/[^/]+/$"))
    box = page.locator(".game-record")
    expect(box.get_by_role("heading", name="Game record")).to_be_visible()
    text = page.locator("#game-record").input_value()
    assert re.fullmatch(record, text), text
    box.get_by_role("button", name="Copy").click()
    expect(page.locator(".toast")).to_have_text("Record copied.")
    assert page.evaluate("navigator.clipboard.readText()") == text
    box.scroll_into_view_if_needed()
    shot(page, f"{label}-2-replay-record")


def test_all_games_filtered_then_the_replays_record_copied(daphne_server, person):
    base = daphne_server.url
    ann, phone = person(), person(**PHONE)
    for page in (ann, phone):
        page.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=base)
    ann.on("dialog", lambda dialog: dialog.accept())  # "Resign?"
    ann_name = username("ann")
    audit = Audit(PREFIX)
    with helpers.screenshots_on_failure("walk", PREFIX, ann=ann, phone=phone):
        signup(ann, base, ann_name)
        play_one_and_resign(ann, base, "reversi")
        play_one_and_resign(ann, base, "connect_four")

        # A visitor on a phone: Reversi only, its record as Othello sites write it.
        find_filter_open_and_copy(phone, base, ann_name, "Reversi", r"([a-h][1-8]){2}", "phone")
        audit.visit(phone, f"{base}/u/{ann_name}/games/?game=reversi", "archive-phone")

        # ann on a desktop: Connect Four only, its record as the solvers write it.
        find_filter_open_and_copy(ann, base, ann_name, "Connect Four", r"[1-7]{2}", "desktop")
        audit.visit(ann, f"{base}/u/{ann_name}/games/", "archive-own")
        audit.visit(ann, f"{base}/u/{ann_name}/games/?opponent=nobody&since=2026-02-31", "archive-bad")
        expect(ann.locator(".field-errors")).to_have_count(2)
        shot(ann, "desktop-3-bad-filters")

    assert not audit.found, f"{len(audit.found)} axe violations:\n" + "\n".join(audit.found)
    assert ann.js_errors == [] and phone.js_errors == []
