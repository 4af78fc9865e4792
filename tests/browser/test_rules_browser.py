"""How to play, in a browser (Debian's chromium, driven by Playwright): every game's rules
page draws its example boards with the game's own renderer, without a JavaScript error, on
a desktop and on a phone; the match page's "Rules" button opens the rules in a dialog over
the match (the diagrams drawn there too) that closes with Escape and with its button, the
focus going back to the button. Screenshots: test-artifacts/rules-*.png."""

from __future__ import annotations

import pytest

from games.catalog.registry import GAMES
from tests.browser import helpers
from tests.browser.helpers import PHONE, create_match, expect, ply, signup, username, wait_ply_above

pytestmark = pytest.mark.browser

# What a drawn board of each game contains (the renderer's own elements).
DRAWN = {
    "reversi": ".rv-board .rv-cell",
    "othello": ".rv-board .rv-cell",
    "connect_four": ".c4-grid .c4-cell",
    "reversi_1d": ".r1-board .r1-slot",
    "alpha_battle": ".ab-rounds tbody tr",
    "journey": ".jy-board .jy-cell",
    "gomoku": ".gm-board .gm-cell",
}
SECTIONS = ("Goal", "A turn", "How it ends", "Options")


def shot(page, name: str, full_page: bool = True) -> None:
    if full_page:
        helpers.shot(page, name, "rules")
    else:  # a dialog: what the window shows
        helpers.ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(helpers.ARTIFACTS / f"rules-{name}.png"))


def check_rules(page, slug: str) -> None:
    """The rules on ``page`` (a page or the dialog) show their sections and every diagram
    drawn by the renderer."""
    article = page.locator(f'[data-rules="{slug}"]')
    expect(article).to_have_attribute("data-drawn", "true")
    for title in SECTIONS:
        expect(article.get_by_role("heading", name=title, exact=False).first).to_be_visible()
    boards = article.locator(".rules-board")
    count = boards.count()
    assert count >= 1
    for i in range(count):
        board = boards.nth(i)
        expect(board).to_have_attribute("data-drawn", "true")
        assert board.locator(DRAWN[slug]).count() > 0, f"{slug}: diagram {i} is empty"
        expect(board.locator("xpath=following-sibling::figcaption")).not_to_be_empty()
    # written for people: nothing of the console programs shows, not even in a drawn board
    shown = article.inner_text().lower()
    for words in ("input 'x y'", "task 3", "seed program", "you now have following options"):
        assert words not in shown, f"{slug}: {words!r} shows"
    # pictures only: nothing in a diagram takes the focus
    assert article.locator('.rules-board [tabindex="0"]').count() == 0


def test_every_rules_page_draws_its_diagrams_on_desktop_and_phone(daphne_server, person):
    base = daphne_server.url
    for device, options in (("desktop", {}), ("phone", PHONE)):
        page = person(**options)
        with helpers.screenshots_on_failure(device, "rules", page=page):
            for slug, game in GAMES.items():
                response = page.goto(f"{base}/games/{slug}/rules/")
                assert response.status == 200
                expect(page.get_by_role("heading", level=1)).to_have_text(f"How to play {game.name}")
                check_rules(page, slug)
                if device == "phone":
                    width = page.evaluate("document.documentElement.scrollWidth")
                    assert width <= 390, f"{slug}: the page scrolls sideways on a phone ({width}px)"
                shot(page, f"{slug}-{device}")
            assert page.js_errors == []


def test_the_match_page_opens_the_rules_in_a_dialog(daphne_server, person):
    base = daphne_server.url
    page = person()
    with helpers.screenshots_on_failure("match", "rules", page=page):
        signup(page, base, username("rula"))
        # the lobby's game cards and the create form link the rules
        link = page.get_by_role("link", name="How to play The Journey")
        expect(link).to_have_attribute("href", "/games/journey/rules/")
        link.scroll_into_view_if_needed()
        shot(page, "lobby-desktop", full_page=False)
        page.goto(base + "/m/new/")
        page.check('input[name="game"][value="journey"]')
        link = page.get_by_role("link", name="How to play The Journey")
        expect(link).to_be_visible()
        expect(link).to_have_attribute("href", "/games/journey/rules/")
        link.scroll_into_view_if_needed()
        shot(page, "create-form-desktop", full_page=False)
        match_url = create_match(page, base, "journey", opponent="invite", side="0", mode="classic", seed="1")
        button = page.get_by_role("button", name="Rules")
        dialog = page.get_by_role("dialog", name="How to play The Journey")
        expect(dialog).to_be_hidden()

        button.click()
        expect(dialog).to_be_visible()
        check_rules(dialog, "journey")
        assert page.url == match_url  # still on the match
        expect(dialog.get_by_role("button", name="Close")).to_be_focused()
        shot(page, "match-dialog-desktop", full_page=False)
        page.keyboard.press("Escape")
        expect(dialog).to_be_hidden()
        expect(button).to_be_focused()

        # A monster asks W0 a question on the live board (keys 1 and 2 answer it there).
        before = ply(page)
        page.locator('#board .jy-cell[data-kind="monster"]').first.click()
        wait_ply_above(page, before)
        question = ply(page)
        expect(page.locator("#board .jy-dialogue button[data-answer]")).to_have_count(2)

        # Opened again: the rules are there at once; keys typed in it stay in it; the Close
        # button closes it.
        button.click()
        expect(dialog).to_be_visible()
        expect(dialog.locator('[data-rules="journey"]')).to_have_count(1)
        page.keyboard.press("1")
        # an answer sent marks the page pending in the key's own handler (match.js sendMove):
        # read at once, with no wait, it tells whether the key reached the board
        assert page.get_attribute("#match", "data-pending") == "", "a key typed in the rules answered"
        assert ply(page) == question
        dialog.get_by_role("button", name="Close").click()
        expect(dialog).to_be_hidden()
        expect(page.locator("#board .jy-dialogue button[data-answer]")).to_have_count(2)
        # The live board is still the match's, untouched by the dialog's diagrams.
        expect(page.locator("#board .jy-board")).to_have_count(1)
        assert page.js_errors == []

    phone = person(**PHONE)
    with helpers.screenshots_on_failure("match-phone", "rules", page=phone):
        phone.goto(match_url)
        expect(phone.locator("#match")).to_have_attribute("data-ready", "1")
        phone.get_by_role("button", name="Rules").click()
        dialog = phone.get_by_role("dialog", name="How to play The Journey")
        expect(dialog).to_be_visible()
        check_rules(dialog, "journey")
        shot(phone, "match-dialog-phone", full_page=False)
        dialog.get_by_role("button", name="Close").click()
        expect(dialog).to_be_hidden()
        assert phone.js_errors == []
