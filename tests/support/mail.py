"""Mail for tests: an aiosmtpd handler keeping what it accepts (a real SMTP server on
loopback), and a person's e-mail address set and confirmed as a person does it."""

from __future__ import annotations

import asyncio
import email
import email.policy
import re
import threading
import time
from dataclasses import dataclass, field

import requests

from tests.support.client import PASSWORD, Player

SMTP_DELAY = 1.5  # seconds the mail server takes for each mail (tests/live/test_email_smtp.py)


@dataclass
class Inbox:
    """An aiosmtpd handler keeping every message it accepted, slowly."""

    messages: list[email.message.EmailMessage] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)

    async def handle_DATA(self, server, session, envelope) -> str:  # noqa: N802 (aiosmtpd's name)
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
