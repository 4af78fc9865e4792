"""Issue 9's lobby socket and issue 8's invite page must not open a way around private
(invite-only) matches: an invite link is the capability to one match, and nothing else.
The ``next`` an invite travels with through sign-up never leads off the site.

- ``/ws/lobby/`` carries hints only: whatever happens in a private match (created, joined,
  moves, resigned) and in a computer match, no other socket hears of it, and no frame on any
  lobby socket (its players' included) ever holds a match id, a replay slug or a name.
- ``/ws/lobby/?push=lobby`` carries rows, and a private or computer match's rows (its id,
  its replay, its players' names) reach its players' sockets only, never another visitor's,
  neither as a delta nor in a snapshot; ``?push=bell`` carries its user's count alone.
- ``/m/<id>/join/`` (logged out) shows that match and no other: no other match's id, replay
  or players, however many private matches its inviter has.
"""

from __future__ import annotations

import asyncio
import json
import re
from urllib.parse import urlencode

import websockets

from tests.support.client import Player

HINT_KEYS = {"type", "changed"}


async def lobby_socket(live, player: Player | None = None, query: str = ""):
    headers = {"Cookie": player.cookie_header()} if player is not None and player.http.cookies else {}
    return await websockets.connect(f"{live.ws_url}/ws/lobby/{query}", additional_headers=headers)


async def frames(sock, quiet: float = 0.5) -> list[str]:
    """Every frame until the socket is quiet for ``quiet`` seconds."""
    got: list[str] = []
    try:
        while True:
            got.append(await asyncio.wait_for(sock.recv(), quiet))
    except TimeoutError:
        return got


async def private_games(alice, bob) -> tuple[dict, dict]:
    """Alice and Bob play a private (invite-only) match, one move then a resignation, and
    Alice starts a match against the computer: (the private match, the computer's)."""
    secret = alice.create(options={"size": 4}, opponent="invite", side=0)
    bob.join(secret["id"])
    move = alice.match(secret["id"])["legal_moves"][0]
    sa = await alice.socket(secret["id"])
    await sa.wait_state()
    await sa.move(move)
    await sa.wait_state(lambda m: m["ply"] == 1)
    await sa.close()
    assert alice.api("POST", f"/api/matches/{secret['id']}/resign/").json()["status"] == "finished"
    computer = alice.create(options={"size": 4}, opponent="computer", level="random", side=0)
    return secret, computer


async def test_the_lobby_socket_never_carries_a_private_match(live):
    alice, bob, carol = (Player(live.url).signup() for _ in range(3))
    socks = {
        "anonymous": await lobby_socket(live),
        "carol": await lobby_socket(live, carol),
        "alice": await lobby_socket(live, alice),
        "bob": await lobby_socket(live, bob),
    }
    try:
        secret, computer = await private_games(alice, bob)

        seen = {who: await frames(sock) for who, sock in socks.items()}
        assert seen["anonymous"] == [] and seen["carol"] == [], seen  # no hint at all
        assert seen["alice"] and seen["bob"]  # the players' own lists changed
        private = [secret["id"], computer["id"], secret["replay_url"], computer["replay_url"]]
        names = [alice.username, bob.username]
        for who, got in seen.items():
            for frame in got:
                message = json.loads(frame)
                assert set(message) == HINT_KEYS and message["type"] == "lobby", (who, frame)
                assert not [s for s in (*private, *names) if s in frame], (who, frame)

        # A listed match does reach everyone: the sockets above were listening.
        alice.create(opponent="open")
        for who in ("anonymous", "carol"):
            assert [json.loads(f) for f in await frames(socks[who])] == [
                {"type": "lobby", "changed": ["open"]}
            ]
    finally:
        for sock in socks.values():
            await sock.close()


async def test_the_pushed_lobby_never_carries_a_private_match_to_anyone_else(live):
    alice, bob, carol = (Player(live.url).signup() for _ in range(3))
    socks = {
        who: await lobby_socket(live, player, "?push=lobby")
        for who, player in (("anonymous", None), ("carol", carol), ("alice", alice), ("bob", bob))
    }
    bell = await lobby_socket(live, carol, "?push=bell")
    try:
        snapshots = {who: json.loads(await asyncio.wait_for(sock.recv(), 5)) for who, sock in socks.items()}
        assert {s["type"] for s in snapshots.values()} == {"lobby_snapshot"}
        secret, computer = await private_games(alice, bob)

        seen = {who: await frames(sock) for who, sock in socks.items()}
        private = [secret["id"], computer["id"], secret["replay_url"], computer["replay_url"]]
        for who in ("anonymous", "carol"):
            assert not [f for f in seen[who] if any(s in f for s in (*private, alice.username, bob.username))]
        mine = [json.loads(f) for f in seen["alice"]]
        assert {m["match"]["id"] for m in mine if m["type"] == "finished_match"} == {secret["id"]}
        assert secret["id"] in {m["match"]["id"] for m in mine if m["type"] == "my_match"}
        assert [json.loads(f) for f in await frames(bell)] == [{"type": "unread", "unread": 0}]
        late = await lobby_socket(live, carol, "?push=lobby")  # a snapshot read now lists neither
        try:
            frame = await asyncio.wait_for(late.recv(), 5)
            assert not [s for s in private if s in frame], frame
        finally:
            await late.close()
    finally:
        for sock in (*socks.values(), bell):
            await sock.close()


async def test_the_lobby_socket_answers_nothing_but_a_ping(live):
    sock = await lobby_socket(live)
    try:
        for frame in ('{"type": "move", "ply": 0, "move": {}}', '{"type": "subscribe", "match": "x"}', "x"):
            await sock.send(frame)
            message = json.loads(await asyncio.wait_for(sock.recv(), 5))
            assert message["type"] == "error" and message["code"] == "bad_message", message
        await sock.send('{"type": "ping"}')
        assert json.loads(await sock.recv()) == {"type": "pong"}
    finally:
        await sock.close()


def test_the_invite_page_shows_its_own_match_only(live):
    alice, bob = Player(live.url).signup(), Player(live.url).signup()
    waiting = alice.create(opponent="invite")
    others = [alice.create(opponent="invite"), alice.create(opponent="open")]
    full = alice.create(opponent="invite")
    bob.join(full["id"])
    others.append(bob.create(opponent="invite"))
    visitor = Player(live.url)  # logged out

    for match in (waiting, full):
        page = visitor.get(match["invite_url"])
        assert page.status_code == 200, page.text[:300]
        assert alice.username in page.text
        leaked = [o["id"] for o in others if o["id"] in page.text] + [
            o["replay_url"] for o in others if o["replay_url"] in page.text
        ]
        assert not leaked, leaked
        links = set(re.findall(r'href="(/(?:m|r)/[^"?]*)', page.text))
        allowed = {match["url"], match["invite_url"], match["replay_url"], "/m/new/"}
        assert links <= allowed, links - allowed
        assert (bob.username in page.text) == (match is full)  # the other seat of this match only
    assert visitor.get("/m/no-such-match/join/").status_code == 404


def test_sign_up_and_log_in_pages_carry_a_safe_next_only(live):
    """The header's links on the log-in and sign-up pages keep the invite, and never carry a
    ``next`` to another site (it would be an open redirect after logging in)."""
    invite = "/m/abc/join/"
    for page in ("/accounts/login/", "/accounts/signup/"):
        text = Player(live.url).get(f"{page}?next={invite}").text
        header = text.split("</header>")[0]
        assert header.count(f'?next={invite}"') == 2, header  # "Log in" and "Sign up"
        for evil in ("https://evil.example/", "//evil.example/", "/\\evil.example/"):
            text = Player(live.url).get(f"{page}?{urlencode({'next': evil})}").text
            assert "evil.example" not in text, (page, evil)
