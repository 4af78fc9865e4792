"""The commands docs/deploy.md gives, read from the doc itself: the tests run what it says."""

from __future__ import annotations

import re
import shlex
import sys

from tests.support.server import ROOT


def deploy_commands(section: str = "## Several processes") -> list[list[str]]:
    """The commands of the first ``sh`` block under ``section`` of docs/deploy.md, each as its
    argv (the comments and a trailing ``&`` left out, ``.venv/bin/python`` as this interpreter)."""
    text = (ROOT / "docs/deploy.md").read_text()
    block = re.search(r"```sh\n(.*?)```", text[text.index(section) :], re.S).group(1)
    commands = []
    for line in block.splitlines():
        argv = shlex.split(line, comments=True)
        if argv and argv[-1] == "&":
            argv.pop()
        if argv:
            commands.append([sys.executable if a == ".venv/bin/python" else a for a in argv])
    return commands


def worker_command() -> list[str]:
    """The task worker's command, as the doc starts it."""
    return next(c for c in deploy_commands() if c[1:3] == ["manage.py", "db_worker"])
