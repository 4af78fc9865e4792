"""Bot accounts through the site's own pages: a token made on the profile, the bot switch."""

from __future__ import annotations

import html
import re

import requests

from tests.support.client import Player

NEW_TOKEN = re.compile(r'id="new-token" readonly value="([^"]+)"')


def issue_token(player: Player, name: str = "bot") -> str:
    """Create an API token on ``player``'s profile (session and CSRF); return it (shown once)."""
    r = player.http.post(
        player.base + "/accounts/tokens/",
        data={"name": name, "csrfmiddlewaretoken": player.http.cookies["csrftoken"]},
        timeout=10,
    )
    assert r.status_code == 200, r.text[:500]
    found = NEW_TOKEN.search(r.text)
    assert found, "the new token is not on the page"
    return html.unescape(found.group(1))


def become_bot(player: Player) -> requests.Response:
    """Mark ``player``'s account as a bot (it logs them out)."""
    r = player.http.post(
        player.base + "/accounts/bot/",
        data={"confirm": "1", "csrfmiddlewaretoken": player.http.cookies["csrftoken"]},
        allow_redirects=False,
        timeout=10,
    )
    assert r.status_code == 302, r.text[:500]
    return r


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}
