"""Over 10,000 random and mutated frames on the lobby socket (``/ws/lobby/``) and the event
socket (``/ws/events/``), from a logged-in player, a logged-in stranger, a bot with an API
token and (lobby only: the event socket closes it with 4401) a logged-out visitor: each gets
the answer docs/protocol.md gives (``pong`` to a ping, ``bad_message`` to anything else),
nothing else reaches the socket, no socket is closed, nothing stored changes (every table of
the server's database), the server logs no traceback, and afterwards every socket still
hears the real events: a new open match in the lobby, a challenge on the event socket.

Apart: a frame over 1 MiB and a text frame that is not UTF-8 drop only that connection; a
flood at the normal limits is ``rate_limited`` and the socket goes on working.

The frames and the contract's answers come from ``fuzz_pings.py``; set ``FUZZ_SEED`` to draw
other ones. Run with ``-s`` to see the answers counted by socket, sender and kind.
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import sqlite3
import time
from collections import Counter
from contextlib import closing, suppress
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
import requests
import websockets

from tests.faults import fuzz_pings as fp
from tests.faults.test_fuzz import short
from tests.live.helpers import server_errors
from tests.support.bots import bearer, become_bot, issue_token
from tests.support.client import Player, Socket
from tests.support.server import LiveServer

LOBBY, EVENTS = "/ws/lobby/", "/ws/events/"
FRAMES_PER_SOCKET = {LOBBY: 5000, EVENTS: 5000}  # split between the socket's senders
SEED = int(os.environ.get("FUZZ_SEED", "2024"))  # another seed draws other frames
ANSWER_TIMEOUT = 20
# Tables that must hold rows before the fuzz (the snapshot compares every table).
STORED = (
    "games_match",
    "games_seat",
    "games_move",
    "games_notification",
    "accounts_apitoken",
    "accounts_challenge",
)
FLOOD = 100


# -- the people and their sockets ----------------------------------------------------------
@dataclass
class Cast:
    """The accounts of the fuzz: ``player`` has a waiting open match, an active match against
    the bot and a challenge out to it; ``stranger`` has nothing; ``bot`` is a bot account
    that uses only its token; ``anonymous`` has no session."""

    url: str
    player: Player
    stranger: Player
    bot_name: str
    token: str
    anonymous: Player

    def headers(self, who: str) -> dict[str, str]:
        """The handshake headers of ``who``'s sockets: a session cookie, a token, or none."""
        if who == "bot":
            return bearer(self.token)
        person = {"player": self.player, "stranger": self.stranger, "anonymous": self.anonymous}[who]
        cookie = person.cookie_header()
        return {"Cookie": cookie} if cookie else {}

    def bot_api(self, method: str, path: str, body: Any = None) -> requests.Response:
        """An API request as the bot (its token: no session, no CSRF)."""
        return requests.request(method, self.url + path, json=body, headers=bearer(self.token), timeout=10)


def make_cast(url: str) -> Cast:
    """Sign everybody up and give the player something to hear about (matches, a challenge)."""
    player, stranger, bot = (Player(url).signup() for _ in range(3))
    token = issue_token(bot, "fuzz")
    become_bot(bot)  # from now on the bot plays through its token only
    cast = Cast(url, player, stranger, bot.username, token, Player(url))
    player.create(opponent="open")  # listed in the lobby, waiting
    active = player.create(side=0)
    r = cast.bot_api("POST", f"/api/matches/{active['id']}/join/")
    assert r.status_code == 200, r.text
    player.move_once(active["id"])  # a stored move too
    r = player.api("POST", "/api/challenges/", {"to": bot.username, "game": "othello"})
    assert r.status_code == 201, r.text
    return cast


async def open_socket(url: str, path: str, headers: dict[str, str]) -> Socket:
    """A lobby or event socket (``Socket`` reads any socket's JSON frames)."""
    ws = url.replace("http://", "ws://")
    return Socket(await websockets.connect(f"{ws}{path}", additional_headers=headers, max_size=None))


@dataclass
class Sender:
    """One socket under fuzz and what it saw."""

    path: str
    who: str
    cast: Cast
    sock: Socket | None = None
    opening: list[dict] = field(default_factory=list)  # what came before the first pong
    counts: Counter = field(default_factory=Counter)  # answers: pong, or the error's code
    kinds: Counter = field(default_factory=Counter)
    findings: list[str] = field(default_factory=list)
    closed: int = 0

    @property
    def name(self) -> str:
        return f"{'lobby' if self.path == LOBBY else 'events'}/{self.who}"

    async def connect(self) -> None:
        """Open the socket and read up to the pong of a ping: the event socket's catch-up."""
        self.sock = await open_socket(self.cast.url, self.path, self.cast.headers(self.who))
        self.opening = await self.sock.barrier(ANSWER_TIMEOUT)

    def find(self, problem: str, kind: str, frame: str | bytes) -> None:
        self.findings.append(f"{self.name}: {problem} <- {kind} {short(frame)}")


async def exchange(sender: Sender, kind: str, frame: str | bytes) -> None:
    """Send one frame; its one answer must be one protocol.md allows, and nothing else comes."""
    allowed = fp.answers(frame)
    try:
        await sender.sock.conn.send(frame)
        answer = await sender.sock.recv(ANSWER_TIMEOUT)
    except websockets.ConnectionClosed as exc:
        sender.find(f"the socket closed: {exc}", kind, frame)
        await reconnect(sender)
        return
    except TimeoutError:
        sender.find(f"no answer within {ANSWER_TIMEOUT} s", kind, frame)
        await reconnect(sender)
        return
    if answer == {"type": "pong"}:
        got = fp.PONG
    elif answer.get("type") == "error" and set(answer) == {"type", "code", "message"}:
        got = answer["code"]
        if not isinstance(answer["message"], str) or not answer["message"]:
            sender.find(f"error {short(answer, 120)} without a message", kind, frame)
    else:
        sender.find(f"answered {short(answer, 120)}", kind, frame)
        return
    sender.counts[got] += 1
    sender.kinds[kind] += 1
    if got not in allowed:
        sender.find(f"{short(answer, 120)} where protocol.md says {sorted(allowed)}", kind, frame)


async def reconnect(sender: Sender) -> None:
    """Open the socket again so that the fuzz goes on (the failure is already recorded)."""
    sender.closed += 1
    with suppress(Exception):  # it may be gone already, or hang: a new one is what matters
        await asyncio.wait_for(sender.sock.close(), 5)
    await sender.connect()


async def fuzz_socket(sender: Sender, count: int, rng: random.Random) -> None:
    """The named cases first, then random ones: ``count`` frames in all."""
    cases = fp.named()
    while len(cases) < count:
        cases.append(fp.make(rng))
    for kind, frame in cases[:count]:
        await exchange(sender, kind, frame)


# -- what is stored ------------------------------------------------------------------------
def snapshot(server: LiveServer) -> dict[str, list[tuple]]:
    """Every row of every table of the server's database (read-only, beside the server)."""
    path = Path(server.env["SQLITE_PATH"])
    with closing(sqlite3.connect(f"file:{path}?mode=ro", uri=True, timeout=30)) as db:
        tables = [name for (name,) in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")]
        return {t: sorted(db.execute(f'SELECT * FROM "{t}"').fetchall(), key=repr) for t in sorted(tables)}


def changes(before: dict[str, list[tuple]], after: dict[str, list[tuple]]) -> list[str]:
    """The tables whose rows differ, with how many rows came and went."""
    out = []
    for table in sorted(set(before) | set(after)):
        old, new = set(before.get(table, [])), set(after.get(table, []))
        if old != new:
            out.append(
                f"{table}: +{len(new - old)} -{len(old - new)} rows, e.g. {sorted(new ^ old, key=repr)[:2]}"
            )
    return out


# -- the real events, afterwards -----------------------------------------------------------
async def hears(sender: Sender, predicate, what: str) -> None:
    """``sender``'s socket receives a frame satisfying ``predicate`` (other hints may come first)."""
    try:
        await sender.sock.wait_for(predicate, ANSWER_TIMEOUT)
    except (TimeoutError, websockets.ConnectionClosed) as exc:
        sender.findings.append(f"{sender.name}: never heard {what} after the fuzz ({type(exc).__name__})")


def lobby_hint(section: str):
    return lambda m: m.get("type") == "lobby" and section in m.get("changed", [])


def challenge_to(username: str, by: str):
    return lambda m: (
        m.get("type") == "challenge" and m["challenge"]["to"] == username and m["challenge"]["from"] == by
    )


async def real_events_arrive(cast: Cast, lobby: dict[str, Sender], events: dict[str, Sender]) -> None:
    """A new open match reaches every lobby socket (and its creator's as ``mine``); a challenge
    reaches the challenged account's event socket."""
    await asyncio.to_thread(cast.stranger.create, opponent="open")
    await asyncio.gather(*(hears(s, lobby_hint("open"), "a new open match") for s in lobby.values()))
    await hears(lobby["stranger"], lobby_hint("mine"), "its own new match")

    def challenge(challenger: Player | None, to: str) -> None:
        body = {"to": to, "game": "reversi"}
        r = (
            challenger.api("POST", "/api/challenges/", body)
            if challenger
            else cast.bot_api("POST", "/api/challenges/", body)
        )
        assert r.status_code == 201, r.text

    await asyncio.to_thread(challenge, cast.stranger, cast.bot_name)
    await asyncio.to_thread(challenge, None, cast.player.username)
    await asyncio.to_thread(challenge, cast.player, cast.stranger.username)
    await asyncio.gather(
        hears(events["bot"], challenge_to(cast.bot_name, cast.stranger.username), "a challenge"),
        hears(events["player"], challenge_to(cast.player.username, cast.bot_name), "a challenge"),
        hears(events["stranger"], challenge_to(cast.stranger.username, cast.player.username), "a challenge"),
    )


# -- the fuzz ------------------------------------------------------------------------------
def report(senders: list[Sender]) -> None:
    """Print the answers by socket and sender, the totals per socket, and the kinds of frame."""
    codes = sorted({code for s in senders for code in s.counts})
    width = max(len(s.name) for s in senders) + 2
    print(f"\n{'socket/sender':<{width}}" + "".join(f"{c:>13}" for c in codes) + f"{'total':>8}")
    for path in (LOBBY, EVENTS):
        group = [s for s in senders if s.path == path]
        overall: Counter = Counter()
        for s in group:
            overall.update(s.counts)
            print(
                f"{s.name:<{width}}" + "".join(f"{s.counts[c]:>13}" for c in codes) + f"{s.counts.total():>8}"
            )
        label = f"{path} (all)"
        print(f"{label:<{width}}" + "".join(f"{overall[c]:>13}" for c in codes) + f"{overall.total():>8}")
    kinds: Counter = Counter()
    for s in senders:
        kinds.update(s.kinds)
    print("by kind:", dict(sorted(kinds.items())))


async def test_fuzz_of_the_lobby_and_event_sockets(fuzz_server):
    url = fuzz_server.url
    log_start = len(fuzz_server.log())
    cast = await asyncio.to_thread(make_cast, url)
    lobby = {who: Sender(LOBBY, who, cast) for who in ("player", "stranger", "bot", "anonymous")}
    events = {who: Sender(EVENTS, who, cast) for who in ("player", "stranger", "bot")}
    senders = [*lobby.values(), *events.values()]
    await asyncio.gather(*(s.connect() for s in senders))
    assert lobby["player"].opening == [] and events["stranger"].opening == [], "nothing before the pong"
    catch_up = {who: s.opening for who, s in events.items()}
    assert [m["type"] for m in catch_up["bot"]] == ["challenge", "match_started"], catch_up["bot"]

    # protocol.md: a logged-out event socket is closed with 4401; an unknown token refuses the
    # handshake (HTTP 403) on both sockets.
    anonymous_events = await open_socket(url, EVENTS, {})
    with pytest.raises(websockets.ConnectionClosed) as closed:
        await anonymous_events.recv(ANSWER_TIMEOUT)
    assert closed.value.rcvd is not None and closed.value.rcvd.code == 4401, closed.value
    # So does a page of another site (its Origin), even with the player's cookie.
    for path in (LOBBY, EVENTS):
        for headers in (
            bearer("bgt_not-a-token"),
            {**cast.headers("player"), "Origin": "http://evil.example"},
        ):
            with pytest.raises(websockets.InvalidStatus) as refused:
                await open_socket(url, path, headers)
            assert refused.value.response.status_code == 403, (path, headers)

    before = await asyncio.to_thread(snapshot, fuzz_server)
    for table in STORED:  # the snapshot holds what the fuzz could change
        assert before[table], f"{table} is empty"
    started = time.monotonic()
    jobs = []
    for path, total in FRAMES_PER_SOCKET.items():
        group = [s for s in senders if s.path == path]
        share = [total // len(group) + (i < total % len(group)) for i in range(len(group))]
        jobs += [
            fuzz_socket(s, n, random.Random(f"{SEED}-{s.name}")) for s, n in zip(group, share, strict=True)
        ]
    await asyncio.gather(*jobs)
    elapsed = time.monotonic() - started
    for s in senders:  # nothing more came, and the socket still answers a ping
        if leaked := await s.sock.barrier(ANSWER_TIMEOUT):
            s.findings.append(f"{s.name}: {len(leaked)} frames nobody asked for: {short(leaked, 200)}")
    after = await asyncio.to_thread(snapshot, fuzz_server)
    stored = changes(before, after)

    # A new event socket's catch-up is what it was: nothing changed for the accounts either.
    for who, s in events.items():
        again = Sender(EVENTS, who, cast)
        await again.connect()
        if again.opening != catch_up[who]:
            s.findings.append(f"{s.name}: the catch-up changed: {short(again.opening, 200)}")
        await again.sock.close()
    await real_events_arrive(cast, lobby, events)
    for s in senders:
        await s.sock.close()

    report(senders)
    sent = {path: sum(s.counts.total() for s in senders if s.path == path) for path in FRAMES_PER_SOCKET}
    errors = server_errors(fuzz_server.log()[log_start:])
    findings = [f for s in senders for f in s.findings]
    first: dict[str, str] = {}
    for finding in findings:
        first.setdefault(finding.split(" <- ")[0], finding)
    summary = Counter(f.split(" <- ")[0] for f in findings)
    details = "\n".join(f"{n} x {first[what]}" for what, n in summary.most_common(40))
    print(
        f"frames answered: {sent} in {elapsed:.1f} s; sockets closed: {sum(s.closed for s in senders)}; "
        f"stored changes: {len(stored)}; server errors: {len(errors)}; findings: {len(findings)}\n{details}"
    )
    print("\n".join(stored + errors[:60]))
    assert not findings and not stored and not errors, (
        f"{len(findings)} frames broke the contract:\n{details}\nstored:\n"
        + "\n".join(stored)
        + "\nserver log:\n"
        + "\n".join(errors[:10])
    )
    assert all(n >= 5000 for n in sent.values()), sent
    for s in senders:  # every sender met both answers, and many kinds of frame
        assert {fp.PONG, fp.BAD} <= set(s.counts) and len(s.kinds) >= 10, (s.name, s.counts, s.kinds)


# -- the connection-level limits -----------------------------------------------------------
async def test_a_frame_over_a_mebibyte_or_not_utf8_drops_only_that_socket(fuzz_server):
    """protocol.md: a frame over 1 MiB is not read, and a text frame that is not UTF-8 fails
    the connection (RFC 6455): that socket only, never with 1011; the others go on, nothing is
    stored, the server log stays clean, and a new socket works."""
    url = fuzz_server.url
    log_start = len(fuzz_server.log())
    cast = await asyncio.to_thread(make_cast, url)
    before = await asyncio.to_thread(snapshot, fuzz_server)
    seen: dict[str, Counter] = {}
    for path, who in ((LOBBY, "anonymous"), (LOBBY, "player"), (EVENTS, "bot"), (EVENTS, "player")):
        victim, bystander = Sender(path, who, cast), Sender(path, "stranger", cast)
        await asyncio.gather(victim.connect(), bystander.connect())
        for name, frame, text in (
            ("over 1 MiB", json.dumps({**fp.PING, "pad": "x" * 1_200_000}), None),
            ("not UTF-8", b'{"type": "ping\xff"}', True),
        ):
            await victim.sock.conn.send(frame, text=text)
            with pytest.raises(websockets.ConnectionClosed) as closed:
                await victim.sock.recv(ANSWER_TIMEOUT)
            code = closed.value.rcvd.code if closed.value.rcvd else 1006
            assert code != 1011, (victim.name, name, closed.value)
            seen.setdefault(victim.name, Counter())[f"{name}: closed {code}"] += 1
            assert await bystander.sock.barrier(ANSWER_TIMEOUT) == [], bystander.name  # undisturbed
            await victim.connect()  # a new socket works
            await victim.sock.send(fp.PING, pace=False)
            assert await victim.sock.recv(ANSWER_TIMEOUT) == {"type": "pong"}
        await victim.sock.close()
        await bystander.sock.close()
    print(seen)
    assert changes(before, await asyncio.to_thread(snapshot, fuzz_server)) == []
    assert not server_errors(fuzz_server.log()[log_start:])


async def flood(sender: Sender, rng: random.Random) -> Counter:
    """Send FLOOD frames at once; every one is answered, the late ones ``rate_limited``."""
    frames = [fp.make(rng) for _ in range(FLOOD)]
    started = time.monotonic()
    for _, frame in frames:
        await sender.sock.conn.send(frame)
    codes: Counter = Counter()
    for kind, frame in frames:
        answer = await sender.sock.recv(ANSWER_TIMEOUT)
        got = fp.PONG if answer == {"type": "pong"} else answer.get("code")
        assert got == "rate_limited" or got in fp.answers(frame), (sender.name, answer, kind, short(frame))
        if answer["type"] == "error":
            assert isinstance(answer["message"], str) and answer["message"], answer
        codes[got] += 1
    window = time.monotonic() - started
    # A socket may send 10 a second in bursts of 30 (and the user's and the address's limits
    # may drop more): the rest of a quick burst is refused.
    allowed = 30 + int(10 * window) + 1
    assert codes["rate_limited"] >= max(1, FLOOD - allowed), (sender.name, codes, window)
    return codes


async def test_floods_are_rate_limited_and_the_sockets_still_work(daphne_server):
    """At the normal limits (the session's server): 100 frames at once on the lobby sockets of
    a player, the bot and a logged-out visitor, then on the player's and the bot's event
    sockets; afterwards every socket answers a ping and hears the real events."""
    url = daphne_server.url
    log_start = len(daphne_server.log())
    cast = await asyncio.to_thread(make_cast, url)
    lobby = {who: Sender(LOBBY, who, cast) for who in ("player", "stranger", "bot", "anonymous")}
    events = {who: Sender(EVENTS, who, cast) for who in ("player", "stranger", "bot")}
    await asyncio.gather(*(s.connect() for s in [*lobby.values(), *events.values()]))
    seen = {}
    # The two rounds apart: the player's and the bot's sockets share their user's limit.
    for flooders in ([lobby["player"], lobby["bot"], lobby["anonymous"]], [events["player"], events["bot"]]):
        codes = await asyncio.gather(*(flood(s, random.Random(f"flood-{SEED}-{s.name}")) for s in flooders))
        seen |= {s.name: dict(c) for s, c in zip(flooders, codes, strict=True)}
        await asyncio.sleep(3.5)  # the buckets refill (the user's: 60 at 20 a second)
        for s in flooders:  # the socket still works
            await s.sock.send(fp.PING, pace=False)
            assert await s.sock.recv(ANSWER_TIMEOUT) == {"type": "pong"}, s.name
    print(seen)
    await real_events_arrive(cast, lobby, events)
    for s in [*lobby.values(), *events.values()]:
        await s.sock.close()
    assert not [f for s in [*lobby.values(), *events.values()] for f in s.findings]
    assert not server_errors(daphne_server.log()[log_start:])
