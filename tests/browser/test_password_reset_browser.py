"""Issue 40 (2): a forgotten password, in a browser, on the site's own pages: the login page
links to the reset, the mail (a real SMTP server on loopback) brings a link to a page of the
site where the new password is chosen, and it logs in. None of it is the admin's."""

from __future__ import annotations

import re

from aiosmtpd.controller import Controller

from tests.browser.helpers import expect, screenshots_on_failure
from tests.support.client import Player
from tests.support.mail import Inbox, link, with_address
from tests.support.server import free_port, serving

NEW_PASSWORD = "Another-Horse-43"


def is_the_sites_own(page) -> None:
    """The page has the site's menu and nothing of the admin's."""
    expect(page.locator("body")).not_to_contain_text("Django administration")
    expect(page.locator('a[href="/admin/"]')).to_have_count(0)
    expect(page.locator("header nav")).to_be_visible()


def test_a_forgotten_password_is_reset_on_the_sites_own_pages(tmp_path, person):
    inbox = Inbox()
    smtp = Controller(inbox, hostname="127.0.0.1", port=free_port())
    smtp.start()
    env = {
        "EMAIL_BACKEND": "django.core.mail.backends.smtp.EmailBackend",
        "EMAIL_HOST": "127.0.0.1",
        "EMAIL_PORT": str(smtp.port),
    }
    try:
        with serving(tmp_path, env=env) as server:
            ann = Player(server.url).signup()
            address = with_address(ann, inbox)
            page = person()
            with screenshots_on_failure("password-reset", "accounts", page=page):
                page.goto(server.url + "/accounts/login/")
                page.get_by_role("link", name="Forgot your password?").click()
                expect(page.locator("h1")).to_have_text("Forgot your password?")
                is_the_sites_own(page)
                page.fill("#id_email", address)
                page.get_by_role("button", name="Send me the link").click()
                expect(page.locator("h1")).to_have_text("Check your e-mail")
                is_the_sites_own(page)

                (mail,) = inbox.wait(address, 1)
                assert "Django" not in mail["Subject"] and ann.username in mail.get_content()
                page.goto(link(mail, re.escape(server.url) + r"/accounts/reset/[^/\s]+/[^/\s]+/"))
                expect(page.locator("h1")).to_have_text("Choose a new password")
                is_the_sites_own(page)
                page.fill("#id_new_password1", NEW_PASSWORD)
                page.fill("#id_new_password2", NEW_PASSWORD)
                page.get_by_role("button", name="Set my new password").click()
                expect(page.locator("h1")).to_have_text("Your new password is set")
                is_the_sites_own(page)

                page.get_by_role("link", name="Log in").last.click()
                page.fill("#id_username", ann.username)
                page.fill("#id_password", NEW_PASSWORD)
                page.get_by_role("button", name="Log in").click()
                page.wait_for_url(server.url + "/")
                assert page.js_errors == []
    finally:
        smtp.stop()
