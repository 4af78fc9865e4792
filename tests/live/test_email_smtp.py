"""E-mail of correspondence turns, end to end: a real SMTP server on loopback (aiosmtpd), a
live daphne and the task worker (``manage.py db_worker``) as separate processes, two players
with e-mail addresses (confirmed by the link mailed to each) playing a correspondence match over
the API and match sockets.

The one whose turn it is gets a mail with a link to the match and a one-click unsubscribe link
(RFC 8058 headers too); POSTing that link without a session stops their turn mail; the mail
server is slow, and no move waits for it (the worker sends)."""

from __future__ import annotations

import re
import signal
import subprocess
import sys
import time

import pytest
import requests
from aiosmtpd.controller import Controller

from tests.live.helpers import server_errors
from tests.support.client import Player
from tests.support.mail import SMTP_DELAY, Inbox, link, with_address
from tests.support.server import ROOT, LiveServer, free_port

pytestmark = pytest.mark.live


@pytest.fixture
def site(tmp_path):
    """An SMTP server, daphne and one task worker, the last two on one fresh database."""
    inbox = Inbox()
    smtp = Controller(inbox, hostname="127.0.0.1", port=free_port())
    smtp.start()
    port = free_port()
    env = {
        "EMAIL_BACKEND": "django.core.mail.backends.smtp.EmailBackend",
        "EMAIL_HOST": "127.0.0.1",
        "EMAIL_PORT": str(smtp.port),
        "SITE_URL": f"http://127.0.0.1:{port}",
    }
    server = LiveServer(tmp_path, env=env, port=port)
    server.migrate()
    server.start()
    log = open(tmp_path / "worker.log", "ab")
    worker = subprocess.Popen(
        [sys.executable, "manage.py", "db_worker", "--interval", "0.1", "--no-startup-delay", "--no-reload"],
        cwd=ROOT,
        env=server.env,
        stdout=log,
        stderr=subprocess.STDOUT,
    )
    server.inbox = inbox
    try:
        yield server
        worker_log = (tmp_path / "worker.log").read_text(errors="replace")
        assert not server_errors(server.log()), server.log()[-3000:]
        assert "Traceback" not in worker_log, worker_log[-3000:]
    finally:
        worker.send_signal(signal.SIGTERM)
        try:
            worker.wait(timeout=10)
        except subprocess.TimeoutExpired:
            worker.kill()
            worker.wait()
        log.close()
        server.kill()
        smtp.stop()


def timed_move(player: Player, match_id: str) -> float:
    """Play one move over a socket (then close it); returns how long the move took. Waits
    until the server has seen the socket go: a player on the match page gets no turn mail."""
    started = time.monotonic()
    player.move_once(match_id)
    took = time.monotonic() - started
    deadline = time.monotonic() + 10
    while any(p["username"] == player.username and p["connected"] for p in player.match(match_id)["players"]):
        assert time.monotonic() < deadline, "the socket stayed connected"
        time.sleep(0.05)
    return took


def test_a_correspondence_turn_is_mailed_with_a_working_one_click_unsubscribe(site):
    alice, bob = Player(site.url).signup(), Player(site.url).signup()
    a_mail, b_mail = with_address(alice, site.inbox), with_address(bob, site.inbox)
    match = alice.create(options={"size": 6}, side=0, clock={"days": 3})
    bob.join(match["id"])

    # The match starts with alice to move: her mail, with the match and an unsubscribe link.
    (first,) = site.inbox.wait(a_mail, 1)
    match_url = f"{site.url}/m/{match['id']}/"
    assert first["Subject"] == f"Your turn in Reversi vs {bob.username}"
    assert link(first, re.escape(match_url)) == match_url
    assert alice.get(match_url[len(site.url) :]).status_code == 200

    # alice moves (the slow mail server delays no move); bob's turn: his mail.
    assert timed_move(alice, match["id"]) < SMTP_DELAY
    (to_bob,) = site.inbox.wait(b_mail, 1)
    assert to_bob["Subject"] == f"Your turn in Reversi vs {alice.username}"
    unsubscribe = link(to_bob, re.escape(site.url) + r"/notifications/unsubscribe/[^/\s]+/")
    assert to_bob["List-Unsubscribe"].strip() == f"<{unsubscribe}>"  # may be folded: long
    assert to_bob["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"

    # The link: a page with one button (a GET changes nothing), and a one-click POST without
    # any session or CSRF token, as a mail client sends it.
    page = requests.get(unsubscribe, timeout=10)
    assert page.status_code == 200 and main_of(page.text).count('<button type="submit"') == 1
    one_click = requests.post(unsubscribe, data={"List-Unsubscribe": "One-Click"}, timeout=10)
    assert one_click.status_code == 200 and "Unsubscribed" in one_click.text

    # bob moves: alice's mail; alice moves: bob's turn, but no mail for him any more. The
    # worker sends in order, so once alice's next mail is in, any mail of bob's would be too.
    assert timed_move(bob, match["id"]) < SMTP_DELAY
    site.inbox.wait(a_mail, 2)
    assert timed_move(alice, match["id"]) < SMTP_DELAY
    assert timed_move(bob, match["id"]) < SMTP_DELAY
    site.inbox.wait(a_mail, 3)
    assert len(site.inbox.to(b_mail)) == 1
    # ... while the bell still has his turns.
    assert bob.get("/notifications/count/").json()["unread"] == 2


def main_of(html: str) -> str:
    """The page's own part (the header's language menu has a button too)."""
    return html.split("<main", 1)[1]
