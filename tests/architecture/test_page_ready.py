"""Every page says when it listens in one way (issue 37): each module script a template loads
calls ``ready(import.meta.url)`` (``static/js/ready.js``), which sets ``<html data-ready>``
once all of them have and lifts the ``inert`` of the controls that need a script."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = re.compile(r"""<script type="module" src="\{% static '([^']+)' %\}">""")


def test_every_page_script_says_when_it_listens():
    templates = (ROOT / "templates").rglob("*.html")
    loaded = {name for path in templates for name in SCRIPT.findall(path.read_text())}
    assert "js/ready.js" in loaded and "js/match.js" in loaded
    said = {name: "ready(import.meta.url)" in (ROOT / "static" / name).read_text() for name in loaded}
    silent = sorted(name for name, says in said.items() if not says)
    assert silent == [], f"scripts that never say they listen: {silent}"


def test_what_needs_a_script_starts_inert():
    for path in (ROOT / "templates").rglob("*.html"):
        for tag in re.findall(r"<[^>]*data-needs-script[^>]*>", path.read_text()):
            assert re.search(r"\binert\b", tag), f"{path.name}: {tag}"
