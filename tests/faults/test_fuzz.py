"""Over 10,000 random and mutated messages on a match of every game of the registry (and the
variants ``fuzz_games.py`` names), from its players, a
logged-in stranger and a logged-out visitor: each is refused with the error code
docs/protocol.md gives (then a fresh state, to the sender only), nothing stored changes,
no socket is closed, the server logs no traceback, and every match can still finish.
Floods meet the normal rate limit (``rate_limited``), and the socket goes on working.

The moves played come from each game's own rules (``fuzz_games.Mirror``), the messages and
the contract's answer to each from ``fuzz_messages.py``; set
``FUZZ_SEED`` to draw other ones. Run with ``-s`` to see the refusals counted by game and code.
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import time
from collections import Counter
from dataclasses import dataclass, field

import pytest
import requests
import websockets

from tests.faults import fuzz_games as fg
from tests.faults import fuzz_messages as fm
from tests.live.helpers import game_view, server_errors
from tests.support.client import Player, Socket

MESSAGES = 12_000  # shared by the matches (8 of them: 1,500 each)
FINISH = 600  # random moves to end a match; then the player to move resigns
SEED = int(os.environ.get("FUZZ_SEED", "2024"))  # another seed draws other messages
FLOOD = 100
ANSWER_TIMEOUT = 20


@dataclass
class Person:
    """One client of a match: a player (``seat``), the stranger or the anonymous visitor."""

    name: str
    player: Player
    seat: int | None
    sock: Socket | None = None
    baseline: dict | None = None  # the game fields of its view before the fuzz


@dataclass
class Arena:
    """One match under fuzz and what was seen of it."""

    label: str
    slug: str
    created: dict
    people: list[Person]
    mirror: fg.Mirror
    ctx: fm.Context | None = None
    counts: Counter = field(default_factory=Counter)
    kinds: Counter = field(default_factory=Counter)
    findings: list[str] = field(default_factory=list)
    extra_states: int = 0  # states that came before the error of a socket's own message
    closed: int = 0  # sockets closed by the server (each one a finding)

    @property
    def players(self) -> list[Person]:
        return [p for p in self.people if p.seat is not None]

    def seat(self, seat: int) -> Person:
        return next(p for p in self.players if p.seat == seat)

    def role(self, person: Person) -> str:
        if person.seat is None:
            return fm.OUTSIDER
        return fm.MOVER if person.seat in person.sock.state["to_move"] else fm.WAITING

    def find(self, problem: str, kind: str, frame) -> None:
        self.findings.append(f"{self.label}: {problem} <- {kind} {short(frame)}")


def short(frame, limit: int = 160) -> str:
    text = repr(frame)
    return text if len(text) <= limit else f"{text[:limit]}... ({len(frame)} {type(frame).__name__})"


def seat_players(url: str, count: int) -> list[Player]:
    return [Player(url).signup() for _ in range(count)]


def open_arena(url: str, label: str, slug: str, options: dict, people: dict[str, Player]) -> Arena:
    """Create the match (seat 0: a) and seat the other players; connect nobody yet."""
    created = people["a"].create(game=slug, options=options, side=0)
    seats = len(created["players"])
    for name in "b"[: seats - 1]:
        people[name].join(created["id"])
    names = ["a", "b"][:seats]
    cast = [Person(n, people[n], i) for i, n in enumerate(names)]
    cast += [Person("stranger", people["stranger"], None), Person("anonymous", Player(url), None)]
    return Arena(label, slug, created, cast, fg.Mirror.start(slug, options))


async def connect(arena: Arena) -> None:
    """Open every socket and wait until the match is active with every player online."""
    for person in arena.people:
        person.sock = await person.player.socket(arena.created["id"])
    online = len(arena.players)
    for person in arena.people:
        await person.sock.wait_state(
            lambda m: m["status"] == "active" and sum(p["connected"] for p in m["players"]) == online
        )
    await settle(arena)


async def settle(arena: Arena, quiet: float = 0.3) -> None:
    await asyncio.gather(*(p.sock.drain(quiet) for p in arena.people))


async def play_one(arena: Arena, rng: random.Random, may_end: bool = True) -> dict | None:
    """The seat to move plays a random legal move (by the game's rules); wait until every
    socket has the new state. None (nothing played) when ``may_end`` is false and every
    move tried would end the game."""
    mirror = arena.mirror
    seat = mirror.to_move()[0]
    move = mirror.choose(seat, rng, may_end)
    if move is None:
        return None
    mine = arena.seat(seat).sock.state
    await arena.seat(seat).sock.send({"type": "move", "ply": mine["ply"], "move": move}, pace=False)
    mirror.play(seat, move)
    states = await asyncio.gather(
        *(
            p.sock.wait_state(lambda m: m["ply"] > mine["ply"] or m["status"] != "active", ANSWER_TIMEOUT)
            for p in arena.people
        )
    )
    assert mirror.in_step(states[0]), (arena.label, "the rules' position is not the server's", states[0])
    return states[0]


def replay(url: str, created: dict) -> dict:
    slug = created["replay_url"].rstrip("/").rsplit("/", 1)[-1]
    r = requests.get(f"{url}/api/replays/{slug}/", timeout=30)
    assert r.status_code == 200, r.text
    return r.json()


async def exchange(arena: Arena, person: Person, frame, kind: str, expected) -> None:
    """Send one bad frame; check the error and the fresh state that must follow."""
    sock = person.sock
    try:
        await sock.conn.send(frame)
        while (answer := await sock.recv(ANSWER_TIMEOUT))["type"] == "state":
            # Nothing but news of another socket (only after a socket was closed) comes first.
            arena.extra_states += 1
            if game_view(answer["match"]) != person.baseline:
                arena.find(f"the state changed: ply {answer['match']['ply']}", kind, frame)
        if answer["type"] != "error":
            arena.find(f"answered {short(answer, 80)} to {person.name}", kind, frame)
            return
        code, text = answer.get("code"), answer.get("message")
        arena.counts[code] += 1
        arena.kinds[kind] += 1
        if code not in fm.CODES or not isinstance(text, str) or not text:
            arena.find(f"error {short(answer, 120)} is not of protocol.md", kind, frame)
        elif expected is not None and code not in expected:
            arena.find(f"{code} ({text[:80]!r}) where protocol.md says {sorted(expected)}", kind, frame)
        state = await sock.recv(ANSWER_TIMEOUT)
        if state["type"] != "state":
            arena.find(f"{short(state, 80)} instead of a fresh state", kind, frame)
        elif game_view(state["match"]) != person.baseline:
            arena.find(f"the state changed: ply {state['match']['ply']}", kind, frame)
    except websockets.ConnectionClosed as exc:
        arena.find(f"{person.name}'s socket closed: {exc}", kind, frame)
        await reconnect(arena, person)
    except TimeoutError:
        arena.find(f"no answer within {ANSWER_TIMEOUT} s to {person.name}", kind, frame)
        await reconnect(arena, person)


async def reconnect(arena: Arena, person: Person) -> None:
    """Open the socket again so that the fuzz goes on (the failure is already recorded)."""
    arena.closed += 1
    person.sock = await person.player.socket(arena.created["id"])
    await person.sock.wait_state()
    await person.sock.drain(0.3)


async def fuzz_socket(arena: Arena, person: Person, count: int, rng: random.Random) -> None:
    """The named cases first, then random ones: ``count`` messages in all."""
    cases = fm.named(rng, arena.ctx, arena.role(person))
    while len(cases) < count:
        cases.append(fm.make(rng, arena.ctx, arena.role(person)))
    for kind, frame, expected in cases:
        await exchange(arena, person, frame, kind, expected)


async def fuzz_game(url: str, arena: Arena, count: int, seed: int) -> None:
    rng = random.Random(f"{seed}-{arena.label}")
    await connect(arena)
    assert arena.mirror.in_step(arena.players[0].sock.state), arena.label
    for _ in range(fg.OPENING):  # (Alpha Battle: one setup, the other still secret to come)
        if await play_one(arena, rng, may_end=False) is None:
            break
    await settle(arena)
    for person in arena.people:
        person.baseline = game_view(person.sock.state)
    mover = arena.seat(arena.players[0].sock.state["to_move"][0])
    arena.ctx = fm.Context.of(mover.sock.state, arena.mirror, rng)
    before = await asyncio.to_thread(replay, url, arena.created)

    share = [count // len(arena.people) + (i < count % len(arena.people)) for i in range(len(arena.people))]
    await asyncio.gather(
        *(
            fuzz_socket(arena, p, n, random.Random(f"{seed}-{arena.label}-{p.name}"))
            for p, n in zip(arena.people, share, strict=True)
        )
    )

    after = await asyncio.to_thread(replay, url, arena.created)
    if after["moves"] != before["moves"] or after["states"] != before["states"]:
        arena.findings.append(f"{arena.label}: the replay changed during the fuzz")
    if arena.extra_states and not arena.closed:  # a refusal's state went to another socket
        arena.findings.append(f"{arena.label}: {arena.extra_states} states to sockets that sent nothing")
    await settle(arena)

    # The match is still perfectly playable to its end (a journey that random moves do not
    # end in FINISH moves ends by the resignation of the player to move).
    view = arena.players[0].sock.state
    for _ in range(FINISH):
        if view["status"] != "active":
            break
        view = await play_one(arena, rng)
    if view["status"] == "active":
        await arena.seat(arena.mirror.to_move()[0]).sock.send({"type": "resign"}, pace=False)
        view = await arena.players[0].sock.wait_state(lambda m: m["status"] != "active", ANSWER_TIMEOUT)
        await settle(arena)
    assert view["status"] == "finished", (arena.label, view["status"])
    assert view["result"] and view["result"]["message"], view["result"]
    final = await asyncio.to_thread(replay, url, arena.created)
    assert len(final["states"]) == len(final["moves"]) + 1 == view["ply"] + 1
    for person in arena.people:
        await person.sock.send({"type": "move", "ply": view["ply"], "move": {"cell": "A1"}}, pace=False)
        await person.sock.expect_refusal("match_over" if person.seat is not None else "not_a_player")
    for person in arena.people:
        await person.sock.close()


def report(arenas: list[Arena]) -> int:
    codes = sorted({code for a in arenas for code in a.counts})
    width = max(len(a.label) for a in arenas)
    print(f"\n{'game':<{width}} " + " ".join(f"{c:>13}" for c in codes) + f" {'total':>7}")
    for a in arenas:
        row = " ".join(f"{a.counts[c]:>13}" for c in codes)
        print(f"{a.label:<{width}} {row} {sum(a.counts.values()):>7}")
    total = sum(sum(a.counts.values()) for a in arenas)
    overall = Counter()
    for a in arenas:
        overall.update(a.counts)
    print(f"{'all':<{width}} " + " ".join(f"{overall[c]:>13}" for c in codes) + f" {total:>7}")
    kinds = Counter()
    for a in arenas:
        kinds.update(a.kinds)
    print("by kind:", dict(sorted(kinds.items())))
    return total


async def test_fuzz_refuses_everything_and_every_match_finishes(fuzz_server):
    url = fuzz_server.url
    log_start = len(fuzz_server.log())
    a, b, stranger = seat_players(url, 3)
    people = {"a": a, "b": b, "stranger": stranger}
    arenas = [open_arena(url, label, slug, options, people) for label, slug, options in fg.arenas()]
    count = -(-MESSAGES // len(arenas))
    await asyncio.gather(*(fuzz_game(url, arena, count, SEED) for arena in arenas))
    total = report(arenas)

    errors = server_errors(fuzz_server.log()[log_start:])
    findings = [f for arena in arenas for f in arena.findings]
    first: dict[str, str] = {}
    for finding in findings:
        first.setdefault(finding.split(" <- ")[0], finding)
    summary = Counter(f.split(" <- ")[0] for f in findings)
    details = "\n".join(f"{n} x {first[what]}" for what, n in summary.most_common(40))
    print(f"{len(findings)} findings:\n{details}\nserver log:\n" + "\n".join(errors[:60]))
    assert not findings and not errors, (
        f"{len(findings)} messages broke the contract:\n{details}\nserver log:\n" + "\n".join(errors[:10])
    )
    assert total >= 10_000
    for arena in arenas:
        assert {"bad_message", "not_a_player", "illegal_move", "stale_ply"} <= set(arena.counts), arena.label
        if len(arena.players) > 1:
            assert "not_your_turn" in arena.counts, arena.label


# -- floods, at the normal rate limits -------------------------------------------------------
async def flood(arena: Arena, person: Person, rng: random.Random) -> Counter:
    """Send FLOOD bad frames at once; every one is answered (error, then state)."""
    frames = [fm.make(rng, arena.ctx, arena.role(person)) for _ in range(FLOOD)]
    started = time.monotonic()
    for _, frame, _ in frames:
        await person.sock.conn.send(frame)
    codes: Counter = Counter()
    for kind, frame, expected in frames:
        error = await person.sock.recv(ANSWER_TIMEOUT)
        assert error["type"] == "error" and error["code"] in fm.CODES, (error, short(frame))
        assert isinstance(error["message"], str) and error["message"], error
        if error["code"] != "rate_limited":
            assert expected is None or error["code"] in expected, (error, kind, short(frame), expected)
        state = await person.sock.recv(ANSWER_TIMEOUT)
        assert state["type"] == "state" and game_view(state["match"]) == person.baseline, short(state)
        codes[error["code"]] += 1
    window = time.monotonic() - started
    # A socket may send 10 a second in bursts of 30: the rest of a quick burst is dropped
    # (and the limits of the user and of the address may drop more).
    allowed = 30 + int(10 * window) + 1
    assert codes["rate_limited"] >= max(1, FLOOD - allowed), (person.name, codes, window)
    return codes


async def flood_game(url: str, arena: Arena, seed: int) -> dict[str, Counter]:
    rng = random.Random(f"flood-{seed}-{arena.label}")
    await connect(arena)
    for person in arena.people:
        person.baseline = game_view(person.sock.state)
    mover = arena.seat(arena.players[0].sock.state["to_move"][0])
    arena.ctx = fm.Context.of(mover.sock.state, arena.mirror, rng)
    before = await asyncio.to_thread(replay, url, arena.created)
    flooders = [mover] + [p for p in arena.people if p.seat is None]
    seen = {p.name: await flood(arena, p, rng) for p in flooders}

    # A text frame that is not UTF-8 fails the WebSocket connection (RFC 6455): that socket
    # only, never with 1011, and nothing changes.
    visitor = await Player(url).socket(arena.created["id"])
    await visitor.wait_state()
    await visitor.conn.send(b'{"type": "move", "ply": 0, "move": {"cell": "D3\xff"}}', text=True)
    with pytest.raises(websockets.ConnectionClosed) as closed:
        await visitor.recv(ANSWER_TIMEOUT)
    assert closed.value.rcvd is None or closed.value.rcvd.code != 1011, closed.value
    seen["invalid_utf8"] = Counter({f"closed {closed.value.rcvd.code if closed.value.rcvd else 1006}": 1})

    await asyncio.sleep(1.5)  # the buckets refill
    for person in flooders:  # the socket still works
        await person.sock.send({"type": "ping"}, pace=False)
        assert (await person.sock.recv(ANSWER_TIMEOUT))["type"] == "pong"
        if person.seat is None:
            await person.sock.send({"type": "resign"}, pace=False)
            await person.sock.expect_refusal("not_a_player", timeout=ANSWER_TIMEOUT)
    after = await asyncio.to_thread(replay, url, arena.created)
    assert after["moves"] == before["moves"] and after["states"] == before["states"], arena.label
    for person in arena.people:
        assert not await person.sock.drain(0.2), person.name  # nothing leaked to the others
    view = await play_one(arena, rng)  # the flooder's own move goes through
    assert view["ply"] > before["match"]["ply"] or view["status"] == "finished", arena.label
    for person in arena.people:
        await person.sock.close()
    return seen


async def test_floods_are_rate_limited_and_the_socket_still_works(daphne_server):
    """At the normal limits (the session's server): 100 bad frames at once from a player, the
    stranger and a logged-out visitor on a match of every game."""
    url = daphne_server.url
    log_start = len(daphne_server.log())
    a, b, stranger = seat_players(url, 3)
    people = {"a": a, "b": b, "stranger": stranger}
    arenas = [open_arena(url, label, slug, options, people) for label, slug, options in fg.arenas()]
    results = await asyncio.gather(*(flood_game(url, arena, SEED) for arena in arenas))
    for arena, seen in zip(arenas, results, strict=True):
        print(arena.label, {name: dict(codes) for name, codes in seen.items()})
    assert not server_errors(daphne_server.log()[log_start:])


async def test_a_frame_over_a_mebibyte_closes_only_that_socket_and_changes_nothing(fuzz_server):
    """protocol.md: a frame over 64 KiB is ``bad_message``; one over 1 MiB (Daphne's
    ``websocket_max_message_size``) is not even read: that connection is dropped. Nothing is
    stored, the server log stays clean, the opponent is not disturbed, and the player
    reconnects and plays on."""
    log_start = len(fuzz_server.log())
    a, b = seat_players(fuzz_server.url, 2)
    created = a.create(game="reversi", options={}, side=0)
    b.join(created["id"])
    sock, other = await a.socket(created["id"]), await b.socket(created["id"])
    view = await sock.wait_state(lambda m: m["status"] == "active")
    frame = json.dumps({"type": "move", "ply": view["ply"], "move": {"cell": "D3"}, "pad": "x" * 1_200_000})
    await sock.conn.send(frame)
    with pytest.raises(websockets.ConnectionClosed) as closed:
        await sock.wait_for(lambda m: False, timeout=ANSWER_TIMEOUT)
    assert closed.value.rcvd is None or closed.value.rcvd.code != 1011
    again = await a.socket(created["id"])
    state = await again.wait_state()
    assert game_view(state) == game_view(view)
    await again.send({"type": "move", "ply": state["ply"], "move": state["legal_moves"][0]})
    assert (await other.wait_state(lambda m: m["ply"] > view["ply"]))["ply"] == view["ply"] + 1
    assert not server_errors(fuzz_server.log()[log_start:])
    await again.close()
    await other.close()
