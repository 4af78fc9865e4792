"""The move's SQL on PostgreSQL: ``tests/platform/test_store.py`` run again, in a pytest of its
own with ``DATABASE_URL`` naming a real (throw-away) PostgreSQL server, racing moves included."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from tests.support.backing import Postgres

ROOT = Path(__file__).resolve().parents[2]


def test_the_store_tests_pass_on_postgresql():
    pg = Postgres().start()
    try:
        env = {**os.environ, "DATABASE_URL": pg.url}
        run = subprocess.run(
            [
                sys.executable,
                "-m",
                "pytest",
                "-q",
                "-p",
                "no:xdist",
                "-p",
                "no:cacheprovider",
                "tests/platform/test_store.py",
            ],
            cwd=ROOT,
            env=env,
            capture_output=True,
            text=True,
            timeout=300,
        )
    finally:
        pg.stop()
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-2000:]
    assert "5 passed" in run.stdout, run.stdout[-2000:]  # the race too: nothing skipped
