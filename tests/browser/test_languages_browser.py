"""The site in the player's language, in a real browser (issue 52): two people whose
browsers ask for French (then Russian) sign up, create, join and play a match to its end in
that language, every page's words the catalog's and none left in English; Russian's plural
forms show for 1, 2 and 5 moves; the pages are axe-clean with their ``lang`` set; and German
fits a 360 px phone. The expected words are read from the catalogs (Django's gettext in the
test), never written here."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

import pytest
from django.utils import translation

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


@pytest.mark.parametrize("path", ["/", "/m/new/", "/puzzles/", "/games/reversi/rules/", "/accounts/signup/"])
def test_german_fits_a_phone(daphne_server, person, path):
    page = person(locale="de", **PHONE)
    page.goto(daphne_server.url + path)
    page_ready(page)
    expect(page.locator("html")).to_have_attribute("lang", "de")
    wider = page.evaluate(
        """() => [...document.querySelectorAll('main *, header *')].filter((el) => {
             const box = el.getBoundingClientRect();
             return box.width > 0 && (box.right > innerWidth + 1 || el.scrollWidth > el.clientWidth + 1
               && getComputedStyle(el).overflowX === 'visible');
           }).map((el) => el.tagName + ': ' + (el.textContent || '').trim().slice(0, 40))"""
    )
    assert wider == []
    assert page.evaluate("document.documentElement.scrollWidth <= innerWidth")


@pytest.mark.parametrize("language", ["fr", "de", "es", "ru"])
def test_pages_are_axe_clean_in_every_language(daphne_server, person, language):
    from tests.browser.test_accessibility_browser import Audit

    audit = Audit(prefix=f"a11y-{language}")
    page = person(locale=language)
    for path in ("/", "/m/new/", "/puzzles/", "/games/connect_four/rules/", "/accounts/login/", "/t/"):
        audit.visit(page, daphne_server.url + path, f"{language}{path}")
        expect(page.locator("html")).to_have_attribute("lang", language)
    assert audit.found == []
