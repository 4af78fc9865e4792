"""Python code run in a new process of the project with some environment variables: for what
the settings decide once, at import (which code runs behind a switch such as
``SOCKET_DISPATCH_LOOP=0``), which a test's own process has long decided."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from typing import Any

from tests.support.server import ROOT


def run_in_fresh_process(env: dict[str, str], code: str) -> Any:
    """Run ``code`` after ``django.setup()`` in a new process with ``env`` over this one's
    environment (with no Redis, so the single-process settings apply); returns the value of
    the JSON line it prints last."""
    clean = {k: v for k, v in os.environ.items() if k not in ("REDIS_URL", "DATABASE_URL")}
    prelude = "import django, json\ndjango.setup()\n"
    done = subprocess.run(
        [sys.executable, "-c", prelude + code],
        cwd=ROOT,
        env={**clean, "DJANGO_SETTINGS_MODULE": "site_config.settings", **env},
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.strip().splitlines()[-1])
