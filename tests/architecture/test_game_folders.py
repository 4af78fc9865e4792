"""One folder per game: every kit's folder holds what a game must bring, and no game's name is
written outside its folder (the platform, the pages and their JavaScript read games through
the registry, never by name)."""

from __future__ import annotations

import ast
import re
from pathlib import Path

from games.catalog.registry import KITS

ROOT = Path(__file__).resolve().parents[2]
CATALOG = ROOT / "games" / "catalog"
SLUGS = sorted(KITS, key=len, reverse=True)
NAMED = re.compile(r"(?<![A-Za-z0-9_])(" + "|".join(SLUGS) + r")(?![A-Za-z0-9_])")


PARTS = ("engine.py", "kit.py", "diagrams.py", "rules.html", "static/render.js", "static/thumb.svg")


def test_each_game_folder_holds_what_a_game_brings():
    folders = {path.parent.name for path in CATALOG.glob("*/kit.py")}
    assert folders == set(KITS)
    for slug in KITS:
        folder = CATALOG / slug
        for part in (
            "engine.py",
            "kit.py",
            "diagrams.py",
            "rules.html",
            "static/render.js",
            "static/thumb.svg",
        ):
            assert (folder / part).is_file(), f"{slug} has no {part}"
        assert KITS[slug].diagrams(), f"{slug}'s rules page has no diagram"


def docstring_ids(tree: ast.AST) -> set[int]:
    """The docstrings of a module (words for readers, which may name a game as an example)."""
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                found.add(id(first.value))
    return found


def seed_modules() -> dict[Path, str]:
    """The seeds' modules at the addresses games.md gives them (``games/rules/<slug>.py``)."""
    return {ROOT / "games" / "rules" / f"{slug}.py": slug for slug in KITS}


def family_code() -> dict[Path, set[str]]:
    """Code a family shares (``games/ai``: the Reversi family) may name the family's games."""
    names = {kit.family for kit in KITS.values() if kit.family}
    members = names | {slug for slug, kit in KITS.items() if kit.family in names}
    return {path: members for path in (ROOT / "games" / "ai").rglob("*.py")}


def python_names() -> list[str]:
    """Every string constant naming a game in our Python, outside that game's folder."""
    allowed: dict[Path, set[str]] = {path: {slug} for path, slug in seed_modules().items()}
    allowed.update(family_code())
    found = []
    for package in ("games", "accounts", "site_config"):
        for path in (ROOT / package).rglob("*.py"):
            parts = path.relative_to(ROOT).parts
            if "migrations" in parts or (parts[:2] == ("games", "catalog") and len(parts) > 3):
                continue  # a game's folder names itself
            tree = ast.parse(path.read_text())
            skip = docstring_ids(tree)
            for node in ast.walk(tree):
                if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in skip:
                    for name in set(NAMED.findall(node.value)) - allowed.get(path, set()):
                        found.append(f"{path.relative_to(ROOT)}:{node.lineno}: {name}")
    return found


COMMENT = re.compile(r"/\*.*?\*/|(?<![:\"'])//[^\n]*|\{#.*?#\}|<!--.*?-->", re.S)


def page_names() -> list[str]:
    """Every game's name in the pages' code (JavaScript, templates, stylesheets) outside the
    game folders, comments aside."""
    found = []
    for base in ("static", "templates"):
        for path in (ROOT / base).rglob("*"):
            if path.suffix in (".js", ".html", ".css"):
                code = COMMENT.sub("", path.read_text())
                found += [f"{path.relative_to(ROOT)}: {name}" for name in sorted(set(NAMED.findall(code)))]
    return found


def test_the_scans_see_a_name_where_one_is_written():
    assert NAMED.findall('GRID = ("reversi", {"size": 8})') == ["reversi"]
    assert NAMED.findall("reversi_1d_x reversi2 the_reversi") == []
    assert COMMENT.sub("", 'a // reversi\nb /* othello */ c "http://x"') == 'a \nb  c "http://x"'


def test_no_game_is_named_outside_its_folder():
    assert python_names() == []
    assert page_names() == []
