"""Error pages in a browser (issue 15, 5), on a desktop and on a phone: the site's header,
a plain sentence, and buttons to go on. Screenshots: test-artifacts/errors-*.png."""

from __future__ import annotations

from tests.browser.helpers import PHONE, expect, shot


def test_a_missing_match_shows_the_sites_own_page(daphne_server, person):
    for name, options in (("desktop", {}), ("phone", PHONE)):
        page = person(**options)
        response = page.goto(daphne_server.url + "/m/doesnotexist/")
        assert response.status == 404
        expect(page.get_by_role("heading", name="Nothing here")).to_be_visible()
        expect(page.get_by_role("link", name="Board games")).to_be_visible()
        shot(page, name, "errors")
        page.get_by_role("link", name="Go to the lobby").click()
        page.wait_for_url(daphne_server.url + "/")
        assert page.js_errors == []
