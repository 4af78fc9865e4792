"""The lobby goes live, and an invite survives sign-up (two and three people in chromium).

Alice opens a Reversi match with an open seat (as White): Bob's lobby, open in another
browser, lists it without a reload; Bob joins from there and has the first move. Alice
waits on her lobby with the tab hidden: when Bob moves, her "Your matches" shows "your
turn" without a reload, and her title and favicon say so until the tab is visible again.
Then the match page itself: Bob's tab is hidden when Alice moves, and his title says it.

A logged-out Carol opens Alice's invite link: the page says who invited her to which game,
she goes to "Log in", switches to the header's "Sign up" (the invite goes along), signs up
and lands seated in the match. A logged-out visitor of a full match's link is offered to
watch. Screenshots: ``test-artifacts/lobby-*.png`` and ``invite-*.png``.
"""

from __future__ import annotations

import re

import pytest

from tests.browser import helpers
from tests.browser.helpers import LEGAL, create_match, fill_signup, signup, username, wait_ply_above

sync_api = pytest.importorskip("playwright.sync_api")
expect = sync_api.expect

pytestmark = pytest.mark.browser

SOCKET_OPEN = "() => document.body.dataset.socket === 'open'"
# Chromium cannot hide a tab by itself here: the page is told it is hidden (or visible).
SET_HIDDEN = """(hidden) => {
  const state = hidden ? "hidden" : "visible";
  Object.defineProperty(document, "hidden", {configurable: true, get: () => hidden});
  Object.defineProperty(document, "visibilityState", {configurable: true, get: () => state});
  document.dispatchEvent(new Event("visibilitychange"));
}"""
FAVICON = "() => document.querySelector('link[rel~=icon]').href"


def shot(page, name: str, prefix: str = "lobby") -> None:
    helpers.shot(page, name, prefix)


def open_lobby(page, base: str) -> None:
    page.goto(base + "/")
    page.wait_for_function(SOCKET_OPEN)
    page.evaluate("window.sameLobby = true")  # gone if the page reloads


def test_lobby_updates_live_and_signals_your_turn_in_a_hidden_tab(daphne_server, person):
    base = daphne_server.url
    alice, bob = person(), person()
    alice_name = username("alice")
    warnings: list[str] = []  # turn_signal.js warns when a favicon, beep or notification fails
    for page in (alice, bob):
        page.on("console", lambda msg: msg.type == "warning" and warnings.append(msg.text))
    with helpers.screenshots_on_failure("live", "lobby", alice=alice, bob=bob):
        signup(alice, base, alice_name)
        signup(bob, base, username("bob"))
        open_lobby(bob, base)

        # Alice opens a seat (she is White: the one who joins moves first).
        match_url = create_match(alice, base, "reversi", opponent="open", side="1", size=6)
        row = bob.locator("#open-seats .match-row", has_text=alice_name)
        expect(row).to_have_count(1)
        assert bob.evaluate("window.sameLobby") is True, "Bob's lobby was reloaded"
        shot(bob, "1-open-seat-appears")

        # Bob joins from his lobby; Alice waits on hers, the tab hidden.
        row.get_by_role("link", name=re.compile("Join")).click()
        bob.get_by_role("button", name="Take the seat and play").click()  # a GET seats nobody
        bob.wait_for_url(match_url)
        expect(bob.locator("#match")).to_have_attribute("data-status", "active")
        open_lobby(alice, base)
        mine = alice.locator("#my-matches .match-row")
        expect(mine).to_have_count(1)
        expect(alice.locator("#my-matches .your-turn")).to_have_count(0)
        lobby_icon = alice.evaluate(FAVICON)
        alice.evaluate(SET_HIDDEN, True)

        bob.locator(LEGAL).first.click()
        wait_ply_above(bob, 0)
        expect(alice.locator("#my-matches .your-turn")).to_have_count(1)
        expect(alice.locator("#my-matches .badge-turn")).to_have_text("your turn")
        assert alice.evaluate("window.sameLobby") is True, "Alice's lobby was reloaded"
        expect(alice).to_have_title("(•) Your turn · Lobby · Board games")
        alice.wait_for_function(f"() => ({FAVICON})().startsWith('data:image/png')")
        shot(alice, "2-your-turn")
        alice.evaluate(SET_HIDDEN, False)
        expect(alice).to_have_title("Lobby · Board games")
        assert alice.evaluate(FAVICON) == lobby_icon

        # The match page: Bob's tab is hidden when Alice moves.
        alice.locator("#my-matches .your-turn").get_by_role("link").click()
        alice.wait_for_url(match_url)
        expect(alice.locator("#match")).to_have_attribute("data-ready", "1")
        expect(alice.locator("#turn-sound")).not_to_be_checked()  # sound is off by default
        alice.locator("#turn-sound").check()
        assert alice.evaluate("localStorage.getItem('turn-sound')") == "1"
        if alice.evaluate("window.isSecureContext && Notification.permission === 'default'"):
            expect(alice.locator("#turn-notify")).to_be_visible()
        shot(alice, "3-match-controls")
        expect(bob).to_have_title(re.compile(r"^Reversi match"))
        bob.locator("#turn-sound").check()  # a gesture: his page may beep
        bob.evaluate(SET_HIDDEN, True)
        alice.locator(LEGAL).first.click()
        wait_ply_above(alice, 1)
        expect(bob).to_have_title(re.compile(r"^\(•\) Your turn · Reversi match"))
        bob.wait_for_function(f"() => ({FAVICON})().startsWith('data:image/png')")
        bob.evaluate(SET_HIDDEN, False)
        expect(bob).to_have_title(re.compile(r"^Your turn · Reversi match"))
        assert not alice.js_errors and not bob.js_errors, alice.js_errors + bob.js_errors
        assert not [w for w in warnings if "turn signal" in w], warnings


def test_an_invite_survives_sign_up(daphne_server, person):
    base = daphne_server.url
    alice, carol, dave = person(), person(), person()
    alice_name = username("alice")
    with helpers.screenshots_on_failure("invite", "invite", alice=alice, carol=carol, dave=dave):
        signup(alice, base, alice_name)
        match_url = create_match(alice, base, "reversi", opponent="invite", side="0", size=8)
        invite = alice.input_value("#invite-link")

        carol.goto(invite)
        heading = carol.get_by_role("heading", level=1)
        expect(heading).to_contain_text(f"{alice_name} invited you to play Reversi")
        expect(heading).to_contain_text("Board size 8")
        expect(carol.get_by_role("link", name="Sign up to play")).to_have_attribute(
            "href", re.compile("next=.*join")
        )
        shot(carol, "1-invite-page", "invite")

        # Log in, then change her mind: the header's "Sign up" keeps the invite.
        carol.locator("main").get_by_role("link", name="Log in").click()
        expect(carol).to_have_url(re.compile(r"/accounts/login/\?next=.*join"))
        expect(carol.locator(".alert-invite")).to_be_visible()
        carol.locator("header").get_by_role("link", name="Sign up").click()
        expect(carol).to_have_url(re.compile(r"/accounts/signup/\?next=.*join"))
        expect(carol.locator("header").get_by_role("link", name="Log in")).to_have_attribute(
            "href", re.compile(r"next=.*join")
        )
        shot(carol, "2-signup", "invite")
        fill_signup(carol, username("carol"))
        carol.get_by_role("button", name="Take the seat and play").click()  # back at the invitation
        carol.wait_for_url(match_url)
        expect(carol.locator("#match")).to_have_attribute("data-you", "1")
        expect(carol.locator("#match")).to_have_attribute("data-status", "active")
        expect(alice.locator("#match")).to_have_attribute("data-status", "active")
        shot(carol, "3-seated", "invite")

        # The seat is taken: a logged-out visitor of the link is offered to watch.
        dave.goto(invite)
        expect(dave.locator("#invite")).to_contain_text("This match is full")
        dave.get_by_role("link", name="Watch the match").click()
        dave.wait_for_url(match_url)
        expect(dave.locator("#match")).to_have_attribute("data-ready", "1")
        dave.goto(invite)
        shot(dave, "4-full", "invite")
        assert not carol.js_errors and not alice.js_errors, carol.js_errors + alice.js_errors
