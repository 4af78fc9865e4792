"""Words a game brings to the site, marked for translation without Django.

The rules, the computer players and the catalog (kits, diagrams, puzzles) are pure Python, so
they cannot ask Django for a translation when they are built: they mark their visible texts
with ``gettext_noop`` (a name ``makemessages`` extracts) and keep them in English; the
platform translates each one where it shows it (``gettext(kit.game.description)``). A text
with variables keeps its placeholders (``%(name)s``) and its values apart until then
(``Diagram.translated``).

>>> gettext_noop("Board size")
'Board size'
"""

from __future__ import annotations


def gettext_noop(text: str) -> str:
    """``text`` itself: only marks it for the translators' catalogs."""
    return text
