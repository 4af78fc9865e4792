"""Bad frames for the lobby and event sockets, and what docs/protocol.md says they must answer.

Both sockets take one client message, ``{"type": "ping"}``, answered ``{"type": "pong"}``;
anything else is refused with ``bad_message`` and the socket stays open (``rate_limited``
past the limits, which the fuzz raises out of the way). A frame over 1 MiB, or a text frame
that is not UTF-8, drops the connection: those are tested on their own.

``make(rng)`` draws one frame of many kinds: junk JSON, broken JSON, binary frames, frames over
64 KiB, deep nesting, NaN and Infinity, huge integers, unicode look-alikes of ``ping``, wrong
types, unknown types, the messages of the other sockets (a match ``move``, the server's own
frames sent back, HTTP bodies), pings with extra keys, random mutations of legal messages.
``answers(frame)`` is the set of answers the contract allows: ``pong`` and/or ``bad_message``.
The JSON model is ``fuzz_messages.decode`` (the server's reader: no NaN or Infinity, integers
beyond 64 bits may be refused), plus protocol.md's limit of 1,024 levels of nesting.
"""

from __future__ import annotations

import json
import math
import random
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from tests.faults import fuzz_messages as fm

PONG, BAD = "pong", "bad_message"
ONLY_PONG, ONLY_BAD = frozenset({PONG}), frozenset({BAD})
MAX_DEPTH = 1024  # protocol.md: JSON nested deeper than this is bad_message
PING = {"type": "ping"}

PING_LOOKALIKES = [
    "pіng",  # Cyrillic і
    "ріng",
    "ｐｉｎｇ",
    "PING",
    "Ping",
    "ping ",
    " ping",
    "ping\u200b",
    "\ufeffping",
    "ping\u00a0",
    "pinɡ",
    "pıng",
    "ping\x00",
    "pong",
    "pin",
    "pingg",
    "ping\n",
]
UNKNOWN_TYPES = [
    "subscribe",
    "unsubscribe",
    "hello",
    "auth",
    "login",
    "join",
    "leave",
    "watch",
    "ack",
    "read",
    "lobby",
    "pong",
    "error",
    "state",
    "challenge",
    "match_started",
    "tournament_round",
    "notifications",
    "",
    "__proto__",
    "constructor",
    "ping.pong",
    "ping/pong",
    "type",
]
# What the other sockets, and the server itself, send: valid there, nothing here.
OTHER_SOCKETS: list[dict[str, Any]] = [
    *(
        {"type": "move", "ply": ply, "move": move}
        for moves in fm.SAMPLES.values()
        for move in moves
        for ply in (0, 3)
    ),
    {"type": "resign"},
    {"type": "abort"},
    {"type": "claim_victory"},
    {"type": "claim_draw"},
    {"type": "state", "match": {"id": "abc", "ply": 0, "status": "active"}},
    {"type": "error", "code": "bad_message", "message": "no"},
    {"type": "pong"},
    {"type": "lobby", "changed": ["open"]},
    {"type": "lobby", "changed": ["mine", "finished"]},
    {"type": "lobby", "changed": ["notifications"]},
    {"type": "challenge", "challenge": {"id": 1, "from": "alice", "to": "bot", "game": "reversi"}},
    {"type": "match_started", "match": {"id": "abc", "game": "reversi", "url": "/m/abc/", "you": 0}},
    {"type": "tournament_round", "tournament": {"id": 1, "round": 2}, "match": {"id": "abc"}},
    # HTTP API bodies
    {"game": "reversi", "options": {}, "opponent": "open", "side": 0},
    {"to": "alice", "game": "reversi", "options": {}, "side": "random"},
    {"name": "cup", "game": "reversi", "clock": {"initial": 180, "increment": 2}, "format": "swiss"},
    # subscriptions, as other sites' sockets have them
    {"type": "subscribe", "channel": "lobby"},
    {"type": "subscribe", "groups": ["lobby", "user-1", "events-1"]},
    {"action": "ping"},
    {"event": "ping"},
    {"op": "ping"},
    {"ping": True},
    {"type": "ping", "type_": "move"},
]
KINDS = (  # "mutate" and "other_socket" are drawn more often
    "junk junk_object broken binary huge nested nan big_int lookalike wrong_type unknown_type "
    "other_socket other_socket extra_key mutate mutate mutate ping"
).split()

Case = tuple[str, str | bytes]  # (kind, frame)


# -- the contract -------------------------------------------------------------------------
@contextmanager
def deep_recursion(limit: int = 10_000) -> Iterator[None]:
    """Let Python's JSON reader go deeper than the server's (1,024), so the model sees it all."""
    old = sys.getrecursionlimit()
    sys.setrecursionlimit(max(old, limit))
    try:
        yield
    finally:
        sys.setrecursionlimit(old)


def depth(value: Any) -> int:
    """How many arrays and objects are nested at the deepest point of ``value``."""
    deepest, stack = 0, [(value, 1)]
    while stack:
        item, level = stack.pop()
        children = item.values() if isinstance(item, dict) else item if isinstance(item, list) else None
        if children is not None:
            deepest = max(deepest, level)
            stack.extend((child, level + 1) for child in children)
    return deepest


def answers(frame: str | bytes) -> frozenset[str]:
    """The answers protocol.md allows to ``frame`` on the lobby or the event socket."""
    if isinstance(frame, bytes) or len(frame.encode("utf-8", "surrogatepass")) > fm.MAX_FRAME:
        return ONLY_BAD  # a binary frame, or one over 64 KiB
    try:
        with deep_recursion():
            value, doubtful = fm.decode(frame)
    except ValueError:
        return ONLY_BAD
    if depth(value) > MAX_DEPTH:
        return ONLY_BAD
    # A ping is an object whose type is "ping": extra keys are ignored, as on the match socket.
    answer = ONLY_PONG if isinstance(value, dict) and value.get("type") == "ping" else ONLY_BAD
    return answer | ONLY_BAD if doubtful else answer  # a reader may refuse it as no JSON at all


# -- the frames ----------------------------------------------------------------------------
def legal(rng: random.Random) -> dict[str, Any]:
    """A legal client message of one of the three sockets (a ping most often)."""
    return dict(PING) if rng.random() < 0.6 else json.loads(json.dumps(rng.choice(OTHER_SOCKETS)))


def nest(inner: str, levels: int) -> str:
    return "[" * levels + inner + "]" * levels


def named() -> list[Case]:
    """The cases every socket sends first, whatever the random draw."""
    ping = json.dumps(PING)
    return [
        ("ping", ping),
        ("binary", ping.encode()),
        ("binary", b""),
        ("binary", b"\xff\xfe\xfd"),
        ("broken", ""),
        ("broken", ping[:-1]),
        ("broken", "\ufeff" + ping),
        ("broken", ping + " x"),
        ("broken", "{'type': 'ping'}"),
        ("broken", '{"type": ping}'),
        ("huge", json.dumps({**PING, "pad": "x" * (fm.MAX_FRAME)})),
        ("huge", ping[:-1] + " " * fm.MAX_FRAME + "}"),
        ("huge", json.dumps({**PING, "pad": "Ж" * 40_000}, ensure_ascii=False)),  # 80 KB, 40 Ki chars
        ("huge", json.dumps({**PING, "pad": "x" * 1_000_000})),  # under 1 MiB: read, and refused
        ("nested", nest("", 1100)),
        ("nested", nest("", MAX_DEPTH)),
        ("nested", nest("", MAX_DEPTH + 1)),
        ("nested", '{"type":"ping","x":' + nest("", MAX_DEPTH - 1) + "}"),  # 1,024 levels: a ping
        ("nested", '{"type":"ping","x":' + nest("", MAX_DEPTH) + "}"),  # 1,025: refused
        ("nested", '{"a":' * 1100 + "1" + "}" * 1100),
        *[("nan", f'{{"type": "ping", "x": {c}}}') for c in fm.NOT_NUMBERS],
        *[("nan", c) for c in ("NaN", "Infinity", "-Infinity", "[NaN]", '{"type": NaN}')],
        *[("big_int", json.dumps({**PING, "n": n})) for n in (10**30, 2**64, 2**64 - 1, -(2**63) - 1)],
        *[("big_int", json.dumps({"type": n})) for n in (10**30, 2**64)],
        *[("lookalike", json.dumps({"type": word}, ensure_ascii=False)) for word in PING_LOOKALIKES],
        *[("wrong_type", json.dumps({"type": value})) for value in fm.WRONG_VALUES + [["ping"], {"ping": 1}]],
        *[("wrong_type", json.dumps(value)) for value in (["ping"], "ping", [PING], None, 0, True)],
        *[("unknown_type", json.dumps({"type": kind})) for kind in UNKNOWN_TYPES],
        *[("other_socket", json.dumps(message)) for message in OTHER_SOCKETS],
        ("extra_key", json.dumps({**PING, "id": 1, "ply": 3, "move": {"cell": "D3"}})),
    ]


def make(rng: random.Random) -> Case:
    """One random or mutated frame: (its kind, the frame)."""
    kind = rng.choice(KINDS)
    if kind == "junk":
        return kind, fm.encode(rng, fm.junk(rng))
    if kind == "junk_object":
        value = {
            rng.choice(["type", "x", "ping", "id", ""]): fm.junk(rng, 1) for _ in range(rng.randrange(4))
        }
        value["type"] = rng.choice([fm.junk(rng, 2), "ping", "move"])
        return kind, fm.encode(rng, value)
    if kind == "broken":
        if rng.random() < 0.4:
            return kind, rng.choice(fm.BROKEN)
        text = json.dumps(legal(rng))
        return kind, text[: rng.randrange(len(text))]
    if kind == "binary":
        choice = rng.randrange(4)
        if choice == 0:
            return kind, bytes(rng.randrange(256) for _ in range(rng.randrange(1, 64)))
        if choice == 1:  # a legal message, but in a binary frame
            return kind, json.dumps(legal(rng)).encode()
        if choice == 2:  # invalid UTF-8 in a binary frame
            return kind, rng.choice([b"\xff\xfe", b"\xc0\xaf", b"\xed\xa0\x80", b'{"type":"ping\xff"}'])
        return kind, b""
    if kind == "huge":
        # Over 64 KiB and under 1 MiB (a frame over 1 MiB drops the connection: tested apart).
        size = rng.choice([fm.MAX_FRAME + 1, 70_000, 200_000, 1_000_000])
        text = json.dumps(legal(rng))
        choice = rng.randrange(3)
        if choice == 0:
            return kind, json.dumps({**json.loads(text), "pad": "x" * size})
        if choice == 1:  # padded with spaces
            return kind, text[:-1] + " " * (size - len(text) + 1) + "}"
        return kind, json.dumps({**PING, "x": [1] * (size // 3)})
    if kind == "nested":
        levels = rng.choice([rng.randint(900, MAX_DEPTH + 10), rng.randint(1100, 3000)])
        choice = rng.randrange(3)
        if choice == 0:
            return kind, nest("", levels)
        if choice == 1:  # a ping whose extra key nests: one level less than the frame
            return kind, '{"type":"ping","x":' + nest(rng.choice(["", "1", '"ping"']), levels) + "}"
        return kind, '{"a":' * levels + "1" + "}" * levels
    if kind == "nan":
        special = rng.choice([math.nan, math.inf, -math.inf])
        value = legal(rng)
        value[rng.choice(["type", "x", "ply"])] = special if rng.random() < 0.8 else [special]
        return kind, fm.encode(rng, value)
    if kind == "big_int":
        value = legal(rng)
        value[rng.choice(["type", "n", "ply", "id"])] = rng.choice(fm.BIG_INTS)
        return kind, fm.encode(rng, value)
    if kind == "lookalike":
        return kind, fm.encode(rng, {"type": rng.choice(PING_LOOKALIKES), **rng.choice([{}, {"x": 1}])})
    if kind == "wrong_type":
        value = rng.choice(fm.WRONG_VALUES + [["ping"], {"type": "ping"}, ["type", "ping"]])
        return kind, fm.encode(rng, {"type": value} if rng.random() < 0.7 else value)
    if kind == "unknown_type":
        return kind, fm.encode(rng, {"type": rng.choice(UNKNOWN_TYPES), "x": fm.junk(rng, 2)})
    if kind == "other_socket":
        return kind, fm.encode(rng, rng.choice(OTHER_SOCKETS))
    if kind == "extra_key":
        value = {**PING, rng.choice(["x", "id", "Type", "type ", "seq", "token", "match"]): fm.junk(rng, 2)}
        return kind, fm.encode(rng, value)
    if kind == "mutate":
        return kind, fm.mutate(rng, json.dumps(legal(rng)))
    return kind, json.dumps(PING)
