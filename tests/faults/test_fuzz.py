"""Thousands of random and mutated messages from players, spectators and strangers: each is
refused with a protocol error code, nothing stored changes, and the match can still finish."""

from __future__ import annotations

import json
import random
import string

import pytest

from tests.live.helpers import server_errors
from tests.support.client import Player, Socket
from tests.support.server import LiveServer

CODES = {
    "bad_message",
    "not_a_player",
    "not_your_turn",
    "stale_ply",
    "illegal_move",
    "match_over",
    "rate_limited",
}
OTHER_GAMES_MOVES = [
    {"position": 3},
    {"action": "drop", "column": 2},
    {"action": "pop", "column": 0},
    {"letters": string.ascii_uppercase, "indices": list(range(10))},
    {"target": [1, 2]},
    {"answer": "yes"},
    {"pass": True},
]


@pytest.fixture(scope="module")
def fuzz_server(tmp_path_factory):
    """A server whose rate limit stays out of the way, so every message meets the checks."""
    unlimited = {"RATE_PER_SECOND": "100000", "RATE_BURST": "100000"}
    env = {f"{who}_{name}": value for who in ("MOVE", "USER", "ADDRESS") for name, value in unlimited.items()}
    server = LiveServer(tmp_path_factory.mktemp("fuzz"), env=env)
    server.migrate()
    server.start()
    yield server
    server.kill()


def junk(rng: random.Random, depth: int = 0):
    """A random JSON value."""
    kind = rng.randrange(7 if depth < 3 else 5)
    if kind == 0:
        return None
    if kind == 1:
        return rng.choice([True, False])
    if kind == 2:
        return rng.choice([0, -1, 1, 2**63, rng.randint(-1000, 1000), 3.5, float(rng.random())])
    if kind == 3:
        return "".join(rng.choice(string.printable + "éЖ😀\x00") for _ in range(rng.randrange(12)))
    if kind == 4:
        return rng.choice(["move", "resign", "ping", "abort", "state", "error", ""])
    if kind == 5:
        return [junk(rng, depth + 1) for _ in range(rng.randrange(4))]
    return {
        rng.choice(["type", "ply", "move", "cell", "x"]): junk(rng, depth + 1)
        for _ in range(rng.randrange(4))
    }


def bad_message(rng: random.Random, view: dict, may_move: bool):
    """One message that must be refused, from a client whose latest state is ``view``."""
    ply = view["ply"]
    legal = view["legal_moves"] or [{"cell": "A1"}]
    kind = rng.randrange(10)
    if kind == 0:
        value = junk(rng)  # any JSON, but not one of the valid non-move messages
        while isinstance(value, dict) and value.get("type") in ("ping", "resign", "abort"):
            value = junk(rng)
        return value
    if kind == 1:
        return rng.choice(
            ["", "{", "nul", "[1,2", '{"type": "move"', "\udcff".encode("utf-8", "surrogatepass")]
        )
    if kind == 2:
        return bytes(rng.randrange(256) for _ in range(rng.randrange(1, 64)))  # a binary frame
    if kind == 3:
        return {
            "type": "move",
            "ply": ply,
            "move": {"cell": "A1"},
            "pad": "x" * rng.choice([70_000, 200_000]),
        }
    if kind == 4:
        return {"type": rng.choice(["mvoe", "MOVE", "chat", "state", None, 7, ["move"]]), "ply": ply}
    if kind == 5:
        wrong = rng.choice([ply - 1, ply + 1, ply + 1000, -1, str(ply), float(ply), None, True])
        return {"type": "move", "ply": wrong, "move": rng.choice(legal)}
    if kind == 6:
        return {"type": "move", "ply": ply, "move": rng.choice(OTHER_GAMES_MOVES)}
    if kind == 7:
        cell = rng.choice(["Z99", "a0", "", "D", "44", "AA1", "d3 ", None, 5, ["D3"], {"c": 1}])
        return {"type": "move", "ply": ply, "move": {"cell": cell}}
    if kind == 8:
        return {"type": "move", "ply": ply, "move": junk(rng)}
    # a legal move, but from someone who may not make it now (or with extra keys)
    if may_move:
        return {"type": "move", "ply": ply, "move": {**rng.choice(legal), "extra": 1}}
    return {"type": "move", "ply": ply, "move": rng.choice(legal)}


async def refused(sock: Socket, message) -> dict:
    """Send ``message``; return the error it earns (a fresh state must follow)."""
    if isinstance(message, (bytes, str)):
        await sock.conn.send(message)
    else:
        await sock.conn.send(json.dumps(message))
    try:
        error = await sock.wait_for(lambda m: m["type"] in ("error", "state"), timeout=10)
    except TimeoutError:
        raise AssertionError(f"no answer to {str(message)[:200]!r}") from None
    assert error["type"] == "error", (message, error)
    state = await sock.recv(timeout=10)
    assert state["type"] == "state"
    return error


async def test_fuzz_changes_nothing_and_the_match_finishes(fuzz_server):
    rng = random.Random(2024)
    url = fuzz_server.url
    a, b, stranger = Player(url).signup(), Player(url).signup(), Player(url).signup()
    created = a.create(options={"size": 6})
    b.join(created["id"])
    sockets = {
        "a": await a.socket(created["id"]),
        "b": await b.socket(created["id"]),
        "stranger": await stranger.socket(created["id"]),
        "anonymous": await Player(url).socket(created["id"]),
    }
    for sock in sockets.values():
        await sock.wait_state()
    # Two real moves first, so the fuzz meets a match in the middle of play.
    for name in ("a", "b"):
        view = await sockets[name].wait_state(lambda m: m["legal_moves"], timeout=10)
        await sockets[name].send({"type": "move", "ply": view["ply"], "move": view["legal_moves"][0]})
        await sockets[name].wait_state(lambda m, p=view["ply"]: m["ply"] > p)
    for sock in sockets.values():
        await sock.drain(0.3)
    before = Player(url).replay(created)
    log_start = len(fuzz_server.log())

    counts: dict[str, int] = {}
    for _ in range(3000):
        name = rng.choice(list(sockets))
        sock = sockets[name]
        view = sock.state
        may_move = view["you"] is not None and view["you"] in view["to_move"]
        error = await refused(sock, bad_message(rng, view, may_move))
        assert error["code"] in CODES and error["message"]
        counts[error["code"]] = counts.get(error["code"], 0) + 1
    print("fuzz refusals by code:", counts)
    assert sum(counts.values()) == 3000 and len(counts) >= 4

    after = Player(url).replay(created)
    assert after["moves"] == before["moves"] and after["states"] == before["states"]
    assert not server_errors(fuzz_server.log()[log_start:])

    # The match is still perfectly playable to its end.
    players = {0: sockets["a"], 1: sockets["b"]}
    view = sockets["a"].state
    while view["status"] == "active":
        mover = players[view["turn"]]
        mine = mover.state
        await mover.send({"type": "move", "ply": mine["ply"], "move": rng.choice(mine["legal_moves"])})
        view = await sockets["a"].wait_state(lambda m, p=mine["ply"]: m["ply"] > p or m["status"] != "active")
        await sockets["b"].wait_state(lambda m, p=mine["ply"]: m["ply"] > p or m["status"] != "active")
    assert view["status"] == "finished" and view["result"]["message"]
    error = await refused(sockets["a"], {"type": "move", "ply": view["ply"], "move": {"cell": "A1"}})
    assert error["code"] == "match_over"
    for sock in sockets.values():
        await sock.close()
