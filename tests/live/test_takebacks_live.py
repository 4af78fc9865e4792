"""Takebacks on a real daphne: two people and a spectator, a bot on its token, the computer
(granted at once; a reply it was still thinking over is dropped), and moves racing
takebacks: no move sent before a takeback is applied after it, and each move is applied at
most once (docs/protocol.md, "Takebacks" and the exactly-once rule)."""

from __future__ import annotations

import asyncio
import random
from functools import partial

import pytest
import requests

from tests.live.helpers import Site, refused, settle
from tests.support.bots import bearer, become_bot, issue_token
from tests.support.client import Player, Socket
from tests.support.server import serving


async def reach(sock: Socket, predicate, timeout: float = 15) -> dict:
    """The socket's latest state once it satisfies ``predicate`` (read on until it does)."""
    if sock.state is not None and predicate(sock.state):
        return sock.state
    return await sock.wait_state(predicate, timeout)


async def everyone(sockets: list[Socket], predicate, timeout: float = 15) -> list[dict]:
    return list(await asyncio.gather(*(reach(s, predicate, timeout) for s in sockets)))


def all_stored(replay: dict) -> list[dict]:
    """Every move the replay API says is stored: in play and taken back."""
    return [*replay["moves"], *(m for t in replay["takebacks"] for m in t["moves"])]


async def test_two_players_and_a_spectator(site: Site):
    table = await site.table({"size": 6})
    spectator = await table.watch(site.player("c"))
    assert all(s.state["takebacks"] is True and s.state["takeback_offer"] is None for s in table.sockets)
    start_board = table.sa.state["board"]
    await refused(table, table.sa, {"type": "propose_takeback"}, "cannot_take_back")  # nothing to take back
    await refused(table, table.sb, {"type": "accept_takeback"}, "no_takeback_offer")
    first = table.sa.state["legal_moves"][0]
    await table.play(first)
    await table.play(table.sb.state["legal_moves"][0])
    await refused(table, spectator, {"type": "propose_takeback"}, "not_a_player")

    await table.sa.send({"type": "propose_takeback"})  # A's move and B's reply
    asked = await everyone(table.sockets, lambda m: m["takeback_offer"] == 0)
    assert {(m["takeback_to"], m["ply"]) for m in asked} == {(0, 2)}
    await refused(table, table.sa, {"type": "accept_takeback"}, "no_takeback_offer")  # not your own
    await refused(table, table.sa, {"type": "propose_takeback"}, "cannot_take_back")  # it stands
    await table.sb.send({"type": "decline_takeback"})
    declined = await everyone(table.sockets, lambda m: m["takeback_offer"] is None)
    assert {m["ply"] for m in declined} == {2}

    await table.sa.send({"type": "propose_takeback"})
    await everyone(table.sockets, lambda m: m["takeback_offer"] == 0)
    await table.sb.send({"type": "accept_takeback"})
    back = await everyone(table.sockets, lambda m: m["ply"] == 3)
    for state in back:
        assert state["board"] == start_board and state["last_move"] is None
        assert state["to_move"] == [0] and state["takeback_offer"] is None
    assert table.sa.state["legal_moves"] and not table.sb.state["legal_moves"]
    # A's move resent (made on ply 0) and a move on the ply before the takeback: stale
    await refused(table, table.sa, {"type": "move", "ply": 0, "move": first}, "stale_ply")
    await refused(table, table.sa, {"type": "move", "ply": 2, "move": first}, "stale_ply")
    replay = table.replay()
    assert replay["moves"] == [] and len(replay["states"]) == 1
    [mark] = replay["takebacks"]
    assert (mark["ply"], mark["by"], mark["after"], [m["ply"] for m in mark["moves"]]) == (3, 0, 0, [1, 2])
    # the game goes on at the new ply
    state = await table.play(first)
    assert state["ply"] == 4 and state["last_move"]["ply"] == 4
    assert [m["ply"] for m in table.replay()["moves"]] == [4]


async def test_a_bot_asks_and_answers_on_its_token(daphne_server):
    person = Player(daphne_server.url).signup()
    account = Player(daphne_server.url).signup()
    token = issue_token(account, "takeback bot")
    become_bot(account)
    created = person.create(game="connect_four", side=0)
    joined = requests.post(
        f"{daphne_server.url}/api/matches/{created['id']}/join/", headers=bearer(token), timeout=10
    )
    assert joined.status_code == 200, joined.text
    mine = await person.socket(created["id"])
    bot = await Player(daphne_server.url).socket(created["id"], headers=bearer(token))
    try:
        await everyone([mine, bot], lambda m: m["status"] == "active")
        assert bot.state["you"] == 1 and bot.state["takebacks"] is True
        await mine.move(mine.state["legal_moves"][0])
        await reach(bot, lambda m: m["ply"] == 1)
        await bot.move(bot.state["legal_moves"][0])
        await everyone([mine, bot], lambda m: m["ply"] == 2)
        await bot.send({"type": "propose_takeback"})  # the bot's own move: on the person's turn
        asked = await reach(mine, lambda m: m["takeback_offer"] == 1)
        assert asked["takeback_to"] == 1
        await mine.send({"type": "accept_takeback"})
        back = await everyone([mine, bot], lambda m: m["ply"] == 3)
        assert {(m["last_move"]["ply"], tuple(m["to_move"])) for m in back} == {(1, (1,))}
        await bot.move(bot.state["legal_moves"][-1])
        await everyone([mine, bot], lambda m: m["ply"] == 4)
        await mine.send({"type": "propose_takeback"})  # the person's move and the bot's reply
        await reach(bot, lambda m: m["takeback_offer"] == 0)
        await bot.send({"type": "decline_takeback"})
        declined = await everyone([mine, bot], lambda m: m["takeback_offer"] is None)
        assert {m["ply"] for m in declined} == {4}
        await bot.send({"type": "decline_takeback"})
        error, _ = await bot.expect_refusal("no_takeback_offer")
        assert "Nobody" in error["message"]
    finally:
        await mine.close()
        await bot.close()


async def test_against_the_computer_it_is_granted_at_once(daphne_server):
    ann = Player(daphne_server.url).signup()
    created = ann.create(game="reversi", opponent="computer", side=0, level="greedy")
    sock = await ann.socket(created["id"])
    try:
        start = await sock.wait_state(lambda m: bool(m["legal_moves"]))
        await sock.move(start["legal_moves"][0])
        replied = await sock.wait_state(lambda m: m["ply"] == 2 and bool(m["legal_moves"]), 20)
        await sock.send({"type": "propose_takeback"})
        back = await sock.wait_state(lambda m: m["ply"] == 3)
        assert back["board"] == start["board"] and back["to_move"] == [0] and back["last_move"] is None
        assert not any(
            m["type"] == "state" and m["match"]["takeback_offer"] is not None for m in sock.history
        )
        replay = ann.replay(back)
        assert [m["ply"] for m in replay["takebacks"][0]["moves"]] == [1, 2]
        assert replied["last_move"]["seat"] == 1
    finally:
        await sock.close()


@pytest.fixture
def slow_computer(tmp_path):
    """A server whose computer waits 1.5 s before each move: time to take back meanwhile."""
    with serving(tmp_path, env={"COMPUTER_MOVE_DELAY": "1.5"}) as server:
        yield server


async def test_the_computers_reply_to_a_move_taken_back_is_dropped(slow_computer):
    ann = Player(slow_computer.url).signup()
    created = ann.create(game="reversi", opponent="computer", side=0, level="random")
    sock = await ann.socket(created["id"])
    try:
        start = await sock.wait_state(lambda m: bool(m["legal_moves"]))
        await sock.move(start["legal_moves"][0])
        await sock.wait_state(lambda m: m["ply"] == 1)
        await sock.send({"type": "propose_takeback"})  # while the computer waits to reply
        back = await sock.wait_state(lambda m: m["ply"] == 2)
        assert back["board"] == start["board"] and back["to_move"] == [0]
        late = await sock.drain(2.5)  # the computer's reply (made on ply 1) would come by now
        assert not [m for m in late if m["type"] == "state" and m["match"]["ply"] != 2], late
        assert sock.state["ply"] == 2 and sock.state["to_move"] == [0]
        assert len(all_stored(ann.replay(back))) == 1  # only the move taken back
        await sock.move(sock.state["legal_moves"][0])  # the game goes on: the computer replies
        reply = await sock.wait_state(lambda m: m["ply"] == 4, 20)
        assert reply["last_move"]["seat"] == 1 and reply["to_move"] == [0]
    finally:
        await sock.close()


ROUNDS = 14


async def test_moves_racing_takebacks_are_applied_exactly_once(site: Site):
    """Round after round: A moves, asks for a takeback, and then at the same instant B
    replies (tab 1), B accepts the takeback (tab 2) and A resends her move (tab 2). Exactly
    one of the reply and the takeback wins; the resend never does; a reply that lost is never
    stored, not even later."""
    table = await site.table({"size": 8})
    a2 = await site.socket(table.a, table.id)
    b2 = await site.socket(table.b, table.id)
    for tab in (a2, b2):
        await tab.wait_state()
        table.watchers.append(tab)
    await settle(table.sockets)
    rng = random.Random(2024)
    sent: list[tuple[int, int, dict]] = []  # (seat, ply it was made on, move)
    lost_replies: list[tuple[int, dict]] = []  # B's replies that lost to a takeback
    outcomes = []
    for _ in range(ROUNDS):
        state = table.sa.state
        if state["status"] != "active" or state["turn"] != 0:
            break
        ply = state["ply"]
        a_move = rng.choice(state["legal_moves"])
        sent.append((0, ply, a_move))
        await table.sa.move(a_move, ply)
        await everyone(table.sockets, lambda m, p=ply: m["ply"] > p)
        if table.sb.state["turn"] != 1:
            break  # a pass or the end: not the race this test is about
        await table.sa.send({"type": "propose_takeback"})
        await everyone(table.sockets, lambda m: m["takeback_offer"] == 0)
        reply = rng.choice(table.sb.state["legal_moves"])
        sent += [(1, ply + 1, reply), (0, ply, a_move)]
        marks = {s: len(s.history) for s in (table.sb, b2, a2)}
        sends = [
            partial(table.sb.move, reply, ply + 1, pace=False),
            partial(b2.send, {"type": "accept_takeback"}, pace=False),
            partial(a2.move, a_move, ply, pace=False),
        ]
        rng.shuffle(sends)
        await asyncio.gather(*(s.pace() for s in (table.sb, b2, a2)))
        await asyncio.gather(*(send() for send in sends))
        # both outcomes take one ply: the reply's, or the takeback's own
        await everyone(table.sockets, lambda m, p=ply: m["ply"] >= p + 2)
        for sock in (table.sb, b2, a2):
            await sock.barrier()  # its answer came before the pong
        codes = {
            sock: [m["code"] for m in sock.history[mark:] if m["type"] == "error"]
            for sock, mark in marks.items()
        }
        assert codes[a2] == ["stale_ply"], codes[a2]  # the resend: stored already, never twice
        if codes[b2]:  # the reply won: the request was withdrawn by it
            assert (codes[table.sb], codes[b2]) == ([], ["no_takeback_offer"])
            outcomes.append("move")
        else:  # the takeback won: the reply, made before it, is stale
            assert codes[table.sb] == ["stale_ply"]
            outcomes.append("takeback")
            lost_replies.append((ply + 1, reply))
        states = await everyone(table.sockets, lambda m, p=ply: m["ply"] >= p + 2)
        assert len({(m["ply"], str(m["board"]), m["takeback_offer"]) for m in states}) == 1, states

    assert len(outcomes) >= ROUNDS // 2, outcomes
    # the sends go in a shuffled order: each side wins some races (the first sent, mostly)
    assert set(outcomes) == {"move", "takeback"}, outcomes
    replay = table.replay()
    stored = all_stored(replay)
    plies = [m["ply"] for m in stored] + [t["ply"] for t in replay["takebacks"]]
    assert len(plies) == len(set(plies))  # one ply, one thing
    made = [(seat, ply, move) for seat, ply, move in sent]
    for move in stored:  # each stored move was sent, on the ply before its own, by its seat
        assert (move["seat"], move["ply"] - 1, move["move"]) in made, move
    assert len(stored) == len(outcomes) + outcomes.count("move")  # A's move each round, B's when it won
    assert len(replay["takebacks"]) == outcomes.count("takeback")
    for ply, reply in lost_replies:  # a reply sent before a takeback: never applied after it
        assert not any(m["seat"] == 1 and m["ply"] == ply + 1 and m["move"] == reply for m in stored)
        assert not any(m["seat"] == 1 and m["ply"] - 1 == ply for m in stored)
    final = table.sa.state
    assert final["board"] == replay["states"][-1]
    assert (final["last_move"] or {}).get("ply") == (replay["moves"][-1]["ply"] if replay["moves"] else None)
