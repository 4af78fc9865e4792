"""Every game's largest board fits a 360 px wide phone (issue 50, finding 7): the board and
everything drawn in it lie inside the screen (nothing scrolls sideways), each marked cell is
the one a finger hits at its centre, and a tap on the rightmost legal cell is a move the
server accepts (Gomoku's 19 x 19: a cell of its last column).

The games and their largest options come from the registry: every whole-number option
with a bound takes its largest value (Reversi 26 x 26, Connect Four 12 x 12, Gomoku
19 x 19, The Journey's four warriors...). The players are seated through the API.

Screenshots: ``test-artifacts/phone-board-*.png``.
"""

from __future__ import annotations

import pytest

from games.catalog.registry import GAMES
from tests.browser import helpers
from tests.browser.helpers import LEGAL, expect, wait_ply_above
from tests.support.client import Player

pytestmark = pytest.mark.browser

SMALL_PHONE = {
    "viewport": {"width": 360, "height": 740},
    "is_mobile": True,
    "has_touch": True,
    "device_scale_factor": 2,
}

# Whatever the board draws, outside the screen's width; and the page's own sideways scroll.
OUTSIDE = """() => {
  const width = document.documentElement.clientWidth;
  const out = [];
  for (const el of [document.getElementById('board'), ...document.querySelectorAll('#board *')]) {
    const r = el.getBoundingClientRect();
    if (r.width && r.height && (r.left < -0.5 || r.right > width + 0.5)) {
      out.push(`${el.tagName}.${el.className} ${Math.round(r.left)}..${Math.round(r.right)}`);
    }
  }
  return {out: out.slice(0, 5), count: out.length, scroll: document.documentElement.scrollWidth - width};
}"""

# The legal cells a finger would miss: what is drawn at a cell's centre is not that cell.
MISSED = """cells => cells.filter((cell) => {
  const r = cell.getBoundingClientRect();
  const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
  return !(hit && cell.contains(hit));
}).map((cell) => cell.dataset.cell || cell.dataset.col || cell.outerHTML.slice(0, 60))"""

RIGHTMOST = """cells => cells.reduce((best, cell, i) =>
  cell.getBoundingClientRect().right > cells[best].getBoundingClientRect().right ? i : best, 0)"""


def largest_options(slug: str) -> dict:
    """The game's options with each bounded whole number at its largest."""
    game = GAMES[slug]
    raw = {name: o.max for name, o in game.options.items() if o.type == "int" and o.max is not None}
    options = game.clean_options(raw)
    game.check_options(options)
    return options


@pytest.mark.parametrize("slug", list(GAMES))
def test_the_largest_board_fits_a_360_px_phone(daphne_server, person, slug):
    base = daphne_server.url
    game = GAMES[slug]
    options = largest_options(slug)
    players = [Player(base).signup() for _ in range(game.seat_count(options))]
    match = players[0].create(slug, options, side=0)
    for other in players[1:]:
        other.join(match["id"])

    page = person(**SMALL_PHONE)
    host = base.split("//", 1)[1].split(":")[0]
    page.context.add_cookies(
        [{"name": k, "value": v, "domain": host, "path": "/"} for k, v in players[0].http.cookies.items()]
    )
    with helpers.screenshots_on_failure(slug, "phone-board", page=page):
        page.goto(base + match["url"])
        expect(page.locator("#match")).to_have_attribute("data-ready", "1")
        expect(page.locator("#match")).to_have_attribute("data-status", "active")
        page.evaluate("new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))")
        outside = page.evaluate(OUTSIDE)
        assert outside["count"] == 0 and outside["scroll"] <= 0, outside
        helpers.shot(page, slug, "phone-board")

        legal = page.locator(LEGAL)
        if legal.count():  # a board of cells to tap (Alpha Battle's setup has none)
            # the board mid-screen: the status line stays at the top of a phone's screen, over it
            page.evaluate("document.getElementById('board').scrollIntoView({block: 'center'})")
            assert legal.evaluate_all(MISSED) == []
            target = legal.nth(legal.evaluate_all(RIGHTMOST))
            box = target.bounding_box()
            assert box["x"] >= 0 and box["x"] + box["width"] <= SMALL_PHONE["viewport"]["width"]
            before = helpers.ply(page)
            target.tap()
            wait_ply_above(page, before)
        assert page.js_errors == []
