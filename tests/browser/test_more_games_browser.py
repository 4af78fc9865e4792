"""Connect Four, 1-D Reversi and Othello played by clicking in real browsers.

Debian's chromium driven by Playwright, against the session's daphne server: two people
(two browser contexts) play a whole Connect Four game and a whole 1-D Reversi game, one
person plays Othello against the computer. Moves are picked from what the pages offer
(the server's legal moves); the expected positions below are the seeds' rules worked out
by hand. Screenshots go to ``test-artifacts/`` (git-ignored).
"""

from __future__ import annotations

import re

import pytest

from tests.browser import helpers
from tests.browser.helpers import (
    LEGAL,
    PHONE,
    create_match,
    join,
    ply,
    signup,
    username,
    wait_ply,
    wait_ply_above,
)

sync_api = pytest.importorskip("playwright.sync_api")
expect = sync_api.expect

pytestmark = pytest.mark.browser

# Every disc that starts falling is recorded as [row, col] in window.fell.
WATCH_FALLS = """() => {
  window.fell = [];
  new MutationObserver((records) => {
    for (const r of records) {
      if (r.target.dataset.falling !== "true") continue;
      const cell = r.target.closest(".c4-cell");
      window.fell.push([Number(cell.dataset.row), Number(cell.dataset.col)]);
    }
  }).observe(document.getElementById("board"),
              {subtree: true, attributes: true, attributeFilter: ["data-falling"]});
}"""
# How far the disc of a cell is from the cell's own box (0 once it has landed).
DISC_OFFSET = """(cell) => {
  const disc = cell.querySelector(".c4-disc").getBoundingClientRect();
  const box = cell.getBoundingClientRect();
  return Math.max(Math.abs(disc.top - box.top), Math.abs(disc.left - box.left),
                  Math.abs(disc.bottom - box.bottom), Math.abs(disc.right - box.right));
}"""


def shot(page, name: str) -> None:
    helpers.shot(page, name, "more-games")


def board_slots(page) -> str:
    """The 1-D board as the page shows it, in the seed's letters ("X", "O", " ")."""
    states = page.locator("#board .r1-slot").evaluate_all("slots => slots.map((s) => s.dataset.state)")
    return "".join({"black": "X", "white": "O", "empty": " "}[s] for s in states)


# -- Connect Four ------------------------------------------------------------------------
# A drops in column 3 four times, B in column 2 three times: a vertical four for R.
# (page, column, how the move is made, the row the disc lands on)
C4_MOVES = [
    ("a", 3, "button", 5),
    ("b", 2, "column", 5),
    ("a", 3, "enter", 4),
    ("b", 2, "arrows", 4),
    ("a", 3, "button", 3),
    ("b", 2, "column", 3),
    ("a", 3, "button", 2),
]


def c4_cell(page, row: int, col: int):
    return page.locator(f'#board .c4-cell[data-row="{row}"][data-col="{col}"]')


def c4_move(page, col: int, how: str) -> None:
    if how == "button":
        page.get_by_role("button", name=f"Drop in column {col + 1}", exact=True).click()  # 1-based
    elif how == "column":  # a click anywhere in the column
        page.locator(f'#board .c4-column[data-col="{col}"]').click()
    elif how == "enter":
        page.locator(f'#board .c4-drop[data-col="{col}"]').focus()
        page.keyboard.press("Enter")
    else:  # the drop row is one tab stop: Home, then arrows to the column, then Space
        page.locator('#board .c4-drops [tabindex="0"]').focus()
        page.keyboard.press("Home")
        for _ in range(col):
            page.keyboard.press("ArrowRight")
        expect(page.locator(f'#board .c4-drop[data-col="{col}"]')).to_be_focused()
        page.keyboard.press(" ")


def test_connect_four_two_players_by_clicking(daphne_server, person):
    base = daphne_server.url
    a, b, c = person(), person(), person()
    pages = {"a": a, "b": b}
    with helpers.screenshots_on_failure("connect-four", "more-games", a=a, b=b, c=c):
        cara, dan = username("cara"), username("dan")
        signup(a, base, cara)
        signup(b, base, dan)
        match_url = create_match(a, base, "connect_four", rows=6, columns=7)
        expect(a.locator("#match")).to_have_attribute("data-status", "waiting")
        join(b, a.input_value("#invite-link"), match_url)
        for page, seat in ((a, "0"), (b, "1")):
            expect(page.locator("#match")).to_have_attribute("data-status", "active")
            expect(page.locator("#match")).to_have_attribute("data-you", seat)
            expect(page.locator("#board .c4-cell")).to_have_count(42)
            expect(page.locator("#board .c4-disc")).to_have_count(0)
            page.evaluate(WATCH_FALLS)
        expect(a.locator(LEGAL)).to_have_count(7)  # a drop in every column
        expect(b.locator(LEGAL)).to_have_count(0)
        # Between people there are no hints (they would play for you): no button on either
        # page. Hints against the computer: tests/browser/test_match_page_browser.py.
        for page in (a, b):
            expect(page.locator("#board .c4-hint")).to_be_hidden()
        expect(a.locator("#board .c4-column.hint")).to_have_count(0)
        shot(a, "c4-1-start-a")

        fell = []
        for n, (who, col, how, row) in enumerate(C4_MOVES, start=1):
            mover, other = pages[who], pages["b" if who == "a" else "a"]
            colour = "red" if who == "a" else "yellow"
            expect(other.locator(LEGAL)).to_have_count(0)
            if n == len(C4_MOVES):  # a winning move is there, and still no hint offers it
                expect(mover.locator("#board .c4-hint")).to_be_hidden()
                expect(mover.locator("#board .c4-column.hint")).to_have_count(0)
                shot(mover, "c4-2-no-hint")
            c4_move(mover, col, how)
            fell.append([row, col])
            for page in (a, b):
                wait_ply(page, n)
                cell = c4_cell(page, row, col)
                expect(cell).to_have_attribute("data-state", colour)
                expect(cell).to_have_class(re.compile(r"\blast\b"))
                # the new disc, and only it, fell; it came to rest in its own cell
                expect(page.locator("#board [data-falling]")).to_have_count(0)
                assert page.evaluate("window.fell") == fell, f"move {n}"
                assert cell.evaluate(DISC_OFFSET) < 0.5, f"move {n}: the disc is not in its cell"
            expect(a.locator("#board .c4-disc")).to_have_count(n)
            expect(b.locator("#board .c4-disc")).to_have_count(n)

        # Each reads the end from their side; columns are named from 1 (column 3 is the 4th).
        expect(a.locator("#result .result-message")).to_have_text("You won with four in a row")
        expect(b.locator("#result .result-message")).to_have_text(f"{cara} wins with four in a row")
        expect(a.locator("#announce")).to_have_text("You dropped in column 4")
        expect(b.locator("#announce")).to_have_text(f"{cara} dropped in column 4")
        for page in (a, b):
            expect(page.locator("#match")).to_have_attribute("data-status", "finished")
            # the discs on the board are no score of a four in a row: no score line
            expect(page.locator("#result .result-score")).to_have_count(0)
            expect(page.locator("#board .c4-num")).to_have_text([str(n) for n in range(1, 8)])
            wins = page.locator("#board .c4-cell.win")
            expect(wins).to_have_count(4)
            assert wins.evaluate_all("cs => cs.map((c) => [+c.dataset.row, +c.dataset.col])") == [
                [2, 3],
                [3, 3],
                [4, 3],
                [5, 3],
            ]
            expect(page.locator(LEGAL)).to_have_count(0)
            expect(page.locator("#board .c4-tools")).to_be_hidden()
        shot(a, "c4-3-final-a")
        shot(b, "c4-3-final-b")
        replay_url = a.get_attribute("#replay-link", "href")
        assert not a.js_errors and not b.js_errors, a.js_errors + b.js_errors

        # A logged-out visitor steps through the replay: the last position, then one back.
        c.goto(base + replay_url)
        expect(c.locator("#replay")).to_have_attribute("data-ply", "7")  # it opens at the end
        helpers.replay_ready(c)
        c.keyboard.press("Home")
        expect(c.locator("#replay")).to_have_attribute("data-ply", "0")
        c.keyboard.press("End")
        expect(c.locator("#replay")).to_have_attribute("data-ply", "7")
        expect(c.locator("#board .c4-cell.win")).to_have_count(4)
        expect(c.locator("#result .result-message")).to_have_text(
            f"{cara} wins against {dan} with four in a row"
        )
        expect(c.locator("#moves .c4-icon")).to_have_count(7)
        expect(c.locator("#moves button").first).to_contain_text("column 4")
        expect(c.locator("#ply-indicator")).to_have_text(f"Move 7 of 7 · {cara}: column 4")
        shot(c, "c4-4-replay")
        c.keyboard.press("ArrowLeft")
        expect(c.locator("#replay")).to_have_attribute("data-ply", "6")
        expect(c.locator("#board .c4-cell.win")).to_have_count(0)
        expect(c4_cell(c, 2, 3)).to_have_attribute("data-state", "empty")
        expect(c.locator("#board [data-falling]")).to_have_count(0)  # replays do not animate
        assert not c.js_errors, c.js_errors


# -- 1-D Reversi -------------------------------------------------------------------------
# (position, the board after the move, the positions it flipped); X (A) moves first.
R1_MOVES = [
    (1, "X           ", []),
    (2, "XO          ", []),
    (3, "XXX         ", [2]),
    (5, "XXX O       ", []),
    (4, "XXXXO       ", []),
    (12, "XXXXO      O", []),
    (11, "XXXXO     XO", []),
    (10, "XXXXO    OOO", [11]),
    (6, "XXXXXX   OOO", [5]),
    (7, "XXXXXXO  OOO", []),
    (8, "XXXXXXXX OOO", [7]),
    (9, "XXXXXXXXOOOO", []),
]


def test_reversi_1d_two_players_one_on_a_phone(daphne_server, person):
    base = daphne_server.url
    a, b = person(), person(**PHONE)
    with helpers.screenshots_on_failure("reversi-1d", "more-games", a=a, b=b):
        eve, fay = username("eve"), username("fay")
        signup(a, base, eve)
        signup(b, base, fay)
        a.goto(base + "/m/new/")
        a.check('input[name="game"][value="reversi_1d"]')
        # the one option, a start position, is empty: the row starts empty
        expect(a.locator('fieldset.game-options[data-game="reversi_1d"] textarea')).to_have_value("")
        match_url = create_match(a, base, "reversi_1d")
        join(b, a.input_value("#invite-link"), match_url)
        for page in (a, b):
            expect(page.locator("#board .r1-slot")).to_have_count(12)
            assert board_slots(page) == " " * 12
        expect(a.locator(LEGAL)).to_have_count(12)
        expect(b.locator(LEGAL)).to_have_count(0)
        # the slots are numbered 1..12 and fit the phone's width
        expect(b.locator("#board .r1-num")).to_have_text([str(n) for n in range(1, 13)])
        assert b.evaluate("document.documentElement.scrollWidth") <= 390
        shot(b, "r1-1-start-phone")

        for n, (position, after, flipped) in enumerate(R1_MOVES, start=1):
            mover, other = (a, b) if n % 2 else (b, a)
            expect(other.locator(LEGAL)).to_have_count(0)
            slot = mover.locator(f'#board .r1-slot[data-position="{position}"]')
            expect(slot).to_have_attribute("data-legal", "true")
            if mover is b:
                slot.tap()
            else:
                slot.click()
            for page in (a, b):
                wait_ply(page, n)
                assert board_slots(page) == after, f"move {n}"
                expect(page.locator("#board .r1-slot.last")).to_have_attribute("data-position", str(position))
                shown = page.locator("#board .r1-slot.flipped").evaluate_all(
                    "slots => slots.map((s) => Number(s.dataset.position))"
                )
                assert shown == flipped, f"move {n}"
            if n == 9:
                shot(a, "r1-2-flipped-desktop")
                shot(b, "r1-2-flipped-phone")

        expect(a.locator("#result .result-message")).to_have_text("You won 8-4")
        expect(b.locator("#result .result-message")).to_have_text(f"{eve} wins 8-4")
        expect(a.locator("#announce")).to_have_text(f"{fay} played slot 9")
        expect(b.locator("#announce")).to_have_text("You played slot 9")
        for page in (a, b):
            expect(page.locator("#match")).to_have_attribute("data-status", "finished")
            expect(page.locator("#result .result-score")).to_have_text(
                f"Final score: {eve} 8 – {fay} 4 (the board is full)"
            )
            expect(page.locator('#players [data-seat="0"] .player-count')).to_have_text("8 pieces")
            expect(page.locator(LEGAL)).to_have_count(0)
            # the discs are seen: drawn at a size, in a colour (Reversi's stylesheet is loaded)
            looks = page.locator("#board .rv-disc").evaluate_all(
                """discs => discs.map((d) => { const s = getComputedStyle(d);
                     return [d.getBoundingClientRect().width, s.backgroundImage !== "none"
                             || s.backgroundColor !== "rgba(0, 0, 0, 0)"]; })"""
            )
            assert len(looks) == 12 and all(width > 8 and painted for width, painted in looks), looks
        shot(a, "r1-3-final-desktop")
        shot(b, "r1-3-final-phone")
        assert not a.js_errors and not b.js_errors, a.js_errors + b.js_errors


# -- Othello against the computer ----------------------------------------------------------
def othello_counts(page) -> tuple[int, int]:
    states = page.locator("#board .rv-cell").evaluate_all("cells => cells.map((c) => c.dataset.state)")
    return states.count("black"), states.count("white")


def test_othello_against_the_computer(daphne_server, person):
    base = daphne_server.url
    page = person()
    with helpers.screenshots_on_failure("othello", "more-games", page=page):
        gus = username("gus")
        signup(page, base, gus)
        page.goto(base + "/m/new/")
        page.check('input[name="game"][value="othello"]')
        # the one option, a start position, is empty: the classic start
        expect(page.locator('fieldset.game-options[data-game="othello"] textarea')).to_have_value("")
        create_match(page, base, "othello", opponent="computer", level="random", side="0")

        expect(page.locator("#match")).to_have_attribute("data-status", "active")
        expect(page.locator("#board .rv-cell")).to_have_count(64)
        board = page.locator("#board .rv-board")
        expect(board).to_have_attribute("aria-label", re.compile(r"^Othello board 8 by 8"))
        start = {"D4": "white", "E4": "black", "D5": "black", "E5": "white"}
        for cell, state in start.items():
            expect(page.locator(f'#board [data-cell="{cell}"]')).to_have_attribute("data-state", state)
        assert othello_counts(page) == (2, 2)
        legal = page.locator(LEGAL).evaluate_all("cells => cells.map((c) => c.dataset.cell)")
        assert sorted(legal) == ["C4", "D3", "E6", "F5"]
        expect(page.locator('#players [data-seat="1"]')).to_contain_text("Computer")
        shot(page, "othello-1-start")

        # Click the first legal cell, wait for the computer's answer, until the end.
        mine = "Number(document.getElementById('match').dataset.you)"
        for moves in range(1, 40):
            before = ply(page)
            cell = page.locator(LEGAL).first
            name = cell.get_attribute("data-cell")
            cell.click()
            wait_ply_above(page, before)
            page.wait_for_function(
                f"""() => document.getElementById("match").dataset.status === "finished"
                    || (document.querySelector('{LEGAL}') && {helpers.SETTLED} && {mine} === 0)"""
            )
            played = page.locator(f'#board [data-cell="{name}"]')
            assert played.get_attribute("data-state") in ("black", "white")
            if moves == 3:
                shot(page, "othello-2-midgame")
            if page.get_attribute("#match", "data-status") == "finished":
                break
            # the computer answered: its disc is the last move (or it had to pass)
            last = page.locator("#board .rv-cell.last")
            if not last.count():
                expect(page.locator("#announce")).to_have_text("The computer has no valid move and passes")
            else:  # the last move in words (a pass leaves the last disc marked)
                expect(page.locator("#announce")).to_have_text(
                    re.compile(r"^The computer (played [A-H][1-8]|has no valid move and passes)$")
                )

        expect(page.locator("#match")).to_have_attribute("data-status", "finished")
        message = page.locator("#result .result-message").inner_text()
        black, white = othello_counts(page)
        expect(page.locator("#result .result-score")).to_contain_text(
            f"Final score: {gus} {black} – the computer {white}"
        )
        if black == white:
            assert message == f"A draw with the computer, {black}-{white}"
        else:
            assert message == (
                f"You won {black}-{white}" if black > white else f"The computer wins {white}-{black}"
            )
        expect(page.locator(LEGAL)).to_have_count(0)
        shot(page, "othello-3-final")
        assert not page.js_errors, page.js_errors


def test_connect_four_start_position_in_the_create_form(daphne_server, person):
    """The start option takes several lines: the form offers a textarea with a preview;
    a refused position comes back as typed, with the server's reason."""
    base = daphne_server.url
    page = person()
    with helpers.screenshots_on_failure("c4-form", "more-games", page=page):
        signup(page, base, username("hal"))
        page.goto(base + "/m/new/")
        page.check('input[name="game"][value="connect_four"]')
        preview = page.locator(".c4-options-preview")
        expect(preview.locator(".c4-cell")).to_have_count(42)  # rows x columns as set
        page.fill("#id_connect_four__rows", "5")
        expect(preview.locator(".c4-cell")).to_have_count(35)

        start = page.locator("#id_connect_four__start")
        expect(start).to_have_js_property("tagName", "TEXTAREA")
        floating = "....\n.R..\n....\nYR..\n"
        start.fill(floating)
        expect(preview.locator(".c4-cell")).to_have_count(16)
        expect(preview.locator('.c4-cell[data-state="red"]')).to_have_count(2)
        page.get_by_role("button", name="Create match").click()
        page.wait_for_load_state()
        expect(page).to_have_url(re.compile(r"/m/new/$"))
        expect(page.locator(".field.has-error .field-errors")).to_contain_text("floating")
        expect(start).to_have_value(floating)  # still on four lines
        expect(preview.locator(".c4-cell")).to_have_count(16)
        shot(page, "c4-form-refused")

        start.fill("......\n......\n......\n..R...\n..RY..\n.YRY..\n")
        page.get_by_role("button", name="Create match").click()
        page.wait_for_url(re.compile(r"/m/[^/]+/$"))
        expect(page.locator("#board .c4-cell")).to_have_count(36)
        expect(page.locator('#board .c4-cell[data-state="red"]')).to_have_count(3)
        expect(page.locator('#board .c4-cell[data-state="yellow"]')).to_have_count(3)
        expect(c4_cell(page, 3, 2)).to_have_attribute("data-state", "red")
        assert not page.js_errors, page.js_errors
