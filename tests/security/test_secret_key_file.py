"""Issue 24 (13): with DJANGO_SECRET_KEY unset, ``make run`` served the site on the development
key committed in the repository, so anyone could forge what it signs (unsubscribe links,
cookies). Now ``make run`` makes a random key once, in a file outside the repository (mode
0600), and the site it starts signs with that key."""

from __future__ import annotations

import os
import signal
import stat
import subprocess
import sys
import time
from pathlib import Path

import pytest
import requests
from django.conf import settings
from django.contrib.messages.storage.cookie import MessageSerializer
from django.core import signing

from site_config import secret_key
from tests.support.client import PASSWORD, Player
from tests.support.server import free_port

pytestmark = pytest.mark.live


def test_the_key_file_is_made_once_private_and_outside_the_repository(project_root, tmp_path):
    path = tmp_path / "config" / "boardgames" / "secret_key"
    run = [sys.executable, "-m", "site_config.secret_key", str(path)]
    first = subprocess.run(run, cwd=project_root, capture_output=True, text=True, timeout=30)
    assert first.returncode == 0, first.stderr
    key = secret_key.read(path)
    assert len(key) >= 50 and key != settings.DEVELOPMENT_SECRET_KEY
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    again = subprocess.run(run, cwd=project_root, capture_output=True, text=True, timeout=30)
    assert again.returncode == 0 and again.stdout == ""
    assert secret_key.read(path) == key  # the same key on every start: sessions stay valid

    made = subprocess.run(
        ["make", "-n", "run", "HOME=/home/someone", "XDG_CONFIG_HOME="],
        cwd=project_root,
        capture_output=True,
        text=True,
        timeout=30,
    )
    default = "/home/someone/.config/boardgames/secret_key"
    assert f'-m site_config.secret_key "{default}"' in made.stdout, made.stdout
    assert not Path(default).resolve().is_relative_to(Path(project_root).resolve())


def test_a_site_started_as_make_run_starts_it_signs_with_its_own_key(project_root, tmp_path):
    """``make serve`` (``make run`` after installing) with this interpreter: a cookie the site
    signs verifies with the key file's key, not with the development key."""
    key_file, port = tmp_path / "conf" / "secret_key", free_port()
    env = {k: v for k, v in os.environ.items() if k not in ("DJANGO_SECRET_KEY", "DATABASE_URL", "MAKEFLAGS")}
    env.update(SQLITE_PATH=str(tmp_path / "db.sqlite3"), DJANGO_SUPERUSER_PASSWORD="Not-Printed-42")
    make = [
        "make",
        "serve",
        f"BIN={Path(sys.executable).parent}",
        f"PORT={port}",
        f"SECRET_KEY_FILE={key_file}",
    ]
    with open(tmp_path / "make.log", "wb") as log:
        proc = subprocess.Popen(
            make, cwd=project_root, env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True
        )
    try:
        base = f"http://127.0.0.1:{port}"
        deadline = time.monotonic() + 90
        while True:
            assert proc.poll() is None, (tmp_path / "make.log").read_text()[-3000:]
            assert time.monotonic() < deadline, (tmp_path / "make.log").read_text()[-3000:]
            try:
                if requests.get(base + "/api/games/", timeout=1).status_code == 200:
                    break
            except requests.RequestException:
                time.sleep(0.2)
        player = Player(base).signup()
        player.get("/notifications/settings/")
        saved = player.http.post(
            base + "/notifications/settings/",
            data={
                "turn": "on",
                "password": PASSWORD,
                "csrfmiddlewaretoken": player.http.cookies["csrftoken"],
            },
            allow_redirects=False,
            timeout=10,
        )
        assert saved.status_code == 302, saved.text[:500]
        signed = saved.cookies["messages"].strip('"')  # "E-mail settings saved.", signed
    finally:
        os.killpg(proc.pid, signal.SIGTERM)  # make, its shell, the task worker and daphne
        proc.wait(timeout=20)

    def signer(key: str) -> signing.TimestampSigner:
        # how Django signs cookies (signing.get_cookie_signer), with a given key
        return signing.TimestampSigner(
            key=b"django.http.cookies" + key.encode(), salt="django.contrib.messages"
        )

    found = signer(secret_key.read(key_file)).unsign_object(signed, serializer=MessageSerializer)
    assert [m.message for m in found] == ["E-mail settings saved."]
    with pytest.raises(signing.BadSignature):
        signer(settings.DEVELOPMENT_SECRET_KEY).unsign_object(signed, serializer=MessageSerializer)
