"""Alpha Battle and The Journey in real browsers (Debian's chromium, driven by Playwright).

Alpha Battle: two people set up in secret (one types, one shuffles), Q commits first and
P's page must never show Q's letters until both are in; then both pages reveal the 16
rounds and agree on the score the rules compute. The Journey: a classic game with a fixed
seed (the test builds the same world with ``games.rules.journey`` to know where the
monsters and the elf are) played by clicking and by keyboard, through two encounter
dialogues, to the victory; a two-player alliance joined through the invite link, both
warriors taking turns and answering a sharing dialogue; a three-player alliance that waits
for two friends. Screenshots go to ``test-artifacts/`` (git-ignored).
"""

from __future__ import annotations

import re

import pytest

from games.catalog.journey.engine import GAME as JOURNEY
from games.rules import alpha_battle, journey
from tests.browser import helpers
from tests.browser.helpers import PHONE, create_match, join, ply, signup, username, wait_ply, wait_ply_above

sync_api = pytest.importorskip("playwright.sync_api")
expect = sync_api.expect

pytestmark = pytest.mark.browser

VICTORY = "Congratulations, all the monsters have been killed."


def shot(page, name: str) -> None:
    helpers.shot(page, name, "special")


def screenshots_on_failure(name: str, **pages):
    return helpers.screenshots_on_failure(name, "special", **pages)


# -- Alpha Battle ---------------------------------------------------------------------------
def test_alpha_battle_secret_setups_then_the_same_battle_on_both_pages(daphne_server, person):
    base = daphne_server.url
    p_page, q_page = person(), person(**PHONE)
    with screenshots_on_failure("alpha", p=p_page, q=q_page):
        pam, quin = username("pam"), username("quin")
        signup(p_page, base, pam)
        signup(q_page, base, quin)
        match_url = create_match(p_page, base, "alpha_battle", seed="", side="0")
        expect(p_page.locator("#match")).to_have_attribute("data-status", "waiting")
        join(q_page, match_url + "join/", match_url)
        for page, seat in ((p_page, "0"), (q_page, "1")):
            expect(page.locator("#match")).to_have_attribute("data-status", "active")
            expect(page.locator("#match")).to_have_attribute("data-you", seat)
            expect(page.get_by_role("button", name="Commit setup")).to_be_disabled()

        # Q types a setup by hand: lower case becomes upper case, mistakes are pointed out.
        q_letters = "QWERTYUIOPASDFGHJKLZXCVBNM"
        q_indices = [0, 2, 4, 6, 8, 10, 12, 14, 16, 18]
        q_page.fill("#ab-letters", q_letters[:-2].lower() + "QQ")
        expect(q_page.locator("#ab-letters")).to_have_value(q_letters[:-2] + "QQ")
        expect(q_page.locator("#ab-letters-hint")).to_contain_text("missing M N; repeated Q")
        q_page.fill("#ab-letters", q_letters.lower())
        expect(q_page.locator("#ab-letters-hint")).to_contain_text("All 26 letters")
        q_page.fill("#ab-indices", "0 2 4 6 8 10 12 14 16 99")
        expect(q_page.locator("#ab-indices-hint")).to_contain_text("Not a position from 0 to 25: 99")
        expect(q_page.get_by_role("button", name="Commit setup")).to_be_disabled()
        q_page.fill("#ab-indices", "0 2 4 6 8 10 12 14 16")
        q_page.get_by_role("button", name="Position 18", exact=True).click()
        expect(q_page.locator("#ab-indices")).to_have_value(" ".join(map(str, q_indices)))
        expect(q_page.get_by_role("button", name="Position 18", exact=True)).to_have_attribute(
            "aria-pressed", "true"
        )
        expect(q_page.get_by_role("button", name="Position 19", exact=True)).to_have_attribute(
            "aria-disabled", "true"
        )
        # on the phone every position is a finger's target (at least 24 px wide and high)
        sizes = q_page.locator(".ab-strip .ab-pos").evaluate_all(
            "ps => ps.map((p) => [p.getBoundingClientRect().width, p.getBoundingClientRect().height])"
        )
        assert len(sizes) == 26 and all(w >= 24 and h >= 24 for w, h in sizes), sizes
        shot(q_page, "alpha-1-q-typed")
        q_page.get_by_role("button", name="Commit setup").click()
        expect(q_page.locator(".ab-wait")).to_contain_text("Your setup is locked in")
        expect(q_page.locator(".ab-own")).to_contain_text("You strike positions 0, 2, 4")
        expect(q_page.locator(".ab-own")).to_contain_text(f"Your order: {q_letters}")

        # P sees that Q committed, and nothing of Q's setup: not on the page, not in its HTML.
        expect(p_page.locator(".ab-card.s1")).to_contain_text("committed")
        expect(p_page.locator("#announce")).to_have_text(f"{quin} has committed a setup.")
        assert q_letters not in p_page.locator("body").inner_text()
        expect(p_page.locator(".ab-setup-view, .ab-own .ab-tiles")).to_have_count(0)
        p_page.reload()
        expect(p_page.locator("#match")).to_have_attribute("data-ready", "1")
        expect(p_page.locator(".ab-card.s1")).to_contain_text("committed")
        assert q_letters not in p_page.content()
        assert q_letters not in p_page.locator("body").inner_text()
        shot(p_page, "alpha-2-p-before-commit")

        # P shuffles and picks at random, then commits: both setups are revealed.
        p_page.get_by_role("button", name="Shuffle").click()
        p_page.get_by_role("button", name="Random").click()
        p_letters = p_page.input_value("#ab-letters")
        p_indices = [int(i) for i in p_page.input_value("#ab-indices").split()]
        assert sorted(p_letters) == sorted(q_letters) and len(set(p_indices)) == 10
        assert q_letters not in p_page.locator("body").inner_text()
        p_page.get_by_role("button", name="Commit setup").click()

        expected = alpha_battle.alpha_battle(p_letters, p_indices, q_letters, q_indices)
        points_p, points_q = expected["P"], expected["Q"]
        # each reads the end from their side, with the other's name
        if points_p > points_q:
            messages = {p_page: f"You won {points_p}-{points_q}", q_page: f"{pam} wins {points_p}-{points_q}"}
        elif points_q > points_p:
            messages = {
                p_page: f"{quin} wins {points_q}-{points_p}",
                q_page: f"You won {points_q}-{points_p}",
            }
        else:
            messages = {p_page: f"A draw with {quin}, {points_p}-{points_q}"}
            messages[q_page] = f"A draw with {pam}, {points_p}-{points_q}"
        for page in (p_page, q_page):
            expect(page.locator(".ab-battle")).to_be_visible()
            expect(page.locator("#match")).to_have_attribute("data-status", "finished")
        # The rounds play out one by one; the result panel waits for the end.
        expect(p_page.locator(".ab-progress")).to_contain_text("of 16")
        expect(p_page.locator("#result")).to_be_hidden()
        shot(p_page, "alpha-3-p-revealing")
        p_page.get_by_role("button", name="Show all").click()
        for page in (p_page, q_page):  # Q's page plays to its end by itself (16 x 400 ms)
            expect(page.locator(".ab-message")).to_have_text(messages[page])
            expect(page.locator("#result .result-message")).to_have_text(messages[page])
            expect(page.locator("#result .result-score")).to_have_text(
                re.compile(rf"^Final score: {pam} {expected['P']} – {quin} {expected['Q']}")
            )
            expect(page.locator(".ab-card.s0 .ab-score")).to_have_text(str(expected["P"]))
            expect(page.locator(".ab-card.s1 .ab-score")).to_have_text(str(expected["Q"]))
            expect(page.locator(".ab-rounds tbody tr:not(.pending)")).to_have_count(16)
            expect(page.locator(".ab-setup-view.s1")).to_contain_text(
                alpha_battle.remove_letters(q_letters, p_indices)
            )
        assert p_page.locator(".ab-rounds").inner_text() == q_page.locator(".ab-rounds").inner_text()
        # The same reading of the page as before the reveal now finds Q's letters.
        assert f"{quin}'s order: {q_letters}" in p_page.locator("body").inner_text()
        assert f"{pam}'s order: {p_letters}" in q_page.locator("body").inner_text()
        shot(p_page, "alpha-4-p-final")
        shot(q_page, "alpha-4-q-final-phone")
        assert not p_page.js_errors and not q_page.js_errors, p_page.js_errors + q_page.js_errors


# -- The Journey ----------------------------------------------------------------------------
def cell(page, x: int, y: int):
    return page.locator(f'#board .jy-cell[data-x="{x}"][data-y="{y}"]')


def click_cell(page, x: int, y: int) -> None:
    before = ply(page)
    cell(page, x, y).click()
    wait_ply_above(page, before)


def answer(page, choice: str) -> None:
    before = ply(page)
    page.locator(".jy-dialogue").get_by_role("button", name=choice, exact=True).click()
    wait_ply_above(page, before)


def empty_cell(world: list[list[str]]) -> tuple[int, int]:
    return next((x, y) for x in range(10) for y in range(10) if not world[x][y])


def dom_grid(page) -> list[list[str]]:
    labels = page.locator("#board .jy-cell").evaluate_all("cells => cells.map(c => c.dataset.label)")
    return [labels[x * 10 : x * 10 + 10] for x in range(10)]


def test_journey_classic_with_a_seed_to_the_victory(daphne_server, person):
    base = daphne_server.url
    page = person()
    options = {"mode": "classic", "monsters": 2, "elves": 1, "seed": 5}
    world = JOURNEY.setup(JOURNEY.clean_options(options), 0)
    monsters = [tuple(m["pos"]) for m in world["monsters"]]
    powers = [m["power"] for m in world["monsters"]]
    elf = tuple(world["elves"][0]["pos"])
    start = tuple(world["warriors"][0]["pos"])
    with screenshots_on_failure("journey-classic", page=page):
        signup(page, base, username("wendy"))
        create_match(page, base, "journey", side=None, **options)
        # One seat: the match starts at once.
        expect(page.locator("#match")).to_have_attribute("data-status", "active")
        expect(page.locator("#status")).to_have_text("Your turn")
        expect(page.locator(".jy-turn")).to_have_text("Your turn: pick a target cell")
        expect(page.locator(".jy-round")).to_have_text("Round 1")
        expect(cell(page, *start)).to_have_attribute("data-label", "W0")
        expect(cell(page, *start)).to_have_class(re.compile(r"\bown\b"))
        expect(cell(page, *start)).not_to_have_attribute("data-target", "true")
        assert dom_grid(page) == journey.grid(world)
        x, y = monsters[0]
        expect(
            page.get_by_role("button", name=f"Row {x}, column {y}: monster M0", exact=True)
        ).to_be_visible()
        shot(page, "journey-1-classic-start")

        # Turn 1, by keyboard: the tab stop is the warrior; arrows move, Enter picks.
        grid = journey.grid(world)
        step = next(
            (dx, dy)
            for dx, dy in ((0, 1), (0, -1), (1, 0), (-1, 0))
            if 0 <= start[0] + dx < 10 and 0 <= start[1] + dy < 10 and not grid[start[0] + dx][start[1] + dy]
        )
        key = {(0, 1): "ArrowRight", (0, -1): "ArrowLeft", (1, 0): "ArrowDown", (-1, 0): "ArrowUp"}[step]
        cell(page, *start).focus()
        page.keyboard.press(key)
        there = (start[0] + step[0], start[1] + step[1])
        expect(cell(page, *there)).to_be_focused()
        expect(cell(page, *there)).to_have_attribute(
            "aria-label", f"Row {there[0]}, column {there[1]}: empty"
        )
        page.keyboard.press("Enter")
        wait_ply(page, 1)
        expect(cell(page, *there)).to_have_attribute("data-label", "W0")
        expect(cell(page, *start)).to_have_attribute("data-label", "")
        expect(page.locator(".jy-round")).to_have_text("Round 2")  # one warrior: one turn a round
        expect(page.locator(".jy-log")).to_contain_text(f"You chose ({there[0]},{there[1]}).")
        expect(page.locator(".jy-log")).not_to_contain_text("Specify your target")

        # Turn 2: the elf; the dialogue offers help; "No" changes nothing.
        click_cell(page, *elf)
        dialogue = page.get_by_role("dialog")
        expect(dialogue).to_contain_text("My name is E0.")
        expect(dialogue).to_contain_text("Your magic crystal is 10.")
        expect(page.get_by_role("button", name="Yes", exact=True)).to_be_focused()
        expect(cell(page, *elf)).to_have_class(re.compile(r"\basked\b"))
        expect(page.locator("#board [data-target]")).to_have_count(0)  # answer first
        shot(page, "journey-2-classic-elf")
        answer(page, "No")
        expect(dialogue).to_be_hidden()
        expect(page.locator(".jy-warriors")).to_contain_text("40/40")
        expect(cell(page, *elf).locator(".jy-power")).to_have_text(str(world["elves"][0]["power"]))

        # Turn 3: the first monster; "Yes" kills it (its power is below 40) and moves there.
        click_cell(page, *monsters[0])
        expect(dialogue).to_contain_text(f"My damage power is {powers[0]}.")
        expect(dialogue).to_contain_text("Do you really want to challenge me?")
        answer(page, "Yes")
        expect(cell(page, *monsters[0])).to_have_attribute("data-label", "W0")
        expect(page.locator("#announce")).to_have_text("You killed the monster M0")
        expect(page.locator(".jy-warriors")).to_contain_text(f"{40 - powers[0]}/40")
        expect(page.locator(".jy-left")).to_have_text("Monsters left: 1")

        # Turn 4: the last monster, answered with the key "1": victory.
        click_cell(page, *monsters[1])
        expect(dialogue).to_contain_text(f"My damage power is {powers[1]}.")
        page.keyboard.press("1")
        expect(page.locator("#match")).to_have_attribute("data-status", "finished")
        expect(page.locator(".jy-end")).to_have_text("You won: every monster is gone")
        expect(page.locator("#result .result-message")).to_have_text("You won: every monster is gone")
        expect(page.locator(".jy-log")).to_contain_text(VICTORY)  # the story's own last line
        expect(page.locator("#result .result-score")).to_have_text(
            "Monsters left: 0 · warriors alive: 1 of 1"
        )
        expect(page.locator(".jy-warriors")).to_contain_text(f"{40 - powers[0] - powers[1]}/40")
        expect(page.locator("#board [data-target]")).to_have_count(0)
        shot(page, "journey-3-classic-victory")

        # The replay shows the elf's dialogue (after ply 2) read-only.
        page.goto(base + page.get_attribute("#replay-link", "href") + "?ply=2")
        expect(page.locator("#replay")).to_have_attribute("data-ply", "2")
        expect(page.get_by_role("dialog")).to_contain_text("My name is E0.")
        expect(page.locator(".jy-dialogue button")).to_have_count(0)
        assert not page.js_errors, page.js_errors


def test_journey_alliance_of_two_through_the_invite_link(daphne_server, person):
    base = daphne_server.url
    a, b = person(), person(**PHONE)
    with screenshots_on_failure("journey-alliance", a=a, b=b):
        ayla, bram = username("ayla"), username("bram")
        signup(a, base, ayla)
        signup(b, base, bram)
        match_url = create_match(a, base, "journey", mode="alliance", players=2, seed=11, side="0")
        expect(a.locator("#match")).to_have_attribute("data-status", "waiting")
        expect(a.locator("#waiting")).to_be_visible()
        invite = a.input_value("#invite-link")
        join(b, invite, match_url)
        for page, seat in ((a, "0"), (b, "1")):
            expect(page.locator("#match")).to_have_attribute("data-status", "active")
            expect(page.locator("#match")).to_have_attribute("data-you", seat)
            expect(page.locator(".jy-warrior")).to_have_count(2)
        expect(a.locator(".jy-turn")).to_have_text("Your turn: pick a target cell")
        expect(b.locator(".jy-turn")).to_have_text(f"{ayla}'s turn (W0)")
        expect(b.locator("#board [data-target]")).to_have_count(0)
        shot(b, "journey-4-alliance-b-waits")

        # Round 1: W0 walks to an empty cell, then W1 visits W0, who offers crystals.
        target = empty_cell(dom_grid(a))
        click_cell(a, *target)
        wait_ply(b, 1)
        expect(b.locator(".jy-turn")).to_have_text("Your turn: pick a target cell")
        expect(a.locator("#board [data-target]")).to_have_count(0)
        w0 = next((x, y) for x, row in enumerate(dom_grid(b)) for y, label in enumerate(row) if label == "W0")
        assert w0 == target
        click_cell(b, *w0)
        expect(b.get_by_role("dialog")).to_contain_text("Hi, bro. You can call me W0.")
        expect(b.get_by_role("dialog").get_by_role("button", name="Yes")).to_be_visible()
        wait_ply(a, 2)
        expect(a.get_by_role("dialog")).to_contain_text(f"Waiting for {bram} (W1) to answer: Yes or No")
        expect(a.get_by_role("dialog").get_by_role("button")).to_have_count(0)
        shot(a, "journey-5-alliance-a-sees-dialogue")
        shot(b, "journey-5-alliance-b-dialogue")
        answer(b, "Yes")
        wait_ply(a, 3)
        for page, w1 in ((a, bram), (b, "You")):
            expect(page.locator(".jy-round")).to_have_text("Round 2")
            expect(page.locator(".jy-log")).to_contain_text(
                re.compile(rf"{w1} \(W1\): Thanks for your shared \d+ crystals\.")
            )
        crystals = [int(t) for t in a.locator(".jy-warrior .jy-stat:nth-child(2)").all_inner_texts()]
        assert sum(crystals) == 20 and crystals[1] > 10, crystals

        # Round 2: both move again to empty cells.
        click_cell(a, *empty_cell(dom_grid(a)))
        wait_ply(b, 4)
        click_cell(b, *empty_cell(dom_grid(b)))
        wait_ply(a, 5)
        expect(a.locator(".jy-round")).to_have_text("Round 3")
        expect(b.locator(".jy-round")).to_have_text("Round 3")
        expect(a.locator(".jy-turn")).to_have_text("Your turn: pick a target cell")
        shot(a, "journey-6-alliance-round-3")
        assert not a.js_errors and not b.js_errors, a.js_errors + b.js_errors


def test_journey_alliance_of_three_waits_for_two_friends(daphne_server, person):
    base = daphne_server.url
    a, b, c = person(), person(), person()
    with screenshots_on_failure("journey-three", a=a, b=b, c=c):
        for page, prefix in ((a, "ada"), (b, "bo"), (c, "cy")):
            signup(page, base, username(prefix))
        match_url = create_match(a, base, "journey", mode="alliance", players=3, side=None)
        expect(a.locator("#status")).to_have_text("Waiting for 2 more players to join…")
        invite = a.input_value("#invite-link")
        join(b, invite, match_url, status="waiting")
        for page in (a, b):
            expect(page.locator("#match")).to_have_attribute("data-status", "waiting")
            expect(page.locator("#status")).to_have_text("Waiting for an ally to join…")
        join(c, invite, match_url)
        for page in (a, b, c):
            expect(page.locator("#match")).to_have_attribute("data-status", "active")
            expect(page.locator(".jy-warrior")).to_have_count(3)
        seats = sorted(int(p.get_attribute("#match", "data-you")) for p in (a, b, c))
        assert seats == [0, 1, 2]
        shot(a, "journey-7-three-players")
        assert not (a.js_errors or b.js_errors or c.js_errors)
