"""The create form's "Rated" and "Allow takebacks" boxes, in real browsers (a desktop page
and a 390px phone): each is greyed and unticked, with the server's reason beside it, as soon
as the choice makes the server refuse it (the computer, a custom start position or deal, a
game never rated; a rated match, a game without takebacks), and comes back as the person
left it when the choice changes back. A match made against the computer with takebacks
allowed has them. Screenshots: ``test-artifacts/create-form-*.png``.
"""

from __future__ import annotations

import re

import pytest

from games.catalog.registry import GAMES
from tests.browser import helpers
from tests.browser.helpers import DESKTOP, PHONE, expect, signup, username

pytestmark = pytest.mark.browser

COMPUTER = "Matches against the computer are casual."
CUSTOM_START = "Matches from a custom start position are casual."
RATED = "Rated matches allow no takebacks."


BOXES = {"rated": ("#id_rated", "#rated-note"), "takebacks": ("#id_allow_takebacks", "#takebacks-note")}


def free(page, box: str, ticked: bool) -> None:
    """``box`` (rated or takebacks) may be changed, ticked or not, with no reason shown."""
    field, note = BOXES[box]
    expect(page.locator(field)).to_be_enabled()
    expect(page.locator(field)).to_be_checked(checked=ticked)
    expect(page.locator(note)).to_be_hidden()


def held(page, box: str, reason: str) -> None:
    """``box`` is greyed and unticked, ``reason`` shown beside it."""
    field, note = BOXES[box]
    expect(page.locator(field)).to_be_disabled()
    expect(page.locator(field)).not_to_be_checked()
    expect(page.locator(note)).to_be_visible()
    expect(page.locator(note)).to_have_text(reason)


@pytest.mark.parametrize("device", ["desktop", "phone"])
def test_rated_and_takebacks_are_greyed_with_the_reason_and_come_back(daphne_server, person, device):
    base = daphne_server.url
    page = person(**PHONE) if device == "phone" else person(viewport=DESKTOP)
    with helpers.screenshots_on_failure(device, "create-form", page=page):
        signup(page, base, username("rf"))
        page.goto(base + "/m/new/")
        page.check('input[name="game"][value="reversi"]')
        page.check('input[name="opponent"][value="invite"]')
        free(page, "rated", False)
        free(page, "takebacks", True)

        # The computer: never rated; back to a person, Rated is free again.
        page.check('input[name="opponent"][value="computer"]')
        held(page, "rated", COMPUTER)
        free(page, "takebacks", True)
        page.locator("#rated-field").scroll_into_view_if_needed()
        helpers.shot(page, f"1-computer-{device}", "create-form")
        page.check('input[name="opponent"][value="open"]')
        free(page, "rated", False)

        # A start position typed: casual as soon as it is typed, free again once cleared.
        page.fill("#id_reversi__start", "........\n" * 3 + "...XO...\n...OX...\n" + "........\n" * 3)
        held(page, "rated", CUSTOM_START)
        page.fill("#id_reversi__start", "")
        free(page, "rated", False)

        # Rated takes the takebacks; unticked, they come back as they were (on, then off).
        page.check("#id_rated")
        held(page, "takebacks", RATED)
        page.locator("#rated-field").scroll_into_view_if_needed()
        helpers.shot(page, f"2-rated-{device}", "create-form")
        page.uncheck("#id_rated")
        free(page, "takebacks", True)
        page.uncheck("#id_allow_takebacks")
        page.check("#id_rated")
        held(page, "takebacks", RATED)
        page.uncheck("#id_rated")
        free(page, "takebacks", False)
        page.check("#id_allow_takebacks")

        # Rated ticked, then the computer: both boxes come back as they were with a person.
        page.check("#id_rated")
        page.check('input[name="opponent"][value="computer"]')
        held(page, "rated", COMPUTER)
        free(page, "takebacks", True)
        page.check('input[name="opponent"][value="invite"]')
        free(page, "rated", True)
        held(page, "takebacks", RATED)
        page.uncheck("#id_rated")

        # The Journey: never rated, no takebacks; the words come from the server.
        page.check('input[name="game"][value="journey"]')
        held(page, "rated", "The Journey is played together: it is never rated.")
        held(page, "takebacks", "Allies do not take moves back.")
        page.locator("#rated-field").scroll_into_view_if_needed()
        helpers.shot(page, f"3-journey-{device}", "create-form")

        # Alpha Battle may be rated, but not from a chosen deal (its seed); it has no takebacks.
        page.check('input[name="game"][value="alpha_battle"]')
        free(page, "rated", False)
        held(page, "takebacks", GAMES["alpha_battle"].no_takebacks)
        page.fill("#id_alpha_battle__seed", "42")
        held(page, "rated", CUSTOM_START)
        page.fill("#id_alpha_battle__seed", "")
        free(page, "rated", False)

        # Sent back with an error, rated: the takebacks (not posted) come back on when unticked.
        page.check('input[name="game"][value="reversi"]')
        page.check("#id_rated")
        page.fill("#id_reversi__size", "5")
        page.get_by_role("button", name="Create match").click()
        expect(page.locator("#id_reversi__size")).to_have_value("5")
        expect(page.locator(".field.has-error .field-errors")).to_be_visible()
        free(page, "rated", True)
        held(page, "takebacks", RATED)
        page.uncheck("#id_rated")
        free(page, "takebacks", True)
        page.fill("#id_reversi__size", "8")

        # What the form sends is what the server makes: vs the computer, takebacks allowed.
        page.check('input[name="opponent"][value="computer"]')
        held(page, "rated", COMPUTER)
        free(page, "takebacks", True)
        page.select_option("#id_side", "0")
        page.get_by_role("button", name="Create match").click()
        page.wait_for_url(re.compile(r"/m/[^/]+/$"))
        expect(page.locator("#match")).to_have_attribute("data-ready", "1")
        expect(page.locator("#takebacks-opt")).to_have_text("Takebacks")
        match_id = page.url.rstrip("/").rsplit("/", 1)[-1]
        made = page.request.get(f"{base}/api/matches/{match_id}/").json()
        assert (made["takebacks"], made["rated"], made["game"]) == (True, False, "reversi"), made
        assert not page.js_errors, page.js_errors
