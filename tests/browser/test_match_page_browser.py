"""The live match page for a newcomer (issue "first-time players", items 6, 7, 10, 11), in a
browser: the move list, an opponent who left and came back, hints only against the computer,
big boards on a phone, and the level the create form offers first.
Screenshots: test-artifacts/match-*.png."""

from __future__ import annotations

import re
import time

from tests.browser.helpers import (
    LEGAL,
    PASSWORD,
    PHONE,
    create_match,
    expect,
    join,
    play_to_end,
    screenshots_on_failure,
    shot,
    signup,
    username,
    wait_ply,
)
from tests.support.server import LiveServer


def test_move_list_and_an_opponent_who_leaves_and_comes_back(daphne_server, person):
    base = daphne_server.url
    alice, bob = person(), person()
    a_name, b_name = username("alice"), username("bob")
    signup(alice, base, a_name)
    signup(bob, base, b_name)
    with screenshots_on_failure("away", "match", alice=alice, bob=bob):
        url = create_match(alice, base, "reversi", side="0", size="8")
        join(bob, url + "join/", url)
        expect(alice.locator(".move-list-empty")).to_be_visible()

        first_cell = alice.locator(LEGAL).first
        name = first_cell.get_attribute("data-cell")
        first_cell.click()
        wait_ply(bob, 1)
        bob.locator(LEGAL).first.click()
        wait_ply(alice, 2)
        for page, me in ((alice, a_name), (bob, b_name)):
            moves = page.locator("#move-list li")
            expect(moves).to_have_count(2)
            first = moves.nth(0).get_by_role("link")
            expect(first).to_have_text(name)
            expect(first).to_have_attribute("href", re.compile(r"^/r/[^/]+/\?ply=1$"))
            expect(moves.nth(0)).to_contain_text("You" if me == a_name else a_name)
            expect(moves.nth(1)).to_contain_text("You" if me == b_name else b_name)
            expect(page.locator(".move-list-empty")).to_be_hidden()
        shot(alice, "moves", "match")

        bob.close()  # bob's tab is gone: after a few seconds alice reads so, counting up
        notice = alice.locator("#away")
        expect(notice).to_have_text(re.compile(rf"^{b_name} left the game 0:0[5-9] ago\.$"), timeout=15_000)
        shown = notice.inner_text()
        expect(notice).not_to_have_text(shown)  # it counts up (waited for, not slept)
        expect(notice).to_have_text(re.compile(rf"^{b_name} left the game 0:(0[6-9]|[1-5]\d) ago\.$"))
        shot(alice, "away", "match")

        back = person()  # bob again, in a new browser: he logs in and opens the match
        back.goto(base + "/accounts/login/?next=" + url.removeprefix(base))
        back.fill("#id_username", b_name)
        back.fill("#id_password", PASSWORD)
        back.get_by_role("button", name="Log in").click()
        back.wait_for_url(url)
        expect(notice).to_be_hidden()
        expect(alice.locator(".toast")).to_contain_text([f"{b_name} is back."])
        shot(alice, "back", "match")
        assert alice.js_errors == [] and back.js_errors == []


def api_create(page, base: str, body: dict) -> str:
    """Create a match through the JSON API from the page's session (as the page's own
    script would); returns the match page's URL."""
    page.goto(base + "/m/new/")  # any page of ours: the session and CSRF cookies are set
    created = page.evaluate(
        """async (body) => {
            const {postJSON} = await import("/static/js/http.js");
            const {ok, data} = await postJSON("/api/matches/", body);
            if (!ok) throw new Error(JSON.stringify(data));
            return data;
        }""",
        body,
    )
    return base + created["url"]


def test_hints_only_against_the_computer(daphne_server, person):
    base = daphne_server.url
    alice, bob = person(), person()
    signup(alice, base, username("alice"))
    signup(bob, base, username("bob"))
    # Red to move wins in column 4 (index 3) at once.
    winnable = {"start": ".......\n.......\n.......\n.......\nYYY....\nRRR...."}
    with screenshots_on_failure("hint", "match", alice=alice, bob=bob):
        body = {"game": "connect_four", "options": winnable, "side": 0}
        url = api_create(alice, base, {**body, "opponent": "invite"})
        alice.goto(url)
        join(bob, url + "join/", url)
        expect(alice.locator(LEGAL).first).to_be_visible()
        expect(alice.locator("#board .c4-hint")).to_be_hidden()  # no "Show winning move"
        expect(alice.locator("#board .c4-column.hint")).to_have_count(0)
        shot(alice, "no-hint-between-people", "match")

        alice.goto(api_create(alice, base, {**body, "opponent": "computer", "level": "random"}))
        alice.locator("#board .c4-hint").click()
        expect(alice.locator("#board .c4-column.hint")).to_have_attribute("data-col", "3")
        expect(alice.locator("#board .c4-hint-text")).to_have_text("Drop in column 4 to win!")
        shot(alice, "hint-against-the-computer", "match")
        assert alice.js_errors == []


def test_a_big_board_on_a_phone_fits_the_screen(daphne_server, person):
    """26 x 26 on a 390 px phone: every column in sight, nothing to scroll sideways (issue 50:
    a board scrolling sideways hid its last columns; test_phone_boards_browser taps them)."""
    base = daphne_server.url
    phone = person(**PHONE)
    signup(phone, base, username("pat"))
    with screenshots_on_failure("phone", "match", phone=phone):
        phone.goto(base + "/m/new/")
        phone.check('input[name="game"][value="reversi"]')
        phone.check('input[name="opponent"][value="computer"]')
        chosen = phone.locator("#id_level option:checked")
        expect(chosen).to_have_attribute("value", "greedy")  # the strongest below strong
        expect(phone.locator("#level-note")).to_contain_text("corner")
        create_match(phone, base, "reversi", opponent="computer", side="0", size="26")
        last = phone.locator('#board [data-cell="Z26"]').bounding_box()
        assert last["x"] + last["width"] <= PHONE["viewport"]["width"] and last["width"] >= 10, last
        wrap = phone.locator("#board .rv-wrap")
        assert wrap.evaluate("el => el.scrollWidth <= el.clientWidth")  # nothing hidden sideways
        shot(phone, "26x26-phone", "match")
        assert phone.js_errors == []


def test_a_timed_match_shows_both_clocks_counting_down(daphne_server, person):
    base = daphne_server.url
    alice, bob = person(), person(**PHONE)  # bob on a phone
    a_name = username("alice")
    signup(alice, base, a_name)
    signup(bob, base, username("bob"))
    with screenshots_on_failure("clocks", "match", alice=alice, bob=bob):
        alice.goto(base + "/m/new/")
        alice.select_option("#id_time_control", "custom")
        expect(alice.locator("#custom-clock")).to_be_visible()
        alice.fill("#id_clock_minutes", "2")
        alice.fill("#id_clock_increment", "5")
        url = create_match(alice, base, "reversi", side="0", size="8")
        joined = time.monotonic()  # the clock starts at the join, after this
        join(bob, url + "join/", url)
        for page in (alice, bob):
            expect(page.locator("#clocks .clock-control")).to_have_text("2+5")
            expect(page.locator("#clocks .clock")).to_have_count(2)
        # At a desk the clocks are in the side card; on the phone above the board, in sight
        # while playing (the card is under the board there).
        expect(alice.locator(".match-card #clocks")).to_be_visible()
        expect(bob.locator(".board-column #clocks")).to_be_visible()
        clocks, board = bob.locator("#clocks").bounding_box(), bob.locator("#board").bounding_box()
        assert clocks["y"] + clocks["height"] <= board["y"] and clocks["y"] + clocks["height"] < 844, clocks
        running = bob.locator('#clocks .clock[data-seat="0"]')
        expect(running).to_have_class(re.compile(r"\brunning\b"))
        before = int(running.get_attribute("data-ms"))
        running_ms = """([seat, before]) => Number(document.querySelector(
            `#clocks .clock[data-seat="${seat}"]`).dataset.ms) < before - 1000"""
        bob.wait_for_function(running_ms, arg=[0, before])  # counting down: a second gone
        expect(bob.locator('#clocks .clock[data-seat="1"] .clock-time')).to_have_text("2:00")
        alice.locator(LEGAL).first.click()
        wait_ply(bob, 1)
        expect(bob.locator('#clocks .clock[data-seat="1"]')).to_have_class(re.compile(r"\brunning\b"))
        seat0 = int(bob.locator('#clocks .clock[data-seat="0"]').get_attribute("data-ms"))
        spent = (time.monotonic() - joined) * 1000  # more than alice's clock ran
        assert 125_000 - spent < seat0 <= 125_000  # two minutes less her time, plus the increment
        shot(bob, "clocks", "match")
        assert alice.js_errors == [] and bob.js_errors == []


def test_the_player_left_behind_may_claim_the_win(tmp_path, person):
    server = LiveServer(tmp_path, env={"ABANDON_UNTIMED_SECONDS": "4"})
    server.migrate()
    server.start()
    try:
        base = server.url
        alice, bob = person(), person()
        b_name = username("bob")
        signup(alice, base, username("alice"))
        signup(bob, base, b_name)
        with screenshots_on_failure("claim", "match", alice=alice, bob=bob):
            url = create_match(alice, base, "reversi", side="1", size="6")  # bob moves first
            join(bob, url + "join/", url)
            bob.close()
            panel = alice.locator("#claim")
            expect(panel).to_contain_text(f"{b_name} left. If they are not back in")
            expect(alice.locator("#claim-victory")).to_be_hidden()
            expect(panel).to_contain_text(f"{b_name} has not come back", timeout=15_000)
            shot(alice, "claim", "match")
            alice.locator("#claim-victory").click()
            expect(alice.locator("#match")).to_have_attribute("data-status", "finished")
            expect(panel).to_be_hidden()
            shot(alice, "claimed", "match")
            assert alice.js_errors == []
    finally:
        server.kill()


TOASTS_SEEN = """() => {
  window.toastsSeen = [];
  new MutationObserver((records) => {
    for (const r of records) for (const node of r.addedNodes) {
      if (node.classList?.contains("toast")) window.toastsSeen.push(node.textContent);
    }
  }).observe(document.body, {subtree: true, childList: true});
}"""


def test_a_quick_game_on_a_phone_shows_only_the_newest_three_notes(daphne_server, person):
    """Each move of the opponent is a note at the bottom of the page; a fast game made seven
    at once, over half a phone's board. The newest three stay."""
    base = daphne_server.url
    a, b = person(**PHONE), person(**PHONE)
    with screenshots_on_failure("toasts", "match", a=a, b=b):
        signup(a, base, username("ann"))
        signup(b, base, username("ben"))
        match_url = create_match(a, base, "reversi", size=4, blocks="", side="0")
        join(b, match_url + "join/", match_url)
        b.evaluate(TOASTS_SEEN)
        play_to_end((a, b))
        seen = b.evaluate("window.toastsSeen")
        shown = b.locator(".toast").all_text_contents()
        assert len(seen) > 3, seen  # the cap was needed
        assert 0 < len(shown) <= 3 and shown == seen[-len(shown) :], (shown, seen)


def test_nothing_is_clicked_before_the_page_listens(daphne_server, person):
    """Issue 37: the match page's script is held back on its way; meanwhile the server-drawn
    controls that need it are inert (a click cannot land) and the page is not ready; once the
    script arrives and listens, the page says so in one way and the controls work."""
    base = daphne_server.url
    page = person()
    signup(page, base, username("ann"))
    held = []
    page.route(re.compile(r"/js/match(\.[0-9a-f]+)?\.js(\?.*)?$"), lambda route: held.append(route))
    page.goto(base + "/m/new/")
    page.check('input[name="game"][value="reversi"]')
    page.check('input[name="opponent"][value="invite"]')
    page.get_by_role("button", name="Create match").click()
    # ("load" and "DOMContentLoaded" wait for the module scripts: only the HTML is awaited)
    page.wait_for_url(re.compile(r"/m/[^/]+/$"), wait_until="commit")
    page.locator("#actions").wait_for(state="attached")
    assert held, "the match script was asked for"
    assert page.evaluate("document.getElementById('rules-open').inert") is True
    assert page.evaluate("document.getElementById('copy-invite').closest('[inert]') !== null") is True
    assert page.get_attribute("html", "data-ready") is None
    held[0].continue_()
    expect(page.locator("html")).to_have_attribute("data-ready", "1")
    assert page.evaluate("document.getElementById('rules-open').inert") is False
    page.get_by_role("button", name="Rules").click()
    expect(page.get_by_role("dialog")).to_be_visible()
    assert page.js_errors == []
