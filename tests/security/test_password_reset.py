"""Issue 14 (11): asking for a password reset with no mail server configured answers the
page and logs no traceback (e-mail goes to the console unless SMTP is configured)."""

from __future__ import annotations

import subprocess
import sys

import requests

from tests.live.helpers import server_errors


def test_password_reset_without_a_mail_server_logs_no_traceback(live):
    code = (  # an address its owner confirmed: no mail goes to any other
        "from django.contrib.auth import get_user_model as g; from accounts import addresses; "
        "u = g().objects.create_user('reset-me', 'reset-me@example.org', 'a-long-password-1'); "
        "addresses.confirm(user=u)"
    )
    subprocess.run(
        [sys.executable, "manage.py", "shell", "-c", code], cwd=live.root, env=live.env, check=True
    )
    s = requests.Session()
    s.get(live.url + "/accounts/password_reset/", timeout=10)
    start = len(live.log())
    r = s.post(
        live.url + "/accounts/password_reset/",
        data={"email": "reset-me@example.org", "csrfmiddlewaretoken": s.cookies["csrftoken"]},
        timeout=10,
        allow_redirects=False,
    )
    assert r.status_code == 302 and r.headers["Location"].endswith("/accounts/password_reset/done/")
    assert not server_errors(live.log()[start:])
    assert "reset-me@example.org" in live.log()[start:]  # the console backend printed the mail
