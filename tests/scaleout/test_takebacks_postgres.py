"""Moves racing takebacks on PostgreSQL: ``tests/platform/test_takeback_races.py`` (threads,
one connection each, the row lock deciding) run again in a pytest of its own with
``DATABASE_URL`` naming a real (throw-away) PostgreSQL server, where the race is not skipped."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from tests.support.backing import Postgres

ROOT = Path(__file__).resolve().parents[2]


def test_the_takeback_races_pass_on_postgresql():
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
                "tests/platform/test_takeback_races.py",
                "tests/platform/test_takebacks.py",
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
    assert "skipped" not in run.stdout, run.stdout[-2000:]  # the race ran
