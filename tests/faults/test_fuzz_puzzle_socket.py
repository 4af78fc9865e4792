"""Over 10,000 random and mutated frames on the puzzle socket (``/ws/puzzles/``), from a
logged-in player and from a visitor whose session has begun, against a live server:

- the junk of ``fuzz_pings`` (junk and broken JSON, binary frames, frames over 64 KiB, deep
  nesting, NaN, huge integers, look-alikes, the other sockets' messages): ``pong`` to a
  ping, ``bad_message`` to anything else;
- checks of every game's puzzles with one field bad (a game without puzzles or a look-alike
  of one, an id of the wrong type or of no puzzle, a line that is not the puzzle's moves or
  holds moves of the wrong shape or off the board, flags that are not true or false): each
  answered ``checked`` with the status and JSON error the POST would give (4xx, its code);
- nexts of games without puzzles (``bad_message``) and of every game with them (a
  ``puzzle``, the next one).

Each frame gets exactly the answer docs/protocol.md gives it, no socket is closed, nothing
stored changes (every table of the server's database), the server logs no traceback, and
afterwards a real check still counts. ``FUZZ_SEED`` draws other frames.
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import sqlite3
from collections import Counter
from contextlib import closing
from pathlib import Path
from typing import Any

import websockets

from tests.faults import fuzz_messages as fm
from tests.faults import fuzz_pings as fp
from tests.faults.test_fuzz import short
from tests.faults.test_fuzz_lobby_events import changes, snapshot
from tests.live.helpers import server_errors
from tests.puzzles.test_solving import off_board
from tests.support.client import Player, Socket

SOCKET = "/ws/puzzles/"
FRAMES = 5000  # a sender
SEED = int(os.environ.get("FUZZ_SEED", "2026"))
TIMEOUT = 20

BAD_GAMES = [
    None,
    7,
    "",
    "chess",
    "reversi",
    "CONNECT_FOUR",
    "gomoku ",
    ["gomoku"],
    {"game": "othello"},
    "x" * 3000,
]
BAD_IDS = [None, "1", "12", 1.5, True, False, [], {}, -1, 0, 2**31, 2**63, 2**64 - 1, -(2**63)]
BAD_FLAGS = [1, 0, "true", "false", None, [], {}, 0.0]
JUNK_MOVES = [None, 1, -1, 2**63, "", "D3", [], [1, 2], {}, {"cell": 3}, {"cell": ["A1"]}, {"column": "4"}]


def puzzles(server) -> list[dict[str, Any]]:
    """Every stored puzzle: id, game, solution (read-only, beside the server)."""
    path = Path(server.env["SQLITE_PATH"])
    with closing(sqlite3.connect(f"file:{path}?mode=ro", uri=True, timeout=30)) as db:
        rows = db.execute("SELECT id, game, solution FROM puzzles_puzzle ORDER BY id").fetchall()
    return [{"id": pk, "game": game, "solution": json.loads(solution)} for pk, game, solution in rows]


def bad_check(rng: random.Random, all_puzzles: list[dict]) -> tuple[str, dict, int, set[str]]:
    """A check of a real puzzle with one field bad: (its kind, the frame, the status and codes
    the POST would answer)."""
    puzzle = rng.choice(all_puzzles)
    right = puzzle["solution"][0]
    frame = {"type": "check", "game": puzzle["game"], "id": puzzle["id"], "line": [right]}
    field = rng.choice(["game", "id", "line", "line", "move", "flag"])
    if field == "game":
        frame["game"] = rng.choice(BAD_GAMES)
        return "check: game", frame, 404, {"no_puzzle"}
    if field == "id":
        frame["id"] = rng.choice(BAD_IDS + [10**9 + rng.randrange(1000)])
        return "check: id", frame, 404, {"no_puzzle"}
    if field == "line":
        shapes = [
            None,
            "line",
            7,
            {},
            [],
            [right, right],
            [right] * 65,
            [right] * (len(puzzle["solution"]) + 2),
        ]
        frame["line"] = rng.choice(shapes)
        return "check: line", frame, 400, {"bad_line"}
    if field == "move":  # a move of the wrong shape or off the board; or earlier moves not the puzzle's
        if len(puzzle["solution"]) >= 3 and rng.random() < 0.3:
            frame["line"] = [right, off_board(puzzle["solution"][1]), right]
            return "check: stale", frame, 400, {"stale_line"}
        frame["line"] = [rng.choice([off_board(right), *JUNK_MOVES, fm.junk(rng)])]
        return "check: move", frame, 400, {"illegal_move"}
    frame[rng.choice(["again", "streak"])] = rng.choice(BAD_FLAGS)
    return "check: flag", frame, 400, {"bad_request"}


def json_of(frame: dict) -> tuple[bool, bool]:
    """Whether the server reads ``frame`` as JSON, and whether it may refuse it instead
    (``fuzz_messages.decode``: the server's reader)."""
    try:
        with fp.deep_recursion():
            return True, fm.decode(json.dumps(frame))[1]
    except (ValueError, RecursionError):
        return False, False


async def exchange(ws: Socket, frame: Any, findings: list[str], counts: Counter, kind: str) -> dict | None:
    """Send one frame and read its one answer (None: the socket closed or went quiet)."""
    text = frame if isinstance(frame, (str, bytes)) else json.dumps(frame)
    try:
        await ws.conn.send(text)
        answer = await ws.recv(TIMEOUT)
    except (websockets.ConnectionClosed, TimeoutError) as exc:
        findings.append(f"{kind}: no answer ({exc!r}) <- {short(text)}")
        return None
    counts[kind] += 1
    return answer


async def fuzz(
    server, who: Player, rng: random.Random, all_puzzles: list[dict], findings: list[str]
) -> Counter:
    """FRAMES frames from ``who``: each answered as protocol.md says."""
    url = server.url.replace("http://", "ws://") + SOCKET
    headers = {"Cookie": who.cookie_header()}
    ws = Socket(await websockets.connect(url, additional_headers=headers, max_size=None))
    counts: Counter = Counter()
    games = sorted({p["game"] for p in all_puzzles})
    cases = fp.named()
    for _ in range(FRAMES):
        roll = rng.random()
        if roll < 0.4:
            kind, frame = fp.make(rng)
            try:
                with fp.deep_recursion():
                    value, _ = fm.decode(frame) if isinstance(frame, str) else (None, False)
            except (ValueError, RecursionError):
                value = None
            if isinstance(value, dict) and value.get("type") in ("check", "next"):
                continue  # a message of this socket: not junk here
            cases.append((kind, frame))
        elif roll < 0.9:
            cases.append(bad_check(rng, all_puzzles))
        elif roll < 0.95:
            cases.append(("next: bad game", {"type": "next", "game": rng.choice(BAD_GAMES), "streak": False}))
        else:
            streak = rng.choice([False, None, "yes", 1])  # only true asks for the streak's
            cases.append(("next", {"type": "next", "game": rng.choice(games), "streak": streak}))
    for case in cases[:FRAMES]:
        kind, frame = case[0], case[1]
        answer = await exchange(ws, frame, findings, counts, kind)
        if answer is None:
            ws = Socket(await websockets.connect(url, additional_headers=headers, max_size=None))
            continue
        if kind.startswith("check"):
            status, codes = case[2], case[3]
            body = answer.get("answer") or {}
            refused = answer.get("type") == "error" and answer.get("code") == "bad_message"
            ok = (
                answer.get("type") == "checked"
                and answer["status"] == status
                and body.get("error") in codes
                and set(body) == {"error", "message", "field"}
                and isinstance(body["message"], str)
                and body["message"]
            )
            # A frame that is no JSON to the server (NaN, Infinity, integers beyond 64 bits
            # that it may refuse) is bad_message, whatever it names.
            readable, doubtful = json_of(frame)
            if not (ok and readable or refused and (doubtful or not readable)):
                said = f"{status} {sorted(codes)} <- {short(frame)}"
                findings.append(f"{kind}: {short(answer, 160)} where protocol.md says {said}")
        elif kind == "next":
            if answer.get("type") != "puzzle" or answer.get("data") is None:
                findings.append(f"next: {short(answer, 160)} <- {short(frame)}")
        elif kind == "next: bad game":
            if (answer.get("type"), answer.get("code")) != ("error", "bad_message"):
                findings.append(f"next: bad game: {short(answer, 160)} <- {short(frame)}")
        else:
            got = (
                fp.PONG
                if answer == {"type": "pong"}
                else answer.get("code")
                if answer.get("type") == "error"
                else None
            )
            if got not in fp.answers(frame):
                findings.append(
                    f"{kind}: {short(answer, 160)} where protocol.md says {sorted(fp.answers(frame))}"
                )
    if leaked := await ws.drain(0.3):
        findings.append(f"frames nobody asked for: {short(leaked, 200)}")
    await ws.conn.close()
    return counts


async def test_fuzz_of_the_puzzle_socket(fuzz_server):
    url = fuzz_server.url
    log_start = len(fuzz_server.log())
    all_puzzles = await asyncio.to_thread(puzzles, fuzz_server)
    assert {p["game"] for p in all_puzzles} >= {"connect_four", "othello", "gomoku"}
    player = await asyncio.to_thread(lambda: Player(url).signup())
    visitor = Player(url)  # no account: one POST begins the session the socket then reads
    first = next(p for p in all_puzzles if len(p["solution"]) == 1)  # solved at once: the try counts
    await asyncio.to_thread(visitor.get, f"/puzzles/{first['game']}/{first['id']}/")  # its CSRF cookie
    begun = await asyncio.to_thread(
        visitor.api,
        "POST",
        f"/puzzles/{first['game']}/{first['id']}/check/",
        {"line": [first["solution"][0]]},
    )
    assert begun.status_code == 200 and "sessionid" in visitor.http.cookies, begun.text[:300]

    pool = [p for p in all_puzzles if p["id"] != first["id"]]  # the visitor's tried one is refused apart
    before = await asyncio.to_thread(snapshot, fuzz_server)
    findings: list[str] = []
    counts = await asyncio.gather(
        *(
            fuzz(fuzz_server, who, random.Random(f"{SEED}-{i}"), pool, findings)
            for i, who in enumerate((player, visitor))
        )
    )
    after = await asyncio.to_thread(snapshot, fuzz_server)
    stored = changes(before, after)
    errors = server_errors(fuzz_server.log()[log_start:])
    total = sum(c.total() for c in counts)
    print(f"frames answered: {total}; by kind: {sum(counts, Counter()).most_common()}")
    assert not findings and not stored and not errors, (
        "\n".join(findings[:20])
        + "\nstored:\n"
        + "\n".join(stored)
        + "\nserver log:\n"
        + "\n".join(errors[:10])
    )
    assert total >= 2 * FRAMES - 100, total  # (junk that happened to be a check or next is not sent)

    # Afterwards a real check still counts, on a new socket of the player's.
    ws = Socket(
        await websockets.connect(
            url.replace("http://", "ws://") + SOCKET, additional_headers={"Cookie": player.cookie_header()}
        )
    )
    puzzle = all_puzzles[-1]
    line = [puzzle["solution"][0]]
    await ws.send({"type": "check", "game": puzzle["game"], "id": puzzle["id"], "line": line}, pace=False)
    answer = await ws.recv(TIMEOUT)
    assert answer["type"] == "checked" and answer["status"] == 200 and answer["answer"]["correct"] is True
    await ws.conn.close()
