"""Helpers shared by the browser tests (Debian's chromium, driven by Playwright).

The fixtures (``browser``, ``person``) are in ``conftest.py``; these are the plain
functions: accounts, screenshots to ``test-artifacts/`` (git-ignored), waiting for plies,
creating and joining matches, playing Reversi to the end.
"""

from __future__ import annotations

import contextlib
import re
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "test-artifacts"
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
TIMEOUT_MS = 30_000  # the machine is slow and shared
PASSWORD = "Correct-Horse-42"
LEGAL = '#board [data-legal="true"]'
PLY = "Number(document.getElementById('match').dataset.ply)"
SETTLED = "!document.getElementById('match').dataset.pending"
DESKTOP = {"width": 1200, "height": 900}
PHONE = {
    "viewport": {"width": 390, "height": 844},
    "is_mobile": True,
    "has_touch": True,
    "device_scale_factor": 2,
}


def shot(page, name: str, prefix: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{prefix}-{name}.png"), full_page=True)


@contextlib.contextmanager
def screenshots_on_failure(name: str, prefix: str, **pages) -> Iterator[None]:
    try:
        yield
    except BaseException:
        for who, page in pages.items():
            with contextlib.suppress(Exception):
                shot(page, f"{name}-FAILED-{who}", prefix)
        raise


def username(prefix: str) -> str:
    return f"{prefix}{uuid.uuid4().hex[:10]}"


def fill_signup(page, name: str) -> None:
    page.fill("#id_username", name)
    page.fill("#id_password1", PASSWORD)
    page.fill("#id_password2", PASSWORD)
    page.get_by_role("button", name="Sign up").click()


def signup(page, base: str, name: str) -> None:
    page.goto(base + "/accounts/signup/")
    fill_signup(page, name)
    page.wait_for_url(base + "/")
    page_ready(page)


def ply(page) -> int:
    return int(page.get_attribute("#match", "data-ply"))


def wait_ply_above(page, old: int) -> None:
    page.wait_for_function(f"old => {PLY} > old && {SETTLED}", arg=old)


def wait_ply(page, n: int) -> None:
    page.wait_for_function(f"n => {PLY} === n && {SETTLED}", arg=n)


def in_step(pages) -> int:
    """Wait until every page shows the same ply with no move of its own pending (the newest
    any of them shows), and return it: what a page offers is then read from that state."""
    newest = max(ply(page) for page in pages)
    for page in pages:
        wait_ply(page, newest)
    return newest


def move_once(pages) -> None:
    """The page that may move clicks its first legal cell; both pages show the move."""
    before = in_step(pages)
    movers = [p for p in pages if p.locator(LEGAL).count()]
    assert len(movers) == 1, f"exactly one page may move at ply {before}"
    movers[0].locator(LEGAL).first.click()
    for page in pages:
        wait_ply_above(page, before)


def page_ready(page) -> None:
    """Wait until every script of the page listens (``static/js/ready.js``: ``<html
    data-ready>``; until then the controls that need a script are inert)."""
    expect(page.locator("html")).to_have_attribute("data-ready", "1")


def replay_ready(page) -> None:
    """Wait until the replay's script has drawn its first position and listens to the keys."""
    page_ready(page)
    expect(page.locator("#replay")).to_have_attribute("data-ready", "1")


def expect(*args, **kwargs):
    """Playwright's ``expect``, imported on first use (the module imports without Playwright)."""
    import pytest

    return pytest.importorskip("playwright.sync_api").expect(*args, **kwargs)


# -- matches ---------------------------------------------------------------------------------
def create_match(
    page, base: str, game: str, opponent: str = "invite", side: str | None = "0", **options
) -> str:
    """Fill the create form and return the new match's URL.

    ``options`` are the game's options by name (text and number fields are filled, choices
    selected, check boxes set); ``level`` picks the computer's level. ``side`` is the seat
    to take ("0", "1", "random"), or None to leave the form's default. The form is opened
    unless it is already on the page.
    """
    if not page.url.endswith("/m/new/"):
        page.goto(base + "/m/new/")
    page.check(f'input[name="game"][value="{game}"]')
    level = options.pop("level", None)
    for name, value in options.items():
        field = page.locator(f"#id_{game}__{name}")
        kind = field.evaluate("el => el.tagName === 'SELECT' ? 'select' : el.type")
        if kind == "select":
            field.select_option(str(value))
        elif kind == "checkbox":
            field.set_checked(bool(value))
        else:
            field.fill(str(value))
    page.check(f'input[name="opponent"][value="{opponent}"]')
    if level is not None:
        expect(page.locator("#level-field")).to_be_visible()
        # each game has its own group of levels (the same names): pick this game's
        option = page.locator(f'#id_level optgroup[data-game="{game}"] option[value="{level}"]')
        page.select_option("#id_level", element=option.element_handle())
        expect(page.locator("#id_level option:checked")).to_have_attribute("value", level)
    if side is not None:
        page.select_option("#id_side", side)
    page.get_by_role("button", name="Create match").click()
    page.wait_for_url(re.compile(r"/m/[^/]+/$"))
    page_ready(page)
    expect(page.locator("#match")).to_have_attribute("data-ready", "1")
    return page.url


def join(page, invite: str, match_url: str, status: str | None = "active") -> None:
    """A logged-in person opens the invite link, takes the seat (a button: a GET never
    seats anyone) and lands in the match, seated; the page is live (drawn by its script)
    and, unless ``status`` is None, shows that status."""
    page.goto(invite)
    page.get_by_role("button", name="Take the seat and play").click()
    page.wait_for_url(match_url)
    page_ready(page)
    expect(page.locator("#match")).to_have_attribute("data-ready", "1")
    if status is not None:
        expect(page.locator("#match")).to_have_attribute("data-status", status)


def play_to_end(pages, max_moves: int = 40) -> int:
    """Reversi: click legal cells (taken from the DOM) on whichever of the two pages may
    move, until the end; every move must show on both pages. Returns the final ply."""
    a, b = pages
    for _ in range(max_moves):
        before = in_step(pages)
        if a.get_attribute("#match", "data-status") == "finished":
            break
        movers = [p for p in pages if p.locator(LEGAL).count()]
        assert len(movers) == 1, f"exactly one page may move at ply {before}"
        mover = movers[0]
        seat = int(mover.get_attribute("#match", "data-you"))
        cell = mover.locator(LEGAL).first
        name = cell.get_attribute("data-cell")
        cell.click()
        for page in pages:
            wait_ply_above(page, before)
        now = max(ply(a), ply(b))
        for page in pages:
            page.wait_for_function(f"n => {PLY} === n", arg=now)
        disc = "black" if seat == 0 else "white"
        for page in pages:
            expect(page.locator(f'#board [data-cell="{name}"]')).to_have_attribute("data-state", disc)
            if now == before + 1:
                expect(page.locator(f'#board [data-cell="{name}"]')).to_have_class(re.compile(r"\blast\b"))
            else:  # the server passed for the other player: both pages say so, in words
                expect(page.locator("#announce")).to_contain_text("no valid move and pass")
    expect(a.locator("#match")).to_have_attribute("data-status", "finished")
    expect(b.locator("#match")).to_have_attribute("data-status", "finished")
    return ply(a)


def request_computer_analysis(page, server) -> Any:
    """On a finished match's replay: ask for the computer analysis, run the real task worker
    once (``db_worker --batch``) and wait for the card to say it is done; returns the card."""
    import subprocess
    import sys

    from tests.support.server import ROOT

    card = page.locator("#computer-analysis")
    expect(card).to_have_attribute("data-status", "none")  # its script is listening
    expect(card.locator("#analysis-time")).to_contain_text("this game takes it at most")
    card.get_by_role("button", name="Request computer analysis").click()
    expect(card).to_have_attribute("data-status", "queued")
    expect(card.locator("#analysis-status")).to_contain_text("more once it starts")
    expect(card.locator("#analysis-time")).to_have_count(0)
    subprocess.run(
        [sys.executable, "manage.py", "db_worker", "--batch", "--interval", "0", "--no-reload"],
        cwd=ROOT,
        env=server.env,
        check=True,
        timeout=120,
        capture_output=True,
    )
    expect(card).to_have_attribute("data-status", "done", timeout=15_000)
    return card
