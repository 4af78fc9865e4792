"""Tournaments as a newcomer meets them, in chromium (issue 28, items 2-4): found from the
header and the lobby (which offers to create one when none is on); the form offers only the
chosen game's computer levels; the page shows "2+1", the start in the visitor's own time
zone with a countdown, who has joined, your game of the round, and standings whose points add
up (a Byes column; a bye counted from its round's start); on a 390 px phone nothing is wider
than the screen. Two people: ann (desktop, New York) and bob (phone, Tokyo), plus a computer
player. Screenshots: ``test-artifacts/tournament-pages-*.png``."""

from __future__ import annotations

import re
from datetime import datetime
from zoneinfo import ZoneInfo

import pytest

from tests.browser import helpers
from tests.browser.helpers import PHONE, signup, username

sync_api = pytest.importorskip("playwright.sync_api")
expect = sync_api.expect

pytestmark = pytest.mark.browser
PREFIX = "tournament-pages"


def fits(page, width: int = 390) -> None:
    """Nothing on the page is wider than the screen (no sideways scrolling)."""
    assert page.evaluate("document.documentElement.scrollWidth") <= width


def local_clock(iso: str, zone: str) -> str:
    """How en-US writes the hour of ``iso`` in ``zone`` ("08:05 PM"), as the page should."""
    return datetime.fromisoformat(iso).astimezone(ZoneInfo(zone)).strftime("%I:%M %p")


def standing(page, name: str) -> dict[str, str]:
    row = page.locator("table.standings tbody tr", has_text=name)
    cells = row.locator("td").all_inner_texts()
    columns = ["rank", "player", "points", "tiebreak", "wins", "draws", "losses", "byes"]
    return dict(zip(columns, cells, strict=False))


def test_a_newcomer_finds_tournaments_in_the_header_and_the_lobby(fresh_server, person):
    base = fresh_server.url
    for name, page in (("desktop", person()), ("phone", person(**PHONE))):
        with helpers.screenshots_on_failure(f"lobby-{name}", PREFIX, page=page):
            signup(page, base, username("new"))
            card = page.locator("#lobby-tournaments")
            expect(card).to_contain_text("No tournament is running")  # none exists yet
            helpers.shot(page, f"1-lobby-{name}", PREFIX)
            if name == "phone":
                fits(page)
            card.get_by_role("link", name="Create one").click()
            expect(page.get_by_role("heading", name="New tournament")).to_be_visible()
            page.get_by_role("navigation", name="Main").get_by_role("link", name="Tournaments").click()
            expect(page.get_by_role("heading", name="Tournaments", exact=True)).to_be_visible()
            expect(page.locator("main")).to_contain_text("No tournament yet")
            expect(page.locator("main")).not_to_contain_text("None.")
            helpers.shot(page, f"1-list-empty-{name}", PREFIX)
            assert page.js_errors == []


def test_two_people_and_a_computer_play_a_swiss_tournament(daphne_server, person):
    base = daphne_server.url
    ann = person(timezone_id="America/New_York", locale="en-US")
    bob = person(timezone_id="Asia/Tokyo", locale="en-US", **PHONE)
    with helpers.screenshots_on_failure("swiss", PREFIX, ann=ann, bob=bob):
        ann_name, bob_name = username("ann"), username("bob")
        signup(ann, base, ann_name)
        ann.get_by_role("navigation", name="Main").get_by_role("link", name="Tournaments").click()
        ann.get_by_role("link", name="New tournament").click()

        # the form offers the chosen game's computer levels only
        # (Connect Four has a "Medium" level, Reversi none: a role query sees visible boxes only)
        medium = ann.get_by_role("checkbox", name="Medium")
        c4_medium = ann.locator('.computer-levels[data-game="connect_four"]').get_by_label("Medium")
        ann.select_option("#id_game", "connect_four")
        expect(medium).to_have_count(1)
        expect(c4_medium).to_be_visible()
        ann.select_option("#id_game", "reversi")
        expect(medium).to_have_count(0)
        expect(c4_medium).to_be_hidden()
        expect(ann.locator('.computer-levels[data-game="reversi"]')).to_contain_text("Greedy")
        ann.fill("#id_name", "Newcomers cup")
        ann.fill("#id_initial", "2")
        ann.fill("#id_increment", "1")
        ann.check('input[name="format"][value="swiss"]')
        ann.fill("#id_rounds", "2")
        ann.fill("#id_starts_in", "1")
        ann.locator('.computer-levels[data-game="reversi"]').get_by_label("Random").check()
        helpers.shot(ann, "2-form", PREFIX)
        ann.get_by_role("button", name="Create tournament").click()

        # its page: the clock as on matches, the start in ann's time, a countdown, who joined
        expect(ann.get_by_role("heading", name="Newcomers cup")).to_be_visible()
        facts = ann.locator(".tournament-facts")
        expect(facts).to_contain_text("Reversi")
        expect(facts.locator(".time-control")).to_have_text("2+1")
        main = ann.locator("main")
        expect(main).not_to_contain_text("120 s")
        expect(ann.get_by_role("link", name="JSON")).to_have_count(0)
        start = ann.locator(".tournament-status time")
        starts_at = start.get_attribute("datetime")
        expect(start).to_contain_text(local_clock(starts_at, "America/New_York"))
        expect(start).not_to_contain_text("UTC")
        expect(ann.locator(".countdown")).to_have_text(re.compile(r"^in (\d+ s|1 min 00 s),$"))
        players = ann.locator("#players")
        expect(players).to_contain_text("Who has joined (2)")
        expect(players.locator("li.you")).to_contain_text(ann_name)
        expect(players).to_contain_text("Computer (random)")
        helpers.shot(ann, "3-upcoming-ann", PREFIX)

        # bob, on a phone, finds it from the header and joins
        signup(bob, base, bob_name)
        bob.get_by_role("navigation", name="Main").get_by_role("link", name="Tournaments").click()
        row = bob.locator("#tournaments-upcoming .match-row", has_text="Newcomers cup")
        expect(row).to_contain_text("Reversi")  # the game's name, not its slug
        expect(row).to_contain_text("2+1")
        expect(row.locator("time")).to_contain_text(local_clock(starts_at, "Asia/Tokyo"))
        fits(bob)
        helpers.shot(bob, "4-list-bob-phone", PREFIX)
        row.get_by_role("link", name="Open").click()
        bob.get_by_role("button", name="Join the tournament").click()
        expect(bob.locator("#players")).to_contain_text("Who has joined (3)")
        expect(bob.locator(".tournament-actions")).to_contain_text("You are playing")
        fits(bob)
        helpers.shot(bob, "5-upcoming-bob-phone", PREFIX)

        # the start time comes: both pages turn to round 1 by themselves. Round 1: the
        # computer (seeded first) against ann, bob has the bye (a win in a Swiss)
        expect(ann.locator("#your-game")).to_contain_text("Against Computer (random)", timeout=90_000)
        expect(bob.locator("#your-game")).to_contain_text("You have a bye this round", timeout=30_000)
        expect(bob.locator("#your-game")).to_contain_text("3 points")
        mine = standing(bob, bob_name)
        assert (mine["points"], mine["wins"], mine["losses"], mine["byes"]) == ("3", "0", "0", "1")
        fits(bob)
        table = bob.locator("table.standings")
        byes = table.locator("thead th", has_text="Byes").bounding_box()
        assert byes["x"] + byes["width"] <= 390  # the last column shows, whole
        helpers.shot(bob, "6-round1-bob-phone", PREFIX)
        helpers.shot(ann, "6-round1-ann", PREFIX)

        # ann resigns her game; round 2 pairs the computer with bob and gives ann the bye
        ann.get_by_role("link", name="Play your game").click()
        expect(ann.locator("#match")).to_have_attribute("data-ready", "1")
        ann.on("dialog", lambda dialog: dialog.accept())
        expect(ann.locator("#resign")).to_be_visible()
        ann.locator("#resign").click()
        expect(ann.locator("#match")).to_have_attribute("data-status", "finished")
        ann.go_back()
        expect(ann.locator(".tournament-status")).to_contain_text("Round 2 of 2")
        expect(ann.locator("#your-game")).to_contain_text("You have a bye this round")
        row = standing(ann, ann_name)
        # a loss and the bye of the round being played: 0 + 3, and the row says so
        assert (row["points"], row["wins"], row["losses"], row["byes"]) == ("3", "0", "1", "1")
        computer = standing(ann, "Computer (random)")
        assert (computer["points"], computer["wins"], computer["byes"]) == ("3", "1", "0")
        expect(bob.locator("#your-game")).to_contain_text("Against Computer (random)", timeout=30_000)
        expect(bob.locator("#rounds li.you").first).to_contain_text("Play")
        helpers.shot(ann, "7-round2-ann", PREFIX)
        helpers.shot(bob, "7-round2-bob-phone", PREFIX)

        # bob resigns too: the computer wins the tournament, both pages say so
        bob.get_by_role("link", name="Play your game").click()
        expect(bob.locator("#match")).to_have_attribute("data-ready", "1")
        bob.on("dialog", lambda dialog: dialog.accept())
        expect(bob.locator("#resign")).to_be_visible()
        bob.locator("#resign").click()
        expect(bob.locator("#match")).to_have_attribute("data-status", "finished")
        bob.go_back()
        for page in (ann, bob):
            expect(page.locator(".tournament-status")).to_contain_text(
                "Computer (random) wins", timeout=30_000
            )
        final = standing(bob, "Computer (random)")
        assert (final["rank"], final["points"], final["wins"]) == ("1", "6", "2")
        fits(bob)
        helpers.shot(ann, "8-finished-ann", PREFIX)
        helpers.shot(bob, "8-finished-bob-phone", PREFIX)
        assert ann.js_errors == [] and bob.js_errors == []


def test_a_long_name_is_explained_and_wraps_on_a_phone(daphne_server, person):
    base = daphne_server.url
    desk, phone = person(), person(**PHONE)
    with helpers.screenshots_on_failure("long-name", PREFIX, desk=desk, phone=phone):
        signup(desk, base, username("cyd"))
        desk.goto(base + "/t/new/")
        desk.select_option("#id_game", "reversi")
        desk.fill("#id_name", " ")
        desk.get_by_role("button", name="Create tournament").click()
        # the reason in words, without the field's internal name in front
        expect(desk.get_by_role("alert")).to_have_text("A name of 1 to 80 characters, please.")
        long_name = "W" * 80  # one unbroken word, as long as the form allows
        desk.fill("#id_name", long_name)
        desk.get_by_role("button", name="Create tournament").click()
        expect(desk.get_by_role("heading", name=long_name)).to_be_visible()
        phone.goto(base + "/t/")
        expect(phone.get_by_role("link", name=long_name).first).to_be_visible()
        fits(phone)  # the name wraps: no sideways scroll, its Open button on screen
        helpers.shot(phone, "long-name-phone", PREFIX)
