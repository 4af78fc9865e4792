"""A move clicked before the page's socket has first opened is sent once it opens.

The match page is drawn from the state in its HTML, before its WebSocket is open; on a slow
network or a busy server a person can click a move in that moment. The page then marks the
move pending ("Sending your move…") and must send it when the socket opens: before, it sent
it again only after a *re*-connection, so the move was never sent and the page waited for
ever (seen as a rare stall of the browser tests under CPU load).

The slow network is played by an init script: every WebSocket the page opens is held, in
CONNECTING, until the test releases it; then the real socket opens on the real server.
"""

from __future__ import annotations

import pytest

from tests.browser.helpers import LEGAL, PHONE, create_match, expect, ply, signup, username, wait_ply_above

pytestmark = pytest.mark.browser

# The page's sockets wait (CONNECTING) until window.releaseSockets(): a real WebSocket is
# made then, and its events are passed on.
HOLD_SOCKETS = """
(() => {
  const Real = window.WebSocket;
  const held = [];
  class HeldSocket extends EventTarget {
    static CONNECTING = 0; static OPEN = 1; static CLOSING = 2; static CLOSED = 3;
    constructor(url, protocols) {
      super();
      this.url = url;
      this.readyState = 0;
      held.push(() => {
        this.real = new Real(url, protocols);
        for (const type of ["open", "message", "close", "error"]) {
          this.real.addEventListener(type, (event) => {
            this.readyState = this.real.readyState;
            this.dispatchEvent(new event.constructor(type, event));
          });
        }
      });
    }
    send(data) {
      if (this.readyState !== 1) throw new DOMException("not open", "InvalidStateError");
      this.real.send(data);
    }
    close(...args) { this.real?.close(...args); }
  }
  window.WebSocket = HeldSocket;
  window.releaseSockets = () => held.splice(0).forEach((open) => open());
})();
"""


def test_a_move_clicked_before_the_socket_opens_is_sent_when_it_opens(daphne_server, person):
    base = daphne_server.url
    page = person(**PHONE)
    signup(page, base, username("fay"))
    url = create_match(page, base, "reversi", opponent="computer", side="0")
    page.add_init_script(HOLD_SOCKETS)
    page.goto(url)
    expect(page.locator("#match")).to_have_attribute("data-ready", "1")  # drawn from the HTML
    before = ply(page)
    page.locator(LEGAL).first.click()
    expect(page.locator("#match")).to_have_attribute("data-pending", "1")
    expect(page.locator("#status")).to_have_text("Sending your move…")

    page.evaluate("window.releaseSockets()")
    wait_ply_above(page, before + 1)  # hers, then the computer's answer
    expect(page.locator("#match")).to_have_attribute("data-pending", "")
    stored = page.request.get(f"{base}/api/matches/{url.rstrip('/').rsplit('/', 1)[1]}/").json()
    assert stored["ply"] >= before + 2
    assert page.js_errors == []
