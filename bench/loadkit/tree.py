"""A tree of the project seen from the benchmarks: this working tree, or a baseline checkout
(``git worktree add /work/baseline <commit>``) measured back to back with it in the same run.

A tree's daphne is ``tests/support/server.py``'s LiveServer started from that tree's directory
(so it runs that tree's code) on a fresh SQLite database migrated by that tree's manage.py.
Its set-up (users, sessions, matches) runs in an :class:`Agent`: a child process with that
tree's code on ``sys.path`` (its ``games`` and ``site_config``, not ours), calling the functions
of ``bench/loadkit/database.py`` by name. Run as a script, this file is that agent: one JSON
line in (``[name, [args...]]``), one JSON line out (``{"result": ...}`` or ``{"error": ...}``).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
from pathlib import Path
from typing import Any

THIS_TREE = Path(__file__).resolve().parents[2]


def tree_label(tree: Path) -> str:
    """``path @ commit`` (``+changes`` when the working tree differs from its commit)."""

    def git(*args: str) -> str:
        done = subprocess.run(["git", *args], cwd=tree, capture_output=True, text=True)
        return done.stdout.strip()

    commit = git("rev-parse", "--short", "HEAD") or "?"
    dirty = "+changes" if git("status", "--porcelain", "--untracked-files=no") else ""
    return f"{tree} @ {commit}{dirty}"


def measured_trees(args) -> tuple[list[tuple[str, Path]], dict[str, dict[str, str]]]:
    """The trees a benchmark measures, from its ``--tree``, ``--baseline-tree`` and
    ``--baseline-env NAME=VALUE`` arguments: ("this", tree) and, first, ("baseline", that
    tree, or this one when only ``--baseline-env`` is given, e.g. ``SOCKET_DISPATCH_LOOP=0`` to
    measure a library override against the stock code); and each one's environment."""
    this = Path(args.tree).resolve()
    baseline_env = dict(pair.split("=", 1) for pair in args.baseline_env)
    trees, envs = [("this", this)], {"this": {}}
    if args.baseline_tree or baseline_env:
        trees.insert(0, ("baseline", Path(args.baseline_tree).resolve() if args.baseline_tree else this))
        envs["baseline"] = baseline_env
    return trees, envs


def live_server(tree: Path, workdir: Path, env: dict[str, str] | None = None):
    """A LiveServer (not started) running ``tree``'s code on its own database in ``workdir``."""
    if str(THIS_TREE) not in sys.path:
        sys.path.insert(0, str(THIS_TREE))
    from tests.support.server import LiveServer

    workdir.mkdir(parents=True, exist_ok=True)
    return LiveServer(workdir, env=env, root=tree)


class Agent:
    """Django with ``tree``'s code in a child process, on the database named in ``env``
    (``SQLITE_PATH`` or ``DATABASE_URL``). Calls are serialised (one at a time)."""

    def __init__(self, tree: Path, env: dict[str, str]) -> None:
        self.tree = Path(tree)
        clean = {k: v for k, v in os.environ.items() if k not in ("REDIS_URL", "DATABASE_URL", "SQLITE_PATH")}
        self.proc = subprocess.Popen(
            [sys.executable, __file__],
            cwd=self.tree,
            env={**clean, "DJANGO_SETTINGS_MODULE": "site_config.settings", "PYTHONUNBUFFERED": "1", **env},
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )
        self.lock = threading.Lock()

    @property
    def pid(self) -> int:
        return self.proc.pid

    def call(self, name: str, *args: Any) -> Any:
        with self.lock:
            self.proc.stdin.write(json.dumps([name, args]) + "\n")
            self.proc.stdin.flush()
            line = self.proc.stdout.readline()
        if not line:
            raise RuntimeError(f"the agent of {self.tree} exited (see its traceback above)")
        reply = json.loads(line)
        if "error" in reply:
            raise RuntimeError(f"{name} in {self.tree}: {reply['error']}")
        return reply["result"]

    # the functions of database.py, with their Python types back
    def make_pairs(self, count: int, size: int) -> tuple[list[dict], str]:
        pairs, cookie_name = self.call("make_pairs", count, size)
        return pairs, cookie_name

    def new_match(self, a_id: int, b_id: int, cfg: dict) -> str:
        return self.call("new_match", a_id, b_id, {"size": cfg["size"]})

    def stored_plies(self, match_ids: list[str]) -> dict[str, set[int]]:
        return {k: set(v) for k, v in self.call("stored_plies", match_ids).items()}

    def populate_pages(self, finished: int, seed: int, player_matches: int) -> tuple[str, str]:
        replay, cookie = self.call("populate_pages", finished, seed, player_matches)
        return replay, cookie

    def close(self) -> None:
        if self.proc.poll() is None:
            self.proc.stdin.close()
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()


def serve() -> None:
    """The agent's loop (in the tree's directory, with the tree's code first on sys.path)."""
    import importlib.util
    import traceback

    tree = Path.cwd()
    sys.path[0] = str(tree)  # was this file's directory: nothing of ours but database.py is used
    spec = importlib.util.spec_from_file_location(
        "bench_tree_database", Path(__file__).with_name("database.py")
    )
    database = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(database)
    replies = os.fdopen(os.dup(1), "w")
    os.dup2(2, 1)  # anything the tree prints goes to stderr, never into the replies
    database.django_setup()
    mute_broadcasts()
    for line in sys.stdin:
        name, args = json.loads(line)
        try:
            reply = {"result": getattr(database, name)(*args)}
        except Exception:  # noqa: BLE001 - the caller raises it
            reply = {"error": traceback.format_exc()}
        replies.write(json.dumps(reply, default=sorted) + "\n")
        replies.flush()


def mute_broadcasts() -> None:
    """The agent has no sockets: the group sends of its set-up would go nowhere (and cost time)."""
    import importlib

    for name in ("games.broadcast", "games.realtime.broadcast"):
        try:
            module = importlib.import_module(name)
        except ImportError:
            continue
        if hasattr(module, "send_group"):
            module.send_group = lambda group, event: None


if __name__ == "__main__":
    serve()
