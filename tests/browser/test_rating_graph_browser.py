"""The profile's rating graph: axes with values and dates, and a point per rated match that
tells its date, the rating, the opponent and the result on hover (a desk) or tap (a phone).
Two people play two rated matches (through the API: one resigns each), then each looks.

Screenshots: ``test-artifacts/rating-graph-*.png``.
"""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

import pytest

from tests.browser import helpers
from tests.browser.helpers import PHONE, expect
from tests.support.client import Player

pytestmark = pytest.mark.browser


def rated_match(first: Player, second: Player, loser: Player) -> None:
    """A rated Reversi match between two people: one move each, then ``loser`` resigns. Open
    (listed): a private match's opponent and result are told only to its players."""
    match = first.create("reversi", {"size": 6}, opponent="open", rated=True)
    second.join(match["id"])
    with ThreadPoolExecutor(1) as pool:  # move_once runs its own event loop
        pool.submit(first.move_once, match["id"]).result(timeout=30)
        pool.submit(second.move_once, match["id"]).result(timeout=30)
    assert loser.api("POST", f"/api/matches/{match['id']}/resign/").status_code == 200


def test_the_rating_graph_has_axes_and_tells_each_match(daphne_server, person):
    base = daphne_server.url
    ann, ben = Player(base).signup(), Player(base).signup()
    rated_match(ann, ben, loser=ben)  # ann wins
    rated_match(ben, ann, loser=ann)  # ann loses
    desk, phone = person(), person(**PHONE)
    with helpers.screenshots_on_failure("graph", "rating-graph", desk=desk, phone=phone):
        for page in (desk, phone):
            page.goto(f"{base}/u/{ann.username}/")
            graph = page.locator(".rating-graph")
            expect(graph).to_have_count(1)
            expect(graph.locator(".rg-value")).to_have_count(3)  # lowest, middle, highest
            values = [int(v) for v in graph.locator(".rg-value").all_text_contents()]
            assert values == sorted(values, reverse=True) and values[0] > 1500 > values[-1], values
            expect(graph.locator(".rg-date")).to_have_count(2)
            expect(graph.locator(".rg-point")).to_have_count(2)
            expect(graph.locator(".rg-tip").first).to_be_hidden()
            # the record's five columns fit, on the phone too (no sideways scroll to find Draws)
            record = page.locator(".table-wrap").first
            assert record.evaluate("el => el.scrollWidth <= el.clientWidth"), page.viewport_size

        won, lost = desk.locator(".rg-point").nth(0), desk.locator(".rg-point").nth(1)
        won.hover()
        expect(won.locator(".rg-tip")).to_be_visible()
        expect(won.locator(".rg-tip")).to_contain_text(f"won against {ben.username}")
        expect(lost.locator("title")).to_contain_text(f"lost to {ben.username}")
        helpers.shot(desk, "desktop-hover", "rating-graph")

        tapped = phone.locator(".rg-point").nth(1)
        tapped.tap()
        expect(tapped.locator(".rg-tip")).to_be_visible()
        expect(tapped.locator(".rg-tip")).to_contain_text(f"lost to {ben.username}")
        tapped.scroll_into_view_if_needed()
        phone.screenshot(path=str(helpers.ARTIFACTS / "rating-graph-phone-tap.png"))

        # ben's own profile: the same two matches from his side
        desk.goto(f"{base}/u/{ben.username}/")
        expect(desk.locator(".rg-point title").nth(0)).to_contain_text(f"lost to {ann.username}")
        expect(desk.locator(".rg-point title").nth(1)).to_contain_text(f"won against {ann.username}")
        assert not desk.js_errors and not phone.js_errors
