"""Production settings pass Django's deployment checks; ids and slugs are unguessable."""

from __future__ import annotations

import os
import secrets
import subprocess
import sys

from tests.support.client import Player
from tests.support.server import ROOT


def test_check_deploy_is_clean_with_production_settings(tmp_path):
    env = {
        **os.environ,
        "DJANGO_SECRET_KEY": secrets.token_urlsafe(50),
        "DJANGO_SECURE": "1",
        "DJANGO_ALLOWED_HOSTS": "games.example.org",
        "DJANGO_DEBUG": "0",
        "SQLITE_PATH": str(tmp_path / "db.sqlite3"),
    }
    run = subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
    )
    assert run.returncode == 0, run.stdout + run.stderr
    assert "no issues" in run.stdout


def test_match_ids_and_replay_slugs_are_unguessable(daphne_server):
    alice = Player(daphne_server.url).signup()
    made = [alice.create(options={"size": 4}) for _ in range(5)]
    ids = [m["id"] for m in made]
    slugs = [m["replay_url"].split("/")[2] for m in made]
    assert len(set(ids + slugs)) == 10
    assert all(len(x) >= 12 for x in ids + slugs)  # >= 72 random bits each
    for m, slug in zip(made, slugs, strict=True):
        assert m["id"] not in slug
