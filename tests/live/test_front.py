"""The front (site_config/front.py) on the real server: anonymous visitors' lobby and replay
pages come from memory for VISITOR_CACHE_SECONDS, logged-in users always get a fresh page,
static files are kept and still answer conditional requests."""

from __future__ import annotations

import time

import pytest
import requests

from tests.support.client import Player
from tests.support.server import LiveServer

SECONDS = 3.0
MARK = "X-Visitor-Cache-Seconds"


@pytest.fixture(scope="module")
def server(tmp_path_factory) -> LiveServer:
    server = LiveServer(tmp_path_factory.mktemp("front"), env={"VISITOR_CACHE_SECONDS": str(SECONDS)})
    server.migrate()
    server.start()
    yield server
    server.kill()


def anonymous_get(server: LiveServer, path: str, **kwargs) -> requests.Response:
    response = requests.get(server.url + path, timeout=10, **kwargs)
    assert response.status_code == 200, response.text[:300]
    assert MARK.lower() not in {k.lower() for k in response.headers}
    return response


def test_anonymous_lobby_is_kept_for_its_seconds_logged_in_is_fresh(server):
    before = anonymous_get(server, "/")
    shown_at = time.monotonic()
    alice = Player(server.url).signup()
    alice.create(opponent="open")
    bob = Player(server.url).signup()

    # Bob is logged in: his lobby is rendered for him, with Alice's new open match.
    assert f">{alice.username}</a>" in bob.get("/").text
    again = anonymous_get(server, "/")
    if time.monotonic() - shown_at < SECONDS - 0.5:  # still fresh: the very same page
        assert again.text == before.text
        assert alice.username not in again.text
        assert {k: v for k, v in again.headers.items() if k != "Date"} == {
            k: v for k, v in before.headers.items() if k != "Date"
        }
    # Once it has expired, the next visitor's request renders it again.
    deadline = time.monotonic() + SECONDS + 10
    while alice.username not in anonymous_get(server, "/").text:
        assert time.monotonic() < deadline, "the anonymous lobby never showed the new match"
        time.sleep(0.2)
    assert time.monotonic() - shown_at >= SECONDS - 0.5


def test_kept_page_has_the_rendered_headers(server):
    first = anonymous_get(server, "/")
    second = anonymous_get(server, "/")
    for name in ("Content-Type", "X-Frame-Options", "X-Content-Type-Options", "Referrer-Policy", "Vary"):
        assert second.headers[name] == first.headers[name]
    assert int(second.headers["Content-Length"]) == len(second.content)
    head = requests.head(server.url + "/", timeout=10)
    assert head.status_code == 200 and head.content == b""


def test_a_session_cookie_bypasses_the_kept_page(server):
    carol = Player(server.url).signup()
    anonymous_get(server, "/")  # an anonymous copy exists now
    page = carol.get("/").text
    assert f">{carol.username}</a>" in page  # her name in the navigation bar: rendered for her
    assert carol.username not in anonymous_get(server, "/").text


def test_replay_page_is_kept_only_for_visitors(server):
    dave, erin = Player(server.url).signup(), Player(server.url).signup()
    match = dave.create(opponent="invite", side=0)
    erin.join(match["id"])
    replay_url = dave.match(match["id"])["replay_url"]
    first = anonymous_get(server, replay_url)
    assert anonymous_get(server, replay_url).text == first.text
    assert "Log out" in dave.get(replay_url).text
    assert requests.get(server.url + "/r/not-a-slug/", timeout=10).status_code == 404


def test_static_file_kept_and_conditional_requests_still_answered(server):
    first = anonymous_get(server, "/static/js/http.js")
    second = anonymous_get(server, "/static/js/http.js")
    assert second.content == first.content and second.headers["ETag"] == first.headers["ETag"]
    assert second.headers["Content-Type"].startswith("text/javascript")
    not_modified = requests.get(
        server.url + "/static/js/http.js", headers={"If-None-Match": first.headers["ETag"]}, timeout=10
    )
    assert not_modified.status_code == 304 and not_modified.content == b""
    part = requests.get(server.url + "/static/js/http.js", headers={"Range": "bytes=0-9"}, timeout=10)
    assert part.status_code == 206 and part.content == first.content[:10]
    assert requests.get(server.url + "/static/js/nope.js", timeout=10).status_code == 404
