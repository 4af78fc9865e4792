"""The translation catalogs are whole and current (issue 52): every language has every string
of the sources (none missing, none fuzzy, none left empty), each committed .mo is its .po
compiled, and the catalogs hold exactly the strings the sources mark today (``make messages``
made them again in a copy of the tree)."""

from __future__ import annotations

import gettext
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from django.conf import settings

ROOT = Path(__file__).resolve().parents[2]
LANGUAGES = [code for code, _ in settings.LANGUAGES if code != settings.LANGUAGE_CODE]
CATALOG_DIRS = [
    "games/locale",
    "accounts/locale",
    *(str(p.relative_to(ROOT)) for p in sorted(ROOT.glob("games/catalog/*/locale"))),
]


def po_files() -> list[Path]:
    return sorted(p for d in CATALOG_DIRS for p in (ROOT / d).glob("*/LC_MESSAGES/*.po"))


def msgids(po: Path) -> set[str]:
    """The msgids of a catalog (its header's empty one aside), joined across lines."""
    ids, current, reading = set(), [], False
    for line in po.read_text(encoding="utf-8").splitlines() + [""]:
        if line.startswith("msgid "):
            current, reading = [line[6:]], True
        elif reading and line.startswith('"'):
            current.append(line)
        else:
            if reading:
                text = "".join(part.strip()[1:-1] for part in current)
                if text:
                    ids.add(text)
            reading = False
    return ids


def test_every_language_has_the_platforms_catalogs():
    for language in LANGUAGES:
        for domain in ("django", "djangojs"):
            assert (ROOT / "games/locale" / language / "LC_MESSAGES" / f"{domain}.po").exists(), (
                language,
                domain,
            )


@pytest.mark.parametrize("po", po_files(), ids=lambda p: str(p.relative_to(ROOT)))
def test_no_entry_is_missing_or_fuzzy(po):
    stats = subprocess.run(
        ["msgfmt", "--check-format", "--statistics", "-o", "/dev/null", str(po)],
        capture_output=True,
        text=True,
        check=True,
    ).stderr
    assert "fuzzy" not in stats and "untranslated" not in stats, stats


@pytest.mark.parametrize("po", po_files(), ids=lambda p: str(p.relative_to(ROOT)))
def test_each_mo_is_its_po_compiled(po, tmp_path):
    fresh = tmp_path / "fresh.mo"
    subprocess.run(["msgfmt", "-o", str(fresh), str(po)], check=True)
    with fresh.open("rb") as a, po.with_suffix(".mo").open("rb") as b:
        assert gettext.GNUTranslations(b)._catalog == gettext.GNUTranslations(a)._catalog


def test_the_catalogs_hold_what_the_sources_mark_today(tmp_path):
    """``make messages`` in a copy of the tracked tree gives the same strings."""
    tracked = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True, check=True)
    copy = tmp_path / "tree"
    built = [str(p.relative_to(ROOT)) for p in ROOT.glob("games/**/*.so")]  # the C cores, built in place
    for name in tracked.stdout.splitlines() + built:
        source = ROOT / name
        if source.is_file() and not name.startswith(("tests/", "bench/")):
            (copy / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, copy / name)
    skip = ["--ignore", ".venv/*", "--ignore", "staticfiles/*"]
    for domain in ("django", "djangojs"):
        subprocess.run(
            [
                sys.executable,
                "manage.py",
                "makemessages",
                "-d",
                domain,
                "-l",
                LANGUAGES[0],
                "--no-obsolete",
                "-v0",
                *skip,
            ],
            cwd=copy,
            check=True,
        )
    for po in po_files():
        if po.parent.parent.name == LANGUAGES[0]:
            made = copy / po.relative_to(ROOT)
            assert msgids(made) == msgids(po), po.relative_to(ROOT)
