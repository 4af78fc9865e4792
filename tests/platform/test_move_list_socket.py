"""The match socket keeps the page's move list (``?moves=1``): the list whole on connect, then
each state says what it changed, and a client that rebuilds it from the frames has exactly
the replay's list (``replays.positions`` and ``takeback_marks``, read independently from the
database). A socket that did not ask gets none of it."""

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


class PageList:
    """What static/js/move_list.js keeps, rebuilt from the frames a socket received."""

    def __init__(self) -> None:
        self.moves: list[dict] = []
        self.marks: list[dict] = []
        self.ply = None

    def take(self, message: dict) -> None:
        if message["type"] == "move_list":
            self.moves, self.marks = list(message["moves"]), list(message["takebacks"])
            self.ply = message["ply"]
        elif message["type"] == "state":
            if "moves_added" in message:
                self.moves += message["moves_added"]
            elif "moves_taken_back" in message:
                mark = message["moves_taken_back"]
                self.moves = self.moves[: mark["after"]]
                self.marks = [{**m, "after": min(m["after"], mark["after"])} for m in self.marks] + [mark]
            else:
                return
            self.ply = message["match"]["ply"]


async def drain(client, page: PageList) -> list[dict]:
    """Read every frame sent to the socket so far (up to a marker); the move-list ones go to
    ``page``."""
    seen = await client.until_marker()
    for message in seen:
        page.take(message)
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
    frame = await page.recv()  # one frame a move, as for any client: the state says it
    cell = frame["match"]["last_move"]["move"]["cell"]
    assert frame["moves_added"] == [{"ply": 1, "seat": 0, "forced": False, "label": cell}]
    plain = await bare.recv()
    assert plain["match"]["ply"] == 1 and "moves_added" not in plain
    assert {k: v for k, v in frame.items() if k != "moves_added"} == plain  # nothing else differs
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
    assert (await page.recv())["moves_added"][0]["ply"] == 1
    await table.sb.wait_state(lambda m: m["ply"] == 1)
    await table.sb.move(table.sb.state["legal_moves"][0])
    await table.sa.wait_state(lambda m: m["ply"] == 2)
    assert (await page.recv())["moves_added"][0]["ply"] == 2
    # A state of ply 3 whose change does not follow the list the socket has (as if a frame
    # had been lost on the way): the socket reads the list whole instead of guessing.
    public = await db(public_of)(table.id)
    event = {"type": "match.state", "public": orjson.dumps({**public, "ply": 3}).decode(), "skip": None}
    await get_channel_layer().group_send(group_name(table.id), {**event, "line_from": 1, "line_fields": ""})
    resent = await page.recv()
    assert resent["match"]["ply"] == 3 and "moves_added" not in resent
    again = await page.recv()
    assert again["type"] == "move_list" and again["ply"] == 2 and [m["ply"] for m in again["moves"]] == [1, 2]
