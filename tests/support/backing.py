"""Real Redis, PostgreSQL and nginx servers (Debian's packages) started by the tests: the
scale-out tests' shared services, and a reverse proxy in front of daphne."""

from __future__ import annotations

import glob
import os
import re
import shutil
import socket
import subprocess
import tempfile
import time
from pathlib import Path

from tests.support.server import ROOT, free_port


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


def documented_location() -> str:
    """The ``location / { ... }`` block of docs/deploy.md's nginx configuration."""
    text = (ROOT / "docs/deploy.md").read_text()
    config = re.search(r"```nginx\n(.*?)```", text, re.S).group(1)
    start = config.index("location / {")
    depth = 0
    for end in range(start, len(config)):
        depth += {"{": 1, "}": -1}.get(config[end], 0)
        if config[end] == "}" and depth == 0:
            return config[start : end + 1]
    raise ValueError("docs/deploy.md: the nginx location block is not closed")


class Nginx:
    """A throw-away nginx on 127.0.0.1 passing every request (pages and WebSockets) to one
    upstream (upstream ``games``, as in docs/deploy.md) through ``location``."""

    def __init__(self, upstream_port: int, location: str) -> None:
        # Its own folder under /tmp, readable by all: run as root, nginx's workers are nobody.
        self.dir = Path(tempfile.mkdtemp(prefix="games-nginx-"))
        self.dir.chmod(0o755)
        self.port = free_port()
        self.upstream_port, self.location = upstream_port, location
        self.proc: subprocess.Popen | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def ws_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}"

    def config(self) -> str:
        kinds = ("client_body", "proxy", "fastcgi", "uwsgi", "scgi")
        temp = " ".join(f"{kind}_temp_path {self.dir}/{kind};" for kind in kinds)
        return f"""daemon off;
pid {self.dir}/nginx.pid;
error_log {self.dir}/error.log warn;
worker_processes 1;
events {{ worker_connections 512; }}
http {{
    access_log off;
    {temp}
    upstream games {{ server 127.0.0.1:{self.upstream_port}; }}
    server {{
        listen 127.0.0.1:{self.port};
        {self.location}
    }}
}}
"""

    def start(self) -> Nginx:
        binary = shutil.which("nginx") or "/usr/sbin/nginx"
        if not Path(binary).exists():
            raise RuntimeError("nginx is not installed (make test installs Debian's nginx)")
        (self.dir / "nginx.conf").write_text(self.config())
        log = self.dir / "error.log"
        # -p: no system folder is used; -e: not even the compiled-in log before the config's
        args = [binary, "-p", str(self.dir), "-c", str(self.dir / "nginx.conf"), "-e", str(log)]
        self.proc = subprocess.Popen(args, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"nginx exited: {log.read_text(errors='replace')[-2000:]}")
            with socket.socket() as probe:
                if probe.connect_ex(("127.0.0.1", self.port)) == 0:
                    return self
            time.sleep(0.05)
        raise RuntimeError("nginx did not start")

    def stop(self) -> None:
        if self.proc and self.proc.poll() is None:
            self.proc.terminate()  # the master stops its workers
            self.proc.wait(timeout=10)
        shutil.rmtree(self.dir, ignore_errors=True)
