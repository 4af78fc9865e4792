"""The analysis board (issue 26) in a real browser: moves on the board, the engine's proved
values, back, a variation, the shared link restoring everything, and "Analyse from here" on
a replay. 1-D Reversi: its values are always proved. Screenshots: ``analysis-*.png``."""

from __future__ import annotations

import re

import pytest

from tests.browser.helpers import (
    LEGAL,
    PHONE,
    create_match,
    expect,
    request_computer_analysis,
    shot,
    signup,
    username,
    wait_ply_above,
)

pytestmark = pytest.mark.browser
PREFIX = "analysis"


def ready(page, ply: int) -> None:
    expect(page.locator("#analysis")).to_have_attribute("data-ready", "1")
    expect(page.locator("#analysis")).to_have_attribute("data-ply", str(ply))


def test_moves_a_variation_and_the_shared_link(daphne_server, person):
    base = daphne_server.url
    page = person(**PHONE)
    page.goto(base + "/analysis/reversi_1d/")
    ready(page, 0)
    expect(page.locator("#verdict")).to_have_text("Proved: Black (X) draws with best play (0).")
    rows = page.locator("#engine-moves tbody tr")
    expect(rows).to_have_count(12)
    expect(rows.first.locator("td").nth(2)).to_have_text("proved")
    page.locator(LEGAL).nth(5).click()  # slot 6
    ready(page, 1)
    page.locator(LEGAL).first.click()
    ready(page, 2)
    expect(page.locator("#ply-indicator")).to_have_text("After move 2 · Black (X) to move")
    page.get_by_role("button", name="One move back").click()
    ready(page, 1)
    page.locator(LEGAL).last.click()  # another answer: a variation from move 2
    ready(page, 2)
    expect(page.locator(".analysis-line .line-title")).to_have_text(["Main line", "Variation from move 2"])
    shot(page, "1-variation-phone", PREFIX)

    link = page.url
    again = person()
    again.goto(link)
    ready(again, 2)
    expect(again.locator(".analysis-line .line-title")).to_have_text(["Main line", "Variation from move 2"])
    assert (
        again.locator(".analysis-line [aria-current=step]").inner_text()
        == page.locator(".analysis-line [aria-current=step]").inner_text()
    )
    again.locator(".analysis-line").first.get_by_role("button").nth(1).click()  # the main line's move 2
    ready(again, 2)
    assert page.js_errors == [] and again.js_errors == []


def test_a_replay_opens_the_board_at_its_ply(daphne_server, person):
    base = daphne_server.url
    page = person()
    signup(page, base, username("ida"))
    create_match(page, base, "reversi_1d", opponent="computer", side="0")
    page.locator(LEGAL).first.click()
    wait_ply_above(page, 1)  # hers and the computer's answer
    page.goto(base + page.get_attribute("#replay-link", "href") + "?ply=1")
    analyse = page.get_by_role("link", name="Analyse from here")
    expect(analyse).to_be_visible()
    analyse.click()
    ready(page, 1)
    expect(page.locator(".analysis-line .line-title")).to_have_text(["Main line"])
    expect(page.locator("#ply-indicator")).to_have_text("After move 1 · White (O) to move")
    # The editor holds the position on the board (her disc down), White to move, ready to edit.
    expect(page.locator("#position-text")).to_have_value(re.compile(r"^\.*X\.*$"))
    expect(page.locator("#position-to-move")).to_have_value("1")
    shot(page, "2-from-replay", PREFIX)
    assert page.js_errors == []


def test_the_position_editor_explains_and_analyses(daphne_server, person):
    base = daphne_server.url
    page = person()
    page.goto(base + "/analysis/reversi_1d/")
    ready(page, 0)
    expect(page.locator("#position-text")).to_have_value("............")
    page.locator("#position-text").fill("Q...........")
    page.get_by_role("button", name="Analyse this position").click()
    expect(page.locator("#verdict")).to_have_text("Slot 1 holds 'Q': use 'X', 'O' or '.' (empty).")
    page.locator("#position-text").fill("XOOOOOOOOOO.")
    page.select_option("#position-to-move", "0")
    page.get_by_role("button", name="Analyse this position").click()
    ready(page, 0)
    expect(page.locator("#verdict")).to_have_text("Proved: Black (X) wins with best play (+12).")
    expect(page.locator("#engine-moves tbody tr")).to_have_count(1)
    page.reload()  # the edited position is in the link
    ready(page, 0)
    expect(page.locator("#verdict")).to_have_text("Proved: Black (X) wins with best play (+12).")
    page.locator(LEGAL).first.click()
    ready(page, 1)
    expect(page.locator("#verdict")).to_have_text("The game is over: Black (X) wins.")
    shot(page, "3-editor", PREFIX)
    page.get_by_role("button", name="Back to the start position").click()
    ready(page, 0)
    expect(page.locator("#engine-moves tbody tr")).to_have_count(12)
    assert page.js_errors == []


def test_a_requested_computer_analysis_on_a_replay(daphne_server, person):
    """ida plays 1-D Reversi to the end against the computer, asks for the computer analysis
    on the replay; the task worker (a real ``db_worker``) runs it; the page shows the graph,
    the marks and each player's summary, and a point of the graph goes to its move."""

    base = daphne_server.url
    page = person(**PHONE)
    signup(page, base, username("ida"))
    create_match(page, base, "reversi_1d", opponent="computer", side="0", level="random")
    while page.get_attribute("#match", "data-status") != "finished":
        before = int(page.get_attribute("#match", "data-ply"))
        page.locator(LEGAL).first.click()
        page.wait_for_function(
            f"() => document.querySelector('#match').dataset.ply > {before + 1}"
            " || document.querySelector('#match').dataset.status === 'finished'"
        )
    page.goto(base + page.get_attribute("#replay-link", "href"))
    card = request_computer_analysis(page, daphne_server)
    expect(card.locator("#analysis-status")).to_have_text("Every move analysed (12).")
    expect(card.locator("circle.proved")).to_have_count(12)  # 1-D Reversi: every value proved
    expect(card.locator(".analysis-summary tbody tr")).to_have_count(2)
    card.locator("circle").nth(4).focus()
    page.keyboard.press("Enter")  # the points are keyboard stops too
    expect(page.locator("#replay")).to_have_attribute("data-ply", "5")
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["viewport"]["width"]
    shot(page, "4-computer-analysis-phone", PREFIX)
    assert page.js_errors == []


def test_a_pasted_record_opens_in_the_board(daphne_server, person):
    base = daphne_server.url
    page = person()
    page.goto(base + "/analysis/reversi_1d/")
    ready(page, 0)
    page.locator("#record-text").fill("6 5 4 99")
    page.get_by_role("button", name="Open it").click()
    expect(page.locator("#record-note")).to_contain_text("Move 4 (99)")
    page.locator("#record-text").fill("6 5 4")
    page.get_by_role("button", name="Open it").click()
    ready(page, 3)
    expect(page.locator("#record-note")).to_have_text("3 moves opened.")
    expect(page.locator(".analysis-line").first.get_by_role("button")).to_have_text(["1. 6", "2. 5", "3. 4"])
    assert page.js_errors == []


def test_play_a_match_from_an_edited_position(daphne_server, person):
    """kim sets a Connect Four position in the editor, follows "Play a match from here" and
    plays the computer from it: the create form holds the position, the match starts there."""
    base = daphne_server.url
    page = person()
    signup(page, base, username("kim"))
    page.goto(base + "/analysis/connect_four/")
    ready(page, 0)
    rows = ["......."] * 3 + ["...Y...", "...R...", "..RY..."]
    page.locator("#position-text").fill("\n".join(rows))
    page.get_by_role("button", name="Analyse this position").click()
    ready(page, 0)
    page.get_by_role("link", name="Play a match from here").click()
    page.wait_for_url(re.compile(r"/m/new/\?"))
    assert page.input_value("#id_connect_four__start").strip() == "\n".join(rows)
    expect(page.locator('.game-options[data-game="connect_four"] .options-preview')).to_contain_text(
        "start position as typed"
    )
    page.check('input[name="opponent"][value="computer"]')
    page.select_option("#id_side", "0")
    page.get_by_role("button", name="Create match").click()
    page.wait_for_url(re.compile(r"/m/[^/]+/$"))
    expect(page.locator("#match")).to_have_attribute("data-ready", "1")
    board = page.evaluate("JSON.parse(document.getElementById('initial-state').textContent).board.board")
    assert board == rows
    shot(page, "5-played-from-here", PREFIX)
    assert page.js_errors == []


def test_reversi_from_the_board_previews_its_start_on_a_phone(daphne_server, person):
    """lea plays one Reversi move on the board and follows "Play a match from here" on a
    phone: the create form previews the start position, White to move."""
    base = daphne_server.url
    page = person(**PHONE)
    signup(page, base, username("lea"))
    page.goto(base + "/analysis/reversi/?size=6")
    ready(page, 0)
    page.locator(LEGAL).first.click()
    ready(page, 1)
    page.get_by_role("link", name="Play a match from here").click()
    page.wait_for_url(re.compile(r"/m/new/\?"))
    start = page.input_value("#id_reversi__start")
    assert start.endswith("\nO to move") and len(start.splitlines()) == 7
    preview = page.locator('.game-options[data-game="reversi"] .options-preview')
    expect(preview).to_contain_text("White (O) moves first.")
    expect(preview.locator(".rv-preview [data-cell]")).to_have_count(36)
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["viewport"]["width"]
    shot(page, "6-reversi-start-preview-phone", PREFIX)
    assert page.js_errors == []
