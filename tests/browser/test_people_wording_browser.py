"""People, not seats (issue items 2 and 3), in real browsers: two players and a spectator.

Reversi on 4x4, the first legal cell each turn (the game has a forced pass at ply 10 and
ends 12-4 for Black): each player reads the last move and the end from their side ("You
won 12-4", "<ann> wins 12-4", "You have no valid move and pass"), the spectator reads
names ("<ann> wins 12-4 against <bob>"). The result in words ("You won 12-4", "Final score:
... (the board is full)") is the server's (``result_lines``): the spectator's socket is routed
through the test, which upper-cases those words, and the spectator's page shows them so.
Then a rematch that Black resigns. Then a two-warrior Journey, co-operative: the allies are
greeted and named as allies, and the victory is everyone's ("You all won: every monster is gone", on the match
page, the lobby and the profile: the same words from the server).
Screenshots: ``test-artifacts/people-*.png``.
"""

from __future__ import annotations

import json
import re

import pytest

from games.catalog.journey.engine import GAME as JOURNEY
from games.rules import journey
from tests.browser import helpers
from tests.browser.helpers import create_match, join, ply, signup, username, wait_ply

sync_api = pytest.importorskip("playwright.sync_api")
expect = sync_api.expect

pytestmark = pytest.mark.browser


def shot(page, name: str) -> None:
    helpers.shot(page, name, "people")


def shout_the_servers_reason(ws) -> None:
    """A match socket passed through to the server, each state's result in words
    (``result_lines``) upper-cased on the way to the page: words the page shows so came from
    the server."""
    server = ws.connect_to_server()

    def to_page(message: str | bytes) -> None:
        if isinstance(message, str):
            data = json.loads(message)
            lines = (data.get("match") or {}).get("result_lines") if isinstance(data, dict) else None
            if lines:
                data["match"]["result_lines"] = {key: text.upper() for key, text in lines.items()}
                message = json.dumps(data)
        ws.send(message)

    server.on_message(to_page)


def test_results_and_notes_read_from_each_side(daphne_server, person):
    base = daphne_server.url
    a, b, c = person(), person(), person()  # ann (Black), bob (White), carol watches
    ann, bob, carol = username("ann"), username("bob"), username("carol")
    with helpers.screenshots_on_failure("versus", "people", a=a, b=b, c=c):
        for page, name in ((a, ann), (b, bob), (c, carol)):
            signup(page, base, name)
        match_url = create_match(a, base, "reversi", opponent="open", size=4, blocks="", side="0")
        expect(a.locator("#status")).to_have_text("Waiting for an opponent to join…")
        join(b, match_url + "join/", match_url)
        expect(a.locator(".toast")).to_contain_text([f"Your opponent {bob} is here: game on!"])
        # bob's page opens its socket: he is connected, and he was never away ("is back").
        # (the state that draws him connected places its notes in the same task: fillPlayers
        # and showAway run together in match.js's draw, so they are up once the dot is)
        expect(a.locator('.player[data-seat="1"] .presence.on')).to_have_count(1)
        assert [t for t in a.locator(".toast").all_text_contents() if "is back" in t] == []
        c.route_web_socket(re.compile(r"/ws/matches/"), shout_the_servers_reason)
        c.goto(match_url)
        expect(c.locator("#match")).to_have_attribute("data-ready", "1")
        expect(c.locator("#status")).to_have_text(f"{ann} to move")
        expect(b.locator("#status")).to_have_text(f"Waiting for {ann}")

        # Ply 1: the move in words, for the mover, the other player and the spectator.
        helpers.move_once((a, b, c))  # the player to move clicks the first legal cell
        expect(a.locator("#announce")).to_have_text("You played C1")
        expect(b.locator("#announce")).to_have_text(f"{ann} played C1")
        expect(c.locator("#announce")).to_have_text(f"{ann} played C1")
        expect(b.locator(".toast")).to_contain_text([f"{ann} played C1"])

        # Up to ply 9; the server then passes for White (ply 10).
        while ply(a) < 9:
            helpers.move_once((a, b, c))
        for page in (a, b, c):
            wait_ply(page, 10)
        expect(a.locator("#announce")).to_have_text(f"{bob} has no valid move and passes")
        expect(b.locator("#announce")).to_have_text("You have no valid move and pass")
        expect(c.locator("#announce")).to_have_text(f"{bob} has no valid move and passes")
        expect(b.locator(".toast")).to_contain_text(["You have no valid move and pass"])
        shot(b, "1-pass-white")

        while a.get_attribute("#match", "data-status") != "finished":
            helpers.move_once((a, b, c))
        for page in (a, b, c):
            expect(page.locator("#match")).to_have_attribute("data-status", "finished")
        # the reason's words are the server's: as the API gives them, and as the spectator's
        # routed socket changed them
        api = a.request.get(f"{base}/api/matches/{match_url.rstrip('/').rsplit('/', 1)[-1]}/").json()
        assert api["result"]["reason_text"] == "the board is full"
        for page in (a, b):
            expect(page.locator("#result .result-score")).to_have_text(
                f"Final score: {ann} 12 – {bob} 4 (the board is full)"
            )
        expect(c.locator("#result .result-score")).to_have_text(
            f"Final score: {ann} 12 – {bob} 4 (the board is full)".upper()
        )
        expect(a.locator("#result .result-message")).to_have_text("You won 12-4")
        expect(b.locator("#result .result-message")).to_have_text(f"{ann} wins 12-4")
        expect(c.locator("#result .result-message")).to_have_text(f"{ann} wins 12-4 against {bob}".upper())
        for page in (a, b, c):
            assert "Player X" not in page.locator("body").inner_text()
        shot(a, "2-won-black")
        shot(b, "2-lost-white")
        shot(c, "2-spectator")

        # The replay names people too.
        c.goto(base + c.get_attribute("#replay-link", "href") + "?ply=1")
        expect(c.locator("#ply-indicator")).to_have_text(re.compile(rf"^Move 1 of \d+ · {ann}: C1$"))
        expect(c.locator("#announce")).to_have_text(f"{ann} played C1")
        helpers.replay_ready(c)
        c.keyboard.press("End")
        expect(c.locator("#result .result-message")).to_have_text(f"{ann} wins 12-4 against {bob}")

        # A rematch (sides swapped: bob is Black); bob moves, ann resigns.
        a.get_by_role("button", name="Rematch", exact=True).click()
        a.wait_for_url(lambda url: url != match_url and re.search(r"/m/[^/]+/$", url) is not None)
        rematch_url = a.url
        # An offer: bob is not seated until he accepts on the finished match's page.
        expect(b.locator(".toast")).to_contain_text([f"{ann} offers a rematch."])
        expect(b.locator("#rematch-text")).to_have_text(f"{ann} offers a rematch.")
        b.get_by_role("button", name="Accept").click()
        b.wait_for_url(rematch_url)
        c.goto(rematch_url)
        for page in (a, b, c):
            expect(page.locator("#match")).to_have_attribute("data-ready", "1")
        helpers.move_once((a, b, c))
        questions = []

        def accept(dialog):
            questions.append(dialog.message)
            dialog.accept()

        a.on("dialog", accept)
        a.get_by_role("button", name="Resign").click()
        for page in (a, b, c):
            expect(page.locator("#match")).to_have_attribute("data-status", "finished")
        assert questions == [f"Resign this match? {bob} wins."]
        expect(a.locator("#result .result-message")).to_have_text(f"You resigned — {bob} wins")
        expect(b.locator("#result .result-message")).to_have_text(f"{ann} resigned — you win")
        # (the spectator's socket still goes through the test, which upper-cases the words)
        expect(c.locator("#result .result-message")).to_have_text(f"{ann} resigned — {bob} wins".upper())
        shot(b, "3-resigned-winner")

        # The lobby's finished list, read by each.
        for page, line in (
            (a, f"You resigned — {bob} won"),
            (b, f"{ann} resigned — you won"),
            (c, f"{ann} resigned — {bob} won"),
        ):
            page.goto(base + "/")
            expect(page.locator("#finished-heading + .match-list .result-line").first).to_have_text(line)
        shot(a, "4-lobby-ann")
        assert not (a.js_errors or b.js_errors or c.js_errors), a.js_errors + b.js_errors + c.js_errors


def test_the_journey_is_played_by_allies(daphne_server, person):
    base = daphne_server.url
    a, b, c = person(), person(), person()
    ann, bob, carol = username("ayla"), username("bram"), username("cleo")
    options = {"mode": "alliance", "players": 2, "monsters": 1, "elves": 1, "potions": 1, "seed": 5}
    world = JOURNEY.setup(JOURNEY.clean_options(options), 0)
    monster = tuple(world["monsters"][0]["pos"])
    grid = journey.grid(world)
    empty = next((x, y) for x in range(10) for y in range(10) if not grid[x][y])
    with helpers.screenshots_on_failure("journey", "people", a=a, b=b, c=c):
        for page, name in ((a, ann), (b, bob), (c, carol)):
            signup(page, base, name)
        match_url = create_match(a, base, "journey", opponent="open", side="0", **options)
        expect(a.locator("#status")).to_have_text("Waiting for an ally to join…")
        a.goto(base + "/")
        expect(a.locator("#my-matches .match-row").first).to_contain_text("with an open seat")
        expect(a.locator("#my-matches .match-row").first).to_contain_text("waiting for allies")
        a.goto(match_url)
        expect(a.locator("#match")).to_have_attribute("data-ready", "1")
        # her socket's first state drawn (her own presence), so the join comes as a change
        expect(a.locator("#players .presence.on")).to_have_count(1)
        join(b, match_url + "join/", match_url)
        expect(a.locator(".toast")).to_contain_text([f"Your ally {bob} joined: the game begins!"])
        c.goto(match_url)
        expect(c.locator("#match")).to_have_attribute("data-ready", "1")
        expect(b.locator(".jy-turn")).to_have_text(f"{ann}'s turn (W0)")
        expect(c.locator("#status")).to_have_text(f"{ann} to move")
        for page in (a, b):
            assert "opponent" not in page.locator("body").inner_text().lower()

        # W0 meets the monster and fights it; both notes speak of people.
        a.locator(f'#board .jy-cell[data-x="{monster[0]}"][data-y="{monster[1]}"]').click()
        wait_ply(b, 1)
        expect(b.locator("#announce")).to_have_text(f"{ann} met the monster M0")
        expect(b.get_by_role("dialog")).to_contain_text(f"Monster M0 speaks to {ann} (W0)")
        expect(b.get_by_role("dialog")).to_contain_text(f"Waiting for {ann} (W0) to answer: Yes or No")
        expect(a.get_by_role("dialog")).to_contain_text("Monster M0 speaks to you")
        shot(b, "5-journey-ally-waits")
        a.get_by_role("dialog").get_by_role("button", name="Yes", exact=True).click()
        wait_ply(b, 2)
        expect(a.locator("#announce")).to_have_text("You killed the monster M0")
        expect(b.locator("#announce")).to_have_text(f"{ann} killed the monster M0")
        expect(b.locator(".jy-log")).to_contain_text(f"{ann} answered yes.")
        expect(b.locator(".jy-log")).to_contain_text(f"{ann} (W0): Nice, I have killed the monster M0.")

        # W1 ends the round: every monster is gone, a victory for both.
        b.locator(f'#board .jy-cell[data-x="{empty[0]}"][data-y="{empty[1]}"]').click()
        for page in (a, b, c):
            wait_ply(page, 3)
            expect(page.locator("#match")).to_have_attribute("data-status", "finished")
        for page in (a, b):
            expect(page.locator("#result .result-message")).to_have_text("You all won: every monster is gone")
            expect(page.locator(".jy-end")).to_have_text("You all won: every monster is gone")
        expect(c.locator("#result .result-message")).to_have_text(
            f"{ann} and {bob} won: every monster is gone"
        )
        expect(a.locator("#announce")).to_have_text(f"{bob} moved to ({empty[0]},{empty[1]})")
        shot(a, "6-journey-victory")
        shot(c, "6-journey-spectator")

        # The lobby and the profile: allies, and a win for each.
        b.goto(base + "/")
        row = b.locator("#finished-heading + .match-list .match-row").first
        expect(row).to_contain_text(f"{ann} and {bob}")
        expect(row.locator(".result-line")).to_have_text("You all won: every monster is gone")
        c.goto(f"{base}/u/{bob}/")
        expect(c.locator("table.record tbody th")).to_have_text(["The Journey"])
        expect(c.locator("table.record tbody td")).to_have_text(["1", "1", "0", "0"])  # played, won
        expect(c.locator("#recent-heading + .match-list")).to_contain_text(f"{ann} and {bob}")
        expect(c.locator("#recent-heading + .match-list .badge-win")).to_have_count(1)
        shot(b, "7-journey-lobby")
        shot(c, "7-journey-profile")
        assert not (a.js_errors or b.js_errors or c.js_errors), a.js_errors + b.js_errors + c.js_errors
