"""Issue 39 (1): started as docs/deploy.md says, the server resumes what it owes. The commands
of its "Several processes" block are read from the doc and run as written (a free port for
each daphne, this test's PostgreSQL and Redis for the exported URLs): a game between two
computers and a timed game between two people, both processes killed with ``kill -9`` and
started again by the same commands, nobody watching: the computers play on and the clock
that ran out meanwhile ends its match.
"""

from __future__ import annotations

import glob
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.live.helpers import server_errors
from tests.support.backing import Postgres, Redis
from tests.support.client import Player
from tests.support.documented import deploy_commands
from tests.support.server import ROOT, LiveServer

pytestmark = pytest.mark.skipif(
    not glob.glob("/usr/lib/postgresql/*/bin/initdb") or shutil.which("redis-server") is None,
    reason="Debian's postgresql and redis-server are not installed (make test installs them)",
)


def until(check, timeout: float, what: str):
    deadline = time.monotonic() + timeout
    while not (found := check()):
        assert time.monotonic() < deadline, what
        time.sleep(0.3)
    return found


def test_the_documented_commands_resume_owed_turns_and_end_lapsed_clocks(tmp_path: Path):
    commands = deploy_commands()
    exported = [c[1].split("=", 1)[0] for c in commands if c[0] == "export"]
    assert exported == ["DATABASE_URL", "REDIS_URL"]
    servers_argv = [c for c in commands if "site_config.asgi:application" in c]
    assert len(servers_argv) == 2
    assert all(c[:3] == [sys.executable, "-m", "site_config.serve"] for c in servers_argv)
    migrate = next(c for c in commands if c[1:] == ["manage.py", "migrate"])

    pg, redis = Postgres().start(), Redis().start()
    env = {"DATABASE_URL": pg.url, "REDIS_URL": redis.url, "COMPUTER_MOVE_DELAY": "0.4"}
    servers = [LiveServer(tmp_path, env=env, command=argv) for argv in servers_argv]
    try:
        subprocess.run(migrate, cwd=ROOT, env=servers[0].env, check=True, capture_output=True)
        for server in servers:
            server.start()
        one, two = servers
        owner = Player(one.url).signup()
        computers = owner.create(
            opponent="computer", level=["random", "random"], side="watch", options={"size": 6}
        )
        alice, bob = owner, Player(two.url).signup()
        timed = alice.create(options={"size": 6}, side=0, clock={"initial": 3, "increment": 0})
        bob.join(timed["id"])  # the 3 s clock runs from here
        until(lambda: owner.match(computers["id"])["ply"] >= 2, 20, "the computers never moved")

        for server in servers:
            server.kill()
        time.sleep(3.5)  # the clock runs out while no process runs
        for server in servers:
            server.start()
        ply = owner.match(computers["id"])["ply"]
        # nobody opens either match: only the processes' own start can move them
        until(lambda: owner.match(computers["id"])["ply"] > ply, 30, "the owed computer turn never ran")
        ended = until(
            lambda: (m := owner.match(timed["id"]))["status"] != "active" and m,
            20,
            "the lapsed clock never ended",
        )
        assert ended["status"] == "aborted" and ended["clock"]["remaining"][0] == 0
        for server in servers:
            assert not server_errors(server.log()), server.log()[-3000:]
    finally:
        for server in servers:
            server.kill()
        redis.stop()
        pg.stop()
