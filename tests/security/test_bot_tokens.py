"""Bot accounts and API tokens (``Authorization: Bearer``): each protection is checked here
against a live server, and each test fails without it.

- a token is stored as its SHA-256 only: the database never holds the token;
- an unknown or revoked token is 401 (HTTP) and a refused handshake (WebSocket);
- a token request needs no CSRF token, while a session-cookie request still does;
- a bot account cannot log in with a password, even a right one, and becoming a bot ends its
  sessions;
- nobody but the owner revokes a token; nobody but the challenged player answers a challenge;
- browsers stay behind the Origin check, tokens come in without an Origin.
"""

from __future__ import annotations

import asyncio
import hashlib
import sqlite3
import subprocess
import sys

import pytest
import requests
import websockets

from tests.support.bots import bearer, become_bot, issue_token
from tests.support.client import PASSWORD, Player, Socket

from .conftest import login


def api(live, method: str, path: str, headers: dict | None = None, body=None) -> requests.Response:
    """A request with no cookies at all (a bot)."""
    return requests.request(method, live.url + path, json=body, headers=headers or {}, timeout=10)


def new_match(live, token: str) -> requests.Response:
    return api(live, "POST", "/api/matches/", bearer(token), {"game": "reversi", "opponent": "invite"})


def test_the_database_never_holds_a_token(live):
    owner = Player(live.url).signup()
    token = issue_token(owner, "stored")
    assert token.startswith("bgt_") and len(token) > 40
    db = sqlite3.connect(live.workdir / "db.sqlite3")
    try:
        dump = "\n".join(db.iterdump())
        digest, prefix = db.execute(
            "select digest, prefix from accounts_apitoken where name = 'stored'"
        ).fetchone()
    finally:
        db.close()
    assert token not in dump and token[8:] not in dump and token[-20:] not in dump
    assert digest == hashlib.sha256(token.encode()).hexdigest() and prefix == token[:8]
    # the profile shows its name and first characters, never the token again
    page = owner.get(f"/u/{owner.username}/").text
    assert "stored" in page and prefix in page and token not in page


def test_the_page_with_the_new_token_is_not_cached(live):
    owner = Player(live.url).signup()
    r = owner.http.post(
        live.url + "/accounts/tokens/",
        data={"name": "x", "csrfmiddlewaretoken": owner.http.cookies["csrftoken"]},
        timeout=10,
    )
    assert "no-store" in r.headers["Cache-Control"]


@pytest.mark.parametrize("header", ["Bearer bgt_unknown0000000000000000", "Bearer ", "bearer nonsense"])
def test_an_unknown_token_is_401(live, header):
    r = api(live, "POST", "/api/matches/", {"Authorization": header}, {"game": "reversi"})
    assert r.status_code == 401 and r.json()["error"] == "not_authenticated"
    r = api(live, "GET", "/api/challenges/", {"Authorization": header})
    assert r.status_code == 401 and r.json()["error"] == "not_authenticated"


def test_a_revoked_token_is_401_and_only_its_owner_revokes_it(live):
    owner, other = Player(live.url).signup(), Player(live.url).signup()
    token = issue_token(owner, "doomed")
    assert new_match(live, token).status_code == 201
    page = owner.get(f"/u/{owner.username}/").text
    token_id = page.split("/accounts/tokens/")[1].split("/revoke/")[0]
    # another user cannot revoke it (not even learn that it exists)
    r = other.http.post(
        live.url + f"/accounts/tokens/{token_id}/revoke/",
        data={"csrfmiddlewaretoken": other.http.cookies["csrftoken"]},
        allow_redirects=False,
        timeout=10,
    )
    assert r.status_code == 404
    assert new_match(live, token).status_code == 201
    # the owner can
    r = owner.http.post(
        live.url + f"/accounts/tokens/{token_id}/revoke/",
        data={"csrfmiddlewaretoken": owner.http.cookies["csrftoken"]},
        allow_redirects=False,
        timeout=10,
    )
    assert r.status_code == 302
    r = new_match(live, token)
    assert r.status_code == 401 and r.json()["error"] == "not_authenticated"


def test_a_token_request_needs_no_csrf_but_a_session_request_still_does(live):
    owner = Player(live.url).signup()
    token = issue_token(owner)
    # the token alone: no cookie, no CSRF header
    r = new_match(live, token)
    assert r.status_code == 201, r.text
    assert r.json()["players"][r.json()["you"]]["username"] == owner.username
    assert "sessionid" not in r.cookies  # no session is made for a token
    # the session cookie without the CSRF header: refused as before
    r = owner.http.post(live.url + "/api/matches/", json={"game": "reversi"}, timeout=10)
    assert r.status_code == 403 and r.json()["error"] == "csrf_failed"
    # ...with it: accepted
    assert owner.api("POST", "/api/matches/", {"game": "reversi"}).status_code == 201
    # a session cookie with a bad token is not the session's user: the token decides
    r = owner.http.post(
        live.url + "/api/matches/", json={"game": "reversi"}, headers=bearer("bgt_wrong"), timeout=10
    )
    assert r.status_code == 401


def set_password(live, username: str) -> None:
    """Give the account a usable password again behind the site's back (as staff might)."""
    code = (
        "import os\nfrom django.contrib.auth import get_user_model\n"
        "u = get_user_model().objects.get(username=os.environ['NAME'])\n"
        "u.set_password(os.environ['PASSWORD'])\nu.save()\n"
    )
    subprocess.run(
        [sys.executable, "manage.py", "shell", "-c", code],
        cwd=live.root,
        env={**live.env, "NAME": username, "PASSWORD": PASSWORD},
        check=True,
        capture_output=True,
    )


def test_a_bot_account_cannot_log_in_with_a_password(live):
    bot = Player(live.url).signup()
    token = issue_token(bot)
    before = requests.Session()
    before.cookies.update(bot.http.cookies)  # a second copy of its browser session
    become_bot(bot)
    # its sessions ended with it
    r = before.get(live.url + "/api/challenges/", timeout=10)
    assert r.status_code == 401
    # its password no longer logs in
    _, r = login(live.url, bot.username, PASSWORD)
    assert r.status_code == 200 and "sessionid" not in r.cookies
    # not even a right, usable password (set again behind the site's back), nor the admin's
    set_password(live, bot.username)
    for path in ("/accounts/login/", "/admin/login/"):
        _, r = login(live.url, bot.username, PASSWORD, path)
        assert r.status_code == 200 and "sessionid" not in r.cookies, path
    # a person's password still works
    person = Player(live.url).signup()
    _, r = login(live.url, person.username, PASSWORD)
    assert r.status_code == 302
    # the bot plays through its token, and shows as a bot
    r = new_match(live, token)
    assert r.status_code == 201 and r.json()["players"][r.json()["you"]]["bot"] is True
    assert ">bot</span>" in requests.get(live.url + f"/u/{bot.username}/", timeout=10).text


def test_only_the_challenged_player_answers_a_challenge(live):
    ann, ben, cid = (Player(live.url).signup() for _ in range(3))
    token = issue_token(ben)
    r = ann.api("POST", "/api/challenges/", {"to": ben.username, "game": "reversi", "side": 0})
    assert r.status_code == 201, r.text
    challenge = r.json()
    assert challenge["match"]["status"] == "waiting" and challenge["match"]["you"] == 0
    for who in (ann, cid):  # the challenger and a bystander
        for answer in ("accept", "decline"):
            r = who.api("POST", f"/api/challenges/{challenge['id']}/{answer}/")
            assert r.status_code == 403 and r.json()["error"] == "not_challenged", (who.username, answer)
    # the match is not listed, and nobody took the seat
    assert ann.match(challenge["match_id"])["status"] == "waiting"
    # ben (with his token) accepts: the match starts with him in seat 1
    r = api(live, "POST", challenge["accept_url"], bearer(token))
    assert r.status_code == 200, r.text
    assert r.json()["status"] == "active" and r.json()["you"] == 1
    r = api(live, "POST", challenge["decline_url"], bearer(token))
    assert r.status_code == 409 and r.json()["error"] == "challenge_closed"


def test_a_challenge_to_nobody_or_oneself_is_refused(live):
    ann = Player(live.url).signup()
    r = ann.api("POST", "/api/challenges/", {"to": "nobody-at-all", "game": "reversi"})
    assert r.status_code == 404 and r.json()["error"] == "not_found"
    r = ann.api("POST", "/api/challenges/", {"to": ann.username, "game": "reversi"})
    assert r.status_code == 400 and r.json()["error"] == "bad_options"
    r = ann.api("POST", "/api/challenges/", {"to": Player(live.url).signup().username, "game": "chess"})
    assert r.status_code == 400 and r.json()["error"] == "bad_options"


async def open_socket(live, path: str, headers: dict) -> Socket:
    conn = await websockets.connect(live.ws_url + path, additional_headers=headers, open_timeout=5)
    return Socket(conn)


async def test_sockets_take_tokens_and_keep_browsers_behind_the_origin_check(live):
    owner, other = Player(live.url).signup(), Player(live.url).signup()
    token = issue_token(owner)
    match = await asyncio.to_thread(owner.create)
    # a token, no Origin (a bot): the player's own seat
    sock = await open_socket(live, match["ws_url"], bearer(token))
    assert (await sock.wait_state())["you"] == 0
    await sock.close()
    # an unknown token: the handshake is refused, whoever's cookie comes with it
    for headers in (bearer("bgt_unknown"), {**bearer("bgt_unknown"), "Cookie": owner.cookie_header()}):
        with pytest.raises(websockets.InvalidStatus) as refused:
            await open_socket(live, match["ws_url"], headers)
        assert refused.value.response.status_code == 403
        with pytest.raises(websockets.InvalidStatus):
            await open_socket(live, "/ws/events/", headers)
    # a session cookie from another site's page: refused, as before
    foreign = {"Cookie": other.cookie_header(), "Origin": "https://evil.example"}
    with pytest.raises(websockets.InvalidStatus):
        await open_socket(live, "/ws/events/", foreign)
    # the event socket with the token: the user's own
    events = await open_socket(live, "/ws/events/", bearer(token))
    await events.send({"type": "ping"})
    assert (await events.recv())["type"] == "pong"
    await events.close()


def test_an_account_without_a_token_cannot_lock_itself_out(live):
    person = Player(live.url).signup()
    r = person.http.post(
        live.url + "/accounts/bot/",
        data={"confirm": "1", "csrfmiddlewaretoken": person.http.cookies["csrftoken"]},
        timeout=10,
    )
    assert "Create an API token first" in r.text
    _, r = login(live.url, person.username, PASSWORD)
    assert r.status_code == 302  # still a person who logs in
