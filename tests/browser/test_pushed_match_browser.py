"""The match page reads nothing over HTTP once it has loaded: two players and a logged-out
spectator, in three browsers, over 20 plies of Reversi. Every request each page makes is
recorded; after load there is none but its socket's (the move list, the buttons and the chat
rooms all come pushed), and each page holds one socket: a logged-in page's header bell rides
on it (``?bell=1``). The benchmarks' clients do what this page does (bench/loadkit/browser.py:
the match page's socket opened with ?moves=1, and &bell=1 when logged in; nothing else)."""

from __future__ import annotations

import pytest

from tests.browser import helpers
from tests.browser.helpers import PHONE, create_match, join, move_once, signup, username

sync_api = pytest.importorskip("playwright.sync_api")
expect = sync_api.expect

pytestmark = pytest.mark.browser
PLIES = 20


def record(page) -> list[str]:
    """Every HTTP request ``page`` makes from now on (its WebSockets are not requests)."""
    seen: list[str] = []
    page.on("request", lambda request: seen.append(f"{request.method} {request.url}"))
    return seen


def test_after_load_a_match_page_makes_no_request_but_its_socket(daphne_server, person):
    base = daphne_server.url
    a, b, watcher = person(), person(**PHONE), person()
    with helpers.screenshots_on_failure("pushed", "pushed", a=a, b=b, watcher=watcher):
        ann, bob = username("ann"), username("bob")
        signup(a, base, ann)
        signup(b, base, bob)
        match_url = create_match(a, base, "reversi", size="8", blocks="")
        join(b, match_url + "join/", match_url)
        watcher.goto(match_url)
        expect(watcher.locator("#match")).to_have_attribute("data-ready", "1")
        # Loaded again, each page opens one socket: a logged-in one carries its header's bell
        # on it (?bell=1), so no bell socket of its own (the benchmarks' clients do the same).
        opened = {"ann": [], "bob": [], "watcher": []}
        for name, page in (("ann", a), ("bob", b), ("watcher", watcher)):
            page.on("websocket", lambda ws, name=name: opened[name].append(ws.url.split("/ws/", 1)[1]))
            page.reload()
            expect(page.locator("#match")).to_have_attribute("data-ready", "1")
        for page in (a, b, watcher):  # each socket is open: what follows is pushed
            expect(page.locator("body")).to_have_attribute("data-socket", "open")
        for page in (a, b):  # the bell is live, from the match socket's count
            expect(page.locator("body")).to_have_attribute("data-bell", "open")
        path = "matches/" + match_url.rstrip("/").rsplit("/", 1)[1] + "/?moves=1"
        assert opened == {"ann": [path + "&bell=1"], "bob": [path + "&bell=1"], "watcher": [path]}, opened
        requests = {name: record(page) for name, page in (("ann", a), ("bob", b), ("watcher", watcher))}
        websockets = {name: [] for name in requests}
        for name, page in (("ann", a), ("bob", b), ("watcher", watcher)):
            page.on("websocket", lambda ws, name=name: websockets[name].append(ws.url))
        for number in range(1, PLIES + 1):
            move_once((a, b, watcher))
            for page in (a, b, watcher):  # the move list has the move, pushed
                expect(page.locator("#move-list li:not(.takeback-mark)")).to_have_count(number)
        expect(a.locator("#offer-draw")).to_be_visible()  # the state said so: both have moved
        expect(a.locator("#propose-takeback")).to_be_visible()
        expect(watcher.locator("#offer-draw")).to_be_hidden()
        replay_url = a.evaluate("JSON.parse(document.getElementById('initial-state').textContent).replay_url")
        expect(watcher.locator("#move-list li a").last).to_have_attribute("href", f"{replay_url}?ply={PLIES}")
        helpers.shot(watcher, "after-20-plies", "pushed")
        assert requests == {"ann": [], "bob": [], "watcher": []}, requests
        assert websockets == {"ann": [], "bob": [], "watcher": []}  # no socket was reopened
        for page in (a, b, watcher):
            assert page.js_errors == []
