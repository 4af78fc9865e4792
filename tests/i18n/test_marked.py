"""Nothing a player reads is left out of the catalogs (issue 52): a test fails when a
template's text or visible attribute (title, aria-label, alt, placeholder), or a page
script's words put on the page, are not marked for translation."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
TEMPLATES = sorted([*(ROOT / "templates").rglob("*.html"), *(ROOT / "games" / "catalog").rglob("*.html")])
SCRIPTS = sorted(p for p in (ROOT / "static" / "js").glob("*.js") if p.name != "i18n.js")

# Not words to translate: marks, numbers, names of things that are the same in every language.
SAME_EVERYWHERE = re.compile(r"^(?:[\W\d_]+|Glicko-2|API|JSON|SVG|[A-H]|[a-h]\d?)$")

MARKED_BLOCKS = re.compile(
    r"{%\s*blocktrans(?:late)?\b.*?{%\s*endblocktrans(?:late)?\s*%}"
    r"|{%\s*comment\s*%}.*?{%\s*endcomment\s*%}|{#.*?#}"
    r"|<script\b.*?</script>|<style\b.*?</style>|<svg\b[^>]*aria-hidden.*?</svg>",
    re.S,
)
# Blocks holding class names and data attributes, not words.
NOT_WORDS = re.compile(r"{%\s*block\s+(?:\w+_class|body_data)\s*%}.*?{%\s*endblock\s*%}", re.S)
TAGS = re.compile(r"{%.*?%}|{{.*?}}", re.S)
VISIBLE_ATTRIBUTES = re.compile(r'\b(?:title|aria-label|alt|placeholder)="([^"]*)"')
HTML = re.compile(r"<[^>]*>|&[a-z]+;|&#\d+;", re.S)


def unmarked_in_template(text: str) -> list[str]:
    """The words of ``text`` a reader sees that no translate tag covers."""
    text = TAGS.sub("\n", NOT_WORDS.sub(" ", MARKED_BLOCKS.sub(" ", text)))
    found = []
    for value in VISIBLE_ATTRIBUTES.findall(text):
        rest = value.strip()
        if re.search(r"[A-Za-z]{2}", rest) and not SAME_EVERYWHERE.match(rest):
            found.append(rest)
    for chunk in HTML.sub("\n", text).split("\n"):
        chunk = chunk.strip()
        if chunk and re.search(r"[A-Za-z]{2}", chunk) and not SAME_EVERYWHERE.match(chunk):
            found.append(chunk)
    return found


@pytest.mark.parametrize("path", TEMPLATES, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_word_of_a_template_is_marked(path):
    assert unmarked_in_template(path.read_text(encoding="utf-8")) == []


# A script's words reach the page through these; a literal with words there must be gettext's.
TO_PAGE = re.compile(
    r"""(?:\.textContent\s*=|\.title\s*=|\.placeholder\s*=|\.ariaLabel\s*=|setAttribute\(\s*["'](?:aria-label|title|placeholder|alt)["']\s*,|toast\()\s*(["'`])((?:(?!\1).)*[A-Za-z]{2}(?:(?!\1).)*)\1"""
)


@pytest.mark.parametrize("path", SCRIPTS, ids=lambda p: p.name)
def test_every_word_a_script_shows_is_marked(path):
    literals = [m.group(2) for m in TO_PAGE.finditer(path.read_text(encoding="utf-8"))]
    # a template literal's ${...} are values, not words
    unmarked = [text for text in literals if re.search(r"[A-Za-z]{2}", re.sub(r"\$\{[^}]*\}", "", text))]
    assert unmarked == []
