"""Every module's examples run (issue 37): the doctests of any module of the site are
collected by ``pytest`` (``--doctest-modules`` over the ``testpaths``), so an example that no
longer holds fails the suite instead of lying in a docstring."""

from __future__ import annotations

import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("games", "accounts", "site_config")


def test_every_module_with_examples_is_under_the_collected_paths():
    options = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["pytest"]["ini_options"]
    assert "--doctest-modules" in options["addopts"].split()
    collected = [ROOT / path for path in options["testpaths"]]
    with_examples = [
        path
        for package in PACKAGES
        for path in sorted((ROOT / package).rglob("*.py"))
        if ">>> " in path.read_text(encoding="utf-8")
    ]
    assert len(with_examples) >= 30  # the scan sees the modules (33 had examples on 2026-12-02)
    missed = [
        str(path.relative_to(ROOT))
        for path in with_examples
        if not any(path.is_relative_to(place) for place in collected)
    ]
    assert missed == [], f"examples never run: {missed}"
