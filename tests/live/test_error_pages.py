"""Error pages (issue 15, 5): a styled page with the site's header and a way on for people;
the protocol's JSON error for the API."""

from __future__ import annotations

import pytest
import requests

from tests.live.helpers import server_errors


@pytest.mark.parametrize(
    "path", ["/m/doesnotexist/", "/r/doesnotexist/", "/u/nobody-at-all/", "/no/such/page/"]
)
def test_a_missing_page_is_the_sites_own_404(daphne_server, path):
    r = requests.get(daphne_server.url + path, timeout=10)
    assert r.status_code == 404 and r.headers["Content-Type"].startswith("text/html")
    assert "Nothing here" in r.text and "Go to the lobby" in r.text
    assert 'class="site-header"' in r.text  # the site's header and navigation
    assert "Not Found" not in r.text


def test_a_missing_api_path_is_a_json_404(daphne_server):
    start = len(daphne_server.log())
    r = requests.get(daphne_server.url + "/api/no-such-endpoint/", timeout=10)
    assert r.status_code == 404 and r.json()["error"] == "not_found" and r.json()["message"]
    assert not server_errors(daphne_server.log()[start:])


def test_a_bad_request_is_the_sites_own_400(daphne_server):
    r = requests.get(daphne_server.url + "/", headers={"Host": "not-this-site.example"}, timeout=10)
    assert r.status_code == 400 and "could not be understood" in r.text and "Go to the lobby" in r.text
