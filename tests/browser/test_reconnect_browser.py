"""The browser client across a server crash: a move clicked while the server is down is
shown as pending only, then sent once the page has reconnected by itself.

Requirement: the browser client resends its unacknowledged move after reconnecting and
never shows a move the server did not accept.

Two people in chromium play 4x4 Reversi on a daphne server of this test's own; the server
is killed (SIGKILL) with A to move; A clicks a legal cell while it is down: the page marks
the move pending, says it will be sent later, and neither page draws it (no disc, no flip,
same ply). The server starts again on the same port and database; both pages reconnect by
themselves, A's page resends the move exactly once on its new socket, both boards show it
and agree with the server's board, the server stored it exactly once, and the game is
played to the end. Watched throughout: every change of a cell's colour on both pages (none
before the server accepted the move), the WebSocket frames of A's page (no refusal) and
uncaught JavaScript errors. Screenshots on failure go to ``test-artifacts/``.
"""

from __future__ import annotations

import json
import re

import pytest
import requests

from tests.browser import helpers
from tests.browser.helpers import (
    LEGAL,
    create_match,
    join,
    play_to_end,
    ply,
    signup,
    username,
    wait_ply_above,
)

sync_api = pytest.importorskip("playwright.sync_api")
expect = sync_api.expect

pytestmark = pytest.mark.browser

SOCKET_IS = "state => document.body.dataset.socket === state"
NOT_CONNECTED = "Not connected: the move will be sent when the connection is back."
STATES = {".": "empty", "X": "black", "O": "white", "#": "blocked"}
# Records every change of a cell's colour with the ply the page shows at that moment, and
# every toast. match.js sets #match's data-ply before it redraws the board, in the same task.
WATCH = """() => {
  const match = document.getElementById("match");
  window.seen = {changes: [], toasts: []};
  new MutationObserver((records) => {
    for (const r of records) {
      const el = r.target;
      if (r.type === "attributes" && el.dataset.cell && r.oldValue !== el.dataset.state) {
        window.seen.changes.push(
          {cell: el.dataset.cell, from: r.oldValue, to: el.dataset.state, ply: Number(match.dataset.ply)});
      }
      for (const node of r.addedNodes) {
        if (node.classList?.contains("toast")) window.seen.toasts.push([node.className, node.textContent]);
      }
    }
  }).observe(document.body, {subtree: true, childList: true, attributes: true,
                             attributeFilter: ["data-state"], attributeOldValue: true});
}"""


def shot(page, name: str) -> None:
    helpers.shot(page, name, "reconnect")


def record_frames(page) -> list[tuple[int, str, dict]]:
    """Every JSON frame of the page's WebSockets: (socket number, "sent"/"received", data)."""
    frames: list[tuple[int, str, dict]] = []
    sockets = []

    def on_socket(ws) -> None:
        n = len(sockets)
        sockets.append(ws)
        for way in ("sent", "received"):
            ws.on(f"frame{way}", lambda payload, way=way: frames.append((n, way, json.loads(payload))))

    page.on("websocket", on_socket)
    return frames


def board(page) -> dict[str, str]:
    cells = page.locator("#board [data-cell]").evaluate_all(
        "cells => cells.map((c) => [c.dataset.cell, c.dataset.state])"
    )
    return dict(cells)


def server_board(match: dict) -> dict[str, str]:
    """The server's board (rows of ".XO#", "A1" top-left) in the page's words."""
    rows = match["board"]["board"]
    return {f"{chr(65 + x)}{y + 1}": STATES[c] for y, row in enumerate(rows) for x, c in enumerate(row)}


def test_move_clicked_while_the_server_is_down_is_sent_after_reconnecting(fresh_server, person):
    base = fresh_server.url
    a, b = person(), person()
    frames = record_frames(a)
    with helpers.screenshots_on_failure("reconnect", "reconnect", a=a, b=b):
        signup(a, base, username("ann"))
        signup(b, base, username("bob"))
        match_url = create_match(a, base, "reversi", size=4, blocks="", side="0")
        join(b, a.input_value("#invite-link"), match_url)
        match_id = re.search(r"/m/([^/]+)/$", match_url).group(1)
        for page, seat in ((a, "0"), (b, "1")):
            expect(page.locator("#match")).to_have_attribute("data-status", "active")
            expect(page.locator("#match")).to_have_attribute("data-you", seat)
            page.wait_for_function(SOCKET_IS, arg="open")

        # A (Black) opens, B answers: the game is under way and A is to move again.
        for mover in (a, b):
            before = ply(a)
            mover.locator(LEGAL).first.click()
            for page in (a, b):
                wait_ply_above(page, before)
        before = ply(a)
        assert ply(b) == before == 2
        expect(a.locator(LEGAL).first).to_be_visible()
        expect(b.locator(LEGAL)).to_have_count(0)
        shown = board(a)
        assert board(b) == shown
        for page in (a, b):
            page.evaluate(WATCH)

        # The server dies; both pages notice and say so.
        fresh_server.kill()
        for page in (a, b):
            page.wait_for_function(SOCKET_IS, arg="closed")
            expect(page.locator(".conn-banner")).to_have_text("Connection lost — reconnecting…")

        # A clicks a legal cell while it is down: pending only, drawn nowhere.
        cell = a.locator(LEGAL).first.get_attribute("data-cell")
        a.locator(f'#board [data-cell="{cell}"]').click()
        expect(a.locator("#match")).to_have_attribute("data-pending", "1")
        expect(a.locator("#status")).to_have_text("Sending your move…")
        expect(a.locator(LEGAL)).to_have_count(0)  # no second move while one is pending
        expect(a.locator(".toast").filter(has_text=NOT_CONNECTED)).to_have_count(1)
        expect(b.locator("#match")).to_have_attribute("data-pending", "")
        for page in (a, b):
            target = page.locator(f'#board [data-cell="{cell}"]')
            expect(target).to_have_attribute("data-state", "empty")
            expect(target.locator(".rv-disc")).to_have_count(0)
            assert ply(page) == before
            assert board(page) == shown  # no disc, no flip
        shot(a, "1-pending-while-down-a")
        shot(b, "1-pending-while-down-b")

        # The server comes back; the pages reconnect by themselves; A's page resends.
        fresh_server.start()
        for page in (a, b):
            wait_ply_above(page, before)  # and nothing is pending any more
            expect(page.locator(f'#board [data-cell="{cell}"]')).to_have_attribute("data-state", "black")
            expect(page.locator("#match")).to_have_attribute("data-pending", "")
            expect(page.locator(".conn-banner")).to_be_hidden()
            assert page.evaluate("document.body.dataset.socket") == "open"
        shot(a, "2-sent-after-reconnect-a")
        shot(b, "2-sent-after-reconnect-b")

        # The server's own view: the move is stored once, and both pages show its board.
        state = a.request.get(f"{base}/api/matches/{match_id}/").json()
        assert state["ply"] == ply(a) == ply(b) > before
        assert state["last_move"]["ply"] <= state["ply"]
        for page in (a, b):
            assert board(page) == server_board(state)
        slug = a.get_attribute("#replay-link", "href").strip("/").split("/")[-1]
        moves = requests.get(f"{base}/api/replays/{slug}/", timeout=10).json()["moves"]
        assert [m["ply"] for m in moves] == list(range(1, state["ply"] + 1))
        stored = [(m["ply"], m["seat"], m["forced"]) for m in moves if m["move"] == {"cell": cell}]
        assert stored == [(before + 1, 0, False)]

        # A's page sent the move once, on its new socket, for the ply it saw; nothing refused.
        sent = [(n, f) for n, way, f in frames if way == "sent" and f.get("type") == "move"]
        assert len(sent) == 2, sent  # its opening move, then the one resent after reconnecting
        (first_socket, _), (socket_then, resent) = sent
        assert socket_then > first_socket
        assert resent == {"type": "move", "ply": before, "move": {"cell": cell}}
        assert not [f for _, way, f in frames if way == "received" and f.get("type") == "error"]

        # Neither page ever coloured a cell before the server accepted the move.
        for page in (a, b):
            seen = page.evaluate("window.seen")
            assert seen["changes"], "the accepted move is drawn"
            early = [c for c in seen["changes"] if c["ply"] <= before]
            assert not early, early
            assert [c["to"] for c in seen["changes"] if c["cell"] == cell] == ["black"]
            errors = [t for t in seen["toasts"] if "error" in t[0].split()]
            assert not errors, errors
        assert [t for _, t in a.evaluate("window.seen.toasts")].count(NOT_CONNECTED) == 1
        assert not a.js_errors and not b.js_errors, (a.js_errors, b.js_errors)

        final_ply = play_to_end((a, b))
        for page in (a, b):
            expect(page.locator("#match")).to_have_attribute("data-status", "finished")
            # a player reads the end from their side: won, the other won, or a draw
            expect(page.locator("#result .result-message")).to_have_text(
                re.compile(r"^(You won \d+-\d+|\S+ wins \d+-\d+|A draw with \S+, \d+-\d+)$")
            )
            assert ply(page) == final_ply
        moves = requests.get(f"{base}/api/replays/{slug}/", timeout=10).json()["moves"]
        assert [m["ply"] for m in moves] == list(range(1, final_ply + 1))
        shot(a, "3-finished-a")
        assert not a.js_errors and not b.js_errors, (a.js_errors, b.js_errors)
        assert "Traceback" not in fresh_server.log()
