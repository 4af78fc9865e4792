"""A SQLite database named by DATABASE_URL behaves as the default one: WAL, immediate
transactions and the long lock wait. Without them, two servers on one SQLite file answered
"database is locked" 500s (issue 50, finding 1)."""

from __future__ import annotations

import sqlite3
from contextlib import closing

import pytest

from tests.support.fresh_process import run_in_fresh_process

# A Django transaction reads, another connection writes and commits meanwhile, then the
# transaction writes. With deferred transactions SQLite refuses that last write at once
# ("database is locked": the read snapshot is stale); with immediate ones the other writer
# waits for the transaction's commit and both writes land.
STALE_SNAPSHOT = """
import sqlite3, threading
from django.db import connection, transaction
with connection.cursor() as cursor:
    cursor.execute("CREATE TABLE IF NOT EXISTS t (n INTEGER)")
path = connection.settings_dict["NAME"]
other_done = []
def other_writer():
    with sqlite3.connect(path, timeout=10) as other:
        other.execute("INSERT INTO t VALUES (1)")
    other_done.append(True)
error = None
try:
    with transaction.atomic(), connection.cursor() as cursor:
        cursor.execute("SELECT count(*) FROM t")
        writer = threading.Thread(target=other_writer)
        writer.start()
        writer.join(0.5)  # immediate: it waits for this transaction; deferred: it is done
        cursor.execute("INSERT INTO t VALUES (2)")
except Exception as exc:
    error = str(exc)
writer.join(15)
with connection.cursor() as cursor:
    cursor.execute("PRAGMA journal_mode")
    journal = cursor.fetchone()[0]
    cursor.execute("SELECT n FROM t ORDER BY n")
    rows = [n for (n,) in cursor.fetchall()]
print(json.dumps({"error": error, "journal": journal, "rows": rows, "other": other_done}))
"""


@pytest.mark.parametrize("url", ["sqlite:///{path}", "sqlite:///{path}?timeout=30"])
def test_a_sqlite_database_url_gets_the_sites_sqlite_settings(tmp_path, url):
    path = tmp_path / "by-url.sqlite3"
    done = run_in_fresh_process({"DATABASE_URL": url.format(path=path)}, STALE_SNAPSHOT)
    assert done["error"] is None
    assert done["journal"] == "wal"
    assert done["rows"] == [1, 2] and done["other"] == [True]
    with closing(sqlite3.connect(path)) as db:  # WAL is the file's own mode from now on
        assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"


def test_the_default_sqlite_path_behaves_the_same(tmp_path):
    done = run_in_fresh_process({"SQLITE_PATH": str(tmp_path / "default.sqlite3")}, STALE_SNAPSHOT)
    assert (done["error"], done["journal"], done["rows"]) == (None, "wal", [1, 2])
