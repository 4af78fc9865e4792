"""The browser client across a server crash: a move clicked while the server is down is
shown as pending only, then sent once the page has reconnected by itself.

Two people in chromium play Reversi on a daphne server of this test's own; the server is
killed (SIGKILL) with A to move; A clicks a legal cell while it is down: the page marks the
move pending and shows no disc there (the server has not accepted it). The server starts
again on the same port and database; both pages reconnect by themselves, A's page resends
the move, both boards show it, the server stored it exactly once, and the game is played
to the end. Screenshots on failure go to ``test-artifacts/``.
"""

from __future__ import annotations

import pytest
import requests

from tests.browser import helpers
from tests.browser.helpers import ply, signup, username, wait_ply_above
from tests.browser.test_more_games_browser import create_match, join
from tests.browser.test_reversi_browser import play_to_end

sync_api = pytest.importorskip("playwright.sync_api")
expect = sync_api.expect

pytestmark = pytest.mark.browser

LEGAL = '#board [data-legal="true"]'
SOCKET_IS = "state => document.body.dataset.socket === state"


def legal_cell(page) -> str:
    return page.locator(LEGAL).first.get_attribute("data-cell")


def test_move_clicked_while_the_server_is_down_is_sent_after_reconnecting(fresh_server, person):
    base = fresh_server.url
    a, b = person(), person()
    with helpers.screenshots_on_failure("reconnect", "reconnect", a=a, b=b):
        signup(a, base, username("ann"))
        signup(b, base, username("bob"))
        match_url = create_match(a, base, "reversi", size=4, blocks="")
        join(b, a.input_value("#invite-link"), match_url)
        for page in (a, b):
            page.wait_for_function(SOCKET_IS, arg="open")
        # A (Black) opens; B answers: the game is under way and A is to move again.
        for mover in (a, b):
            before = ply(a)
            mover.locator(LEGAL).first.click()
            for page in (a, b):
                wait_ply_above(page, before)
        expect(a.locator(LEGAL).first).to_be_visible()
        before = ply(a)

        fresh_server.kill()
        for page in (a, b):
            page.wait_for_function(SOCKET_IS, arg="closed")
        cell = legal_cell(a)
        a.locator(f'#board [data-cell="{cell}"]').click()
        expect(a.locator("#match")).to_have_attribute("data-pending", "1")
        for page in (a, b):  # nothing the server has not accepted is drawn
            expect(page.locator(f'#board [data-cell="{cell}"]')).to_have_attribute("data-state", "empty")
            assert ply(page) == before
        helpers.shot(a, "1-pending-while-down", "reconnect")

        fresh_server.start()
        for page in (a, b):
            wait_ply_above(page, before)  # and the page has nothing pending
            expect(page.locator(f'#board [data-cell="{cell}"]')).to_have_attribute("data-state", "black")
            assert page.evaluate("document.body.dataset.socket") == "open"
        helpers.shot(a, "2-sent-after-reconnect", "reconnect")

        slug = a.get_attribute("#replay-link", "href").strip("/").split("/")[-1]
        moves = requests.get(f"{base}/api/replays/{slug}/", timeout=10).json()["moves"]
        assert [m["move"] for m in moves].count({"cell": cell}) == 1
        assert [m["ply"] for m in moves] == list(range(1, len(moves) + 1))

        play_to_end((a, b))
        for page in (a, b):
            expect(page.locator("#match")).to_have_attribute("data-status", "finished")
        assert not a.js_errors and not b.js_errors, (a.js_errors, b.js_errors)
