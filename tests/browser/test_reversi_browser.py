"""Two people play Reversi in two real browsers (Debian's chromium, driven by Playwright).

A signs up, creates a 4x4 match through the form and sends the invite link; B opens it,
signs up on the way (the link survives sign-up) and lands in the match; both pages go
live without a reload; they play to the end by clicking the cells the server marks legal;
then a logged-out visitor steps through the replay and downloads the transcript.
Screenshots go to ``test-artifacts/`` (git-ignored).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.browser import helpers
from tests.browser.helpers import fill_signup, play_to_end, signup, username

sync_api = pytest.importorskip("playwright.sync_api")
expect = sync_api.expect

pytestmark = pytest.mark.browser


def results_by_viewer(result: dict, black: str, white: str) -> tuple[str, str, str]:
    """The result line as Black, White and a spectator read it ("You won 10-6", "ann wins
    10-6", "ann wins 10-6 against bob")."""
    x, o = result["score"]["X"], result["score"]["O"]
    if result["winner"] == 0:
        return f"You won {x}-{o}", f"{black} wins {x}-{o}", f"{black} wins {x}-{o} against {white}"
    if result["winner"] == 1:
        return f"{white} wins {o}-{x}", f"You won {o}-{x}", f"{white} wins {o}-{x} against {black}"
    return (
        f"A draw with {white}, {x}-{o}",
        f"A draw with {black}, {x}-{o}",
        f"{black} and {white} drew {x}-{o}",
    )


def shot(page, name: str) -> None:
    helpers.shot(page, name, "reversi")


def screenshots_on_failure(name: str, **pages):
    return helpers.screenshots_on_failure(name, "reversi", **pages)


def test_invite_play_to_the_end_and_replay(daphne_server, person):
    base = daphne_server.url
    a, b, c = person(), person(), person()
    with screenshots_on_failure("invite", a=a, b=b, c=c):
        # A signs up and creates a 4x4 match through the form: invite a friend, Black.
        ann, bob = username("ann"), username("bob")
        signup(a, base, ann)
        a.goto(base + "/m/new/")
        a.check('input[name="game"][value="reversi"]')
        a.fill("#id_reversi__size", "4")
        a.fill("#id_reversi__blocks", "")
        a.check('input[name="opponent"][value="invite"]')
        a.select_option("#id_side", "0")
        expect(a.locator("#id_side option:checked")).to_have_text("Black (X)")
        a.get_by_role("button", name="Create match").click()
        a.wait_for_url(re.compile(r"/m/[^/]+/$"))
        match_url = a.url
        expect(a.locator("#match")).to_have_attribute("data-ready", "1")
        expect(a.locator("#match")).to_have_attribute("data-status", "waiting")
        expect(a.locator("#waiting")).to_be_visible()
        invite = a.input_value("#invite-link")
        assert invite == match_url + "join/"
        a.evaluate("window.stillTheSamePage = true")
        shot(a, "1-waiting")

        # B opens the link, reads who invited them, goes to log in, signs up instead, and
        # lands in the match.
        b.goto(invite)
        expect(b.locator("main")).to_contain_text(f"{ann} invited you to play Reversi")
        b.locator("main").get_by_role("link", name="Log in").click()
        expect(b).to_have_url(re.compile(r"/accounts/login/\?next="))
        expect(b.locator(".alert-invite")).to_be_visible()
        b.get_by_role("link", name="Create an account").click()
        expect(b).to_have_url(re.compile(r"/accounts/signup/\?next=.*join"))
        fill_signup(b, bob)
        b.get_by_role("button", name="Take the seat and play").click()  # back at the invitation
        b.wait_for_url(match_url)
        for page, seat in ((a, "0"), (b, "1")):
            expect(page.locator("#match")).to_have_attribute("data-status", "active")
            expect(page.locator("#match")).to_have_attribute("data-you", seat)
        assert a.evaluate("window.stillTheSamePage") is True, "A's page went live without a reload"
        expect(a.locator("#status")).to_have_text("Your turn")
        expect(a.locator("#players .presence.on")).to_have_count(2)
        expect(b.locator("#board [data-legal]")).to_have_count(0)
        shot(a, "2-live-a")
        shot(b, "2-live-b")

        final_ply = play_to_end((a, b))
        # Each player reads the end from their side, with names (the server's result).
        stored = a.request.get(base + "/api/matches/" + match_url.rstrip("/").split("/")[-1] + "/").json()
        for_a, for_b, for_c = results_by_viewer(stored["result"], ann, bob)
        expect(a.locator("#result .result-message")).to_have_text(for_a)
        expect(b.locator("#result .result-message")).to_have_text(for_b)
        score = a.locator("#result .result-score").inner_text()
        x, o = stored["result"]["score"]["X"], stored["result"]["score"]["O"]
        assert score.startswith(f"Final score: {ann} {x} – {bob} {o}"), score
        expect(b.locator("#result .result-score")).to_have_text(score)
        expect(a.locator("#rematch")).to_be_visible()
        shot(a, "3-final-a")
        shot(b, "3-final-b")
        replay_url = a.get_attribute("#replay-link", "href")
        assert not a.js_errors and not b.js_errors, a.js_errors + b.js_errors

        # A logged-out visitor steps through the replay.
        c.goto(base + replay_url)
        replay = c.locator("#replay")
        expect(replay).to_have_attribute("data-ply", str(final_ply))  # it opens at the end
        helpers.replay_ready(c)
        expect(c.locator("#moves button")).to_have_count(final_ply)
        c.keyboard.press("Home")
        expect(replay).to_have_attribute("data-ply", "0")
        c.get_by_role("button", name="Next move").click()
        expect(replay).to_have_attribute("data-ply", "1")
        expect(c).to_have_url(re.compile(r"\?ply=1$"))
        expect(c.locator('#moves button[data-ply="1"]')).to_have_attribute("aria-current", "true")
        c.keyboard.press("ArrowRight")
        expect(replay).to_have_attribute("data-ply", "2")
        c.keyboard.press("ArrowLeft")
        expect(replay).to_have_attribute("data-ply", "1")
        c.keyboard.press("End")
        expect(replay).to_have_attribute("data-ply", str(final_ply))
        expect(c.locator("#result .result-message")).to_have_text(for_c)
        c.keyboard.press("Home")
        expect(replay).to_have_attribute("data-ply", "0")
        c.goto(f"{base}{replay_url}?ply=3")
        expect(replay).to_have_attribute("data-ply", "3")
        expect(c.locator('#moves button[data-ply="3"]')).to_have_attribute("aria-current", "true")
        expect(c.locator("#ply-indicator")).to_contain_text(f"Move 3 of {final_ply}")
        shot(c, "4-replay")
        with c.expect_download() as download:
            c.get_by_role("link", name="Download transcript").click()
        text = Path(download.value.path()).read_text()
        # the transcript keeps the seed's console lines ("Player X wins!")
        assert "Round 1:" in text and "Game over:" in text and stored["result"]["message"] in text
        assert not c.js_errors, c.js_errors


def test_create_form_refuses_bad_options(daphne_server, person):
    base = daphne_server.url
    page = person()
    with screenshots_on_failure("bad-options", page=page):
        signup(page, base, username("cyd"))
        page.goto(base + "/m/new/")
        page.fill("#id_reversi__size", "4")

        # The preview toggles blocks in the text field; the starting discs cannot be blocked.
        preview = page.locator(".rv-preview")
        preview.locator('[data-cell="A1"]').click()
        expect(page.locator("#id_reversi__blocks")).to_have_value("A1")
        preview.locator('[data-cell="A1"]').click()
        expect(page.locator("#id_reversi__blocks")).to_have_value("")
        expect(preview.locator('[data-cell="B2"]')).not_to_have_attribute("data-legal", "true")

        cases = [
            ("A1 A2 A3 A4 B1 B4 C1 C4 D1", "Too many blocks!"),
            ("B2", "B2 holds a starting disc: a block cannot go there."),
            ("A1 Q9", "Q9 is off the board: the cells go from A1 to D4."),
        ]
        for blocks, reason in cases:
            page.fill("#id_reversi__size", "4")
            page.fill("#id_reversi__blocks", blocks)
            with page.expect_response(lambda r: r.request.method == "POST" and "/m/new/" in r.url) as posted:
                page.get_by_role("button", name="Create match").click()
            assert posted.value.status == 200, f"{blocks!r} -> HTTP {posted.value.status}"
            page.wait_for_load_state()
            expect(page).to_have_url(re.compile(r"/m/new/$"))
            expect(page.locator(".field.has-error .field-errors")).to_contain_text(reason)
            expect(page.locator(".error-summary")).to_contain_text(reason)
            expect(page.locator("#id_reversi__blocks")).to_have_value(blocks)
        shot(page, "5-bad-options")

        page.fill("#id_reversi__blocks", "")
        page.fill("#id_reversi__size", "5")
        page.get_by_role("button", name="Create match").click()
        expect(page.locator(".field-errors")).to_contain_text("Board size must be even.")

        page.goto(base + "/")
        expect(page.locator("#mine-heading + .empty")).to_contain_text("No ongoing matches")
        assert not page.js_errors, page.js_errors
