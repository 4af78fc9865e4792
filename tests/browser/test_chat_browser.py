"""Chat in real browsers (issue 25): ann on a desk and bob on a phone talk in the players'
room (a quick phrase and a typed line), a spectator reads both rooms and writes in theirs,
which the players do not see while they play; a line too long is refused in words; the
replay shows the players' room.
"""

from __future__ import annotations

import re

import pytest

from tests.browser import helpers
from tests.browser.helpers import PHONE, create_match, join, signup, username

sync_api = pytest.importorskip("playwright.sync_api")
expect = sync_api.expect

pytestmark = pytest.mark.browser


def say(page, text: str) -> None:
    page.locator("#chat-text").fill(text)
    page.locator("#chat-form").get_by_role("button", name="Send").click()


def test_two_players_and_a_spectator_chat_on_a_desk_and_a_phone(daphne_server, person):
    base = daphne_server.url
    a, b, c = person(), person(**PHONE), person()
    with helpers.screenshots_on_failure("chat", "chat", a=a, b=b, c=c):
        ann, bob, cat = username("ann"), username("bob"), username("cat")
        signup(a, base, ann)
        signup(b, base, bob)
        signup(c, base, cat)
        match_url = create_match(a, base, "reversi", size="6", blocks="")
        join(b, match_url + "join/", match_url)
        c.goto(match_url)
        for page in (a, b, c):
            expect(page.locator("#chat")).to_be_visible()
        expect(c.get_by_role("tab", name="Spectators")).to_be_visible()
        expect(a.get_by_role("tab", name="Spectators")).to_be_hidden()  # not while they play

        a.locator("#chat-phrases").get_by_role("button", name="Good luck").click()
        for page in (a, b):
            expect(page.locator("#chat-lines li").last).to_contain_text(f"{ann}Good luck")
        b.locator("#chat-lines").scroll_into_view_if_needed()
        say(b, "Thanks, you too")
        expect(a.locator("#chat-lines li").last).to_contain_text("Thanks, you too")
        c.get_by_role("tab", name="Players").click()
        expect(c.locator("#chat-lines li")).to_have_count(2)
        expect(c.locator("#chat-form")).to_be_hidden()  # spectators write in their own room
        c.get_by_role("tab", name="Spectators").click()
        say(c, "nice opening")
        expect(c.locator("#chat-lines li").last).to_contain_text("nice opening")
        helpers.shot(b, "1-phone", "chat")

        say(a, "x" * 140 + "y")  # the box keeps 140: the server still refuses a longer frame
        expect(a.locator("#chat-lines li")).to_have_count(3)  # 140 x's are a line; the 141st is cut
        expect(a.locator("#chat-lines li").last).to_contain_text("x" * 140)
        say(a, "x" * 140)
        expect(a.locator("#chat-note")).to_have_text("You said that just now.")
        expect(b.locator("#chat-lines li")).to_have_count(3)
        assert "nice opening" not in b.locator("#chat-lines").inner_text()
        helpers.shot(a, "2-desk", "chat")
        c.goto(base + a.locator("#replay-link").get_attribute("href"))
        expect(c.locator("#chat-lines")).to_contain_text("Good luck")
        assert "nice opening" not in c.locator("#chat-lines").inner_text()  # the players' room only
        assert not a.js_errors and not b.js_errors and not c.js_errors


def test_a_player_against_the_computer_has_no_chat_after_the_game_either(daphne_server, person):
    """Issue 40: after a game against the computer the player was shown an empty spectators'
    room; there is nobody to talk to, so no chat at all, while a spectator still has theirs."""
    base = daphne_server.url
    a, c = person(), person()
    with helpers.screenshots_on_failure("computer", "chat", a=a, c=c):
        signup(a, base, username("ann"))
        match_url = create_match(a, base, "reversi", opponent="computer", size="6", blocks="", level="random")
        c.goto(match_url)
        expect(c.locator("#match")).to_have_attribute("data-ready", "1")
        expect(c.locator("#chat")).to_be_visible()
        expect(a.locator("#chat")).to_be_hidden()
        a.locator(helpers.LEGAL).first.click()
        helpers.wait_ply_above(a, 1)  # hers and the computer's answer: a game, not an abort
        a.on("dialog", lambda dialog: dialog.accept())
        a.get_by_role("button", name="Resign").click()
        for page in (a, c):
            expect(page.locator("#match")).to_have_attribute("data-status", "finished")
        expect(c.get_by_role("tab", name="Spectators")).to_be_visible()
        expect(a.locator("#chat")).to_be_hidden()
        assert not a.js_errors and not c.js_errors


def test_a_line_waits_for_the_socket_instead_of_being_lost(daphne_server, person):
    """Issue 37 (CI failed on it): the match page is drawn, and says it is ready, from its
    HTML before its socket opens; a line sent in that moment was not sent ("Not connected"),
    and a test that typed at once lost it. The controls only the socket carries (marked
    ``data-needs-socket``) are disabled until it opens, and whenever it is down."""
    base = daphne_server.url
    a, b = person(), person(**PHONE)
    allowed = []  # empty: bob's match socket is closed as soon as it opens

    def hold(ws) -> None:
        if allowed:
            ws.connect_to_server()
        else:
            ws.close()

    with helpers.screenshots_on_failure("socket", "chat", a=a, b=b):
        signup(a, base, username("ann"))
        signup(b, base, username("bob"))
        match_url = create_match(a, base, "reversi", size="6", blocks="")
        b.route_web_socket(re.compile(r"/ws/matches/"), hold)
        join(b, match_url + "join/", match_url)
        send = b.locator("#chat-form").get_by_role("button", name="Send")
        expect(b.locator("body")).to_have_attribute("data-socket", "closed")
        expect(send).to_be_disabled()
        expect(b.locator("#chat-phrases").get_by_role("button", name="Good luck")).to_be_disabled()
        b.locator("#chat-text").fill("hello ann")
        b.locator("#chat-text").press("Enter")  # no submit while the Send button is disabled
        expect(b.locator("#chat-text")).to_have_value("hello ann")

        allowed.append(True)  # the page's next try gets through
        expect(send).to_be_enabled()
        send.click()
        expect(a.locator("#chat-lines li").last).to_contain_text("hello ann")
        expect(b.locator("#chat-text")).to_have_value("")
    assert not a.js_errors and not b.js_errors
