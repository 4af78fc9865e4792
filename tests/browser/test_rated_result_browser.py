"""A rated match's end says what it did to both ratings: ann (a desk) and bob (a phone)
play a rated Reversi match; bob resigns; both result panels read the new ratings, their own
first, live and after a reload. Screenshots: ``test-artifacts/rated-result-*.png``.
"""

from __future__ import annotations

import re

import pytest

from tests.browser import helpers
from tests.browser.helpers import PHONE, expect, join, move_once, signup, username

pytestmark = pytest.mark.browser


def test_both_result_panels_say_the_new_ratings(daphne_server, person):
    base = daphne_server.url
    a, b = person(), person(**PHONE)
    with helpers.screenshots_on_failure("ratings", "rated-result", a=a, b=b):
        ann, bob = username("ann"), username("bob")
        signup(a, base, ann)
        signup(b, base, bob)
        a.goto(base + "/m/new/")
        a.check('input[name="game"][value="reversi"]')
        a.fill("#id_reversi__size", "6")
        a.check('input[name="opponent"][value="invite"]')
        a.check("#id_rated")
        a.get_by_role("button", name="Create match").click()
        a.wait_for_url(re.compile(r"/m/[^/]+/$"))
        match_url = a.url
        join(b, match_url + "join/", match_url)
        move_once((a, b))
        move_once((a, b))
        b.on("dialog", lambda dialog: dialog.accept())
        b.get_by_role("button", name="Resign").click()
        line = re.compile(r"^Ratings: you (\d+) \(([+−]\d+)\), (\S+) (\d+) \(([+−]\d+)\)$")
        seen = {}
        for page, me, other in ((a, ann, bob), (b, bob, ann)):
            ratings = page.locator("#result .result-ratings")
            expect(ratings).to_have_text(line)
            mine, my_change, name, theirs, their_change = line.match(ratings.inner_text()).groups()
            assert name == other
            seen[me], seen[other + " seen by " + me] = (mine, my_change), (theirs, their_change)
        # ann won: up; bob lost: down; each page says the same figures of each.
        assert seen[ann][1].startswith("+") and seen[bob][1].startswith("−")
        assert seen[f"{ann} seen by {bob}"] == seen[ann] and seen[f"{bob} seen by {ann}"] == seen[bob]
        expect(b.locator("#turn-controls")).to_be_hidden()  # no turn left to be told of
        helpers.shot(b, "phone", "rated-result")
        a.reload()
        expect(a.locator("#result .result-ratings")).to_have_text(line)
        helpers.shot(a, "desk", "rated-result")
        assert not a.js_errors and not b.js_errors, a.js_errors + b.js_errors
