"""HTTP caching on the real server: pages are rendered for whoever asks (anonymous visitors
see a new open match at once, logged-in users their own page), a replay answers conditional
requests with its ETag (it changes only with a move or the end), and static files keep their
ETags, conditional and range requests (ServeStatic)."""

from __future__ import annotations

import pytest
import requests

from tests.support.client import Player
from tests.support.server import LiveServer


@pytest.fixture(scope="module")
def server(tmp_path_factory) -> LiveServer:
    server = LiveServer(tmp_path_factory.mktemp("caching"))
    server.migrate()
    server.start()
    yield server
    server.kill()


def anonymous_get(server: LiveServer, path: str, **kwargs) -> requests.Response:
    response = requests.get(server.url + path, timeout=10, **kwargs)
    assert response.status_code == 200, response.text[:300]
    return response


def test_anonymous_lobby_shows_a_new_open_match_at_once_logged_in_is_their_own(server):
    anonymous_get(server, "/")
    alice = Player(server.url).signup()
    alice.create(opponent="open")
    bob = Player(server.url).signup()
    # Bob is logged in: his lobby is rendered for him, with Alice's new open match.
    assert f">{alice.username}</a>" in bob.get("/").text
    assert alice.username in anonymous_get(server, "/").text


def test_pages_have_their_headers_and_answer_head(server):
    first = anonymous_get(server, "/")
    second = anonymous_get(server, "/")
    for name in ("Content-Type", "X-Frame-Options", "X-Content-Type-Options", "Referrer-Policy", "Vary"):
        assert second.headers[name] == first.headers[name]
    assert int(second.headers["Content-Length"]) == len(second.content)
    head = requests.head(server.url + "/", timeout=10)
    assert head.status_code == 200 and head.content == b""


def test_a_session_cookie_gets_a_page_of_their_own(server):
    carol = Player(server.url).signup()
    anonymous_get(server, "/")
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


def test_replay_answers_conditional_requests_until_it_changes(server):
    dave, erin = Player(server.url).signup(), Player(server.url).signup()
    match = dave.create(opponent="invite", side=0)
    erin.join(match["id"])
    replay_url = dave.match(match["id"])["replay_url"]
    first = anonymous_get(server, replay_url)
    etag = first.headers["ETag"]
    unchanged = requests.get(server.url + replay_url, headers={"If-None-Match": etag}, timeout=10)
    assert unchanged.status_code == 304 and unchanged.content == b""
    assert "Log out" in dave.get(replay_url).text
    assert dave.api("POST", f"/api/matches/{match['id']}/resign/").status_code == 200
    changed = requests.get(server.url + replay_url, headers={"If-None-Match": etag}, timeout=10)
    assert changed.status_code == 200 and changed.headers["ETag"] != etag
    assert requests.get(server.url + "/r/not-a-slug/", timeout=10).status_code == 404


def test_static_file_etag_and_conditional_requests_still_answered(server):
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
