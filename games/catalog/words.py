"""Words a game brings to the site, marked for translation without Django.

The catalog (kits, diagrams, puzzles) is pure Python, so it cannot ask Django for a
translation when it is built: it marks its visible texts with ``gettext_noop`` (a name
``makemessages`` extracts), keeps them in English, and the platform translates each one
where it shows it (``gettext(kit.game.description)``). A text with variables keeps its
placeholders (``%(name)s``) and its values apart until then (``Diagram.translated``).
Engines and computer players sit below the catalog and define the same one-line marker.

>>> gettext_noop("Board size")
'Board size'
"""

from __future__ import annotations


def gettext_noop(text: str) -> str:
    """``text`` itself: only marks it for the translators' catalogs."""
    return text
