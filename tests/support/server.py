"""A real daphne process for tests: fresh SQLite database, free port, start/kill/restart."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import requests

ROOT = Path(__file__).resolve().parents[2]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class LiveServer:
    """One daphne process serving the project on 127.0.0.1 with its own database."""

    def __init__(
        self,
        workdir: Path,
        env: dict[str, str] | None = None,
        port: int | None = None,
        root: Path | None = None,
    ) -> None:
        """``root``: the tree whose code runs (its manage.py and daphne's working directory);
        this project by default (e.g. a git worktree of an older commit, for benchmarks)."""
        self.workdir = Path(workdir)
        self.root = Path(root) if root is not None else ROOT
        self.port = port or free_port()
        self.env = {
            **os.environ,
            "DJANGO_SETTINGS_MODULE": "site_config.settings",
            "SQLITE_PATH": str(self.workdir / "db.sqlite3"),
            "DJANGO_DEBUG": "0",
            "DJANGO_ALLOWED_HOSTS": "127.0.0.1,localhost",
            "COMPUTER_MOVE_DELAY": "0.05",
            "PYTHONUNBUFFERED": "1",
            **(env or {}),
        }
        self.proc: subprocess.Popen | None = None
        self.log_path = self.workdir / f"daphne-{self.port}.log"

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def ws_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}"

    def migrate(self) -> None:
        subprocess.run(
            [sys.executable, "manage.py", "migrate", "-v0"], cwd=self.root, env=self.env, check=True
        )

    def start(self, timeout: float = 30) -> LiveServer:
        log = open(self.log_path, "ab")
        self.proc = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "daphne",
                "-b",
                "127.0.0.1",
                "-p",
                str(self.port),
                "site_config.asgi:application",
            ],
            cwd=self.root,
            env=self.env,
            stdout=log,
            stderr=subprocess.STDOUT,
        )
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"daphne exited: {self.log_path.read_text()[-2000:]}")
            try:
                if requests.get(self.url + "/api/games/", timeout=1).status_code == 200:
                    return self
            except requests.RequestException:
                pass
            time.sleep(0.1)
        raise RuntimeError(f"daphne did not answer on {self.url}")

    def kill(self, sig: int = signal.SIGKILL) -> None:
        """Stop the process (SIGKILL by default: no clean shutdown)."""
        if self.proc and self.proc.poll() is None:
            self.proc.send_signal(sig)
            self.proc.wait(timeout=15)

    def restart(self) -> None:
        self.kill()
        self.start()

    def log(self) -> str:
        return self.log_path.read_text(errors="replace") if self.log_path.exists() else ""
