"""Notes (``static/js/toast.js``) on the match page never cover the board, the clocks or
the player cards: two people in a timed Reversi match, one at a desk and one on a phone,
each with three notes at once (the newest three stay); and the Journey's legend on a desk.

Screenshots: ``test-artifacts/notes-*.png``.
"""

from __future__ import annotations

import pytest

from tests.browser import helpers
from tests.browser.helpers import PHONE, expect, wait_ply_above
from tests.support.client import Player

pytestmark = pytest.mark.browser

GUARDED = ("#board", "#clocks", "#players")

# Each note's box and each guarded element's box, in page coordinates.
BOXES = """(guarded) => {
  const box = el => { const r = el.getBoundingClientRect();
    return {top: r.top + scrollY, bottom: r.bottom + scrollY, left: r.left, right: r.right}; };
  return {
    notes: [...document.querySelectorAll(".toast")].map(box),
    guarded: Object.fromEntries(guarded.map(s => [s, document.querySelector(s)])
      .filter(([, e]) => e && e.offsetParent).map(([s, e]) => [s, box(e)])),
  };
}"""

# Three notes at once from the page's own module (the same module instance the page uses),
# each kept for a minute: the test reads them, whatever the time a slow machine takes (a
# note lives 4.5 s, and a move's note was gone before the others came under load).
THREE_NOTES = """async () => {
  const {toast} = await import("/static/js/toast.js");
  toast("bob played D3.", "info", 60000);
  toast("Not connected: try again in a moment.", "error", 60000);
  toast("Invite link copied.", "ok", 60000);
}"""


def browser_as(person, player: Player, **options):
    """A browser context logged in with ``player``'s session."""
    page = person(**options)
    host = player.base.split("//", 1)[1].split(":")[0]
    page.context.add_cookies(
        [{"name": k, "value": v, "domain": host, "path": "/"} for k, v in player.http.cookies.items()]
    )
    return page


def overlaps(a: dict, b: dict) -> bool:
    across = a["left"] < b["right"] and b["left"] < a["right"]
    return across and a["top"] < b["bottom"] and b["top"] < a["bottom"]


def assert_nothing_covered(page, on_screen: bool = True) -> None:
    """Three notes show and none of them lies over the board, a clock or a player card,
    with the page at its top and scrolled to its end; unless ``on_screen`` is False, one of
    them is on the screen with the page at its top."""
    expect(page.locator(".toast")).to_have_count(3)
    for scroll in ("0", "document.body.scrollHeight"):
        page.evaluate(f"window.scrollTo(0, {scroll})")
        boxes = page.evaluate(BOXES, list(GUARDED))
        assert boxes["guarded"].get("#board"), boxes
        for note in boxes["notes"]:
            for name, guarded in boxes["guarded"].items():
                assert not overlaps(note, guarded), (name, note, guarded)
        # a note is on the screen, where it can be read
        visible = page.evaluate("""() => [...document.querySelectorAll('.toast')].some(t => {
          const r = t.getBoundingClientRect(); return r.bottom > 0 && r.top < innerHeight; })""")
        if scroll == "0" and on_screen:
            assert visible
    page.evaluate("window.scrollTo(0, 0)")


def test_notes_stay_off_the_board_the_clocks_and_the_players(daphne_server, person):
    base = daphne_server.url
    ann, ben = Player(base).signup(), Player(base).signup()
    match = ann.create("reversi", {"size": 8}, clock={"initial": 300, "increment": 3})
    ben.join(match["id"])
    desk, phone = browser_as(person, ann), browser_as(person, ben, **PHONE)
    with helpers.screenshots_on_failure("notes", "notes", desk=desk, phone=phone):
        for page in (desk, phone):
            page.goto(base + match["url"])
            expect(page.locator("#match")).to_have_attribute("data-ready", "1")
            expect(page.locator("#clocks")).to_be_visible()
        # ann moves: ben's phone says so in a note; ben answers: a note on ann's desk
        for mover, other in ((desk, phone), (phone, desk)):
            before = helpers.ply(other)
            mover.locator(helpers.LEGAL).first.click()
            wait_ply_above(other, before)
            expect(other.locator(".toast")).to_have_count(1)
        for page in (desk, phone):
            page.evaluate(THREE_NOTES)
            assert_nothing_covered(page)
        helpers.shot(desk, "reversi-desktop", "notes")
        helpers.shot(phone, "reversi-phone", "notes")
        assert not desk.js_errors and not phone.js_errors, desk.js_errors + phone.js_errors


def test_notes_leave_the_journeys_legend_alone(daphne_server, person):
    base = daphne_server.url
    cora = Player(base).signup()
    match = cora.create("journey", {"mode": "classic", "seed": 7})
    for name, options in (("desktop", {}), ("phone", PHONE)):
        page = browser_as(person, cora, **options)
        with helpers.screenshots_on_failure(f"journey-{name}", "notes", page=page):
            page.goto(base + match["url"])
            expect(page.locator("#match")).to_have_attribute("data-ready", "1")
            expect(page.locator(".jy-legend")).to_be_visible()
            page.evaluate(THREE_NOTES)
            # on a phone the Journey's board has its warriors and messages under it: the
            # notes come after them, below the first screen (those panels say it too)
            assert_nothing_covered(page, on_screen=name == "desktop")
            helpers.shot(page, f"journey-{name}", "notes")
