"""Connect Four as people read it (issue 28): the Moves card, the replay and the downloaded
transcript count columns from 1, as the board and the notes do; a match between two
computer levels names the levels ("Strong beats Medium"). Screenshots:
``test-artifacts/c4-words-*.png``.
"""

from __future__ import annotations

import re

import pytest
import requests

from tests.browser import helpers
from tests.browser.helpers import PHONE, create_match, join, signup, username, wait_ply

sync_api = pytest.importorskip("playwright.sync_api")
expect = sync_api.expect

pytestmark = pytest.mark.browser


def shot(page, name: str) -> None:
    helpers.shot(page, name, "c4-words")


def test_moves_and_transcript_count_columns_from_one(daphne_server, person):
    base = daphne_server.url
    ann, bob = person(), person(**PHONE)  # bob plays on a phone
    with helpers.screenshots_on_failure("columns", "c4-words", ann=ann, bob=bob):
        ann_name, bob_name = username("ann"), username("bob")
        signup(ann, base, ann_name)
        signup(bob, base, bob_name)
        match_url = create_match(ann, base, "connect_four", rows=6, columns=7, pop_out=True)
        join(bob, ann.input_value("#invite-link"), match_url)

        # ann drops in the first column, bob in the second; ann pops her disc back out.
        ann.get_by_role("button", name="Drop in column 1", exact=True).click()
        wait_ply(bob, 1)
        bob.get_by_role("button", name="Drop in column 2", exact=True).click()
        wait_ply(ann, 2)
        ann.get_by_role("button", name="Pop out your disc at the bottom of column 1", exact=True).click()
        for page in (ann, bob):
            wait_ply(page, 3)
        expect(bob.locator("#announce")).to_have_text(f"{ann_name} popped out a disc from column 1")

        # The Moves card counts as the board does: the first column is column 1.
        expect(ann.locator("#move-list li")).to_have_text(
            ["You column 1", f"{bob_name} column 2", "You pop column 1"]
        )
        expect(bob.locator("#move-list li")).to_have_text(
            [f"{ann_name} column 1", "You column 2", f"{ann_name} pop column 1"]
        )
        for page in (ann, bob):
            expect(page.locator("#move-list")).not_to_contain_text(re.compile(r"drop \d|pop \d"))
        ann.locator(".move-list-card").scroll_into_view_if_needed()
        shot(ann, "1-moves-desktop")
        bob.locator(".move-list-card").scroll_into_view_if_needed()
        shot(bob, "2-moves-phone")

        # The replay's move list and the downloaded transcript say the same columns.
        replay_url = ann.locator("#move-list li a").first.get_attribute("href").split("?")[0]
        ann.goto(base + replay_url)
        expect(ann.locator("main")).to_contain_text("column 1")
        transcript = requests.get(base + replay_url + "transcript.txt", timeout=10).text
        assert "R drops in column 1\n" in transcript, transcript
        assert "Y drops in column 2\n" in transcript, transcript
        assert "R pops column 1\n" in transcript, transcript
        assert "column 0" not in transcript, transcript
        assert ann.js_errors == [] and bob.js_errors == []


def test_two_computers_are_named_by_their_levels(daphne_server, person):
    base = daphne_server.url
    cyd = person()
    with helpers.screenshots_on_failure("levels", "c4-words", cyd=cyd):
        signup(cyd, base, username("cyd"))
        cyd.goto(base + "/m/new/")
        cyd.check('input[name="game"][value="connect_four"]')
        cyd.check('input[name="opponent"][value="computer"]')
        cyd.select_option("#id_side", "watch")
        for select, level in (("#id_level", "strong"), ("#id_level2", "medium")):
            option = cyd.locator(f'{select} optgroup[data-game="connect_four"] option[value="{level}"]')
            cyd.select_option(select, element=option.element_handle())
        # Red (strong) to move wins in column 4 at once: the match ends on its first move.
        cyd.locator("#id_connect_four__start").fill(".....\n.....\nYYY..\nRRR..\n")
        expect(cyd.locator(".c4-options-preview .c4-cell")).to_have_count(20)
        cyd.get_by_role("button", name="Create match").click()
        cyd.wait_for_url(re.compile(r"/m/(?!new/)[^/]+/$"))
        expect(cyd.locator("#match")).to_have_attribute("data-status", "finished")
        expect(cyd.locator("#result .result-message")).to_have_text("Strong beats Medium with four in a row")
        expect(cyd.locator("#move-list li")).to_have_text(["Strong column 4"])
        shot(cyd, "3-two-computers")
        cyd.get_by_role("link", name=re.compile("replay", re.I)).first.click()
        cyd.wait_for_url(re.compile(r"/r/"))
        helpers.replay_ready(cyd)
        cyd.keyboard.press("End")  # the replay opens at the start; its end tells the result
        expect(cyd.locator("#result")).to_contain_text("Strong beats Medium with four in a row")
        shot(cyd, "4-two-computers-replay")
        assert cyd.js_errors == []
