"""The move's SQL and quick pairing on PostgreSQL: ``tests/platform/test_store.py`` and
``test_pairing.py`` run again, in a pytest of their own with ``DATABASE_URL`` naming a real
(throw-away) PostgreSQL server, their races included (skipped on SQLite)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from tests.support.backing import Postgres

ROOT = Path(__file__).resolve().parents[2]


def test_the_store_and_pairing_tests_pass_on_postgresql():
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
                "tests/platform/test_pairing.py",
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
    assert " passed" in run.stdout and "skipped" not in run.stdout, run.stdout[-2000:]  # the races too
