"""The match socket keeps the page's move list (``?moves=1``): the list whole on connect, then
only what changed, and a client that rebuilds it from the frames has exactly the replay's
list (``replays.positions`` and ``takeback_marks``, read independently from the database).
A socket that did not ask gets none of these frames."""

from __future__ import annotations

import random

import orjson
import pytest
from channels.layers import get_channel_layer
from django.contrib.auth.models import AnonymousUser

from games.matches import replays
from games.matches.models import Match
from games.matches.selectors import public_of
from games.realtime.broadcast import group_name

from .conftest import db, fresh, seat_table

pytestmark = pytest.mark.django_db(transaction=True)
LIST_FRAMES = ("move_list", "moves_added", "moves_taken_back")


class PageList:
    """What static/js/move_list.js keeps, rebuilt from the frames a socket received."""

    def __init__(self) -> None:
        self.moves: list[dict] = []
        self.marks: list[dict] = []
        self.ply = None

    def take(self, message: dict) -> bool:
        if message["type"] == "move_list":
            self.moves, self.marks = list(message["moves"]), list(message["takebacks"])
        elif message["type"] == "moves_added":
            self.moves += message["moves"]
        elif message["type"] == "moves_taken_back":
            mark = message["takeback"]
            self.moves = self.moves[: mark["after"]]
            self.marks = [{**m, "after": min(m["after"], mark["after"])} for m in self.marks] + [mark]
        else:
            return False
        self.ply = message["ply"]
        return True


async def drain(client, page: PageList) -> list[dict]:
    """Read every frame until the socket is quiet; the move-list ones go to ``page``."""
    seen = []
    while not await client.ws.receive_nothing(0.05, interval=0.005):
        message = await client.recv()
        page.take(message)
        seen.append(message)
    return seen


def the_replays(match: Match) -> tuple[list[dict], list[dict]]:
    """The replay's moves and takeback marks, with the fields the page list keeps."""
    _, moves = replays.positions(match)
    keep = lambda m: {k: m[k] for k in ("ply", "seat", "forced", "label")}  # noqa: E731
    marks = replays.takeback_marks(match, moves)
    return [keep(m) for m in moves], [{**t, "moves": [keep(m) for m in t["moves"]]} for t in marks]


async def test_a_page_socket_gets_the_list_once_then_each_move(sockets):
    table = await seat_table(sockets, "reversi", {"size": 6})
    page = await sockets.connect(table.id, AnonymousUser(), "moves=1")
    assert await page.recv() == {"type": "move_list", "ply": 0, "moves": [], "takebacks": []}
    bare = await sockets.connect(table.id, AnonymousUser())  # a bot's socket: no list frames
    await table.sa.move(table.sa.state["legal_moves"][0])
    state = await page.recv_state()
    added = await page.recv()
    cell = state["last_move"]["move"]["cell"]
    entry = {"ply": 1, "seat": 0, "forced": False, "label": cell}
    assert added == {"type": "moves_added", "ply": 1, "moves": [entry]}
    assert (await bare.recv_state())["ply"] == 1
    await bare.quiet()
    await page.quiet()


@pytest.mark.parametrize("seed", [7, 29])  # both games have passes
async def test_the_list_rebuilt_from_frames_is_the_replays_through_passes_and_takebacks(sockets, seed):
    """A whole 4x4 Reversi game (passes forced by the server come often there), with
    takebacks asked and granted on the way; two page sockets, one joining late."""
    table = await seat_table(sockets, "reversi", {"size": 4})
    early = await sockets.connect(table.id, AnonymousUser(), "moves=1")
    first, late = PageList(), None
    await drain(early, first)
    rng = random.Random(seed)
    players = (table.sa, table.sb)
    takebacks = 0
    for _ in range(60):
        match = await db(fresh)(table.match)
        if match.status != Match.Status.ACTIVE:
            break
        seat = match.rules.to_move(match.state)[0]
        mover = players[seat]
        await drain(mover, PageList())
        if takebacks < 3 and mover.state["can_take_back"] and rng.random() < 0.3:
            takebacks += 1
            await mover.send({"type": "propose_takeback"})
            other = players[1 - seat]
            await other.wait_state(lambda m: m["takeback_offer"] is not None)
            await other.send({"type": "accept_takeback"})
            await other.wait_state(lambda m: m["takeback_offer"] is None)
        else:
            await mover.move(rng.choice(mover.state["legal_moves"]))
            await mover.wait_state(lambda m, ply=match.ply: m["ply"] > ply)
        await drain(early, first)
        if late is None and match.ply >= 5:
            late = PageList()
            socket = await sockets.connect(table.id, AnonymousUser(), "moves=1")
            late_socket = socket
        if late is not None:
            await drain(late_socket, late)
    match = await db(fresh)(table.match)
    assert match.status == Match.Status.FINISHED and takebacks >= 1
    moves, marks = await db(the_replays)(match)
    assert any(m["forced"] for m in moves) or any(m["forced"] for t in marks for m in t["moves"])
    for page in (first, late):
        assert (page.moves, page.marks, page.ply) == (moves, marks, match.ply)


async def test_a_socket_that_missed_a_change_gets_the_list_whole_again(sockets):
    table = await seat_table(sockets, "reversi", {"size": 6})
    page = await sockets.connect(table.id, AnonymousUser(), "moves=1")
    await page.recv()  # the list at ply 0
    await table.sa.move(table.sa.state["legal_moves"][0])
    await page.recv_state()
    await page.recv()  # moves_added, ply 1
    await table.sb.wait_state(lambda m: m["ply"] == 1)
    await table.sb.move(table.sb.state["legal_moves"][0])
    await table.sa.wait_state(lambda m: m["ply"] == 2)
    await page.recv_state()
    await page.recv()  # moves_added, ply 2
    # A state of ply 3 whose change does not follow the list the socket has (as if a frame
    # had been lost on the way): the socket reads the list whole instead of guessing.
    public = await db(public_of)(table.id)
    event = {"type": "match.state", "public": orjson.dumps({**public, "ply": 3}).decode(), "skip": None}
    await get_channel_layer().group_send(group_name(table.id), {**event, "line_from": 1, "line_frame": "{}"})
    assert (await page.recv_state())["ply"] == 3
    again = await page.recv()
    assert again["type"] == "move_list" and again["ply"] == 2 and [m["ply"] for m in again["moves"]] == [1, 2]
