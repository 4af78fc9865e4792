"""Tests with races that SQLite (one writer at a time) skips, run again on PostgreSQL: each in
a pytest of its own with ``DATABASE_URL`` naming a real (throw-away) PostgreSQL server, where
nothing is skipped. The move's SQL and quick pairing (``tests/platform/test_store.py``,
``test_pairing.py``); moves racing takebacks (``test_takeback_races.py``, threads with one
connection each, the row lock deciding, with ``test_takebacks.py``)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from tests.support.backing import Postgres

ROOT = Path(__file__).resolve().parents[2]


def run_on_postgresql(*files: str) -> subprocess.CompletedProcess:
    """``files`` run by a pytest of their own on a fresh PostgreSQL server."""
    pg = Postgres().start()
    try:
        env = {**os.environ, "DATABASE_URL": pg.url}
        command = [sys.executable, "-m", "pytest", "-q", "-p", "no:xdist", "-p", "no:cacheprovider", *files]
        run = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True, timeout=300)
    finally:
        pg.stop()
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-2000:]
    return run


def test_the_store_and_pairing_tests_pass_on_postgresql():
    run = run_on_postgresql("tests/platform/test_store.py", "tests/platform/test_pairing.py")
    assert " passed" in run.stdout and "skipped" not in run.stdout, run.stdout[-2000:]  # the races too


def test_the_takeback_races_pass_on_postgresql():
    run = run_on_postgresql("tests/platform/test_takeback_races.py", "tests/platform/test_takebacks.py")
    assert "skipped" not in run.stdout, run.stdout[-2000:]  # the race ran
