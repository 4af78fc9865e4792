"""Clocks on the real server: a 1+0 clock that nobody touches ends the match by time, with
both players watching (the server's clock moved on through the stored row, not waited out);
a clock that runs out while the server is dead (kill -9) ends the match once the server is
back, exactly once, with nobody connected."""

from __future__ import annotations

import sqlite3
import time
from contextlib import closing
from datetime import UTC, datetime, timedelta

from tests.live.helpers import server_errors
from tests.support.client import Player


def move_clock_on(server, match_id: str, left: float) -> None:
    """The server's own clock moved on (issue 37: a test does not wait out a minute): the
    running clock's start and its deadline, as stored, are moved back so that the deadline is
    ``left`` seconds from now, as if the minute had all but passed. The server reads both
    from the row on every sweep."""
    with closing(sqlite3.connect(server.workdir / "db.sqlite3")) as db, db:
        stored = "SELECT deadline, clock_since FROM games_match WHERE id = ?"
        deadline, since = (datetime.fromisoformat(t) for t in db.execute(stored, (match_id,)).fetchone())
        shift = deadline - (datetime.now(UTC).replace(tzinfo=None) + timedelta(seconds=left))
        moved = [(t - shift).strftime("%Y-%m-%d %H:%M:%S.%f") for t in (deadline, since)]
        db.execute("UPDATE games_match SET deadline = ?, clock_since = ? WHERE id = ?", (*moved, match_id))


async def test_a_1_plus_0_clock_nobody_touches_ends_by_time_aborted(daphne_server):
    alice, bob = Player(daphne_server.url).signup(), Player(daphne_server.url).signup()
    created = alice.create(options={"size": 6}, side=0, clock={"initial": 60, "increment": 0})
    assert created["clock"]["initial"] == 60 and created["clock"]["remaining"] == [60_000, 60_000]
    bob.join(created["id"])
    sockets = [await alice.socket(created["id"]), await bob.socket(created["id"])]
    try:
        first = await sockets[0].wait_state(lambda m: m["status"] == "active")
        assert first["clock"]["running"] == 0 and first["clock"]["deadline"].endswith("Z")
        move_clock_on(daphne_server, created["id"], left=2)
        moved = time.monotonic()
        ends = [await s.wait_state(lambda m: m["status"] == "aborted", timeout=15) for s in sockets]
        waited = time.monotonic() - moved
        assert 1.9 < waited < 10, waited  # at the deadline, not before (the server sweeps twice a second)
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
