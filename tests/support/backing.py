"""Real Redis and PostgreSQL servers (Debian's packages) started for the scale-out tests."""

from __future__ import annotations

import glob
import os
import shutil
import subprocess
import tempfile
import time
from pathlib import Path

from tests.support.server import free_port


def _pg_bin(name: str) -> str:
    found = sorted(glob.glob(f"/usr/lib/postgresql/*/bin/{name}"))
    if not found:
        raise RuntimeError("PostgreSQL is not installed (make test installs Debian's postgresql)")
    return found[-1]


def _as_postgres(args: list[str], **kwargs) -> subprocess.CompletedProcess:
    """Run a PostgreSQL tool as the postgres user when we are root (initdb refuses root)."""
    if os.geteuid() == 0:
        args = ["runuser", "-u", "postgres", "--", *args]
    return subprocess.run(args, check=True, capture_output=True, text=True, **kwargs)


class Postgres:
    """A throw-away PostgreSQL cluster on 127.0.0.1 with one database ``games``."""

    def __init__(self) -> None:
        # Its own folder under /tmp: the postgres user cannot enter pytest's private tmp folders.
        self.dir = Path(tempfile.mkdtemp(prefix="games-pg-"))
        self.port = free_port()
        if os.geteuid() == 0:
            shutil.chown(self.dir, "postgres", "postgres")

    @property
    def url(self) -> str:
        return f"postgres://postgres@127.0.0.1:{self.port}/games"

    def start(self) -> Postgres:
        data = self.dir / "data"
        _as_postgres([_pg_bin("initdb"), "-D", str(data), "-U", "postgres", "--auth=trust", "-E", "UTF8"])
        opts = f"-p {self.port} -k {self.dir} -h 127.0.0.1 -c fsync=off -c max_connections=200"
        _as_postgres(
            [_pg_bin("pg_ctl"), "-D", str(data), "-o", opts, "-l", str(self.dir / "log"), "-w", "start"]
        )
        _as_postgres(
            [_pg_bin("createdb"), "-h", "127.0.0.1", "-p", str(self.port), "-U", "postgres", "games"]
        )
        return self

    def stop(self) -> None:
        try:
            _as_postgres([_pg_bin("pg_ctl"), "-D", str(self.dir / "data"), "-m", "immediate", "stop"])
        except subprocess.CalledProcessError:
            pass
        shutil.rmtree(self.dir, ignore_errors=True)


class Redis:
    """A throw-away Redis server on 127.0.0.1, nothing persisted."""

    def __init__(self) -> None:
        self.port = free_port()
        self.proc: subprocess.Popen | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> Redis:
        binary = shutil.which("redis-server")
        if binary is None:
            raise RuntimeError("Redis is not installed (make test installs Debian's redis-server)")
        self.proc = subprocess.Popen(
            [binary, "--port", str(self.port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            probe = subprocess.run(
                ["redis-cli", "-p", str(self.port), "ping"], capture_output=True, text=True
            )
            if probe.stdout.strip() == "PONG":
                return self
            time.sleep(0.1)
        raise RuntimeError("redis-server did not start")

    def stop(self) -> None:
        if self.proc and self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait(timeout=10)
