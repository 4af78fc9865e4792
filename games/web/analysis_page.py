"""The analysis board (``/analysis/<game>/``, issue "Study a game"): move both sides freely,
step back and forth, branch into variations, and read every move's value from
``POST /api/analysis/`` (``analysis_api``). The position and the lines are in the URL, so a
link shares them: the game's options as query parameters (as the create form names them),
``lines`` the lines from the start (URL-safe base64 of a JSON list of move lists; the first
is the main line), ``at`` the line and ply shown (``"1.14"``) and, for an edited position,
``position`` (base64 JSON ``{"board", "to_move"}``) the lines start from. ``static/js/analysis.js``
draws it with the game's own renderer.
"""

from __future__ import annotations

import base64
import binascii
import json
from typing import Any
from urllib.parse import urlencode

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_safe

from games.catalog.analysis import has_board
from games.catalog.analysis_line import played
from games.catalog.registry import GAMES
from games.matches.errors import told
from games.rules import Game, OptionError
from games.rules.base import State

from .forms import option_field_name
from .words import game_info

MAX_LINES = 64  # variations kept in one link
MAX_LINK = 16 * 1024  # characters of ``lines``


@require_safe
def analysis_index(request: HttpRequest) -> HttpResponse:
    """``/analysis/``: the games that have an analysis board (the menu's "Analysis")."""
    boards = [game_info(game) for slug, game in GAMES.items() if has_board(slug)]
    return render(request, "games/analysis_index.html", {"boards": boards})


@require_safe
def analysis_board(request: HttpRequest, slug: str) -> HttpResponse:
    """The board for ``slug`` with the options, lines and position of the query string; bad
    options fall back to the defaults with the reason shown, bad lines to none."""
    game = GAMES.get(slug)
    if game is None or not has_board(slug):
        raise Http404("No analysis board for this game.")
    problems = []
    raw = {name: request.GET[name] for name in game.options if name in request.GET}
    try:
        options = game.clean_options(raw)
    except OptionError as exc:
        problems.append(_("%(why)s The board starts from the usual options.") % {"why": told(exc)})
        options = game.clean_options({})
    lines = _lines(request.GET.get("lines", ""))
    if lines is None:
        problems.append(_("The link's lines could not be read: the board starts empty."))
        lines = []
    position = _decode(request.GET.get("position", ""))
    if position is not None and not isinstance(position, dict):
        position = None
    at = request.GET.get("at", "")
    data = {"game": slug, "options": options, "lines": lines, "at": at, "position": position}
    # A start position is the position editor's to set: its box is left out of these.
    fields = [
        _field(name, option.schema(), options[name])
        for name, option in game.options.items()
        if option.lines == 1
    ]
    context = {
        "game": game_info(game),
        "data": data,
        "fields": fields,
        "problems": problems,
        "editor_help": _(game.position_help) if game.position_help else game.position_help,
    }
    return render(request, "games/analysis.html", context)


@require_safe
def play_from_here(request: HttpRequest, slug: str) -> HttpResponse:
    """ "Play from here": the create form, filled in to start a casual match from the position
    the board's query string shows (its options, edited position, lines and ``at``); a
    position no match can start from goes back to the board with the reason."""
    game = GAMES.get(slug)
    if game is None or not has_board(slug):
        raise Http404("No analysis board for this game.")
    back = f"{reverse('analysis_board', args=[slug])}?{request.GET.urlencode()}"
    try:
        raw = {name: request.GET[name] for name in game.options if name in request.GET}
        options = game.clean_options(raw)
        state = _shown_state(game, options, request.GET)
        chosen = game.start_options(options, state)
        if chosen is None:
            raise ValueError(
                _("A %(game)s match cannot start from a chosen position.") % {"game": _(game.name)}
            )
        chosen = game.clean_options(chosen)  # says why when the position is no start
    except ValueError as exc:  # OptionError and BadPosition are ValueErrors
        messages.error(request, _("No match can start from this position: %(why)s") % {"why": told(exc)})
        return redirect(back)
    fields = {option_field_name(slug, name): _query_value(value) for name, value in chosen.items()}
    return redirect(f"{reverse('match_new')}?{urlencode({'game': slug, **fields})}")


def _shown_state(game: Game, options: dict[str, Any], query: Any) -> State:
    """The state the board shows: its start (or edited position) played along line ``at``."""
    start = None
    position = _decode(query.get("position", ""))
    if isinstance(position, dict):
        to_move = position.get("to_move")
        seat = to_move if type(to_move) is int else None
        start, _notes = game.position(options, position.get("board"), seat)
    lines = _lines(query.get("lines", "")) or [[]]
    line, _dot, ply = query.get("at", "").partition(".")
    chosen = lines[int(line)] if line.isdigit() and int(line) < len(lines) else lines[0]
    moves = chosen[: int(ply)] if ply.isdigit() else chosen
    state, _notes = played(game, options, moves, start)
    if not game.to_move(state):
        raise ValueError(_("the game is over there."))
    return state


def _query_value(value: Any) -> str:
    """An option's value as the create form reads it from a link (a checkbox: on or off)."""
    if isinstance(value, bool):
        return "on" if value else "off"
    return str(value)


def _decode(text: str) -> Any:
    """A URL-safe base64 JSON parameter decoded (None when empty, too long or not one)."""
    if not text or len(text) > MAX_LINK:
        return None
    try:
        return json.loads(base64.urlsafe_b64decode(text + "=" * (-len(text) % 4)))
    except (binascii.Error, ValueError):
        return None


def _lines(text: str) -> list[list[Any]] | None:
    """The ``lines`` parameter decoded: a list of move lists (None when it is not one)."""
    if not text:
        return []
    lines = _decode(text)
    if not isinstance(lines, list) or not all(isinstance(line, list) for line in lines):
        return None
    return lines[:MAX_LINES]


def _field(name: str, schema: dict[str, Any], value: Any) -> dict[str, Any]:
    """One option of the set-up form, as the template draws it."""
    label, help_text = schema.get("label"), schema.get("help")
    return {
        "name": name,
        "value": value,
        **schema,
        # the kit's words, in the reader's language (the values stay as the rules take them)
        "label": _(label) if label else name,
        "help": _(help_text) if help_text else "",
        "shown_choices": [(c, _(c) if isinstance(c, str) and c else c) for c in schema.get("choices", [])],
    }
