"""Issue 40: an untimed match where nobody made the first move stayed "in progress" for ever
in the lobby. On a server of its own (UNSTARTED_ABORT_SECONDS=6), the servers' sweep aborts it:
the match page says so and the row leaves the other player's lobby, both pushed."""

from __future__ import annotations

import pytest

from tests.browser.helpers import create_match, expect, join, screenshots_on_failure, signup, username
from tests.support.server import serving

pytestmark = pytest.mark.browser


def test_an_untimed_match_nobody_began_is_aborted_on_the_pages(tmp_path, person):
    with serving(tmp_path, {"UNSTARTED_ABORT_SECONDS": "6"}) as server:
        base = server.url
        a, b = person(), person()
        with screenshots_on_failure("unstarted", "abort", a=a, b=b):
            signup(a, base, username("ann"))
            signup(b, base, username("bob"))
            match_url = create_match(a, base, "reversi", opponent="invite", side="0", size="6", blocks="")
            join(b, match_url + "join/", match_url)
            match_id = a.get_attribute("#match", "data-match-id")
            b.goto(base + "/")
            expect(b.locator("#my-matches")).to_be_visible()
            # Nobody moves: within the wait and a sweep, both pages hear of the abort.
            expect(a.locator("#match")).to_have_attribute("data-status", "aborted", timeout=30_000)
            expect(b.locator(f'#my-matches [data-match="{match_id}"]')).to_have_count(0, timeout=30_000)
            b.goto(base + "/")  # and a fresh read of the lobby agrees
            expect(b.locator(f'#my-matches [data-match="{match_id}"]')).to_have_count(0)
        assert a.js_errors == [] and b.js_errors == []
