"""Shared set-ups of the live tests: players, seated tables and played-out games.

Everything here goes through the real server (HTTP API and match sockets); nothing of the
product is imported.
"""

from __future__ import annotations

import asyncio
import random
import re
from dataclasses import dataclass, field

from tests.support.client import Player, Socket, unique_name
from tests.support.server import LiveServer

# The fields of a match object that describe the game itself (not who is online).
GAME_FIELDS = ("id", "status", "ply", "to_move", "turn", "you", "board", "legal_moves", "last_move", "result")


def server_errors(log: str) -> list[str]:
    """The lines of a server log that show a bug: a 5xx answer, a traceback, a crash."""
    bad = re.compile(r'" 5\d\d |Traceback|Internal Server Error|Exception inside application')
    return [line for line in log.splitlines() if bad.search(line)]


def game_view(match: dict) -> dict:
    """The part of a match object a reconnecting client must find exactly as it left it."""
    return {k: match[k] for k in GAME_FIELDS}


def plies_seen(sock: Socket) -> list[int]:
    """The distinct plies of the states a socket received, in order of arrival."""
    out: list[int] = []
    for msg in sock.history:
        if msg["type"] == "state" and (not out or msg["match"]["ply"] != out[-1]):
            out.append(msg["match"]["ply"])
    return out


def states_seen(sock: Socket) -> list[dict]:
    return [m["match"] for m in sock.history if m["type"] == "state"]


def expected_winner(score: dict) -> int | None:
    """Reversi: most discs wins (seat 0 is X), equal is a draw."""
    if score["X"] == score["O"]:
        return None
    return 0 if score["X"] > score["O"] else 1


@dataclass
class Table:
    """A started two-player match: ``a`` holds seat 0 (X), ``b`` seat 1 (O), both connected."""

    site: Site
    match: dict
    a: Player
    b: Player
    sa: Socket
    sb: Socket
    watchers: list[Socket] = field(default_factory=list)

    @property
    def id(self) -> str:
        return self.match["id"]

    @property
    def sockets(self) -> list[Socket]:
        return [self.sa, self.sb, *self.watchers]

    def seat_socket(self, seat: int) -> Socket:
        return self.sa if seat == 0 else self.sb

    def replay(self) -> dict:
        return self.site.anon().replay(self.match)

    async def watch(self, player: Player | None = None) -> Socket:
        """Connect a spectator (logged out unless ``player`` is given) and settle everyone."""
        sock = await self.site.socket(player or self.site.anon(), self.id)
        self.watchers.append(sock)
        await sock.wait_state()
        await settle(self.sockets)
        return sock

    async def play(self, move: dict, timeout: float = 15) -> dict:
        """The seat to move plays ``move``; wait until every socket has the new state."""
        turn = self.sa.state["turn"]
        assert turn is not None, self.sa.state
        ply = self.sa.state["ply"]
        await self.seat_socket(turn).move(move, ply)
        states = await asyncio.gather(
            *(
                s.wait_state(lambda m: m["ply"] > ply or m["status"] != "active", timeout)
                for s in self.sockets
            )
        )
        return states[0]

    async def play_random(self, rng: random.Random, max_moves: int = 1000) -> dict:
        """Play from ``legal_moves`` only until the match ends; return seat 0's final state."""
        for _ in range(max_moves):
            state = self.sa.state
            if state["status"] != "active":
                return state
            mover = self.seat_socket(state["turn"])
            assert mover.state["ply"] == state["ply"]
            assert mover.state["legal_moves"], mover.state
            await self.play(rng.choice(mover.state["legal_moves"]))
        raise AssertionError("the game did not end")


def both_online(match: dict) -> bool:
    return all(p["connected"] for p in match["players"])


def stored(table: Table) -> tuple[int, list]:
    """(ply, moves) as the logged-out replay API has them."""
    replay = table.replay()
    return replay["match"]["ply"], replay["moves"]


async def refused(table: Table, sender: Socket, message, code: str) -> tuple[dict, dict]:
    """Send ``message``: it must be refused with ``code`` (an error, then a fresh state, on
    the sender's socket only) and change nothing stored. Return (error, state)."""
    before = stored(table)
    await sender.send(message)
    error, state = await sender.expect_refusal(code)
    assert state["ply"] == before[0]
    assert stored(table) == before
    others = [s for s in table.sockets if s is not sender]
    leaked = await asyncio.gather(*(s.barrier() for s in others))
    assert leaked == [[] for _ in others], leaked
    return error, state


async def settle(sockets: list[Socket], quiet: float = 0.3) -> None:
    """Read what is pending on every socket (presence updates after connects)."""
    await asyncio.gather(*(s.drain(quiet) for s in sockets))


class Site:
    """The live server as the tests use it; closes every socket it opened."""

    def __init__(self, server: LiveServer) -> None:
        self.server = server
        self.opened: list[Socket] = []

    def player(self, prefix: str = "p") -> Player:
        return Player(self.server.url, unique_name(prefix)).signup()

    def anon(self) -> Player:
        return Player(self.server.url)

    async def socket(self, player: Player, match_id: str, **kwargs) -> Socket:
        sock = await player.socket(match_id, **kwargs)
        self.opened.append(sock)
        return sock

    async def table(self, options: dict | None = None) -> Table:
        """Seat two fresh players (A as X, B as O), connect both, wait until both are online."""
        a, b = self.player("a"), self.player("b")
        match = a.create(options=options or {}, side=0)
        b.join(match["id"])
        sa = await self.socket(a, match["id"])
        await sa.wait_state(lambda m: m["players"][0]["connected"])
        sb = await self.socket(b, match["id"])
        await asyncio.gather(sa.wait_state(both_online), sb.wait_state(both_online))
        await settle([sa, sb])
        return Table(self, match, a, b, sa, sb)

    async def close(self) -> None:
        for sock in self.opened:
            try:
                await asyncio.wait_for(sock.close(), 5)
            except Exception:  # already gone (a killed server) is fine
                pass
