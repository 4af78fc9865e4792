"""The clock's history on the replay page, in a real browser: a timed match's replay shows
each seat's time left at the shown ply (the full bank at the start, then what each move left)
and the mover's time left in the move list; a match lost on time says who ran out.

The matches are made through the HTTP API and sockets (tests/support/client.py).
Screenshots: ``test-artifacts/clock-replay.png`` (and ``clock-replay-time.png``).
"""

from __future__ import annotations

import re
import time
from concurrent.futures import ThreadPoolExecutor

import pytest

from tests.browser import helpers
from tests.support.client import Player

sync_api = pytest.importorskip("playwright.sync_api")
expect = sync_api.expect

pytestmark = pytest.mark.browser


def realtime_text(ms: int) -> str:
    """static/js/clock.js clockText for realtime times of ten seconds or more."""
    whole = -(-ms // 1000)
    return f"{whole // 60}:{whole % 60:02d}"


def move_once(player: Player, match_id: str) -> dict:
    """Player.move_once runs its own event loop: off the thread where Playwright runs one."""
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(player.move_once, match_id).result(timeout=30)


def test_the_replay_shows_the_clocks_at_each_ply(daphne_server, person):
    base = daphne_server.url
    ann, ben = Player(base).signup(), Player(base).signup()
    match = ann.create("reversi", {"size": 6}, clock={"initial": 300, "increment": 3})
    ben.join(match["id"])
    for who in (ann, ben, ann):
        move_once(who, match["id"])
    moves = ann.replay(match)["moves"]
    assert [m["ply"] for m in moves] == [1, 2, 3] and all(m["clock_ms"] for m in moves)

    # a second match that ann loses on time: three seconds on her clock, one move each (a
    # player who never moved would have it aborted), then she moves no more
    lost = ann.create("reversi", {"size": 6}, clock={"initial": 3, "increment": 0})
    ben.join(lost["id"])
    for who in (ann, ben):
        move_once(who, lost["id"])
    end = time.monotonic() + 15
    while ann.match(lost["id"])["status"] != "finished" and time.monotonic() < end:
        time.sleep(0.2)
    assert ann.match(lost["id"])["result"]["reason"] == "time"

    page = person()
    with helpers.screenshots_on_failure("replay", "clock", page=page):
        page.goto(base + match["replay_url"] + "?ply=2")
        expect(page.locator("#replay")).to_have_attribute("data-ply", "2")
        clocks = page.locator("#replay-clocks")
        expect(clocks).to_be_visible()
        expect(clocks.locator(".clock-control")).to_have_text("5+3")
        expect(clocks.locator(".clock")).to_have_count(2)
        for seat in (0, 1):
            row = clocks.locator(f'.clock[data-seat="{seat}"]')
            expect(row).to_have_attribute("data-ms", str(moves[1]["clock_ms"][seat]))
            expect(row.locator(".clock-time")).to_have_text(realtime_text(moves[1]["clock_ms"][seat]))
        expect(clocks.locator('.clock[data-seat="0"] .clock-who')).to_contain_text(ann.username)
        # the move list: the mover's time left after each move
        times = page.locator("#moves .move-clock")
        expect(times).to_have_count(3)
        expect(times.nth(1)).to_have_text(realtime_text(moves[1]["clock_ms"][1]))
        page.evaluate("document.fonts.ready.then(() => true)")  # the fonts settle
        helpers.ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(helpers.ARTIFACTS / "clock-replay.png"), full_page=True)

        # the start: the full bank each; the last move: what it left
        page.locator("#first").click()
        expect(page.locator("#replay")).to_have_attribute("data-ply", "0")
        expect(clocks.locator(".clock-time")).to_have_text(["5:00", "5:00"])
        page.keyboard.press("End")
        expect(page.locator("#replay")).to_have_attribute("data-ply", "3")
        last = clocks.locator('.clock[data-seat="0"]')
        expect(last).to_have_attribute("data-ms", str(moves[2]["clock_ms"][0]))

        # lost on time: the result in words, ann's clock at zero
        page.goto(base + lost["replay_url"])
        expect(page.locator("#replay")).to_have_attribute("data-ready", "1")
        page.keyboard.press("End")  # the end, after the two moves
        expect(page.locator("#replay")).to_have_attribute("data-ply", "2")
        words = f"{ann.username} ran out of time — {ben.username} wins"
        expect(page.locator("#result")).to_contain_text(words)
        expect(clocks.locator(".clock-control")).to_have_text("0:03+0")
        expect(clocks.locator('.clock[data-seat="0"]')).to_have_attribute("data-ms", "0")
        expect(clocks.locator('.clock[data-seat="0"]')).to_have_class(re.compile(r"\blow\b"))
        page.screenshot(path=str(helpers.ARTIFACTS / "clock-replay-time.png"), full_page=True)
        assert page.js_errors == []
