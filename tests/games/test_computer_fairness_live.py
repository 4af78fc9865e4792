"""The computer on a real daphne under load and after a crash of its search process.

One account's computer-vs-computer games must not starve a person's computer opponent (an
outside review queued 34 of them and another user's computer did not answer in 45 s), and a
turn whose search failed is played anyway, without anybody opening a socket for it.
"""

from __future__ import annotations

import asyncio
import os
import signal
import time
from pathlib import Path

from games.catalog.judge import accepts_draw
from games.catalog.registry import GAMES
from tests.support.client import Player
from tests.support.server import LiveServer

WATCHED = 16  # strong Connect Four games between two computer levels, one search each at a time
ANSWER_WITHIN = 4.5  # s: its own search (1 s) + at most one running before it + slack for a busy CI


def parent_of(pid: int) -> int:
    return int(Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[1])


def search_workers(server: LiveServer) -> list[int]:
    """The search processes: the server's grandchildren (its child is the fork server)."""
    daphne = server.proc.pid
    found = []
    for pid in server.processes():
        try:
            if pid != daphne and parent_of(pid) != daphne:
                found.append(pid)
        except OSError:  # ended meanwhile
            pass
    return found


async def test_a_persons_computer_answers_in_time_beside_many_computer_games(fresh_server):
    watchers = [Player(fresh_server.url).signup() for _ in range(WATCHED // 2)]
    for i in range(WATCHED):
        watchers[i % len(watchers)].create(
            game="connect_four", opponent="computer", side="watch", level=["strong", "strong"]
        )
    await asyncio.sleep(1.5)  # their searches are queued and running

    ann = Player(fresh_server.url).signup()
    created = ann.create(game="connect_four", opponent="computer", side=0, level="strong")
    sock = await ann.socket(created["id"])
    answers = []
    try:
        mine = await sock.wait_state(lambda m: bool(m["legal_moves"]))
        for _ in range(3):
            sent = time.monotonic()
            await sock.move(mine["legal_moves"][len(mine["legal_moves"]) // 2])
            mine = await sock.wait_state(lambda m, ply=mine["ply"]: m["ply"] >= ply + 2, timeout=30)
            answers.append(time.monotonic() - sent)
    finally:
        await sock.close()
    assert max(answers) < ANSWER_WITHIN, answers


async def test_a_turn_whose_search_process_died_is_played_without_a_new_socket(fresh_server):
    ann = Player(fresh_server.url).signup()
    created = ann.create(game="reversi", opponent="computer", side=0, level="strong")
    sock = await ann.socket(created["id"])
    try:
        mine = await sock.wait_state(lambda m: bool(m["legal_moves"]))
        await sock.move(mine["legal_moves"][0])
        deadline = time.monotonic() + 10
        while not (workers := search_workers(fresh_server)) and time.monotonic() < deadline:
            await asyncio.sleep(0.01)
        assert workers, "no search process started"
        for pid in workers:
            os.kill(pid, signal.SIGKILL)  # while it starts or searches: the pool breaks
        answered = await sock.wait_state(lambda m: m["ply"] >= 2, timeout=30)
    finally:
        await sock.close()
    assert answered["last_move"]["seat"] == 1 and answered["status"] == "active"
    log = fresh_server.log()
    assert "the search process died" in log and "Traceback" not in log


def test_the_creator_stops_a_computer_match_through_the_api(daphne_server):
    owner, stranger = Player(daphne_server.url).signup(), Player(daphne_server.url).signup()
    created = owner.create(game="connect_four", opponent="computer", side="watch", level=["strong", "strong"])
    assert created["stoppable_by"] == owner.username
    r = stranger.api("POST", f"/api/matches/{created['id']}/abort/")
    assert r.status_code == 403 and r.json()["error"] == "not_a_player"
    r = owner.api("POST", f"/api/matches/{created['id']}/abort/")
    assert r.status_code == 200, r.text
    assert r.json()["status"] == "aborted" and r.json()["stoppable_by"] is None
    assert stranger.match(created["id"])["status"] == "aborted"


async def test_the_computer_answers_a_draw_offer_by_its_judgement(daphne_server):
    """1-D Reversi is solved: the computer accepts exactly when the position is drawn or
    lost for it under perfect play (the same judgement, computed here from the replay)."""
    ann = Player(daphne_server.url).signup()
    created = ann.create(game="reversi_1d", opponent="computer", side=0, level="strong")
    sock = await ann.socket(created["id"])
    try:
        match = await sock.wait_state(lambda m: bool(m["legal_moves"]))
        await sock.move(match["legal_moves"][0])
        match = await sock.wait_state(lambda m: m["ply"] >= 2 and bool(m["legal_moves"]), timeout=20)
        game = GAMES["reversi_1d"]
        state = game.setup(game.clean_options({}), 0)
        for move in ann.replay(match)["moves"]:
            state = game.play(state, move["seat"], move["move"])
        expected = accepts_draw("reversi_1d", state, 1)
        await sock.send({"type": "offer_draw"})
        await sock.wait_state(lambda m: m["draw_offer"] == 0)
        answered = await sock.wait_state(lambda m: m["draw_offer"] is None, 20)
        assert answered["ply"] == match["ply"]
        if not expected:  # declined: the match goes on
            assert answered["status"] == "active"
        else:
            assert answered["status"] == "finished" and answered["result"]["reason"] == "agreement"
    finally:
        await sock.close()
