"""Gomoku played by clicking in real browsers: two people play tic-tac-toe (the 3,3,3-game) to
the end and read the result and the replay's record; one person plays free-style Gomoku on
15 x 15 against the strong computer, which answers on the board."""

from __future__ import annotations

import re

import pytest

from tests.browser import helpers
from tests.browser.helpers import LEGAL, create_match, join, play_to_end, signup, username, wait_ply

sync_api = pytest.importorskip("playwright.sync_api")
expect = sync_api.expect

pytestmark = pytest.mark.browser


def test_two_people_play_tic_tac_toe_to_the_end(daphne_server, person):
    base = daphne_server.url
    a, b = person(), person()
    with helpers.screenshots_on_failure("tic-tac-toe", "gomoku", a=a, b=b):
        ann, bo = username("ann"), username("bo")
        signup(a, base, ann)
        signup(b, base, bo)
        match_url = create_match(a, base, "gomoku", rows=3, columns=3, in_a_row=3)
        join(b, a.input_value("#invite-link"), match_url)
        expect(a.locator("#board [data-cell]")).to_have_count(9)
        expect(a.locator(LEGAL)).to_have_count(9)
        expect(b.locator(LEGAL)).to_have_count(0)
        # Each plays its first legal cell: X A1 C1 B2 A3... X makes the diagonal C1 B2 A3.
        assert play_to_end([a, b]) == 7
        expect(a.locator("#result .result-message")).to_have_text("You won with three in a row")
        expect(b.locator("#result .result-message")).to_have_text(f"{ann} wins with three in a row")
        for page in (a, b):
            wins = page.locator("#board [data-cell].win")
            expect(wins).to_have_count(3)
            assert sorted(wins.evaluate_all("cs => cs.map((c) => c.dataset.cell)")) == ["A3", "B2", "C1"]
        helpers.shot(a, "ttt-end", "gomoku")

        a.goto(base + a.get_attribute("#replay-link", "href"))
        helpers.replay_ready(a)
        expect(a.get_by_text("a1b1c1a2b2c2a3", exact=True)).to_be_visible()


def test_one_person_plays_gomoku_against_the_strong_computer(daphne_server, person):
    base = daphne_server.url
    page = person()
    with helpers.screenshots_on_failure("computer", "gomoku", page=page):
        signup(page, base, username("cy"))
        create_match(page, base, "gomoku", opponent="computer", level="strong", side="0")
        expect(page.locator("#board [data-cell]")).to_have_count(225)
        page.locator('#board [data-cell="H8"]').click()
        wait_ply(page, 2)  # the computer answered
        expect(page.locator('#board [data-cell="H8"]')).to_have_attribute("data-state", "black")
        white = page.locator('#board [data-state="white"]')
        expect(white).to_have_count(1)
        expect(white).to_have_class(re.compile(r"\blast\b"))
        expect(page.locator(LEGAL)).to_have_count(223)
        assert page.js_errors == []
