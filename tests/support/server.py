"""A real daphne process for tests: fresh SQLite database, free port, start/kill/restart."""

from __future__ import annotations

import atexit
import os
import shutil
import signal
import socket
import sqlite3
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import closing, contextmanager
from pathlib import Path

import requests

ROOT = Path(__file__).resolve().parents[2]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def run_migrate(root: Path, env: dict[str, str]) -> None:
    subprocess.run([sys.executable, "manage.py", "migrate", "-v0"], cwd=root, env=env, check=True)


_template: Path | None = None


def _migrated_template(env: dict[str, str]) -> Path:
    """This process's SQLite database migrated once (with the migrations' own rows)."""
    global _template
    if _template is None:
        folder = tempfile.mkdtemp(prefix="migrated-")
        atexit.register(shutil.rmtree, folder, True)
        path = Path(folder) / "template.sqlite3"
        run_migrate(ROOT, {**env, "SQLITE_PATH": str(path)})
        _template = path
    return _template


class LiveServer:
    """One daphne process serving the project on 127.0.0.1 with its own database."""

    def __init__(
        self,
        workdir: Path,
        env: dict[str, str] | None = None,
        port: int | None = None,
        root: Path | None = None,
        command: list[str] | None = None,
    ) -> None:
        """``root``: the tree whose code runs (its manage.py and daphne's working directory);
        this project by default (e.g. a git worktree of an older commit, for benchmarks).
        ``command``: daphne's command line as a doc writes it (its ``-p`` becomes this server's
        port); ``make run``'s by default."""
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
        self.command = command
        self.proc: subprocess.Popen | None = None
        self.log_path = self.workdir / f"daphne-{self.port}.log"

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def ws_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}"

    def migrate(self) -> None:
        """Create the schema. A new SQLite database of this project is copied from one migrated
        once per test process (a migrate costs about 2 s and the suite starts ~30 servers)."""
        target = Path(self.env["SQLITE_PATH"])
        if self.root != ROOT or "DATABASE_URL" in self.env or target.exists():
            run_migrate(self.root, self.env)
            return
        with closing(sqlite3.connect(_migrated_template(self.env))) as source:
            with closing(sqlite3.connect(target)) as copy:
                source.backup(copy)

    def start(self, timeout: float = 30) -> LiveServer:
        log = open(self.log_path, "ab")
        self.proc = subprocess.Popen(
            self._argv(),
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

    def _argv(self) -> list[str]:
        if self.command is not None:
            argv = list(self.command)
            argv[argv.index("-p") + 1] = str(self.port)
            return argv
        return [
            sys.executable,
            "-m",
            # daphne on uvloop, as ``make run`` starts it (an older tree measured by
            # bench/load.py beside this one has no launcher: plain daphne)
            "site_config.serve" if (Path(self.root) / "site_config/serve.py").exists() else "daphne",
            "-b",
            "127.0.0.1",
            "-p",
            str(self.port),
            "site_config.asgi:application",
        ]

    def kill(self, sig: int = signal.SIGKILL) -> None:
        """Stop the process (SIGKILL by default: no clean shutdown)."""
        if self.proc and self.proc.poll() is None:
            self.proc.send_signal(sig)
            self.proc.wait(timeout=15)

    def restart(self) -> None:
        self.kill()
        self.start()

    def processes(self) -> list[int]:
        """Every process started for this server (daphne and its children: they carry its
        database path in their environment)."""
        mark = f"SQLITE_PATH={self.env['SQLITE_PATH']}".encode()
        found = []
        for entry in Path("/proc").iterdir():
            try:
                if entry.name.isdigit() and mark in (entry / "environ").read_bytes().split(b"\0"):
                    found.append(int(entry.name))
            except OSError:  # gone meanwhile, or not ours to read
                pass
        return found

    def log(self) -> str:
        return self.log_path.read_text(errors="replace") if self.log_path.exists() else ""


@contextmanager
def serving(workdir: Path, env: dict[str, str] | None = None) -> Iterator[LiveServer]:
    """A started ``LiveServer`` on a fresh database (``env`` added to its environment),
    killed when the block ends: the body of a test's own server fixture."""
    server = LiveServer(workdir, env=env)
    server.migrate()
    server.start()
    try:
        yield server
    finally:
        server.kill()
