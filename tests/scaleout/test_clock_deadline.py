"""Two daphne processes on one PostgreSQL database and one Redis channel layer, both sweeping
for clocks that ran out every 50 ms: each match whose 2+0 clock nobody touches ends once, by
time, whichever process gets there first (aborted: nobody moved, so nobody loses); a player's
socket on each process gets that one end. "Once" is read three ways: every socket gets
exactly one ended state (a second end would be broadcast to both processes' sockets again); a
trigger this test puts on the match table records every write of an ended match row (exactly
one each: the end itself); and the row holds what the sockets showed.
"""

from __future__ import annotations

import asyncio
import glob
import shutil
import time

import psycopg
import pytest

from tests.live.helpers import server_errors
from tests.support.backing import Postgres, Redis
from tests.support.client import Player, Socket
from tests.support.server import LiveServer

pytestmark = pytest.mark.skipif(
    not glob.glob("/usr/lib/postgresql/*/bin/initdb") or shutil.which("redis-server") is None,
    reason="Debian's postgresql and redis-server are not installed (make test installs them)",
)

MATCHES = 10
CLOCK = {"initial": 2, "increment": 0}
PROCESSES = ("proc-a", "proc-b")  # each process's PostgreSQL application_name: who wrote the end

# Every write of a finished match row, with its writer: the end by time is the only one there
# should be (a second flag would write the row again).
FINISHED_WRITES = """
CREATE TABLE test_finished_write (
    match_id varchar(16), result jsonb, finished_at timestamptz, old_deadline timestamptz,
    old_status varchar(10), writer text
);
CREATE FUNCTION test_log_finished_write() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO test_finished_write VALUES (
        NEW.id, NEW.result, NEW.finished_at, OLD.deadline, OLD.status,
        current_setting('application_name'));
    RETURN NULL;
END $$;
CREATE TRIGGER test_finished_write AFTER UPDATE ON games_match
    FOR EACH ROW WHEN (NEW.status IN ('finished', 'aborted')) EXECUTE FUNCTION test_log_finished_write();
"""


@pytest.fixture(scope="module")
def sweeping_cluster(tmp_path_factory):
    """``((server_a, server_b), postgres)``: two processes sweeping every 50 ms, one database."""
    workdir = tmp_path_factory.mktemp("clock-cluster")
    pg = Postgres().start()
    redis: Redis | None = None
    servers: list[LiveServer] = []
    try:
        redis = Redis().start()
        for name in PROCESSES:
            env = {
                "DATABASE_URL": f"{pg.url}?application_name={name}",
                "REDIS_URL": redis.url,
                "CLOCK_SWEEP_SECONDS": "0.05",  # both sweep constantly: every deadline is raced
            }
            servers.append(LiveServer(workdir, env=env))
        servers[0].migrate()
        with psycopg.connect(pg.url, autocommit=True) as db:
            db.execute(FINISHED_WRITES)
        for server in servers:
            server.start()
        yield tuple(servers), pg
    finally:
        for server in servers:
            server.kill()
        if redis is not None:
            redis.stop()
        pg.stop()


def finished_states(sock: Socket) -> list[dict]:
    """The states of the match's end (aborted: the first mover never moved)."""
    return [m["match"] for m in sock.history if m["type"] == "state" and m["match"]["status"] == "aborted"]


async def test_two_processes_on_the_same_deadlines_end_each_match_once(sweeping_cluster):
    (one, two), pg = sweeping_cluster
    alice, bob = Player(one.url).signup(), Player(two.url).signup()
    ids = [alice.create(options={"size": 6}, side=0, clock=CLOCK)["id"] for _ in range(MATCHES)]
    # Each player's socket opens (alice's on process one, bob's on two) before bob's join
    # starts the 2 s clock, so each sees the start and then the end, wherever it was decided.
    sockets = {m: (await alice.socket(m), await bob.socket(m)) for m in ids}
    try:
        for pair in sockets.values():
            for sock in pair:
                assert (await sock.wait_state())["status"] == "waiting"
        for m in ids:
            await asyncio.to_thread(bob.join, m)  # through process two's API
        started = time.monotonic()
        waits = [
            s.wait_state(lambda m: m["status"] == "aborted", timeout=20) for p in sockets.values() for s in p
        ]
        await asyncio.gather(*waits)
        assert time.monotonic() - started < 2 + 5  # at the deadlines, not at some later clean-up
        await asyncio.sleep(1.0)  # 20 more sweeps of each process: time for any second end
        for pair in sockets.values():
            for sock in pair:
                await sock.drain(0.2)

        for m, (sa, sb) in sockets.items():
            for sock in (sa, sb):
                statuses = [x["match"]["status"] for x in sock.history if x["type"] == "state"]
                assert "active" in statuses, (m, statuses)  # the start crossed processes too
                assert len(finished_states(sock)) == 1, (m, statuses)
            ends = [finished_states(sa)[0], finished_states(sb)[0]]
            for end in ends:
                assert end["result"] is None  # aborted: nobody moved, nobody lost
                assert end["clock"]["remaining"] == [0, 2000] and end["clock"]["deadline"] is None

        with psycopg.connect(pg.url) as db:
            rows = db.execute(
                "SELECT id, status, result, finished_at, deadline FROM games_match WHERE id = ANY(%s)", (ids,)
            ).fetchall()
            writes = db.execute(
                "SELECT match_id, result, finished_at, old_deadline, old_status, writer"
                " FROM test_finished_write WHERE match_id = ANY(%s)",
                (ids,),
            ).fetchall()
        assert len(rows) == MATCHES
        by_match = {w[0]: [] for w in writes}
        for write in writes:
            by_match[write[0]].append(write)
        for match_id, status, result, finished_at, deadline in rows:
            assert status == "aborted" and deadline is None and finished_at is not None
            assert result is None and sockets[match_id][0].state["result"] is None
            [(_, written, at, old_deadline, old_status, writer)] = by_match[match_id]  # written once
            assert (written, at, old_status) == (result, finished_at, "active")
            assert writer in PROCESSES
            assert 0 <= (finished_at - old_deadline).total_seconds() < 1.0  # at the deadline, never before
    finally:
        for pair in sockets.values():
            for sock in pair:
                await sock.close()
    for server in (one, two):
        assert not server_errors(server.log())
