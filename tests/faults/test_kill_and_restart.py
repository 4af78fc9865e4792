"""Issue 39: a fault run over every long-lived thing the site keeps. A real daphne and the two
task workers docs/deploy.md starts (its own command) hold, at once: a game between two
computers, a timed game between two people, a rematch offer, a player waiting in a pool, a
computer analysis, a Bible import (its download hanging) and a measurement of the levels.
Every process is killed with ``kill -9`` at a random moment and started again; each thing
must end or go on within a minute, nobody watching. The table of what happened is printed
(``pytest -s``) for the closing note.
"""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
import requests

from tests.bible.mirror import FIXTURE, Mirror, build_files
from tests.live.helpers import server_errors
from tests.support.client import Player, replay_slug
from tests.support.documented import deploy_commands, worker_command
from tests.support.server import ROOT, LiveServer

LEASE = 3  # seconds: the workers' lease here (30 on the site)
ENDED = ("aborted", "finished")
WITHIN = 60  # seconds after the restart for each thing to end or go on


class Workers:
    """The task workers, as many and as docs/deploy.md starts them."""

    def __init__(self, server: LiveServer) -> None:
        self.server, self.procs = server, []
        self.count = sum(1 for c in deploy_commands() if c == worker_command())

    def start(self) -> None:
        log = open(self.server.workdir / "workers.log", "ab")
        self.procs = [
            subprocess.Popen(
                worker_command(), cwd=ROOT, env=self.server.env, stdout=log, stderr=subprocess.STDOUT
            )
            for _ in range(self.count)
        ]

    def kill(self) -> None:
        for proc in self.procs:
            if proc.poll() is None:
                proc.send_signal(signal.SIGKILL)
                proc.wait(timeout=15)

    def log(self) -> str:
        return (self.server.workdir / "workers.log").read_text(errors="replace")


def shell(server: LiveServer, code: str):
    """Run ``code`` in ``manage.py shell`` on the server's database; what it prints, as JSON."""
    done = subprocess.run(
        [sys.executable, "manage.py", "shell", "-c", code],
        cwd=ROOT,
        env=server.env,
        capture_output=True,
        text=True,
        check=True,
    )
    return json.loads(done.stdout.strip().splitlines()[-1])


@pytest.fixture
def site(tmp_path: Path):
    mirror = Mirror(build_files(FIXTURE))
    env = {
        "TASK_LEASE_SECONDS": str(LEASE),
        "COMPUTER_MOVE_DELAY": "0.3",
        "REMATCH_OFFER_SECONDS": "20",
        "GETBIBLE_BASE_URL": mirror.base_url,
        "GETBIBLE_READ_TIMEOUT": "60",
    }
    server = LiveServer(tmp_path, env=env)
    server.migrate()
    server.start()
    workers = Workers(server)
    workers.start()
    try:
        yield server, workers, mirror
    finally:
        workers.kill()
        server.kill()
        mirror.close()


def until(check, timeout: float, what: str):
    deadline = time.monotonic() + timeout
    while not (found := check()):
        assert time.monotonic() < deadline, what
        time.sleep(0.5)
    return found


def test_every_long_lived_thing_ends_or_goes_on_after_a_kill_9(site):
    server, workers, mirror = site
    rng = random.Random(int(os.environ.get("FAULT_SEED", time.time_ns() % 10_000)))
    people = {name: Player(server.url).signup() for name in ("ann", "bob", "cy", "dee", "eve", "fay")}
    ann, bob, cy, dee, eve, fay = people.values()

    studied = ann.create(opponent="computer", level=["random", "random"], side="watch", options={"size": 6})
    computers = ann.create(opponent="computer", level=["random", "random"], side="watch", options={"size": 8})
    timed = ann.create(options={"size": 6}, side=0, clock={"initial": 4, "increment": 0})
    bob.join(timed["id"])
    first = cy.create(options={"size": 6}, side=0)
    dee.join(first["id"])
    assert cy.api("POST", f"/api/matches/{first['id']}/resign/").status_code == 200
    offer = cy.api("POST", f"/api/matches/{first['id']}/rematch/").json()
    assert offer["status"] == "waiting"
    pool = next(
        p["key"]
        for p in requests.get(server.url + "/api/pools/", timeout=10).json()["pools"]
        if "days" not in p["clock"]
    )
    assert eve.api("POST", f"/api/pools/{pool}/").json()["match"] is None
    until(lambda: ann.match(studied["id"])["status"] == "finished", 60, "the studied game never ended")
    analysis_url = f"/api/replays/{replay_slug(ann.match(studied['id']))}/analysis/"
    assert ann.api("POST", analysis_url).status_code == 201
    mirror.fail("timeout", "kjv/1", times=1, delay=50)  # the download hangs
    started = shell(
        server,
        "import json; from games.bible import services; from games.autoplay import level_ratings as lr; "
        "i = services.import_start(translation='kjv', book=1, top_n=3, redownload=True); "
        "m, _ = lr.measurement_start(games=2); print(json.dumps([i.pk, m.pk]))",
    )
    import_id, measurement_id = started

    time.sleep(rng.uniform(0.5, 4.0))  # the random moment
    at_kill = {
        "computers": ann.match(computers["id"])["ply"],
        "analysis": ann.api("GET", analysis_url).json(),
        "tasks": shell(server, task_states(import_id, measurement_id)),
    }
    workers.kill()
    server.kill()
    mirror.heal()
    time.sleep(LEASE + 0.5)  # every lease lapses while nothing runs
    server.start()
    workers.start()
    restarted = time.monotonic()

    ply = ann.match(computers["id"])["ply"]
    checks = {
        "game between two computers": lambda: (
            (m := ann.match(computers["id"]))["ply"] > ply or m["status"] == "finished"
        ),
        "timed game between two people": lambda: ann.match(timed["id"])["status"] in ENDED,
        "rematch offer": lambda: cy.match(offer["id"])["status"] == "aborted",
        "player waiting in a pool": lambda: (
            (fay.api("POST", f"/api/pools/{pool}/").json()["match"] is not None)
            or eve.get("/api/pools/").json()["mine"]["match"] is not None
        ),
        "computer analysis": lambda: ann.api("GET", analysis_url).json()["status"] == "done",
        "Bible import": lambda: shell(server, task_states(import_id, measurement_id))[0] == "done",
        "level measurement": lambda: shell(server, task_states(import_id, measurement_id))[1] == "done",
    }
    took = {}
    pending = dict(checks)
    while pending and time.monotonic() - restarted < WITHIN:
        for what, check in list(pending.items()):
            if check():
                took[what] = time.monotonic() - restarted
                del pending[what]
        if pending:
            time.sleep(0.5)
    assert not pending, f"still stuck after {WITHIN} s: {list(pending)}"

    analysis = ann.api("GET", analysis_url).json()
    assert analysis["done"] == analysis["total"] > 0
    print(
        f"\nkilled at: computers ply {at_kill['computers']}, analysis {at_kill['analysis']['status']} "
        f"{at_kill['analysis']['done']}/{at_kill['analysis']['total']}, "
        f"import and measurement {at_kill['tasks']}"
    )
    print("| long-lived thing | ended or went on after the restart |")
    print("|---|---|")
    for what, seconds in took.items():
        print(f"| {what} | {seconds:.1f} s |")
    assert not server_errors(server.log()), server.log()[-3000:]
    assert "Traceback" not in workers.log(), workers.log()[-3000:]


def task_states(import_id: int, measurement_id: int) -> str:
    return (
        "import json; from games.bible.models import Import; "
        "from games.matches.models import LevelMeasurement; "
        f"print(json.dumps([Import.objects.get(pk={import_id}).state, "
        f"LevelMeasurement.objects.get(pk={measurement_id}).status]))"
    )
