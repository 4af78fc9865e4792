"""How to play: a rules page per game, with small boards drawn by the game's own renderer.

``GET /games/<slug>/rules/`` is the page; ``?panel=1`` answers only its fragment (the match
page's "Rules" dialog inserts it). The page's text is the game's ``rules.html`` (in its
folder), its diagrams the kit's (``games.catalog.diagrams``), drawn read-only by the game's
renderer (``static/js/rules.js``).
"""

from __future__ import annotations

from functools import cache

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext
from django.views.decorators.http import require_safe

from games.catalog.analysis import has_board
from games.catalog.diagrams import Diagram
from games.catalog.registry import GAMES, KITS

from .words import game_info


@cache
def diagrams(slug: str) -> tuple[Diagram, ...]:
    """The example positions of a game (computed once: they never change), in English: the
    page translates them per request (``Diagram.translated``)."""
    return tuple(KITS[slug].diagrams())


# -- the view -----------------------------------------------------------------------------
@require_safe
def game_rules(request: HttpRequest, slug: str) -> HttpResponse:
    """How to play ``slug``; with ``?panel=1`` only the fragment (for the match page)."""
    game = GAMES.get(slug)
    if game is None:
        raise Http404("No such game.")
    drawn = [d.translated(gettext) for d in diagrams(slug)]  # in the reader's language
    context = {
        "game": game_info(game),
        "slug": slug,
        "figures": {d.name: d for d in drawn},
        "diagram_data": [d.as_dict() for d in drawn],
        "games": [game_info(g) for g in GAMES.values()],
        "panel": request.GET.get("panel") == "1",
        "has_board": has_board(slug),
    }
    template = "games/rules/fragment.html" if context["panel"] else "games/rules.html"
    return render(request, template, context)
