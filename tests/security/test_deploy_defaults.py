"""Finding 8: ``make run`` created the staff account admin/admin, and a production start ran
happily on the development SECRET_KEY committed in the repository. Now ``ensure_admin``
generates a password (printed once), DJANGO_SECURE=1 refuses to start without
DJANGO_SECRET_KEY, and ``check --deploy`` reports the development key (accounts.E001)."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

SECRET = "test-only-" + "k3y" * 20  # long and varied enough for Django's own deploy checks


def manage(root: Path, env: dict[str, str], *args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "manage.py", *args], cwd=root, env=env, capture_output=True, text=True, timeout=60
    )


CALLERS_SETTINGS = (
    "DJANGO_SECRET_KEY",
    "DJANGO_SECRET_KEY_FILE",
    "DJANGO_SUPERUSER_PASSWORD",
    "DJANGO_SECURE",
    "DATABASE_URL",
)


@pytest.fixture
def base_env(tmp_path) -> dict[str, str]:
    """A fresh database and no secrets from the caller's environment."""
    env = {k: v for k, v in os.environ.items() if k not in CALLERS_SETTINGS}
    env["DJANGO_SETTINGS_MODULE"] = "site_config.settings"
    env["SQLITE_PATH"] = str(tmp_path / "db.sqlite3")
    return env


AUTHENTICATE = """
import json, os
from django.contrib.auth import authenticate
from django.test import RequestFactory
def works(password):
    request = RequestFactory().post("/accounts/login/")
    return authenticate(request, username="admin", password=password) is not None
print(json.dumps({"printed": works(os.environ["PRINTED"]), "admin": works("admin")}))
"""


def test_ensure_admin_generates_a_password_printed_once(project_root, base_env):
    assert manage(project_root, base_env, "migrate", "-v0").returncode == 0
    first = manage(project_root, base_env, "ensure_admin")
    assert first.returncode == 0, first.stderr
    found = re.search(r"password[\s:']+([^\s']+)", first.stdout)
    assert found, first.stdout
    printed = found.group(1)
    assert printed != "admin" and len(printed) >= 12, first.stdout
    checked = manage(project_root, {**base_env, "PRINTED": printed}, "shell", "-c", AUTHENTICATE)
    assert checked.returncode == 0, checked.stderr
    assert json.loads(checked.stdout.strip().splitlines()[-1]) == {"printed": True, "admin": False}
    again = manage(project_root, base_env, "ensure_admin")
    assert again.returncode == 0 and again.stdout == "", again.stdout


def test_secure_start_needs_a_secret_key(project_root, base_env):
    refused = manage(project_root, {**base_env, "DJANGO_SECURE": "1"}, "check")
    assert refused.returncode != 0, refused.stdout
    assert "DJANGO_SECURE=1 needs DJANGO_SECRET_KEY" in refused.stderr
    started = manage(project_root, {**base_env, "DJANGO_SECURE": "1", "DJANGO_SECRET_KEY": SECRET}, "check")
    assert started.returncode == 0, started.stderr


def test_check_deploy_reports_the_development_key(project_root, base_env):
    env = {**base_env, "DJANGO_DEBUG": "0"}
    without = manage(project_root, env, "check", "--deploy")
    assert "accounts.E001" in without.stdout + without.stderr, without.stderr
    assert without.returncode != 0
    with_key = manage(project_root, {**env, "DJANGO_SECRET_KEY": SECRET}, "check", "--deploy")
    assert "accounts.E001" not in with_key.stdout + with_key.stderr
