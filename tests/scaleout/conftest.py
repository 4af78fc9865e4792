"""Two daphne processes sharing a real Redis channel layer and a real PostgreSQL database."""

from __future__ import annotations

import pytest

from tests.support.backing import Postgres, Redis
from tests.support.server import LiveServer


@pytest.fixture(scope="module")
def cluster(tmp_path_factory):
    """``(server_a, server_b)``: one code base, two processes, shared Redis and PostgreSQL."""
    workdir = tmp_path_factory.mktemp("cluster")
    pg, redis = Postgres().start(), Redis().start()
    env = {"DATABASE_URL": pg.url, "REDIS_URL": redis.url}
    servers = [LiveServer(workdir, env=env), LiveServer(workdir, env=env)]
    servers[0].migrate()
    try:
        for server in servers:
            server.start()
        yield servers
    finally:
        for server in servers:
            server.kill()
        redis.stop()
        pg.stop()
