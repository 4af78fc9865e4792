"""E-mail of correspondence turns, end to end: a real SMTP server on loopback (aiosmtpd), a
live daphne and the task worker (``manage.py db_worker``) as separate processes, two players
with e-mail addresses (confirmed by the link mailed to each) playing a correspondence match over
the API and match sockets.

The one whose turn it is gets a mail with a link to the match and a one-click unsubscribe link
(RFC 8058 headers too); POSTing that link without a session stops their turn mail; the mail
server is slow, and no move waits for it (the worker sends)."""

from __future__ import annotations

import email
import email.policy
import re
import signal
import subprocess
import sys
import threading
import time
from dataclasses import dataclass, field

import pytest
import requests
from aiosmtpd.controller import Controller

from tests.live.helpers import server_errors
from tests.support.client import PASSWORD, Player
from tests.support.server import ROOT, LiveServer, free_port

pytestmark = pytest.mark.live

SMTP_DELAY = 1.5  # seconds the mail server takes for each mail


@dataclass
class Inbox:
    """An aiosmtpd handler keeping every message it accepted, slowly."""

    messages: list[email.message.EmailMessage] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)

    async def handle_DATA(self, server, session, envelope) -> str:  # noqa: N802 (aiosmtpd's name)
        import asyncio

        await asyncio.sleep(SMTP_DELAY)
        message = email.message_from_bytes(envelope.original_content, policy=email.policy.default)
        with self.lock:
            self.messages.append(message)
        return "250 Message accepted"

    def to(self, address: str) -> list[email.message.EmailMessage]:
        with self.lock:
            return [m for m in self.messages if address in m["To"]]

    def wait(self, address: str, count: int, timeout: float = 20) -> list[email.message.EmailMessage]:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if len(got := self.to(address)) >= count:
                return got
            time.sleep(0.05)
        raise AssertionError(f"{address}: {len(self.to(address))} mails, expected {count}")


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


def with_address(player: Player, inbox: Inbox) -> str:
    """Set the player's e-mail address on the settings page (their password confirms it),
    then open the confirmation link mailed to it and press its button, as a person does. The
    confirmation mail leaves the inbox: the tests count turn mails."""
    address = f"{player.username}@example.org"
    player.get("/notifications/settings/")
    r = player.http.post(
        player.base + "/notifications/settings/",
        data={
            "email": address,
            "password": PASSWORD,
            "turn": "on",
            "low_time": "on",
            "csrfmiddlewaretoken": player.http.cookies["csrftoken"],
        },
        timeout=10,
        allow_redirects=False,
    )
    assert r.status_code == 302, r.text[:500]
    (confirmation,) = inbox.wait(address, 1)
    url = link(confirmation, re.escape(player.base) + r"/accounts/email/confirm/[^/\s]+/[^/\s]+/")
    browser = requests.Session()  # opened anywhere: no session needed
    assert browser.get(url, timeout=10).status_code == 200
    done = browser.post(url, data={"csrfmiddlewaretoken": browser.cookies["csrftoken"]}, timeout=10)
    assert done.status_code == 200 and "Address confirmed" in done.text, done.text[:500]
    with inbox.lock:
        inbox.messages.remove(confirmation)
    return address


def link(message: email.message.EmailMessage, pattern: str) -> str:
    found = re.search(pattern, message.get_content())
    assert found, message.get_content()
    return found.group(0)


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
    assert page.status_code == 200 and page.text.count('<button type="submit"') == 1
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
