"""Pushed, not pulled (chromium): the lobby and a tournament's page change by themselves,
from their sockets alone, with no HTTP request after they loaded.

Bob keeps the lobby open. Alice opens a private (invite-only) match, which his lobby never
shows, and an open seat, which appears; Carol takes it and it goes; Carol moves, Alice
resigns, and it shows under Recently finished, worded for a spectator. A logged-out visitor
keeps a tournament's page open while Ann (by the JSON API) creates it with a computer
player, joins it, the server starts it and Ann resigns her game: the page shows who joined,
round 1 being played, the result and the winner. Both pages record every request with
``page.on("request")``: after the load, none (the sockets are not requests). Screenshots:
``test-artifacts/lobby-push-*.png``.
"""

from __future__ import annotations

import json
import re
from datetime import UTC, datetime, timedelta

import pytest

from tests.browser import helpers
from tests.browser.helpers import create_match, join, move_once, signup, username

sync_api = pytest.importorskip("playwright.sync_api")
expect = sync_api.expect

pytestmark = pytest.mark.browser
PREFIX = "lobby-push"
SOCKET_OPEN = "() => document.body.dataset.socket === 'open'"


def recording(page) -> tuple[list[str], list[str]]:
    """(every HTTP request the page makes from now on, every WebSocket it opens)."""
    requests: list[str] = []
    sockets: list[str] = []
    page.on("request", lambda request: requests.append(f"{request.method} {request.url}"))
    page.on("websocket", lambda ws: sockets.append(ws.url))
    return requests, sockets


def api(page, base: str, path: str, body: dict) -> dict:
    """POST ``body`` to our JSON API as the page's logged-in person (the session, with CSRF)."""
    token = next(c["value"] for c in page.context.cookies() if c["name"] == "csrftoken")
    response = page.request.post(
        base + path,
        data=json.dumps(body),
        headers={"Content-Type": "application/json", "X-CSRFToken": token, "Referer": base + "/"},
    )
    assert response.ok, (path, response.status, response.text())
    return response.json()


def test_the_lobby_shows_a_match_open_taken_and_finished_without_a_request(daphne_server, person):
    base = daphne_server.url
    alice, bob, carol = person(), person(), person()
    alice_name = username("alice")
    with helpers.screenshots_on_failure("lobby", PREFIX, alice=alice, bob=bob, carol=carol):
        signup(alice, base, alice_name)
        signup(bob, base, username("bob"))
        signup(carol, base, username("carol"))
        bob.goto(base + "/")
        bob.wait_for_function(SOCKET_OPEN)
        bob.wait_for_function("() => Number(document.body.dataset.lobbyFrames) >= 1")  # the snapshot
        requests, _ = recording(bob)
        bob.evaluate("window.sameLobby = true")  # gone if the page reloads

        private_url = create_match(alice, base, "reversi", opponent="invite", side="0", size=6)
        private_id = private_url.rstrip("/").rsplit("/", 1)[1]
        match_url = create_match(alice, base, "reversi", opponent="open", side="0", size=6)
        match_id = match_url.rstrip("/").rsplit("/", 1)[1]
        row = bob.locator(f'#open-seats .match-row[data-match="{match_id}"]')
        expect(row).to_contain_text(alice_name)
        join_link = row.get_by_role("link", name=re.compile("Join"))
        expect(join_link).to_have_attribute("href", f"/m/{match_id}/join/")
        expect(bob.locator(f'[data-match="{private_id}"]')).to_have_count(0)  # never sent to Bob
        helpers.shot(bob, "1-open-seat", PREFIX)

        join(carol, match_url + "join/", match_url)
        expect(row).to_have_count(0)  # taken
        move_once([alice, carol])
        alice.on("dialog", lambda dialog: dialog.accept())
        alice.locator("#resign").click()
        expect(alice.locator("#match")).to_have_attribute("data-status", "finished")
        finished = bob.locator(f'#finished-matches .match-row[data-match="{match_id}"]')
        expect(finished).to_contain_text(f"{alice_name} resigned")
        replay = finished.get_by_role("link", name=re.compile("Replay"))
        expect(replay).to_have_attribute("href", re.compile("^/r/"))
        helpers.shot(bob, "2-finished", PREFIX)

        assert bob.evaluate("window.sameLobby") is True, "Bob's lobby was reloaded"
        expect(bob.locator(f'[data-match="{private_id}"]')).to_have_count(0)
        assert requests == [], requests  # no HTTP: everything came on the socket
        assert bob.js_errors == [], bob.js_errors


def test_a_tournament_page_follows_its_tournament_without_a_request(daphne_server, person):
    base = daphne_server.url
    ann, visitor = person(), person()
    ann_name = username("ann")
    with helpers.screenshots_on_failure("tournament", PREFIX, ann=ann, visitor=visitor):
        signup(ann, base, ann_name)
        # late enough that the page is open and Ann has joined before it (a slow machine took
        # more than 4 s, and a join after the start time starts it at once: no list of entrants)
        starts = (datetime.now(UTC) + timedelta(seconds=15)).isoformat()
        clock = {"initial": 120, "increment": 0}
        cup = api(
            ann,
            base,
            "/api/tournaments/",
            {
                "name": "Push cup",
                "game": "reversi",
                "options": {"size": 6},
                "clock": clock,
                "starts_at": starts,
                "levels": ["random"],
            },
        )
        visitor.goto(f"{base}/t/{cup['id']}/")
        visitor.wait_for_function(SOCKET_OPEN)
        expect(visitor.get_by_role("link", name="Log in to join")).to_be_visible()
        live = visitor.locator("#tournament-live")
        expect(live).to_have_attribute("data-pushes", "1")  # its state on connect
        requests, sockets = recording(visitor)
        expect(visitor.locator("#players")).to_contain_text("Who has joined (1)")

        api(ann, base, f"/api/tournaments/{cup['id']}/join/", {})
        expect(visitor.locator("#players")).to_contain_text("Who has joined (2)")
        expect(visitor.locator("#players")).to_contain_text(ann_name)
        # the start time passes: the server starts it (its clock watcher) and the page shows it
        expect(visitor.locator(".tournament-status")).to_contain_text("Round 1 of 1", timeout=60_000)
        expect(visitor.get_by_role("link", name="Log in to join")).to_have_count(0)  # entry closed
        pairing = visitor.locator("#rounds .pairings li").first
        expect(pairing).to_contain_text("playing")
        helpers.shot(visitor, "3-round-1", PREFIX)

        data = ann.request.get(f"{base}/api/tournaments/{cup['id']}/").json()
        match_id = data["rounds"][0]["pairings"][0]["match_id"]
        api(ann, base, f"/api/matches/{match_id}/resign/", {})
        expect(visitor.locator(".tournament-status")).to_contain_text("Computer (random) wins")
        expect(pairing).to_contain_text("Replay")
        expect(visitor.locator("table.standings tbody tr").first).to_contain_text("Computer (random)")
        helpers.shot(visitor, "4-finished", PREFIX)

        assert requests == [], requests
        assert sockets == [], sockets  # the one socket opened before, never again
        assert visitor.js_errors == [], visitor.js_errors


# Every row that ever appears in a section of the lobby, as the page draws it (pushed).
WATCH_ROWS = """() => {
  window.seen = {"open-seats": new Set(), "my-matches": new Set()};
  for (const id of Object.keys(window.seen)) {
    new MutationObserver((records) => {
      for (const r of records) for (const n of r.addedNodes) {
        if (n.dataset?.match) window.seen[id].add(n.dataset.match);
      }
    }).observe(document.getElementById(id), {childList: true, subtree: true});
  }
}"""


def test_twenty_matches_open_start_and_end_before_two_lobbies_without_a_request(daphne_server, person):
    """Alice opens 20 seats one after another (the JSON API); Bob, whose lobby is open, takes
    every other one, Carol the rest, and Alice then resigns each before a move (so it is
    aborted). Bob's lobby and a logged-out visitor's show every seat come and go, Bob's own
    list every match of his, and neither page makes a request."""
    base = daphne_server.url
    alice, bob, carol, visitor = person(), person(), person(), person()
    with helpers.screenshots_on_failure("twenty", PREFIX, bob=bob, visitor=visitor):
        for page, name in ((alice, "alice"), (bob, "bob"), (carol, "carol")):
            signup(page, base, username(name))
        lobbies = {"bob": bob, "visitor": visitor}
        recorded = {}
        for name, page in lobbies.items():
            page.goto(base + "/")
            page.wait_for_function(SOCKET_OPEN)
            page.wait_for_function("() => Number(document.body.dataset.lobbyFrames) >= 1")
            page.evaluate(WATCH_ROWS)
            recorded[name] = recording(page)
        opened, bobs = [], []
        seat = {"game": "reversi", "options": {"size": 6}, "opponent": "open", "side": 0}
        for number in range(20):
            made = api(alice, base, "/api/matches/", seat)
            opened.append(made["id"])
            for page in lobbies.values():  # listed: pushed to both lobbies
                expect(page.locator(f'#open-seats [data-match="{made["id"]}"]')).to_have_count(1)
            taker = bob if number % 2 == 0 else carol
            if taker is bob:
                bobs.append(made["id"])
            api(taker, base, f"/api/matches/{made['id']}/join/", {})
            api(alice, base, f"/api/matches/{made['id']}/resign/", {})  # before a move: aborted
        for page in lobbies.values():
            for match_id in opened:
                expect(page.locator(f'#open-seats [data-match="{match_id}"]')).to_have_count(0)
            assert sorted(page.evaluate("[...window.seen['open-seats']]")) == sorted(opened)
        assert sorted(bob.evaluate("[...window.seen['my-matches']]")) == sorted(bobs)
        assert visitor.evaluate("[...window.seen['my-matches']]") == []
        for match_id in bobs:  # over: gone from his list
            expect(bob.locator(f'#my-matches [data-match="{match_id}"]')).to_have_count(0)
        helpers.shot(bob, "5-twenty-done", PREFIX)
        for name, (requests, sockets) in recorded.items():
            assert (requests, sockets) == ([], []), name
            assert lobbies[name].js_errors == [], name
