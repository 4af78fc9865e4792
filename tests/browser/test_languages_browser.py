"""The site in the player's language, in a real browser (issue 52): two people whose
browsers ask for French (then Russian) sign up, create, join and play a match to its end in
that language, every page's words the catalog's and none left in English; Russian's plural
forms show for 1, 2 and 5 moves; the pages are axe-clean with their ``lang`` set; and German
fits a 360 px phone. The expected words are read from the catalogs (Django's gettext in the
test), never written here."""

from __future__ import annotations

import gettext
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from django.utils import translation

from games.catalog.journey.engine import GAME as JOURNEY
from games.catalog.registry import GAMES
from tests.browser.helpers import (
    LEGAL,
    PASSWORD,
    PHONE,
    expect,
    in_step,
    page_ready,
    username,
    wait_ply_above,
)
from tests.support.client import Player

pytestmark = pytest.mark.browser
ROOT = Path(__file__).resolve().parents[2]


def words(language: str, text: str, context: str | None = None) -> str:
    with translation.override(language):
        return translation.pgettext(context, text) if context else translation.gettext(text)


def plural(language: str, singular: str, plural_: str, n: int) -> str:
    with translation.override(language):
        return translation.ngettext(singular, plural_, n) % {"counter": n}


def signup(page, base: str, language: str) -> str:
    name = username(language)
    page.goto(base + "/accounts/signup/")
    page.fill("#id_username", name)
    page.fill("#id_password1", PASSWORD)
    page.fill("#id_password2", PASSWORD)
    page.get_by_role("button", name=words(language, "Sign up")).click()
    page.wait_for_url(base + "/")
    page_ready(page)
    return name


@pytest.mark.parametrize("language", ["fr", "ru"])
def test_two_people_play_a_whole_match_in_their_language(daphne_server, person, language):
    base = daphne_server.url
    ann, bob = person(locale=language), person(locale=language)
    for page in (ann, bob):
        signup(page, base, language)
        expect(page.locator("html")).to_have_attribute("lang", language)
        expect(page.get_by_role("navigation", name=words(language, "Main", "navigation"))).to_be_visible()
    assert words(language, "Create match") != "Create match"  # the catalog is there

    ann.goto(base + "/m/new/")
    ann.check('input[name="game"][value="reversi"]')
    ann.locator("#id_reversi__size").fill("4")
    ann.check('input[name="opponent"][value="invite"]')
    ann.get_by_role("button", name=words(language, "Create match")).click()
    ann.wait_for_url(lambda url: "/m/" in url and not url.endswith("/new/"))
    page_ready(ann)
    match_url = ann.url
    invite = ann.locator("#invite-link").input_value()
    bob.goto(invite)
    bob.get_by_role("button", name=words(language, "Take the seat and play")).click()
    bob.wait_for_url(match_url)
    page_ready(bob)

    pages = [ann, bob]
    for _ in range(20):
        before = in_step(pages)
        if ann.get_attribute("#match", "data-status") == "finished":
            break
        mover = next(p for p in pages if p.locator(LEGAL).count())
        mover.locator(LEGAL).first.click()
        for page in pages:
            wait_ply_above(page, before)
    for page in pages:
        expect(page.locator("#match")).to_have_attribute("data-status", "finished")
        shown = page.locator("main").inner_text()
        assert words(language, "Rematch") in shown
        for english in ("Your turn", "Rematch", "Replay", "Resign", "Offer a draw"):
            if words(language, english) != english:
                assert english not in shown, english
        assert page.js_errors == []


def test_russian_counts_moves_in_its_three_plural_forms(daphne_server, person):
    base = daphne_server.url
    ann, bob = Player(base).signup(), Player(base).signup()

    def played(moves: int) -> None:
        match = ann.create(game="reversi", options={"size": 6}, opponent="open", side=0)  # public: listed
        bob.join(match["id"])
        for ply in range(moves):
            (ann if ply % 2 == 0 else bob).move_once(match["id"])
        assert ann.api("POST", f"/api/matches/{match['id']}/resign/").status_code == 200

    with ThreadPoolExecutor(1) as other:  # the socket client's own event loop, not Playwright's
        for moves in (1, 2, 5):
            other.submit(played, moves).result()
    page = person(locale="ru")
    page.goto(f"{base}/u/{ann.username}/games/")
    page_ready(page)
    shown = page.locator("main").inner_text()
    forms = [plural("ru", "%(counter)s move", "%(counter)s moves", n) for n in (1, 2, 5)]
    assert len({f.split()[1] for f in forms}) == 3, forms  # ход, хода, ходов
    for form in forms:
        assert form in shown, form


# What sticks out of its box or the screen (inside a box that scrolls sideways on purpose,
# such as a code sample's, nothing is lost: it is skipped).
OVERFLOWING = """() => [...document.querySelectorAll('main *, header *')].filter((el) => {
     if (el.parentElement.closest('pre')) return false;
     const box = el.getBoundingClientRect();
     return box.width > 0 && (box.right > innerWidth + 1 || el.scrollWidth > el.clientWidth + 1
       && getComputedStyle(el).overflowX === 'visible');
   }).map((el) => el.tagName + ': ' + (el.textContent || '').trim().slice(0, 40))"""


def test_german_fits_a_phone_on_every_page(daphne_server, person):
    """German's long words on a 360 px phone: every page of the site, as a visitor and as a
    player (a match being played, a replay, a tournament, a profile, the settings)."""
    base = daphne_server.url
    ann, bob = Player(base).signup(), Player(base).signup()
    with ThreadPoolExecutor(1) as other:  # the socket client's own event loop, not Playwright's

        def played() -> tuple[dict, dict]:
            done = ann.create(game="connect_four", options={}, opponent="open", side=0)
            bob.join(done["id"])
            ann.move_once(done["id"])
            assert ann.api("POST", f"/api/matches/{done['id']}/resign/").status_code == 200
            return ann.api("GET", f"/api/matches/{done['id']}/").json(), ann.create(
                game="reversi", options={}, opponent="open", side=0
            )

        finished, waiting = other.submit(played).result()
    clock = {"initial": 300, "increment": 0}
    cup = ann.api("POST", "/api/tournaments/", {"name": "Pokal", "game": "reversi", "clock": clock}).json()
    page = person(locale="de", **PHONE)
    visitor = [
        "/",
        "/puzzles/",
        "/puzzles/connect_four/",
        "/leaderboard/",
        "/leaderboard/reversi/",
        "/analysis/",
        "/analysis/reversi/",
        "/t/",
        f"/t/{cup['id']}/",
        finished["replay_url"],
        f"/u/{ann.username}/",
        f"/u/{ann.username}/games/",
        "/bots/",
        "/accounts/login/",
        "/accounts/signup/",
        *(f"/games/{slug}/rules/" for slug in GAMES),
    ]
    player = [
        "/m/new/",
        f"/m/{waiting['id']}/",
        "/t/new/",
        "/notifications/",
        "/notifications/settings/",
        "/accounts/",
    ]
    wide = {}
    for path in visitor + ["login"] + player:
        if path == "login":
            signup(page, base, "de")
            continue
        page.goto(base + path)
        page_ready(page)
        expect(page.locator("html")).to_have_attribute("lang", "de")
        found = page.evaluate(OVERFLOWING)
        if found or not page.evaluate("document.documentElement.scrollWidth <= innerWidth"):
            wide[path] = found or ["the page scrolls sideways"]
    assert wide == {}
    assert page.js_errors == []


@pytest.mark.parametrize("language", ["fr", "de", "es", "ru"])
def test_pages_are_axe_clean_in_every_language(daphne_server, person, language):
    from tests.browser.test_accessibility_browser import Audit

    audit = Audit(prefix=f"a11y-{language}")
    page = person(locale=language)
    for path in ("/", "/m/new/", "/puzzles/", "/games/connect_four/rules/", "/accounts/login/", "/t/"):
        audit.visit(page, daphne_server.url + path, f"{language}{path}")
        expect(page.locator("html")).to_have_attribute("lang", language)
    assert audit.found == []


def script_words(game: str, language: str, text: str) -> str:
    """``text`` as a game's board script shows it in ``language`` (its djangojs catalog)."""
    catalog = gettext.translation("djangojs", ROOT / "games" / "catalog" / game / "locale", [language])
    return catalog.gettext(text)


def test_the_journeys_characters_speak_the_players_language(daphne_server, person):
    """The Journey keeps the seed's English lines in its state; the page shows them in German:
    the elf's and the monsters' words in the dialogue, the victory in the log."""
    base, page = daphne_server.url, person(locale="de")
    signup(page, base, "de")
    options = {"mode": "classic", "monsters": 2, "elves": 1, "seed": 5}
    world = JOURNEY.setup(JOURNEY.clean_options(options), 0)
    page.goto(base + "/m/new/")
    page.check('input[name="game"][value="journey"]')
    for name, value in options.items():
        field = page.locator(f"#id_journey__{name}")
        if field.evaluate("el => el.tagName") == "SELECT":
            field.select_option(str(value))
        else:
            field.fill(str(value))
    page.get_by_role("button", name=words("de", "Create match")).click()
    page.wait_for_url(lambda url: "/m/" in url and not url.endswith("/new/"))
    page_ready(page)
    expect(page.locator("#match")).to_have_attribute("data-status", "active")

    def visit(x: int, y: int) -> None:
        before = int(page.get_attribute("#match", "data-ply"))
        page.locator(f'#board .jy-cell[data-x="{x}"][data-y="{y}"]').click()
        wait_ply_above(page, before)

    def answer(key: str) -> None:
        before = int(page.get_attribute("#match", "data-ply"))
        page.keyboard.press(key)
        wait_ply_above(page, before)

    dialogue = page.get_by_role("dialog")
    visit(*world["elves"][0]["pos"])
    help_asked = script_words("journey", "de", "Do you need my help?")
    assert help_asked != "Do you need my help?"
    expect(dialogue).to_contain_text(help_asked)
    expect(dialogue).not_to_contain_text("Do you need my help?")
    answer("2")  # no
    for monster in world["monsters"]:
        visit(*monster["pos"])
        expect(dialogue).to_contain_text(script_words("journey", "de", "Do you really want to challenge me?"))
        answer("1")  # yes: each monster's power is below the warrior's health
    expect(page.locator("#match")).to_have_attribute("data-status", "finished")
    victory = "Congratulations, all the monsters have been killed."
    expect(page.locator(".jy-log")).to_contain_text(script_words("journey", "de", victory))
    expect(page.locator(".jy-log")).not_to_contain_text(victory)
    assert page.js_errors == []
