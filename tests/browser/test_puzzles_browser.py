"""The puzzle pages (issue 51) in a browser, against the real daphne server: a right answer
played to the end (the opponent's replies drawn on the board, the solution with its themes
and proof, the rating moved), a wrong one (the solution, a retry that counts for nothing, the
next puzzle), keyboard-only play, every game's puzzle board on a 360 px phone, the axe audit
in both colour schemes, a streak, a visitor's rating kept in the session, and no HTTP
request a move but its one check: a ``check`` frame on the puzzle socket when the page has a
session (an account, a visitor who has checked once), else one POST.

The shipped puzzles are in the server's database (every migrate loads them); which puzzle to
open, its solution and a legal move outside it are read with the ORM in the server's own
environment (``manage.py shell``), once for the module. The concrete puzzles played are
Connect Four's (a drop is one button); the phone test takes every game with puzzles from the
registry. Screenshots: ``test-artifacts/puzzles-*.png``.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys

import pytest

from games.catalog.registry import KITS
from tests.browser import helpers
from tests.browser.helpers import LEGAL, expect, page_ready, screenshots_on_failure, signup, username
from tests.browser.test_accessibility_browser import Audit
from tests.browser.test_phone_boards_browser import OUTSIDE, SMALL_PHONE
from tests.support.server import ROOT

pytestmark = pytest.mark.browser

PREFIX = "puzzles"
GAME = "connect_four"  # the puzzles played move by move: a drop is one button
COLOURS = ("red", "yellow")  # Connect Four's discs by seat

# Every stored puzzle with what the tests need: its solution and a legal first move outside it.
DUMP = """
import json, sys
from games.catalog.puzzle_finder import replay, same
from games.catalog.registry import KITS
from games.puzzles.models import Puzzle

out = []
for p in Puzzle.objects.order_by("pk"):
    kit = KITS[p.game]
    legal = kit.game.legal_moves(replay(kit, p.moves), p.seat)
    wrong = next((m for m in legal if not same(m, p.solution[0])), None)
    out.append({"id": p.pk, "game": p.game, "seat": p.seat, "solution": p.solution, "themes": p.themes,
                "solver": p.solver, "nodes": p.nodes, "wrong": wrong})
sys.stdout.write("\\n" + json.dumps(out))
"""

# The colour of the solution's first step and of the page's own link to all puzzles.
LOOKS = """() => ['#solution button', '#puzzle a[href="/puzzles/"]']
  .map((selector) => getComputedStyle(document.querySelector(selector)).color)"""
DISCS = "() => document.querySelectorAll('#board .c4-cell:not([data-state=\"empty\"])').length"


@pytest.fixture(scope="module")
def puzzles(daphne_server) -> dict[int, dict]:
    """The server's puzzles by id."""
    made = subprocess.run(
        [sys.executable, "manage.py", "shell", "-c", DUMP],
        cwd=ROOT,
        env=daphne_server.env,
        check=True,
        capture_output=True,
        text=True,
    )
    return {p["id"]: p for p in json.loads(made.stdout.strip().splitlines()[-1])}


def pick(puzzles: dict[int, dict], length: int, skip: int = 0) -> dict:
    """A Connect Four puzzle whose solution has ``length`` moves (the ``skip``-th such)."""
    found = [p for p in puzzles.values() if p["game"] == GAME and len(p["solution"]) == length]
    return found[skip]


def shot(page, name: str) -> None:
    helpers.shot(page, name, PREFIX)


def socket_checks(page) -> list[dict]:
    """The ``check`` frames the page sends on its puzzle sockets from now on (listen before the
    page opens them)."""
    frames: list[dict] = []

    def opened(ws) -> None:
        if "/ws/puzzles/" in ws.url:
            ws.on("framesent", lambda payload: frames.append(json.loads(payload)))

    page.on("websocket", opened)
    return frames


def open_puzzle(page, url: str) -> dict:
    """Open a puzzle page (or the streak, or a game's next puzzle); its data once it listens."""
    page.goto(url)
    return puzzle_ready(page)


def puzzle_ready(page) -> dict:
    page_ready(page)
    expect(page.locator("#puzzle")).to_have_attribute("data-ready", "1")
    return json.loads(page.locator("#puzzle-data").text_content())


def drop_button(page, column: int):
    return page.get_by_role("button", name=f"Drop in column {column + 1}", exact=True)


def click_move(page, move: dict) -> None:
    drop_button(page, move["column"]).click()


def key_move(page, move: dict) -> None:
    """The focus is on the row of drop buttons: arrows to the move's column, then Enter."""
    at = int(page.evaluate("document.activeElement.dataset.col"))
    key = "ArrowRight" if move["column"] > at else "ArrowLeft"
    for _ in range(abs(move["column"] - at)):
        page.keyboard.press(key)
    expect(drop_button(page, move["column"])).to_be_focused()
    page.keyboard.press("Enter")


def top_disc(page, column: int):
    """The highest disc of a column (rows are drawn top first)."""
    return page.locator(f'#board .c4-column[data-col="{column}"] .c4-cell:not([data-state="empty"])').first


def play_solution(page, puzzle: dict, move_by=click_move) -> None:
    """Play every move of the solver's, checking each reply of the opponent's is drawn (the
    newest disc, the opponent's colour, marked as the last move); ends solved."""
    solution, seat = puzzle["solution"], puzzle["seat"]
    for i in range(0, len(solution), 2):
        before = page.evaluate(DISCS)
        move_by(page, solution[i])
        if i + 1 == len(solution):
            break
        reply = solution[i + 1]["column"]
        page.wait_for_function(f"n => ({DISCS})() === n", arg=before + 2)
        expect(page.locator("#puzzle")).to_have_attribute("data-ready", "1")
        expect(page.locator("#status")).to_contain_text(f"They answered column {reply + 1}")
        expect(top_disc(page, reply)).to_have_attribute("data-state", COLOURS[1 - seat])
        expect(top_disc(page, reply)).to_have_class(re.compile(r"\blast\b"))
    expect(page.locator("#puzzle")).to_have_attribute("data-done", "solved")


def shows_solution(page, puzzle: dict) -> None:
    """The finished try shows the whole solution, its themes and its proof."""
    items = page.locator("#solution li")
    expect(page.locator("#solution")).to_be_visible()
    expect(items).to_have_count(len(puzzle["solution"]))
    first = puzzle["solution"][0]["column"] + 1
    expect(items.first).to_have_text(f"You: column {first}")
    expect(page.locator("#themes")).to_have_text(", ".join(puzzle["themes"]) or "—")
    expect(page.locator("#proof")).to_contain_text(puzzle["solver"])
    expect(page.locator("#proof")).to_contain_text(f"{puzzle['nodes']:,} positions")
    # the steps are drawn as the page's links are (not in a colour made for a dark header)
    step, link = page.evaluate(LOOKS)
    assert step == link, (step, link)


def index_row(page, game: str):
    """The row of ``game`` in /puzzles/'s table."""
    return page.locator("table.puzzle-games tbody tr").filter(
        has=page.get_by_role("rowheader", name=KITS[game].game.name, exact=True)
    )


def test_a_right_answer_plays_the_replies_shows_the_proof_and_moves_the_rating(
    daphne_server, person, puzzles
):
    """The longest Connect Four solution, clicked move by move by someone logged in: each
    reply is drawn, the end says solved with the solution, its themes and proof, and the
    rating moved (on the page and on /puzzles/). Nothing but the one check POST a move goes
    over HTTP."""
    base = daphne_server.url
    puzzle = max((p for p in puzzles.values() if p["game"] == GAME), key=lambda p: len(p["solution"]))
    assert len(puzzle["solution"]) >= 5  # several replies to draw
    page = person()
    with screenshots_on_failure("right", PREFIX, page=page):
        signup(page, base, username("pia"))
        checks, sockets = socket_checks(page), []
        page.on("websocket", lambda ws: sockets.append(ws.url.split("/", 3)[3]))
        data = open_puzzle(page, f"{base}/puzzles/{GAME}/{puzzle['id']}/")
        # one socket: the puzzle socket carries the header's bell too
        expect(page.locator("body")).to_have_attribute("data-bell", "open")
        assert sockets == ["ws/puzzles/?bell=1"], sockets
        assert data["id"] == puzzle["id"] and data["seat"] == puzzle["seat"]
        expect(page.locator("#status")).to_have_text(data["task"])
        expect(page.locator("#rating")).to_have_text("1500?")
        start = page.evaluate(DISCS)
        sent: list[tuple[str, str]] = []
        page.on("request", lambda request: sent.append((request.method, request.url)))

        play_solution(page, puzzle)

        moves = (len(puzzle["solution"]) + 1) // 2
        assert sent == [], sent  # an account's page checks on its socket
        mine = [frame for frame in checks if frame["type"] == "check"]
        assert [(f["game"], f["id"], len(f["line"])) for f in mine] == [
            (GAME, puzzle["id"], 2 * k + 1) for k in range(moves)
        ]
        expect(page.locator("#status")).to_have_text("Solved!")
        verdict = page.locator("#verdict")
        expect(verdict).to_be_visible()
        expect(verdict).to_contain_text("Solved! That was the only move.")
        expect(verdict).to_contain_text(re.compile(r"Your puzzle rating: \d+ \(\+\d+\)"))
        rating = re.search(r"Your puzzle rating: (\d+)", verdict.inner_text()).group(1)
        assert rating != "1500"
        expect(page.locator("#rating")).to_have_text(rating)
        shows_solution(page, puzzle)
        # the last move, the solver's, is on the board: four in a row ends the game
        expect(top_disc(page, puzzle["solution"][-1]["column"])).to_have_attribute(
            "data-state", COLOURS[puzzle["seat"]]
        )
        expect(page.locator("#retry")).to_be_visible()
        expect(page.locator("#next")).to_be_visible()
        shot(page, "solved")
        # a step of the solution shows the board after it: the first reply, the newest disc
        reply = puzzle["solution"][1]["column"]
        page.locator("#solution li").nth(1).get_by_role("button").click()
        expect(top_disc(page, reply)).to_have_class(re.compile(r"\blast\b"))
        expect(top_disc(page, reply)).to_have_attribute("data-state", COLOURS[1 - puzzle["seat"]])
        assert page.evaluate(DISCS) == start + 2

        # "Next puzzle": it comes on the socket, shown in place (no page load, no HTTP), its
        # link in the address bar; the new card says the rating the solve left.
        sent.clear()
        page.get_by_role("link", name="Next puzzle").click()
        page.wait_for_url(re.compile(rf"/puzzles/{GAME}/(?!{puzzle['id']}/)\d+/$"))
        other = puzzle_ready(page)
        assert other["id"] != puzzle["id"] and other["game"] == GAME
        # (Chromium reads the favicon again when the address changes: the browser's, not the page's)
        assert [r for r in sent if not r[1].endswith("/favicon.svg")] == [], sent
        assert [f["type"] for f in checks][-1] == "next"
        expect(page.locator("#status")).to_have_text(other["task"])
        expect(page.locator("#rating")).to_have_text(re.compile(rf"^{rating}\??$"))
        expect(page.locator("#verdict")).to_be_hidden()
        expect(page.locator("#puzzle-heading")).to_be_focused()
        assert page.title().startswith(f"Connect Four puzzle {other['id']}: ")
        page.reload()  # the link is the puzzle's own: the page itself says the same
        assert puzzle_ready(page)["id"] == other["id"]

        page.goto(base + "/puzzles/")
        expect(index_row(page, GAME)).to_contain_text(rating)
    assert page.js_errors == []


def test_a_wrong_answer_shows_the_solution_and_a_retry_counts_for_nothing(daphne_server, person, puzzles):
    """A legal move outside the solution: wrong, the solution shown, the rating moved once.
    The retry starts over from the puzzle's position and, solved, moves no rating; "Next
    puzzle" opens another; back on this one the page says it was tried."""
    base = daphne_server.url
    puzzle = pick(puzzles, 5)
    wrong = puzzle["wrong"]
    page = person()
    with screenshots_on_failure("wrong", PREFIX, page=page):
        url = f"{base}/puzzles/{GAME}/{puzzle['id']}/"
        data = open_puzzle(page, url)
        start = page.evaluate(DISCS)
        click_move(page, wrong)
        expect(page.locator("#puzzle")).to_have_attribute("data-done", "failed")
        expect(page.locator("#status")).to_have_text("Not the move. See the solution.")
        verdict = page.locator("#verdict")
        expect(verdict).to_contain_text("Not that one: the solution is below.")
        expect(verdict).to_contain_text(re.compile(r"Your puzzle rating: \d+ \(−\d+\)"))
        rating = page.locator("#rating").inner_text()
        expect(top_disc(page, wrong["column"])).to_have_attribute("data-state", COLOURS[puzzle["seat"]])
        shows_solution(page, puzzle)
        shot(page, "wrong")

        page.get_by_role("button", name="Try again").click()
        expect(page.locator("#status")).to_have_text(data["task"])
        for hidden in ("#verdict", "#solution", "#facts", "#retry"):
            expect(page.locator(hidden)).to_be_hidden()
        assert page.evaluate(DISCS) == start
        play_solution(page, puzzle)
        expect(page.locator("#verdict")).to_have_text("Solved! That was the only move.")  # unrated
        expect(page.locator("#rating")).to_have_text(rating)

        page.get_by_role("link", name="Next puzzle").click()
        page.wait_for_url(re.compile(rf"/puzzles/{GAME}/\d+/$"))
        other = puzzle_ready(page)
        assert other["id"] != puzzle["id"] and other["game"] == GAME
        expect(page.locator("#tried-note")).to_be_hidden()

        open_puzzle(page, url)
        expect(page.locator("#tried-note")).to_be_visible()
    assert page.js_errors == []


def test_a_puzzle_is_solved_with_the_keyboard_only(daphne_server, person, puzzles):
    """Tab to the board's drop buttons, arrows to a column, Enter: every move of the solution,
    the focus staying on the board while the opponent answers; then Tab to "Next puzzle"."""
    base = daphne_server.url
    puzzle = pick(puzzles, 3)
    page = person()
    with screenshots_on_failure("keyboard", PREFIX, page=page):
        open_puzzle(page, f"{base}/puzzles/{GAME}/{puzzle['id']}/")
        sent: list[str] = []
        page.on("request", lambda request: sent.append(request.method))
        for _ in range(60):
            page.keyboard.press("Tab")
            if page.evaluate("document.activeElement.matches('#board .c4-drop')"):
                break
        else:
            pytest.fail("Tab never reaches the board")
        play_solution(page, puzzle, move_by=key_move)
        assert sent == ["POST"] * ((len(puzzle["solution"]) + 1) // 2)
        expect(page.locator("#status")).to_have_text("Solved!")
        shows_solution(page, puzzle)
        for _ in range(60):
            page.keyboard.press("Tab")
            if page.evaluate("document.activeElement.id") == "next":
                break
        else:
            pytest.fail("Tab never reaches Next puzzle")
        page.keyboard.press("Enter")
        page.wait_for_url(re.compile(rf"/puzzles/{GAME}/(?!{puzzle['id']}/)\d+/$"))
        puzzle_ready(page)
    assert page.js_errors == []


def test_every_games_puzzle_board_fits_a_360_px_phone(daphne_server, person):
    """Every game with puzzles: its next puzzle's board lies inside a 360 px screen (nothing
    scrolls sideways), before and after a tap on a legal move, which the server answers."""
    base = daphne_server.url
    games = [slug for slug, kit in KITS.items() if kit.puzzles is not None]
    assert games
    page = person(**SMALL_PHONE)
    for slug in games:
        with screenshots_on_failure(f"phone-{slug}", PREFIX, page=page):
            open_puzzle(page, f"{base}/puzzles/{slug}/")
            outside = page.evaluate(OUTSIDE)
            assert outside["count"] == 0 and outside["scroll"] <= 0, (slug, outside)
            page.locator(LEGAL).first.tap()
            expect(page.locator("#status")).to_have_attribute("data-kind", re.compile("^(right|wrong)$"))
            expect(page.locator("#puzzle")).to_have_attribute("data-ready", "1")
            outside = page.evaluate(OUTSIDE)
            assert outside["count"] == 0 and outside["scroll"] <= 0, (slug, outside)
            shot(page, f"phone-{slug}")
    assert page.js_errors == []


def test_the_puzzle_pages_pass_an_axe_audit_in_both_colour_schemes(daphne_server, person, puzzles):
    """/puzzles/, a puzzle before and after a wrong answer, the streak page before and after a
    right one: no axe violation in the light colours nor the dark."""
    base = daphne_server.url
    audit = Audit(prefix="puzzles-a11y")
    page = person()

    def both(name: str) -> None:
        for scheme in ("light", "dark"):
            page.emulate_media(color_scheme=scheme)
            audit(page, f"{name}-{scheme}")

    with screenshots_on_failure("a11y", PREFIX, page=page):
        page.goto(base + "/puzzles/")
        page_ready(page)
        both("index")
        puzzle = pick(puzzles, 3, skip=1)
        open_puzzle(page, f"{base}/puzzles/{GAME}/{puzzle['id']}/")
        both("puzzle")
        click_move(page, puzzle["wrong"])
        expect(page.locator("#puzzle")).to_have_attribute("data-done", "failed")
        both("puzzle-wrong")
        streak = open_puzzle(page, f"{base}/puzzles/{GAME}/streak/")
        both("streak")
        play_solution(page, puzzles[streak["id"]])
        both("streak-solved")
    assert not audit.found, f"{len(audit.found)} axe violations:\n" + "\n".join(audit.found)
    assert page.js_errors == []


@pytest.mark.parametrize("who", ["visitor", "account"])
def test_a_streak_goes_on_after_a_solve_and_ends_at_a_mistake(daphne_server, person, puzzles, who):
    """One solved (the streak counts 1, the next puzzle offered), one wrong: the streak ends
    at 1 and says so, nothing more to play but a new streak; /puzzles/ keeps the best. A
    visitor's first page checks by POST; an account's page does it all on its socket, the
    next puzzle shown in place at the streak's own address."""
    base = daphne_server.url
    page = person()
    with screenshots_on_failure(f"streak-{who}", PREFIX, page=page):
        if who == "account":
            signup(page, base, username("sam"))
        first = open_puzzle(page, f"{base}/puzzles/{GAME}/streak/")
        assert first["streak"] == {"count": 0, "best": 0}
        expect(page.locator("#streak-count")).to_have_text("0")
        expect(page.locator("#next")).to_be_hidden()
        play_solution(page, puzzles[first["id"]])
        expect(page.locator("#verdict")).to_have_text("Solved! That was the only move. Streak: 1.")
        expect(page.locator("#streak-count")).to_have_text("1")
        expect(page.locator("#retry")).to_be_hidden()
        loaded: list[str] = []
        page.on("request", lambda request: loaded.append(request.url) if "/puzzles/" in request.url else None)
        page.get_by_role("link", name="Next puzzle").click()
        second = puzzle_ready(page)
        assert second["id"] != first["id"] and second["streak"]["count"] == 1
        assert page.url == f"{base}/puzzles/{GAME}/streak/"
        if who == "account":  # the socket brought it: no page loaded
            assert loaded == [], loaded

        click_move(page, puzzles[second["id"]]["wrong"])
        expect(page.locator("#puzzle")).to_have_attribute("data-done", "failed")
        expect(page.locator("#verdict")).to_contain_text("Your streak ends at 1 (best 1).")
        expect(page.locator("#streak-count")).to_have_text("1")
        expect(page.locator("#next")).to_be_hidden()
        expect(page.locator("#retry")).to_be_hidden()
        shows_solution(page, puzzles[second["id"]])
        shot(page, "streak-over")
        page.get_by_role("button", name="Start a new streak").click()
        again = puzzle_ready(page)
        assert again["streak"] == {"count": 0, "best": 1}

        page.goto(base + "/puzzles/")
        expect(index_row(page, GAME).locator("td").nth(2)).to_have_text("1")
    assert page.js_errors == []


def test_a_visitor_solves_and_keeps_the_rating_in_the_session(daphne_server, person, puzzles):
    """Without an account: the day's puzzle is offered, a puzzle is solved, the rating shows
    on /puzzles/ and stays for the visit; the same puzzle again is marked as tried."""
    base = daphne_server.url
    puzzle = pick(puzzles, 1)
    page = person()
    with screenshots_on_failure("visitor", PREFIX, page=page):
        page.goto(base + "/puzzles/")
        page_ready(page)
        daily = page.locator(".puzzle-daily")
        expect(daily.locator("p").first).to_contain_text(re.compile(r"^\S.*: .+ to play and \w"))
        expect(daily.get_by_role("link", name="Solve it")).to_have_attribute(
            "href", re.compile(r"^/puzzles/\w+/\d+/$")
        )
        expect(index_row(page, GAME).locator("td").nth(1)).to_have_text("1500?")

        url = f"{base}/puzzles/{GAME}/{puzzle['id']}/"
        open_puzzle(page, url)
        play_solution(page, puzzle)
        verdict = page.locator("#verdict")
        expect(verdict).to_contain_text(re.compile(r"Your puzzle rating: \d+ \(\+\d+\)"))
        rating = re.search(r"Your puzzle rating: (\d+)", verdict.inner_text()).group(1)

        page.goto(base + "/puzzles/")
        expect(index_row(page, GAME).locator("td").nth(1)).to_have_text(re.compile(rf"^{rating}\??$"))
        open_puzzle(page, url)
        expect(page.locator("#tried-note")).to_be_visible()
        expect(page.locator("#rating")).to_have_text(re.compile(rf"^{rating}\??$"))

        # The visit's session has begun: the next puzzle's page checks on its socket, and the
        # rating goes on from where the POST left it.
        checks, sent = socket_checks(page), []
        other = pick(puzzles, 1, skip=1)
        open_puzzle(page, f"{base}/puzzles/{GAME}/{other['id']}/")
        page.on("request", lambda request: sent.append(request.method))
        play_solution(page, other)
        expect(verdict).to_contain_text(re.compile(r"Your puzzle rating: \d+ \(\+\d+\)"))
        assert sent == [] and [f["id"] for f in checks if f["type"] == "check"] == [other["id"]]
        assert int(page.locator("#rating").inner_text().rstrip("?")) > int(rating)
    assert page.js_errors == []
