"""Every page a person can reach passes an axe-core audit with 0 violations (issue 28, 16).

axe-core's JavaScript comes with ``axe-playwright-python`` (nothing is fetched at test time).
One walk, two people (two browser contexts) and a visitor: the pages of someone logged out,
then ann's (lobby, forms, a match against the computer, its end and replay, an invite match,
a tournament, notifications, her profile) and bob's (the invite page, the two-player match
from his side, ann's profile). Every violation is listed at the end: its rule, impact, the
elements and the rule's help page. Screenshots: ``test-artifacts/a11y-*.png``.
"""

from __future__ import annotations

import re

import pytest

from games.catalog.analysis import BOARDS
from games.catalog.registry import GAMES
from tests.browser.helpers import (
    LEGAL,
    PHONE,
    create_match,
    expect,
    join,
    move_once,
    ply,
    replay_ready,
    screenshots_on_failure,
    shot,
    signup,
    username,
    wait_ply_above,
)

pytestmark = pytest.mark.browser

PREFIX = "a11y"
# Pages whose look the audit changed: their screenshots are kept to be looked at.
SHOTS = {
    "match-computer",
    "match-finished",
    "match-invite-bob",
    "replay",
    "rules-journey",
    "rules-alpha_battle",
    "match-journey",
    "match-alpha_battle",
    "profile",
    "tournament-detail",
}
# Rules (on their page or in a dialog) are audited once their diagrams are drawn.
DRAWN = "!document.querySelector('[data-rules]:not([data-drawn=\"true\"])')"


def where(node: dict) -> str:
    """An element axe found, with its colours when their contrast is the fault."""
    target = " ".join(node["target"])
    for check in node["any"]:
        data = check.get("data")
        if isinstance(data, dict) and "fgColor" in data:
            return f"{target} ({data['fgColor']} on {data['bgColor']}: {data['contrastRatio']})"
    return target


# Colours are measured at rest: after the animations that end (a toast's or a move's pop-in).
SETTLED = """() => Promise.all(document.getAnimations()
    .filter((a) => a.effect?.getComputedTiming().endTime !== Infinity)
    .map((a) => a.finished.catch(() => null)))"""


class Audit:
    """Runs axe-core on pages and keeps what it finds, page by page."""

    def __init__(self, prefix: str = PREFIX) -> None:
        self.prefix = prefix
        self.axe = pytest.importorskip("axe_playwright_python.sync_playwright").Axe()
        self.found: list[str] = []
        self.pages: list[str] = []

    def __call__(self, page, name: str) -> None:
        """Audit what ``page`` shows now, under ``name``."""
        page.wait_for_load_state("load")
        page.wait_for_function(DRAWN)
        page.evaluate(SETTLED)
        results = self.axe.run(page)
        self.pages.append(name)
        for violation in results.response["violations"]:
            targets = "; ".join(where(node) for node in violation["nodes"])
            self.found.append(
                f"{name}: {violation['id']} ({violation['impact']}) at {targets}"
                f" — {violation['help']} {violation['helpUrl']}"
            )
        if name in SHOTS:
            shot(page, name, self.prefix)

    def visit(self, page, url: str, name: str, status: int = 200) -> None:
        """Open ``url`` and audit it."""
        response = page.goto(url)
        assert response.status == status, f"{name}: {url} answered {response.status}"
        self(page, name)


def test_every_page_passes_an_axe_audit(daphne_server, person):
    base = daphne_server.url
    audit = Audit()
    visitor, ann, bob = person(), person(), person()
    ann_name, bob_name = username("ann"), username("bob")
    with screenshots_on_failure("walk", PREFIX, visitor=visitor, ann=ann, bob=bob):
        # Someone logged out.
        audit.visit(visitor, base + "/", "lobby-logged-out")
        audit.visit(visitor, base + "/accounts/login/", "login")
        audit.visit(visitor, base + "/accounts/signup/", "signup")
        audit.visit(visitor, base + "/accounts/password_reset/", "password-reset")
        audit.visit(visitor, base + "/accounts/password_reset/done/", "password-reset-done")
        audit.visit(visitor, base + "/accounts/reset/MQ/set-password/", "password-reset-bad-link")
        audit.visit(visitor, base + "/accounts/reset/done/", "password-reset-complete")
        for slug in GAMES:
            audit.visit(visitor, f"{base}/games/{slug}/rules/", f"rules-{slug}")
        for slug, game in GAMES.items():
            if not game.cooperative:  # the allies of The Journey have no ranking
                audit.visit(visitor, f"{base}/leaderboard/{slug}/", f"leaderboard-{slug}")
        audit.visit(visitor, base + "/t/", "tournaments")
        audit.visit(visitor, base + "/m/doesnotexist/", "error-404", status=404)
        audit.visit(visitor, base + "/notifications/unsubscribe/nothing/", "unsubscribe-invalid", 404)

        # ann, logged in: her pages and forms.
        signup(ann, base, ann_name)
        audit(ann, "lobby-logged-in")
        audit.visit(ann, base + "/m/new/", "match-new")
        audit.visit(ann, base + "/t/new/", "tournament-new")
        audit.visit(ann, base + "/notifications/settings/", "notification-settings")
        audit.visit(ann, base + "/accounts/password_change/", "password-change")

        # A match against the computer: playing, the rules dialog, the end, the replay.
        create_match(ann, base, "reversi", opponent="computer", level="random", side="0")
        before = ply(ann)
        ann.locator(LEGAL).first.click()
        wait_ply_above(ann, before + 1)  # hers and the computer's answer
        audit(ann, "match-computer")
        ann.get_by_role("button", name="Rules").click()
        expect(ann.get_by_role("dialog").locator("[data-rules]")).to_have_attribute("data-drawn", "true")
        audit(ann, "match-rules-dialog")
        ann.keyboard.press("Escape")
        ann.on("dialog", lambda dialog: dialog.accept())
        ann.get_by_role("button", name="Resign").click()
        expect(ann.locator("#match")).to_have_attribute("data-status", "finished")
        audit(ann, "match-finished")
        audit.visit(ann, base + ann.get_attribute("#replay-link", "href"), "replay")
        replay_ready(ann)
        ann.keyboard.press("End")
        audit(ann, "replay-end")

        # An invite match: ann waits, bob opens the invite and plays.
        match_url = create_match(ann, base, "connect_four", opponent="invite", side="0")
        audit(ann, "match-waiting")
        signup(bob, base, bob_name)
        audit.visit(bob, match_url + "join/", "invite")
        join(bob, match_url + "join/", match_url)
        before = ply(ann)
        ann.locator(LEGAL).first.click()
        wait_ply_above(bob, before)
        audit(bob, "match-invite-bob")
        audit.visit(bob, f"{base}/u/{ann_name}/", "profile-of-someone")
        audit.visit(bob, f"{base}/u/{ann_name}/games/", "archive-of-someone")

        # ann's notifications (bob joined), her profile, a tournament of hers.
        audit.visit(ann, base + "/notifications/", "notifications")
        audit.visit(ann, f"{base}/u/{ann_name}/", "profile-own")
        ann.goto(base + "/t/new/")
        ann.fill('input[name="name"]', "Spring cup")
        ann.get_by_role("button", name="Create tournament").click()
        expect(ann.get_by_role("heading", name="Spring cup")).to_be_visible()
        assert re.search(r"/t/\d+/$", ann.url)
        audit(ann, "tournament-detail")
        audit.visit(bob, ann.url, "tournament-detail-other")
        audit.visit(ann, base + "/t/", "tournaments-with-one")

    assert not audit.found, f"{len(audit.found)} axe violations:\n" + "\n".join(audit.found)
    assert len(audit.pages) >= 35
    for page in (visitor, ann, bob):
        assert page.js_errors == []


def test_every_game_on_a_phone_in_the_dark_passes_an_axe_audit(daphne_server, person):
    """The other look: 390 px wide, the dark colours; a match against the computer in every
    game (each game draws its own board, panels and colours), its replay and the pages
    around them."""
    base = daphne_server.url
    audit = Audit(prefix="a11y-phone-dark")
    page = person(**PHONE, color_scheme="dark")
    with screenshots_on_failure("phone-dark", PREFIX, page=page):
        audit.visit(page, base + "/", "lobby-logged-out")
        signup(page, base, username("dee"))
        audit(page, "lobby-logged-in")
        audit.visit(page, base + "/m/new/", "match-new")
        matches = {}
        for slug in GAMES:
            matches[slug] = create_match(page, base, slug, opponent="computer", side="0")
            audit(page, f"match-{slug}")
        # The Journey's rules over its live board: its figures' panels beside the board's own.
        page.get_by_role("button", name="Rules").click()
        expect(page.get_by_role("dialog").locator("[data-rules]")).to_have_attribute("data-drawn", "true")
        audit(page, "match-journey-rules-dialog")
        page.keyboard.press("Escape")
        page.goto(matches["reversi"])
        expect(page.locator("#match")).to_have_attribute("data-ready", "1")
        page.locator(LEGAL).first.click()
        wait_ply_above(page, 1)  # hers and the computer's answer: the match is not aborted
        page.on("dialog", lambda dialog: dialog.accept())
        page.get_by_role("button", name="Resign").click()
        expect(page.locator("#match")).to_have_attribute("data-status", "finished")
        audit(page, "match-finished")
        audit.visit(page, base + page.get_attribute("#replay-link", "href"), "replay")
        for slug in GAMES:
            audit.visit(page, f"{base}/games/{slug}/rules/", f"rules-{slug}")
        for slug in sorted(BOARDS):  # the analysis boards, their engine panels filled
            page.goto(f"{base}/analysis/{slug}/")
            expect(page.locator("#analysis")).to_have_attribute("data-ready", "1", timeout=15_000)
            audit(page, f"analysis-{slug}")
        audit.visit(page, base + "/leaderboard/reversi/", "leaderboard")
        audit.visit(page, base + "/t/", "tournaments")
        audit.visit(page, base + "/t/new/", "tournament-new")
        audit.visit(page, base + "/notifications/", "notifications")
        audit.visit(page, base + page.get_attribute(".nav-account a[href^='/u/']", "href"), "profile")
    assert not audit.found, f"{len(audit.found)} axe violations:\n" + "\n".join(audit.found)
    assert page.js_errors == []


def test_the_lobby_badges_and_the_chat_report_link_in_all_four_looks(daphne_server, person):
    """Issue 40: the lobby's "their turn" badge (3.45:1 on a light phone) and a finished
    match's chat "Report" link (3.65:1) had their contrast lowered by an opacity. Both are on
    the page, then audited in the light and the dark colours, on a desk (ann) and a phone (bob)."""
    base = daphne_server.url
    audit = Audit(prefix="a11y-contrast")
    ann, bob = person(), person(**PHONE)
    ann_name, bob_name = username("ann"), username("bob")

    def both_looks(page, name: str) -> None:
        for scheme in ("light", "dark"):
            page.emulate_media(color_scheme=scheme)
            audit(page, f"{name}-{scheme}")

    with screenshots_on_failure("contrast", PREFIX, ann=ann, bob=bob):
        signup(ann, base, ann_name)
        signup(bob, base, bob_name)
        match_url = create_match(ann, base, "reversi", opponent="invite", side="0", size="6", blocks="")
        join(bob, match_url + "join/", match_url)
        bob.locator("#chat-text").fill("good luck")
        bob.locator("#chat-form").get_by_role("button", name="Send").click()
        expect(ann.locator("#chat-lines li").last).to_contain_text("good luck")
        ann.locator("#chat-text").fill("thanks")
        ann.locator("#chat-form").get_by_role("button", name="Send").click()
        expect(bob.locator("#chat-lines li").last).to_contain_text("thanks")
        for _ in range(2):  # a move each: a game, which a resignation finishes (not aborts)
            move_once([ann, bob])

        bob.goto(base + "/")  # ann is to move: bob's list says it is her turn
        expect(bob.locator(".badge-muted", has_text="their turn")).to_be_visible()
        both_looks(bob, "lobby-phone")

        ann.on("dialog", lambda dialog: dialog.accept())
        ann.get_by_role("button", name="Resign").click()
        expect(ann.locator("#match")).to_have_attribute("data-status", "finished")
        expect(ann.locator(".chat-report")).to_have_count(1)  # beside bob's line
        both_looks(ann, "finished-desk")
        bob.goto(match_url)
        expect(bob.locator("#match")).to_have_attribute("data-status", "finished")
        expect(bob.locator(".chat-report")).to_have_count(1)
        both_looks(bob, "finished-phone")
    assert not audit.found, f"{len(audit.found)} axe violations:\n" + "\n".join(audit.found)
    assert ann.js_errors == [] and bob.js_errors == []
