"""Issue 50's newcomer walk, its minor findings in real browsers (finding 8): resigning
before any move says it aborts; a declined draw says why no draw may be offered now; a phone
keeps the status line and the result in sight; the rematch takes its accepter's other pages
to it too; the quick-pairing rows line up.

Screenshots: ``test-artifacts/walk-minor-*.png``.
"""

from __future__ import annotations

import pytest

from tests.browser import helpers
from tests.browser.helpers import PHONE, create_match, expect, join, move_once, signup, username

pytestmark = pytest.mark.browser

IN_SIGHT = "el => { const r = el.getBoundingClientRect(); return r.top >= 0 && r.bottom <= innerHeight; }"


def two_people(person, base: str, **b_options):
    a, b = person(), person(**b_options)
    ann, bob = username("ann"), username("bob")
    signup(a, base, ann)
    signup(b, base, bob)
    match_url = create_match(a, base, "reversi", size="6", blocks="")
    join(b, match_url + "join/", match_url)
    return a, b, ann, bob, match_url


def test_resigning_before_any_move_says_the_match_is_aborted(daphne_server, person):
    a, b, ann, bob, _ = two_people(person, daphne_server.url)
    with helpers.screenshots_on_failure("resign-abort", "walk-minor", a=a, b=b):
        asked = []
        a.once("dialog", lambda dialog: (asked.append(dialog.message), dialog.accept()))
        a.get_by_role("button", name="Resign").click()
        for page in (a, b):
            expect(page.locator("#match")).to_have_attribute("data-status", "aborted")
        said = "Abort this match? Nobody has moved yet, so it ends with no result and counts for nobody."
        assert asked == [said]
        assert not (a.js_errors or b.js_errors)


def test_a_declined_draw_says_why_none_may_be_offered_and_a_phone_sees_the_end(daphne_server, person):
    a, b, ann, bob, _ = two_people(person, daphne_server.url, **PHONE)
    with helpers.screenshots_on_failure("draw", "walk-minor", a=a, b=b):
        note = a.locator("#draw-blocked")
        expect(note).to_have_text("A draw can be offered once every player has made a move.")
        move_once((a, b))
        move_once((a, b))
        expect(note).to_be_hidden()
        a.get_by_role("button", name="Offer a draw").click()
        b.get_by_role("button", name="Decline").click()
        expect(a.locator(".toast")).to_contain_text([f"{bob} declined your draw offer."])
        expect(note).to_have_text(
            "You offered a draw lately: you may offer again after 20 more moves of yours."
        )
        expect(a.locator("#offer-draw")).to_be_hidden()
        helpers.shot(a, "draw-declined", "walk-minor")

        # Bob, on his phone, scrolls down to the buttons: the status line stays in sight.
        move_once((a, b))
        b.locator("#offer-draw").scroll_into_view_if_needed()
        assert b.evaluate("scrollY") > 0
        assert b.locator("#turn-bar").evaluate(IN_SIGHT)
        expect(b.locator("#turn-bar")).to_have_text("Your turn")
        # He offers a draw from there; ann accepts: the result comes into his sight.
        b.get_by_role("button", name="Offer a draw").click()
        a.get_by_role("button", name="Accept the draw").click()
        expect(b.locator("#match")).to_have_attribute("data-status", "finished")
        expect(b.locator("#result")).to_be_visible()
        b.wait_for_function(f"(el => ({IN_SIGHT})(el))(document.getElementById('result'))")
        assert b.locator("#turn-bar").evaluate(IN_SIGHT)
        helpers.shot(b, "phone-draw-result", "walk-minor")
        assert not (a.js_errors or b.js_errors)


def test_the_rematch_accepted_in_another_tab_takes_the_accepters_page_there(daphne_server, person):
    a, b, ann, bob, match_url = two_people(person, daphne_server.url)
    with helpers.screenshots_on_failure("rematch", "walk-minor", a=a, b=b):
        move_once((a, b))
        a.once("dialog", lambda dialog: dialog.accept())
        a.get_by_role("button", name="Resign").click()
        expect(b.locator("#match")).to_have_attribute("data-status", "finished")
        a.get_by_role("button", name="Rematch", exact=True).click()
        a.wait_for_url(lambda url: url != match_url)
        rematch_url = a.url
        expect(b.locator("#rematch-text")).to_have_text(f"{ann} offers a rematch.")
        tab = b.context.new_page()  # bob's other tab on the finished match: he accepts there
        tab.goto(match_url)
        helpers.page_ready(tab)
        tab.get_by_role("button", name="Accept").click()
        tab.wait_for_url(rematch_url)
        b.wait_for_url(rematch_url)  # pushed over the first tab's socket: it goes there too
        expect(b.locator("#match")).to_have_attribute("data-status", "active")
        assert not (a.js_errors or b.js_errors)


# Each row's visible buttons: their left edges and widths; and where each row's buttons begin.
BUTTONS = """() => [...document.querySelectorAll('#quick-pairing .pool-row')].map((row) => ({
  game: row.querySelector('.pool-game').getBoundingClientRect().left,
  buttons: [...row.querySelectorAll('.pool-button:not([hidden])')].map((b) => {
    const r = b.getBoundingClientRect();
    return [Math.round(r.left), Math.round(r.width)];
  }),
}))"""


@pytest.mark.parametrize("options", [{}, PHONE], ids=["desk", "phone"])
def test_the_quick_pairing_rows_line_up(daphne_server, person, options):
    page = person(**options)
    signup(page, daphne_server.url, username("pia"))
    for mode in ("rated", "casual"):
        page.locator(f'input[name="pairing-mode"][value="{mode}"]').check()
        rows = page.evaluate(BUTTONS)
        assert len(rows) >= 3 and all(row["buttons"] for row in rows)
        assert len({round(row["game"]) for row in rows}) == 1
        for column in range(max(len(row["buttons"]) for row in rows)):
            cells = {tuple(row["buttons"][column]) for row in rows if column < len(row["buttons"])}
            assert len(cells) == 1, (mode, column, rows)
    helpers.shot(page, f"pairing-{'phone' if options else 'desk'}", "walk-minor")
    assert page.js_errors == []
