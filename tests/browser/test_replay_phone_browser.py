"""The replay on a phone: ``?ply=12`` opens with the board on the screen (the move list's
own scrolling must not carry the page past it), and no keyboard hint shows on a touch
screen (it does on a desk). The match is played through the API by two people.

Screenshots: ``test-artifacts/replay-phone-*.png``.
"""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

import pytest

from tests.browser import helpers
from tests.browser.helpers import PHONE, expect
from tests.support.client import Player

pytestmark = pytest.mark.browser

HINT = "Keyboard: ← → step"


def play_moves(players: tuple[Player, Player], match_id: str, plies: int) -> None:
    """Alternate first legal moves (each in its own event loop, off Playwright's thread)."""
    with ThreadPoolExecutor(1) as pool:
        for i in range(plies):
            pool.submit(players[i % 2].move_once, match_id).result(timeout=30)


def test_replay_at_a_ply_on_a_phone_keeps_the_board_in_view(daphne_server, person):
    base = daphne_server.url
    ann, ben = Player(base).signup(), Player(base).signup()
    match = ann.create("connect_four", {})
    ben.join(match["id"])
    play_moves((ann, ben), match["id"], 16)
    url = base + match["replay_url"] + "?ply=12"

    phone = person(**PHONE)
    with helpers.screenshots_on_failure("replay-phone", "replay-phone", phone=phone):
        phone.goto(url)
        expect(phone.locator("#replay")).to_have_attribute("data-ready", "1")
        expect(phone.locator("#replay")).to_have_attribute("data-ply", "12")
        expect(phone.locator('#moves button[aria-current="true"]')).to_have_attribute("data-ply", "12")
        phone.evaluate("new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))")
        assert phone.evaluate("scrollY") == 0
        top = phone.evaluate("document.getElementById('board').getBoundingClientRect().top")
        assert 0 <= top < phone.viewport_size["height"] / 2, top
        expect(phone.get_by_text(HINT)).to_be_hidden()
        # the current move is still in view inside the list's own box
        inside = phone.evaluate("""() => {
          const list = document.getElementById('moves').getBoundingClientRect();
          const b = document.querySelector('#moves [aria-current="true"]').getBoundingClientRect();
          return b.top >= list.top - 1 && b.bottom <= list.bottom + 1; }""")
        assert inside
        phone.screenshot(path=str(helpers.ARTIFACTS / "replay-phone-ply12.png"))  # the first screen
        helpers.shot(phone, "ply12-full", "replay-phone")

    desk = person()
    desk.goto(url)
    expect(desk.locator("#replay")).to_have_attribute("data-ready", "1")
    expect(desk.get_by_text(HINT)).to_be_visible()
    assert not phone.js_errors and not desk.js_errors
