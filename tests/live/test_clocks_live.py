"""Clocks on the real server: a 1+0 clock that nobody touches ends the match by time, with
both players watching; a clock that runs out while the server is dead (kill -9) ends the
match once the server is back, exactly once, with nobody connected."""

from __future__ import annotations

import sqlite3
import time

from tests.live.helpers import server_errors
from tests.support.client import Player


async def test_a_1_plus_0_clock_nobody_touches_ends_by_time_aborted(daphne_server):
    alice, bob = Player(daphne_server.url).signup(), Player(daphne_server.url).signup()
    created = alice.create(options={"size": 6}, side=0, clock={"initial": 60, "increment": 0})
    assert created["clock"]["initial"] == 60 and created["clock"]["remaining"] == [60_000, 60_000]
    bob.join(created["id"])
    sockets = [await alice.socket(created["id"]), await bob.socket(created["id"])]
    try:
        started = time.monotonic()
        first = await sockets[0].wait_state(lambda m: m["status"] == "active")
        assert first["clock"]["running"] == 0 and first["clock"]["deadline"].endswith("Z")
        ends = [await s.wait_state(lambda m: m["status"] == "aborted", timeout=75) for s in sockets]
        waited = time.monotonic() - started
        assert 58 < waited < 63, waited  # at the deadline (the server sweeps twice a second)
        for end in ends:
            assert end["result"] is None  # alice never moved: aborted, nobody loses (issue 24)
            assert end["clock"]["remaining"][0] == 0 and end["clock"]["running"] is None
            assert end["clock"]["remaining"][1] == 60_000
    finally:
        for s in sockets:
            await s.close()
    assert not server_errors(daphne_server.log())


def test_a_clock_that_runs_out_while_the_server_is_dead_ends_once_after_restart(fresh_server):
    alice, bob = Player(fresh_server.url).signup(), Player(fresh_server.url).signup()
    created = alice.create(options={"size": 6}, side=0, clock={"initial": 3, "increment": 0})
    bob.join(created["id"])
    fresh_server.kill()  # SIGKILL: no process is left to watch the clock
    time.sleep(4)  # past the deadline
    fresh_server.start()
    deadline = time.monotonic() + 10
    while (state := alice.match(created["id"]))["status"] == "active" and time.monotonic() < deadline:
        time.sleep(0.2)
    assert state["status"] == "aborted" and state["result"] is None, state  # nobody had moved
    with sqlite3.connect(fresh_server.workdir / "db.sqlite3") as db:
        rows = db.execute(
            "SELECT status, deadline, finished_at FROM games_match WHERE id = ?", (created["id"],)
        ).fetchall()
    assert len(rows) == 1 and rows[0][0] == "aborted" and rows[0][1] is None and rows[0][2]
    time.sleep(1.5)  # later sweeps find nothing more to do
    assert alice.match(created["id"])["result"] == state["result"]
    assert not server_errors(fresh_server.log())
