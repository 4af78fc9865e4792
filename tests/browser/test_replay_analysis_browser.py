"""A replay's finished computer analysis seen again: its move marks are back after a reload
and for a logged-out visitor with the link (replay_analysis.js marks the move list whenever
replay.js has built it), and its summary fits its card on a desk and on a phone, with the
graph's legend in words. Screenshots: ``replay-analysis-*.png``."""

from __future__ import annotations

import pytest

from tests.browser.helpers import (
    LEGAL,
    PHONE,
    create_match,
    expect,
    replay_ready,
    request_computer_analysis,
    screenshots_on_failure,
    shot,
    signup,
    username,
)

pytestmark = pytest.mark.browser
PREFIX = "replay-analysis"
MARKS = {"inaccuracy": "?!", "mistake": "?", "blunder": "??"}


def play_badly(page) -> None:
    """1-D Reversi against the perfect computer, always the second free slot when there is a
    choice: a few of these moves lose discs, so the analysis marks them."""
    while page.get_attribute("#match", "data-status") != "finished":
        before = int(page.get_attribute("#match", "data-ply"))
        legal = page.locator(LEGAL)
        (legal.nth(1) if legal.count() > 1 else legal.first).click()
        page.wait_for_function(
            f"() => document.querySelector('#match').dataset.ply > {before + 1}"
            " || document.querySelector('#match').dataset.status === 'finished'"
        )


def check_marks(page, marked: list[dict]) -> None:
    """The move list has one mark per marked ply of the stored analysis, each on its move."""
    expect(page.locator("#computer-analysis")).to_have_attribute("data-status", "done")
    replay_ready(page)
    expect(page.locator("#moves .move-mark")).to_have_count(len(marked))
    for p in marked:
        mark = page.locator(f'#moves button[data-ply="{p["ply"]}"] .move-mark')
        expect(mark).to_have_text(MARKS[p["mark"]])


def check_fits(page, names: list[str]) -> None:
    """The summary needs no sideways scroll, nor the page; the graph says which way is whose."""
    card = page.locator("#computer-analysis")
    expect(card.locator(".analysis-summary tbody tr")).to_have_count(2)
    region = page.locator("#analysis-summary")
    scroll, client = region.evaluate("el => [el.scrollWidth, el.clientWidth]")
    assert scroll <= client, (scroll, client)
    assert page.evaluate("document.documentElement.scrollWidth") <= page.viewport_size["width"]
    legend = card.locator(".graph-legend")
    expect(legend).to_be_visible()
    expect(legend).to_contain_text(f"better for {names[0]}")
    expect(legend).to_contain_text(f"better for {names[1]}")
    for word in ("Inaccuracies", "Mistakes", "Blunders"):  # the headers' full words, for screen readers
        expect(card.get_by_role("columnheader", name=word)).to_have_count(1)


def test_marks_after_a_reload_and_for_a_visitor(daphne_server, person):
    """ida plays the perfect computer badly and asks for the computer analysis; she reloads
    the replay, and a logged-out visitor opens it on a phone: both see every mark, and the
    summary with no sideways scroll."""
    base = daphne_server.url
    page = person()
    ida = username("ida")
    signup(page, base, ida)
    create_match(page, base, "reversi_1d", opponent="computer", side="0", level="strong")
    play_badly(page)
    replay = base + page.get_attribute("#replay-link", "href")
    page.goto(replay)
    card = request_computer_analysis(page, daphne_server)
    analysis = page.request.get(base + card.get_attribute("data-url")).json()
    marked = [p for p in analysis["plies"] if p["mark"] in MARKS]
    assert marked, "the game has no marked move to show"
    names = [ida, "the computer (strong)"]
    with screenshots_on_failure("marks", PREFIX, page=page):
        check_marks(page, marked)  # just finished: drawn over the built list
        page.reload()
        check_marks(page, marked)
        check_fits(page, names)
        shot(page, "1-reloaded-desktop", PREFIX)

    visitor = person(**PHONE)
    with screenshots_on_failure("visitor", PREFIX, visitor=visitor):
        visitor.goto(replay)
        check_marks(visitor, marked)
        check_fits(visitor, names)
        shot(visitor, "2-visitor-phone", PREFIX)
    assert page.js_errors == [] and visitor.js_errors == []
