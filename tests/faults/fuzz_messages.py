"""Bad messages for the fuzz test, and what docs/protocol.md says the server must answer.

``make(rng, ctx, role)`` builds one random or mutated frame (text, or bytes for a binary
frame) of many kinds: junk JSON, broken JSON, binary frames, frames over 64 KiB, deep
nesting, NaN and Infinity literals, huge integers, unicode look-alikes, wrong types in every
field, moves of other games, stale and future plies, legal moves from the wrong seat, a
Journey player's own ``{"skip": true}``, extra keys, random mutations of legal messages.

``verdict(ctx, role, frame)`` is the contract's answer to a frame: the set of error codes
the server may refuse it with, ``ACCEPT`` when the server could act on it (a move that may
be legal, a resign, an allowed abort) or ``PONG`` for a ping. The fuzz sends only frames
that must be refused. The model reads frames as the server's decoder does (no NaN or
Infinity; integers beyond 64 bits are not exact integers), and knows only protocol.md's
rules: who may act, the current ply, and each game's move shape and legal moves.

A game is known by the shape of its moves (``family_of``), never by its name: a new game
whose moves are shaped as an older one's (Gomoku's ``{"cell": "H8"}``) is fuzzed as that
family; one of a new shape is the ``generic`` family, whose legality the game's own rules
decide (``Context.rules``: ``play`` on the position the fuzz mirrors).
"""

from __future__ import annotations

import json
import math
import random
import re
import string
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

CODES = frozenset(
    {
        "bad_message",
        "not_a_player",
        "not_your_turn",
        "stale_ply",
        "illegal_move",
        "match_over",
        "rate_limited",
        "cannot_abort",
    }
)
MAX_FRAME = 64 * 1024
ACCEPT, PONG = "accept", "pong"
BAD = frozenset({"bad_message"})
MOVER, WAITING, OUTSIDER = "mover", "waiting", "outsider"  # a seat to move, another seat, no seat

FAMILIES = {  # the families of moves the model knows, by their fields
    frozenset({"cell"}): "cell",
    frozenset({"action", "column"}): "drop",
    frozenset({"position"}): "position",
    frozenset({"letters", "indices"}): "setup",
    frozenset({"target"}): "journey",
    frozenset({"answer"}): "journey",
}
GENERIC = "generic"  # moves of a shape the model does not know: the game's rules judge them


def family_of(move: dict) -> str:
    """The family of a game whose legal moves look like ``move`` (GENERIC: not known)."""
    return FAMILIES.get(frozenset(move), GENERIC)


SAMPLES = {  # moves of the right shape for each family of games
    "cell": [{"cell": "D3"}, {"cell": "c4"}, {"cell": "F5"}, {"pass": True}],
    "drop": [
        {"action": "drop", "column": 3},
        {"action": "pop", "column": 0},
        {"action": "drop", "column": 6},
    ],
    "position": [{"position": 1}, {"position": 7}, {"position": 12}],
    "setup": [{"letters": string.ascii_uppercase, "indices": list(range(10))}],
    "journey": [{"target": [1, 2]}, {"target": [9, 9]}, {"answer": "yes"}, {"answer": "no"}, {"skip": True}],
}
LOOKALIKE_CELLS = [
    "Ｄ３",
    "D３",
    "ı1",
    "Ｄ3",
    "D\u00a03",
    "\u200bD3",
    "D3\u200b",
    "Ⅾ3",
    "D٣",
    "Ꭰ3",
    "d³",
    "D𝟑",
]
LOOKALIKE_WORDS = {
    "move": ["mоve", "ｍｏｖｅ", "MOVE", "Move", "move ", "move\u200b", "mové", "mov"],
    "drop": ["drоp", "ｄｒｏｐ", "DROP", "Drop", "drop ", "dr0p"],
    "pop": ["pоp", "POP", "ｐｏｐ", "pop\u00a0"],
    "yes": ["yеs", "YES", "Yes", "ｙｅｓ", "yes ", "y", "1", "true"],
    "no": ["nо", "NO", "ｎｏ", " no", "n", "0"],
}
WRONG_VALUES: list[Any] = [
    None,
    True,
    False,
    0,
    -1,
    1,
    3.5,
    -0.0,
    1e300,
    "",
    "x",
    "3",
    "D3",
    [],
    [1],
    [[1, 2]],
    {},
    {"a": 1},
]
NOT_NUMBERS = ("NaN", "Infinity", "-Infinity", "1e999")  # what Python's json may write; no JSON
BIG_INTS = [10**30, -(10**30), 2**64, 2**64 - 1, 2**63, 2**63 - 1, -(2**63), -(2**63) - 1, 10**100, 10**400]
LONE_SURROGATE = re.compile(r"\\u[dD][89abAB][0-9a-fA-F]{2}(?!\\u[dD][c-fC-F])|\\u[dD][c-fC-F][0-9a-fA-F]{2}")
MUTATION_CHARS = string.printable + '{}[]":,\\' + "éЖ😀\u00a0\u200b\u2028\ufeffＤ３ı\x7f"
KINDS = (  # "mutate" and "illegal" are drawn more often
    "junk junk_move broken binary huge nested nan big_int lookalike wrong_type other_game ply legal skip "
    "extra_key mutate mutate mutate resign_abort illegal illegal type"
).split()
BROKEN = [
    "",
    " ",
    "{",
    "}",
    "}{",
    "nul",
    "[1,2",
    '{"type": "move"',
    '{"type":"move",}',
    "{'type': 'move'}",
    '{"type": move}',
    "\x00",
    "\ufeff{}",
    '{"type":"move"} x',
    '{"type":"move","ply":01,"move":{}}',
    '{"type":"move","ply":+1,"move":{}}',
    '{"type":"move","ply":.5,"move":{}}',
    '{"type":"move","ply":1,"move":{"cell":"\t"}}',
    "NaN",
    "Infinity",
    "-Infinity",
    "undefined",
    "[NaN]",
    '"\\ud800"',
    '{"type":"move","ply":0,"move":{"cell":"\\udcff"}}',
]


@dataclass
class Context:
    """What the fuzz knows of a match while it stands still: the match object of a seat to
    move (``mover``), concrete legal moves of that seat (``legal``) and what the game's own
    rules say of the position (``tests/faults/fuzz_games.Mirror``)."""

    slug: str
    family: str
    ply: int
    can_abort: bool
    board: Any
    legal: list[dict]
    independent: bool = False  # the seats to move act unseen: an older ply is still current
    skip: dict | None = None  # the move only the server plays for the seat (``skip_move``)
    rules: Callable[[Any], bool] | None = None  # would the rules take this move now?
    own: list[int] | None = None  # The Journey: the cell of the warrior to move
    question: bool = False  # The Journey: a question is open

    @classmethod
    def of(cls, mover: dict, mirror: Any, rng: random.Random) -> Context:
        """``mover``: the match object of the seat to move; ``mirror``: the position as the
        game's rules hold it (``legal``, ``samples``, ``takes``, ``independent``, ``skip``)."""
        board, seat = mover["board"], mover["you"]
        shown = [dict(m) for m in mover["legal_moves"]]
        # The listed moves where they are moves; else a description: concrete ones drawn.
        concrete = all(mirror.takes(seat, m) for m in shown)
        legal = shown if concrete else mirror.samples(seat, rng, 5)
        family = family_of(legal[0])
        own, question = None, False
        if family == "journey":
            own = board["warriors"][seat]["pos"]
            question = "answer" in legal[0]
        return cls(
            mover["game"],
            family,
            mover["ply"],
            mover["can_abort"],
            board,
            legal,
            mirror.independent(),
            mirror.skip(seat),
            lambda move: mirror.takes(seat, move),
            own,
            question,
        )


def random_setup(rng: random.Random) -> dict:
    return {"letters": "".join(rng.sample(string.ascii_uppercase, 26)), "indices": rng.sample(range(26), 10)}


# -- the contract -------------------------------------------------------------------------
def verdict(ctx: Context, role: str, frame: str | bytes) -> frozenset[str] | str | None:
    """The codes the server may refuse ``frame`` with, ACCEPT, PONG, or None (unknown: any
    code of protocol.md)."""
    if isinstance(frame, bytes):
        return BAD  # a binary frame
    if len(frame.encode("utf-8", "surrogatepass")) > MAX_FRAME:
        return BAD  # a frame over 64 KiB
    try:
        value, doubtful = decode(frame)
    except RecursionError:
        return None
    except ValueError:
        return BAD
    answer = message_verdict(ctx, role, value)
    if answer in (ACCEPT, PONG) or not doubtful:
        return answer
    return answer | BAD  # a reader may refuse it as no JSON at all


def decode(frame: str) -> tuple[Any, bool]:
    """The value the server's JSON reader takes from a text frame, and whether a reader may
    refuse it instead (integers beyond 64 bits, lone surrogates). Raises ValueError for what
    is no JSON to the server (broken text, NaN, Infinity, numbers that overflow to infinity),
    RecursionError when Python's own reader gives up first."""
    big: list[str] = []

    def parse_int(text: str) -> int | float:
        number = int(text)
        if -(2**63) <= number < 2**64:
            return number
        big.append(text)  # a reader may refuse it, or read an inexact float
        return float(text)

    def parse_float(text: str) -> float:
        number = float(text)
        if math.isinf(number):
            raise ValueError("not a JSON number a reader keeps")
        return number

    def no_constant(text: str) -> None:
        raise ValueError(f"{text} is not JSON")

    value = json.loads(frame, parse_int=parse_int, parse_float=parse_float, parse_constant=no_constant)
    return value, bool(big or LONE_SURROGATE.search(frame))


def message_verdict(ctx: Context, role: str, value: Any) -> frozenset[str] | str:
    """The answer to a decoded frame."""
    if not isinstance(value, dict):
        return BAD
    kind = value.get("type")
    if kind == "move":
        if (
            set(value) - {"type", "ply", "move"}
            or "ply" not in value
            or not isinstance(value.get("move"), dict)
        ):
            return BAD
        if type(value["ply"]) is not int:
            return BAD
        return move_verdict(ctx, role, value["ply"], value["move"])
    if not isinstance(kind, str) or kind not in ("resign", "abort", "ping"):
        return BAD
    if kind == "ping":
        return PONG
    if role == OUTSIDER:
        return frozenset({"not_a_player"})
    if kind == "abort" and not ctx.can_abort:
        return frozenset({"cannot_abort"})
    return ACCEPT


def move_verdict(ctx: Context, role: str, ply: int, move: Any) -> frozenset[str] | str:
    """The answer to a well-formed ``{"type": "move", "ply": ply, "move": move}``."""
    if role == OUTSIDER:
        return frozenset({"not_a_player"})
    current = ply == ctx.ply or (ctx.independent and role == MOVER and 0 <= ply < ctx.ply)
    codes = set() if current else {"stale_ply"}
    skip = ctx.skip is not None and move == ctx.skip
    if role == WAITING:
        if skip:
            codes.add("illegal_move")  # another seat's turn, and only the server skips
        return frozenset(codes | {"not_your_turn"})
    if skip:
        return frozenset(codes | {"illegal_move"})  # only the server skips a turn
    if maybe_legal(ctx, move):
        return frozenset(codes) if codes else ACCEPT
    return frozenset(codes | {"illegal_move"})


def maybe_legal(ctx: Context, move: Any) -> bool:
    """Could the seat to move play ``move`` now? (Generous where protocol.md is.)"""
    if not isinstance(move, dict):
        return False
    family = ctx.family
    if family == "cell":
        cell = move.get("cell")
        if set(move) != {"cell"} or not isinstance(cell, str) or not cell.isascii():
            return False
        text = re.sub(r"\s", "", cell).upper()
        text = re.sub(r"^([A-Z])0+", r"\1", text)
        return {"cell": text} in ctx.legal
    if family == "drop":
        return (
            set(move) == {"action", "column"}
            and type(move["column"]) is int
            and isinstance(move["action"], str)
            and {"action": move["action"], "column": move["column"]} in ctx.legal
        )
    if family == "position":
        return set(move) == {"position"} and type(move["position"]) is int and move in ctx.legal
    if family == "setup":
        return valid_setup(move)
    if family == GENERIC:
        return ctx.rules is not None and ctx.rules(move)
    if ctx.question:
        return set(move) == {"answer"} and move["answer"] in ("yes", "no") and isinstance(move["answer"], str)
    cell = move.get("target")
    return (
        set(move) == {"target"}
        and isinstance(cell, list)
        and len(cell) == 2
        and all(type(c) is int and 0 <= c < 10 for c in cell)
        and cell != ctx.own
    )


def valid_setup(move: dict) -> bool:
    """``{"letters": <26 distinct A-Z, any case>, "indices": <10 distinct integers 0..25>}``."""
    if set(move) != {"letters", "indices"}:
        return False
    letters, indices = move["letters"], move["indices"]
    return (
        isinstance(letters, str)
        and letters.isascii()
        and sorted(letters.upper()) == list(string.ascii_uppercase)
        and isinstance(indices, list)
        and len(indices) == 10
        and all(type(i) is int and 0 <= i < 26 for i in indices)
        and len(set(indices)) == 10
    )


# -- the frames ----------------------------------------------------------------------------
def encode(rng: random.Random, value: Any) -> str:
    """JSON text of ``value`` (NaN and Infinity written as such), in a random style."""
    return json.dumps(
        value,
        ensure_ascii=rng.random() < 0.5,
        allow_nan=True,
        separators=rng.choice([(",", ":"), (", ", ": "), (" ,\n", " :\t")]),
    )


def junk(rng: random.Random, depth: int = 0) -> Any:
    """A random JSON value (with NaN, Infinity and huge integers now and then)."""
    kind = rng.randrange(8 if depth < 3 else 6)
    if kind == 0:
        return None
    if kind == 1:
        return rng.choice([True, False])
    if kind == 2:
        return rng.choice(
            [0, -1, 1, 2, rng.randint(-1000, 1000), 3.5, rng.random(), math.nan, math.inf, -math.inf]
            + BIG_INTS
        )
    if kind == 3:
        return "".join(rng.choice(MUTATION_CHARS) for _ in range(rng.randrange(12)))
    if kind == 4:
        return rng.choice(["move", "resign", "ping", "abort", "state", "error", "pong", "", "D3", "yes"])
    if kind == 5:
        return rng.choice([{}, []])
    if kind == 6:
        return [junk(rng, depth + 1) for _ in range(rng.randrange(4))]
    keys = ["type", "ply", "move", "cell", "column", "action", "position", "letters", "indices", "target"]
    return {
        rng.choice(keys + ["answer", "skip", "x", ""]): junk(rng, depth + 1) for _ in range(rng.randrange(5))
    }


def message(ply: Any, move: Any) -> dict:
    return {"type": "move", "ply": ply, "move": move}


def fields(ctx: Context) -> list[str]:
    """The field names of this game's moves."""
    return {
        "cell": ["cell"],
        "drop": ["action", "column"],
        "position": ["position"],
        "setup": ["letters", "indices"],
        "journey": ["target", "answer"],
    }.get(ctx.family) or sorted({key for move in ctx.legal for key in move})


def a_legal(rng: random.Random, ctx: Context) -> dict:
    return dict(rng.choice(ctx.legal))


def game_illegal(rng: random.Random, ctx: Context) -> dict:
    """A move of the right shape for this game that the rules must refuse (mostly)."""
    family = ctx.family
    if family == GENERIC:  # a legal move with one field changed: to junk, or a value nudged
        move, key = a_legal(rng, ctx), rng.choice(fields(ctx))
        old = move.get(key)
        nudged = old + rng.choice([-100, -1, 1, 100]) if type(old) is int else str(old)[::-1] + "Z9"
        return {**move, key: rng.choice([nudged, junk(rng, 2)])}
    if family == "cell":
        size = len(ctx.board["board"])
        cell = rng.choice(
            [
                f"{rng.choice(string.ascii_uppercase[: size + 1])}{rng.randint(0, size + 1)}",
                f"{rng.choice(string.ascii_lowercase[:size])}{rng.randint(1, size)}",
                rng.choice(
                    ["Z99", "A0", "AA1", "D", "44", "", " ", "D3D3", "3D", "D-3", "D+3", "D3.0", "D 3"]
                ),
            ]
        )
        return rng.choice([{"cell": cell}, {"pass": True}, {"pass": rng.choice([False, 1, "true"])}])
    if family == "drop":
        columns = ctx.board["columns"]
        return {"action": rng.choice(["drop", "pop"]), "column": rng.randint(-2, columns + 1)}
    if family == "position":
        return {"position": rng.randint(-1, 14)}
    if family == "setup":
        setup = random_setup(rng)
        letters, indices = setup["letters"], setup["indices"]
        choice = rng.randrange(9)
        if choice == 0:
            setup["letters"] = letters[:25]
        elif choice == 1:
            setup["letters"] = letters[:25] + letters[0]
        elif choice == 2:
            setup["letters"] = letters + "A"
        elif choice == 3:
            setup["indices"] = indices[:9]
        elif choice == 4:
            setup["indices"] = indices + [next(i for i in range(26) if i not in indices)]
        elif choice == 5:
            setup["indices"] = indices[:9] + [indices[0]]
        elif choice == 6:
            setup["indices"] = indices[:9] + [rng.choice([26, -1, 100, True, 3.0, "3", None])]
        elif choice == 7:
            setup["letters"] = letters.replace("A", rng.choice(["Ａ", "А", "4", " ", "ı"]))
        else:
            setup["letters"] = list(letters)
        return setup
    if ctx.question:
        return rng.choice(
            [{"target": ctx.own or [0, 0]}, {"target": [1, 1]}, {"answer": rng.choice(["maybe", ""])}]
        )
    return rng.choice(
        [
            {"target": ctx.own},
            {"target": [rng.randint(-3, 12), rng.choice([-1, 10, 11])]},
            {"target": [rng.choice([-1, 10]), rng.randint(0, 9)]},
            {"answer": rng.choice(["yes", "no"])},
            {"target": [1, 2, 3]},
            {"target": [1]},
            {"target": "1 2"},
            {"target": {"x": 1, "y": 2}},
        ]
    )


def lookalike(rng: random.Random, ctx: Context) -> Any:
    """Unicode look-alikes of a legal move or message."""
    move = a_legal(rng, ctx)
    family = ctx.family
    if rng.random() < 0.2:
        return {"type": rng.choice(LOOKALIKE_WORDS["move"]), "ply": ctx.ply, "move": move}
    if rng.random() < 0.15:
        key = rng.choice(list(move))
        return message(
            ctx.ply, {key.replace("e", "е").replace("o", "о").replace("a", "а") + "\u200b": move[key]}
        )
    if family == GENERIC:  # a field's text or number in look-alike characters
        key = rng.choice(fields(ctx))
        text = str(move.get(key, "3"))
        alike = rng.choice([text + "\u200b", "\uff10" + text, text.replace("3", "٣")])
        return message(ctx.ply, {**move, key: alike})
    if family == "cell":
        cell = move.get("cell", "D3")
        return message(
            ctx.ply, {"cell": rng.choice(LOOKALIKE_CELLS + [cell.replace(cell[-1], "٣"), "Ｄ" + cell[1:]])}
        )
    if family == "drop":
        words = LOOKALIKE_WORDS[move["action"]]
        return message(ctx.ply, rng.choice([{**move, "action": rng.choice(words)}, {**move, "column": "３"}]))
    if family == "position":
        return message(ctx.ply, {"position": rng.choice(["３", "٣", str(move["position"]), "Ⅲ"])})
    if family == "setup":
        letters = move["letters"]
        swap = rng.choice([("A", "Ａ"), ("A", "А"), ("I", "ı"), ("K", "K"), ("S", "ſ"), ("O", "0")])
        return message(ctx.ply, {**move, "letters": letters.replace(*swap)})
    if "answer" in move:
        return message(ctx.ply, {"answer": rng.choice(LOOKALIKE_WORDS[move["answer"]])})
    x, y = move["target"]
    return message(ctx.ply, {"target": rng.choice([[str(x), str(y)], ["３", y], [f"{x}", "٣"], [x, "Ｙ"]])})


def wrong_type(rng: random.Random, ctx: Context) -> Any:
    """A legal message with one field of the wrong type (or missing)."""
    value = message(ctx.ply, a_legal(rng, ctx))
    if rng.random() < 0.4:
        key = rng.choice(["type", "ply", "move"])
        if rng.random() < 0.15:
            del value[key]
        else:
            value[key] = rng.choice(
                WRONG_VALUES + [ctx.ply + 0.0, str(ctx.ply), [ctx.ply], value["move"].copy()]
            )
        return value
    move = value["move"]
    key = rng.choice(fields(ctx))
    if rng.random() < 0.15:
        move.pop(key, None)
    else:
        move[key] = rng.choice(WRONG_VALUES)
    return value


def mutate(rng: random.Random, text: str) -> str:
    """1 to 4 random edits of a JSON text."""
    for _ in range(rng.randint(1, 4)):
        i = rng.randrange(len(text) + 1)
        edit = rng.randrange(6)
        if edit == 0:
            text = text[:i] + rng.choice(MUTATION_CHARS) + text[i:]
        elif edit == 1:
            text = text[:i] + text[i + 1 :]
        elif edit == 2:
            text = text[:i] + rng.choice(MUTATION_CHARS) + text[i + 1 :]
        elif edit == 3:
            j = rng.randrange(len(text) + 1)
            text = text[:i] + text[min(i, j) : max(i, j)] + text[i:]
        elif edit == 4:
            text = (
                text[:i]
                + rng.choice(['"', "{", "}", "[", "]", ",", ":", "0", "-", "NaN", "1e999"])
                + text[i:]
            )
        else:
            text = text[:i] + rng.choice(["true", "null", "9" * 30, '"move"', "{}", "[]"]) + text[i:]
    return text


def deep_case(rng: random.Random, ctx: Context, role: str, depth: int, key: str, inside: bool) -> Case:
    """A legal move whose field ``key`` holds ``depth`` nested lists (``inside``: as the first
    item of the field's list), deep but within what JSON readers take: the rules see it."""
    nest = "[" * depth + "]" * depth
    move = a_legal(rng, ctx)
    old = move.get(key)
    rest = old[1:] if inside and isinstance(old, list) else []
    body = json.dumps({**move, key: "@"}).replace(
        '"@"', f"[{nest}, {json.dumps(rest)[1:-1]}]" if inside else nest
    )
    body = body.replace(", ]", "]")
    stand_in = {**move, key: [[[0]], *rest] if inside else [[0]]}
    text = f'{{"type":"move","ply":{ctx.ply},"move":{body}}}'
    return "nested", text, move_verdict(ctx, role, ctx.ply, stand_in)


Case = tuple[str, str | bytes, frozenset[str] | None]  # (kind, frame, the codes it may earn; None: any)


def named(rng: random.Random, ctx: Context, role: str) -> list[Case]:
    """The cases every socket of every game sends first, whatever the random draw."""
    ply, legal = ctx.ply, a_legal(rng, ctx)
    key, family = fields(ctx)[0], ctx.family
    body = json.dumps(legal)
    cases: list[tuple[str, str | bytes, Any]] = [
        ("nested", "[" * 1100 + "]" * 1100, BAD),
        ("nested", json.dumps(message(ply, {key: "@"})).replace('"@"', "[" * 1100 + "]" * 1100), BAD),
        *[deep_case(rng, ctx, role, 1000, k, inside) for k in fields(ctx) for inside in (False, True)],
        ("huge", json.dumps({**message(ply, legal), "pad": "x" * 70_000}), BAD),
        ("binary", json.dumps(message(ply, legal)).encode(), BAD),
        ("binary", b"\xff\xfe\xfd", BAD),
        *[("nan", f'{{"type": "move", "ply": {c}, "move": {body}}}', BAD) for c in NOT_NUMBERS],
        *[("nan", json.dumps(message(ply, {**legal, key: c})), BAD) for c in (math.nan, math.inf, -math.inf)],
        *[("big_int", json.dumps(message(n, legal)), "model") for n in (10**30, 2**64, 2**64 - 1)],
        *[("big_int", json.dumps(message(ply, {**legal, key: n})), "model") for n in (10**30, 2**64)],
        *[("lookalike", json.dumps(message(ply, {key: v})), "model") for v in ("Ｄ３", "D３", "ı1")],
        ("ply", json.dumps(message(ply - 1, legal)), "model"),
        ("ply", json.dumps(message(ply + 1, legal)), "model"),
        ("legal", json.dumps(message(ply, legal)), "model"),  # refused unless from the seat to move
        ("skip", json.dumps(message(ply, {"skip": True})), "model"),
        *[("other_game", json.dumps(message(ply, m[0])), "model") for f, m in SAMPLES.items() if f != family],
        *[("wrong_type", json.dumps(message(ply, {**legal, key: v})), "model") for v in WRONG_VALUES],
        ("resign_abort", json.dumps({"type": "resign"}), "model"),
        ("resign_abort", json.dumps({"type": "abort"}), "model"),
    ]
    out = []
    for kind, frame, expected in cases:
        answer = verdict(ctx, role, frame) if expected == "model" else expected
        if answer not in (ACCEPT, PONG):
            out.append((kind, frame, answer))
    return out


def make(rng: random.Random, ctx: Context, role: str) -> Case:
    """One frame that the server must refuse: (its kind, the frame, the codes it may earn,
    None meaning any of protocol.md's codes)."""
    for _ in range(100):
        kind, frame, expected = _make(rng, ctx, role)
        answer = verdict(ctx, role, frame) if expected == "model" else expected
        if answer not in (ACCEPT, PONG):
            return kind, frame, answer
    return "binary", b"\x00", BAD


def _make(rng: random.Random, ctx: Context, role: str) -> tuple[str, str | bytes, Any]:
    """(kind, frame, "model" or the codes it must earn)."""
    ply = ctx.ply
    kind = rng.choice(KINDS)
    if kind == "junk":
        return kind, encode(rng, junk(rng)), "model"
    if kind == "junk_move":
        return (
            kind,
            encode(rng, message(ply, junk(rng, 2) if rng.random() < 0.3 else {"cell": junk(rng)})),
            "model",
        )
    if kind == "broken":
        if rng.random() < 0.5:
            return kind, rng.choice(BROKEN), "model"
        text = json.dumps(message(ply, a_legal(rng, ctx)))
        return kind, text[: rng.randrange(len(text))], "model"
    if kind == "binary":
        choice = rng.randrange(4)
        if choice == 0:
            return kind, bytes(rng.randrange(256) for _ in range(rng.randrange(1, 64))), BAD
        if choice == 1:  # a legal move, but in a binary frame
            return kind, json.dumps(message(ply, a_legal(rng, ctx))).encode(), BAD
        if choice == 2:  # invalid UTF-8 in a binary frame
            return kind, rng.choice([b"\xff\xfe", b"\xc0\xaf", b"\xed\xa0\x80", b'{"type":"move\xff"}']), BAD
        return kind, b"", BAD
    if kind == "huge":
        # Daphne fails the connection on a message over 1 MiB (its websocket_max_message_size):
        # test_fuzz.py checks that limit on its own.
        size = rng.choice([MAX_FRAME + 1, 70_000, 200_000, 1_000_000])
        choice = rng.randrange(5)
        legal = message(ply, a_legal(rng, ctx))
        if choice == 0:
            return kind, json.dumps({**legal, "pad": "x" * size}), BAD
        if choice == 1:  # a legal move, padded with spaces
            text = json.dumps(legal)
            return kind, text[:-1] + " " * (size - len(text) + 1) + "}", BAD
        if choice == 2:
            return kind, json.dumps(message(ply, {rng.choice(fields(ctx)): "D3" * (size // 2)})), BAD
        if choice == 3:  # over 64 KiB of UTF-8, but fewer than 64 Ki characters
            return kind, json.dumps(message(ply, {fields(ctx)[0]: "Ж" * 40_000}), ensure_ascii=False), BAD
        return kind, json.dumps(message(ply, {**legal["move"], "x": [1] * (size // 3)})), BAD
    if kind == "nested":
        choice = rng.randrange(6)
        if choice == 0:
            return kind, "[" * 1100 + "]" * 1100, BAD
        if choice == 1:
            return kind, json.dumps(message(ply, {"cell": "@"})).replace('"@"', "[" * 1100 + "]" * 1100), BAD
        if choice == 2:
            return kind, '{"a":' * 1100 + "1" + "}" * 1100, BAD
        if choice == 3:  # deep, but within what a JSON reader takes
            depth, key = rng.randint(900, 1010), rng.choice(fields(ctx))
            return deep_case(rng, ctx, role, depth, key, rng.random() < 0.5)
        if choice == 4:
            return kind, '{"type":"move","ply":' + "[" * 1000 + "]" * 1000 + ',"move":{}}', BAD
        return kind, encode(rng, message(ply, {**a_legal(rng, ctx), "x": [[[[[[[[[[[]]]]]]]]]]]})), "model"
    if kind == "nan":
        value = message(ply, a_legal(rng, ctx))
        where = rng.choice(["ply", "move", "field", "top"])
        special = rng.choice([math.nan, math.inf, -math.inf])
        if where == "top":
            return kind, rng.choice(["NaN", "Infinity", "-Infinity", "[NaN]", '{"type": NaN}']), "model"
        if where == "field":
            value["move"][rng.choice(fields(ctx))] = special
        else:
            value[where] = special
        return kind, encode(rng, value), "model"
    if kind == "big_int":
        value = message(ply, a_legal(rng, ctx))
        big = rng.choice(BIG_INTS)
        if rng.random() < 0.5:
            value["ply"] = big
        else:
            key = rng.choice(fields(ctx))
            old = value["move"].get(key)
            value["move"][key] = [big, 0] if isinstance(old, list) and rng.random() < 0.5 else big
        return kind, encode(rng, value), "model"
    if kind == "lookalike":
        return kind, encode(rng, lookalike(rng, ctx)), "model"
    if kind == "wrong_type":
        return kind, encode(rng, wrong_type(rng, ctx)), "model"
    if kind == "other_game":
        others = [m for family, moves in SAMPLES.items() if family != ctx.family for m in moves]
        return kind, encode(rng, message(ply, rng.choice(others))), "model"
    if kind == "ply":
        wrong = rng.choice(
            [ply - 1, ply + 1, ply + 2, ply + 1000, -1, -ply - 1, 0, 2**31, 2**53 + 1, 2**63 - 1]
        )
        return kind, encode(rng, message(wrong, a_legal(rng, ctx))), "model"
    if kind == "legal":  # a legal move: refused unless it comes from the seat to move
        value = message(ply, a_legal(rng, ctx))
        if role == MOVER:
            value["move"]["extra"] = rng.choice([1, None, True, "x"])
        return kind, encode(rng, value), "model"
    if kind == "skip":
        skip = rng.choice([{"skip": True}, {"skip": True}, {"skip": 1}, {"skip": "true"}, {"skip": False}])
        return kind, encode(rng, message(ply, skip)), "model"
    if kind == "extra_key":
        value = message(ply, a_legal(rng, ctx))
        value[rng.choice(["x", "seat", "id", "Type", "ply ", "match", "token"])] = junk(rng, 2)
        return kind, encode(rng, value), "model"
    if kind == "mutate":
        base = (
            message(ply, a_legal(rng, ctx)) if rng.random() < 0.8 else {"type": rng.choice(["ping", "abort"])}
        )
        return kind, mutate(rng, json.dumps(base)), "model"
    if kind == "resign_abort":
        value: dict[str, Any] = {"type": rng.choice(["resign", "abort"])}
        if rng.random() < 0.3:
            value[rng.choice(["ply", "move", "x"])] = junk(rng, 2)
        return kind, encode(rng, value), "model"
    if kind == "illegal":
        return kind, encode(rng, message(ply, game_illegal(rng, ctx))), "model"
    kind_value = rng.choice(
        LOOKALIKE_WORDS["move"] + [None, 7, ["move"], {"move": 1}, "", "PING", "chat", "state"]
    )
    return "type", encode(rng, {"type": kind_value, "ply": ply, "move": a_legal(rng, ctx)}), "model"
