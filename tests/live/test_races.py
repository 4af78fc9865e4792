"""Moves racing for the same ply: exactly one is stored, the other is refused."""

from __future__ import annotations

import asyncio
import random

from tests.live.helpers import settle
from tests.support.client import Socket

RACE_CODES = {"stale_ply", "not_your_turn"}


def errors_since(sock: Socket, start: int) -> list[dict]:
    return [m for m in sock.history[start:] if m["type"] == "error"]


async def race(senders: list[tuple[Socket, dict]], watchers: list[Socket], ply: int) -> list[list[dict]]:
    """Send every move for ``ply`` at the same instant; wait until every socket has the next
    state and one refusal has come back. Return the errors each sender got."""
    marks = [len(sock.history) for sock, _ in senders]
    await asyncio.gather(*(sock.pace() for sock, _ in senders))  # nobody waits once sending starts
    await asyncio.gather(*(sock.move(move, ply, pace=False) for sock, move in senders))
    everyone = [sock for sock, _ in senders] + watchers
    await asyncio.gather(
        *(s.wait_state(lambda m: m["ply"] > ply or m["status"] != "active") for s in everyone)
    )
    socks = [sock for sock, _ in senders]
    if not any(errors_since(s, mark) for s, mark in zip(socks, marks, strict=True)):
        # the loser's refusal may still be on its way: wait for it on every sender at once
        tasks = [asyncio.create_task(s.wait_for(lambda m: m["type"] == "error")) for s in socks]
        done, pending = await asyncio.wait(tasks, return_when=asyncio.FIRST_COMPLETED)
        for task in pending:
            task.cancel()
        await asyncio.gather(*pending, return_exceptions=True)
        for task in done:
            task.result()
    for s, mark in zip(socks, marks, strict=True):
        refusals = [i for i, m in enumerate(s.history[mark:]) if m["type"] == "error"]
        if refusals and mark + refusals[-1] + 1 == len(s.history):
            await s.recv()  # the fresh state that follows a refusal
        got = s.history[mark:]
        for i in refusals:
            assert got[i + 1]["type"] == "state", got
    return [errors_since(s, mark) for s, mark in zip(socks, marks, strict=True)]


async def test_two_tabs_and_two_players_race(site):
    table = await site.table({"size": 8})
    tab2 = await site.socket(table.a, table.id)  # a second tab of player A
    await tab2.wait_state()
    table.watchers.append(tab2)
    await settle(table.sockets)
    assert tab2.state["you"] == 0

    rng = random.Random(1234)
    tab_races, turn_races, refusals = [], [], 0
    while len(tab_races) < 20 and table.sa.state["status"] == "active":
        state = table.sa.state
        ply = state["ply"]
        if state["turn"] == 0:
            # A's two tabs send (maybe different) moves for the same ply at the same instant
            m1, m2 = rng.choice(state["legal_moves"]), rng.choice(state["legal_moves"])
            errors = await race([(table.sa, m1), (tab2, m2)], [table.sb], ply)
            assert sorted(len(e) for e in errors) == [0, 1], errors
            winner = m1 if not errors[0] else m2
            tab_races.append((ply, winner))
        else:
            # B may move, A (in one of the tabs) may not: they send at the same instant
            legal = table.sb.state["legal_moves"]
            mb = rng.choice(legal)
            a_tab = table.sa if len(turn_races) % 2 else tab2
            errors = await race(
                [(table.sb, mb), (a_tab, mb)], [t for t in (table.sa, tab2) if t is not a_tab], ply
            )
            assert errors[0] == [] and len(errors[1]) == 1, errors
            turn_races.append((ply, mb))
        refusals += 1
        assert errors[0] + errors[1] and {e["code"] for e in errors[0] + errors[1]} <= RACE_CODES
        # everybody agrees on the position after each race
        assert table.sa.state["board"] == tab2.state["board"] == table.sb.state["board"]

    assert len(tab_races) == 20 and len(turn_races) >= 15
    final = await table.play_random(rng)
    assert final["status"] == "finished"
    await settle(table.sockets)

    moves = table.replay()["moves"]
    plies = [m["ply"] for m in moves]
    assert plies == list(range(1, len(moves) + 1)), plies  # consecutive, no duplicates
    assert len(moves) == final["ply"]
    for ply, winner in tab_races:
        assert moves[ply]["seat"] == 0 and moves[ply]["move"] == winner
    for ply, mb in turn_races:
        assert moves[ply]["seat"] == 1 and moves[ply]["move"] == mb
    # no refusal beyond one per race reached the tabs, and none reached B
    all_errors = [m for s in (table.sa, tab2, table.sb) for m in s.history if m["type"] == "error"]
    assert len(all_errors) == refusals
    assert not [m for m in table.sb.history if m["type"] == "error"]
