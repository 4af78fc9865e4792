"""The create forms of a match and of a tournament: their game options are built from the
games' option schemas (``GameOptionsForm``) and validated by the rules."""

from __future__ import annotations

import re
from typing import Any

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from games.catalog.computer import default_level, levels
from games.catalog.registry import GAMES
from games.matches import clocks
from games.matches.choices import no_takebacks
from games.matches.errors import told
from games.matches.models import Match
from games.rules import OptionError

WIDGETS = {"int": forms.IntegerField, "text": forms.CharField, "bool": forms.BooleanField}


def option_field_name(slug: str, name: str) -> str:
    """Form field name of one game option (``reversi__size``)."""
    return f"{slug}__{name}"


def _time_choices() -> list[tuple[str, str]]:
    """The time controls offered, in the reader's language (called each time the field is read)."""
    realtime = [
        (f"{m}+{i}", _("%(m)s+%(i)s (%(m)s min, +%(i)s s a move)") % {"m": m, "i": i})
        for m, i in clocks.PRESETS
    ]
    days = [(f"d{n}", ngettext("%(n)s day a move", "%(n)s days a move", n) % {"n": n}) for n in clocks.DAYS]
    return [("", _("Untimed")), *realtime, ("custom", _("Custom realtime…")), *days]


def _side_choices() -> list[tuple[str, str]]:
    """The creator's side: random, a seat, or watching the computers."""
    seats = [(str(n), _("Seat %(n)s") % {"n": n}) for n in range(4)]
    return [("random", _("Random")), *seats, ("watch", _("Watch"))]


def _game_choices(slugs) -> list[tuple[str, str]]:
    """The games offered, by their names in the reader's language (their kits mark them)."""
    return [(slug, _(GAMES[slug].name)) for slug in slugs]


def tournament_games() -> list[str]:
    """The games a tournament (or a challenge) can be of: two opponents, not co-operative."""
    return [slug for slug, g in GAMES.items() if not g.cooperative and g.seats[0] <= 2 <= g.seats[1]]


class GameOptionsForm(forms.Form):
    """A form with a ``game`` choice and a field for every option of each offered game: the one
    place a game's option schema becomes form fields and the chosen game's posted values
    become its options (``cleaned_data["options"]``, checked by the game's rules).
    Subclasses declare ``game``: its choices are the games offered."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        for slug in self.offered_games():
            for name, opt in GAMES[slug].options.items():
                label = _(opt.label) if opt.label else name  # the game's words, marked by its kit
                if opt.type == "choice":
                    # "Classic", not "classic": a word its kit marks, in the reader's language
                    shown = [
                        (c, _(c).capitalize() if c and isinstance(c, str) else str(c))
                        for c in opt.choices or ()
                    ]
                    field = forms.ChoiceField(label=label, choices=shown)
                elif opt.type == "text":
                    board = {"rows": opt.lines, "spellcheck": "false"}  # a board as text (monospace)
                    widget = forms.Textarea(attrs=board) if opt.lines > 1 else forms.TextInput
                    field = forms.CharField(label=label, widget=widget)
                else:
                    field = WIDGETS[opt.type](label=label)
                field.required = False
                field.initial = opt.default
                field.help_text = _(opt.help) if opt.help else opt.help
                if opt.type == "int":
                    field.widget.attrs.update({"min": opt.min, "max": opt.max})
                self.fields[option_field_name(slug, name)] = field

    @staticmethod
    def initial_options(query: Any) -> dict[str, Any]:
        """Initial values of the option fields named in a query string (``reversi__size=6``:
        the analysis board's "Play from here" link); a checkbox is on for ``on``, ``1`` or ``true``."""
        initial: dict[str, Any] = {}
        for slug, game in GAMES.items():
            for name, opt in game.options.items():
                key = option_field_name(slug, name)
                if key in query:
                    value = query[key]
                    initial[key] = value.lower() in ("on", "1", "true") if opt.type == "bool" else value
        return initial

    def offered_games(self) -> list[str]:
        """The slugs of the ``game`` field's choices."""
        return [str(slug) for slug, _ in self.fields["game"].choices]

    def game_fields(self, slug: str) -> list[forms.BoundField]:
        """The bound option fields of one game, for its fieldset."""
        return [self[option_field_name(slug, name)] for name in GAMES[slug].options]

    def raw_options(self) -> dict[str, Any]:
        """The chosen game's options as posted (the rules coerce them; checkboxes as booleans)."""
        slug = self.cleaned_data["game"]
        return {
            name: self.data.get(option_field_name(slug, name))
            for name in GAMES[slug].options
            if GAMES[slug].options[name].type != "bool"
        } | {
            name: self.cleaned_data.get(option_field_name(slug, name))
            for name, opt in GAMES[slug].options.items()
            if opt.type == "bool"
        }

    def add_option_error(self, name: str | None, message: str) -> bool:
        """Show ``message`` on the chosen game's option ``name``; False (nothing added) when
        ``name`` is not one of its options."""
        slug = self.cleaned_data.get("game")
        if slug not in GAMES or name not in GAMES[slug].options:
            return False
        field = option_field_name(slug, name)
        # the field's label already introduces its errors (and the summary's links)
        said = GAMES[slug].options[name].label or name  # as the rules' message begins (English)
        for label in (said, str(self.fields[field].label)):  # "Label: …", or French's "Label : …"
            message = re.sub(rf"^{re.escape(label)}\s*:\s*", "", message)
        self.add_error(field, message)
        return True

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        slug = data.get("game")
        if not slug:
            return data
        try:
            data["options"] = GAMES[slug].clean_options(self.raw_options())
        except OptionError as exc:
            if not self.add_option_error(exc.field, told(exc)):
                self.add_error(None, told(exc))
        return data


class MatchCreateForm(GameOptionsForm):
    rated = forms.BooleanField(required=False, label=gettext_lazy("Rated"))
    # Checked by default; a rated match, or a co-operative game, has none whatever it says.
    allow_takebacks = forms.BooleanField(required=False, initial=True, label=gettext_lazy("Allow takebacks"))
    time_control = forms.ChoiceField(
        choices=_time_choices, required=False, label=gettext_lazy("Time control")
    )
    clock_minutes = forms.IntegerField(
        required=False,
        min_value=1,
        max_value=clocks.MAX_INITIAL // 60,
        initial=5,
        label=gettext_lazy("Clock minutes"),
    )
    clock_increment = forms.IntegerField(
        required=False,
        min_value=0,
        max_value=clocks.MAX_INCREMENT,
        initial=0,
        label=gettext_lazy("Clock increment"),
    )

    game = forms.ChoiceField(choices=lambda: _game_choices(GAMES), label=gettext_lazy("Game"))
    opponent = forms.ChoiceField(
        choices=Match.Visibility.choices,
        initial="invite",
        widget=forms.RadioSelect,
        label=gettext_lazy("Opponent"),
    )
    level = forms.CharField(required=False, label=gettext_lazy("Level"))
    level2 = forms.CharField(required=False, label=gettext_lazy("Level2"))
    side = forms.ChoiceField(choices=_side_choices, initial="random", label=gettext_lazy("Side"))

    def clock(self) -> dict[str, int] | None:
        """The ``clock`` argument of match_create, from the time control fields."""
        data = self.cleaned_data
        chosen = data.get("time_control") or ""
        if not chosen:
            return None
        if chosen.startswith("d"):
            return {"days": int(chosen[1:])}
        if chosen == "custom":
            return {
                "initial": (data.get("clock_minutes") or 5) * 60,
                "increment": data.get("clock_increment") or 0,
            }
        minutes, increment = chosen.split("+")
        return {"initial": int(minutes) * 60, "increment": int(increment)}

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        slug = data.get("game")
        if not slug:
            return data
        if data.get("opponent") == Match.Visibility.COMPUTER:
            for name in ("level", "level2"):
                data[name] = data.get(name) or data.get("level") or default_level(slug)
                if data[name] not in levels(slug):
                    self.add_error(
                        name, _("Choose a computer level: %(levels)s.") % {"levels": ", ".join(levels(slug))}
                    )
        elif data.get("side") == "watch":
            self.add_error("side", _("To watch a match, choose the computer as the opponent."))
        return data

    def takebacks(self) -> bool:
        """The ``takebacks`` argument of match_create: the box, in a casual match of
        opponents only (the box is shown for every game and ignored where none are allowed)."""
        data = self.cleaned_data
        allowed = not data.get("rated") and not no_takebacks(GAMES[data["game"]])
        return bool(data.get("allow_takebacks")) and allowed

    def computer_levels(self) -> str | list[str]:
        """The ``level`` argument of match_create: one level, or one per seat when watching."""
        data = self.cleaned_data
        if data.get("side") != "watch":
            return data.get("level") or ""
        seats = GAMES[data["game"]].seat_count(data["options"])
        return [data["level"] if n % 2 == 0 else data["level2"] for n in range(seats)]


class ChallengeForm(MatchCreateForm):
    """The create form as a challenge to one person (``/m/new/?challenge=<username>``): a
    game of two opponents, its options, clock, side and rated; the other seat is kept for
    them (no open seat, no computer)."""

    game = forms.ChoiceField(choices=lambda: _game_choices(tournament_games()), label=gettext_lazy("Game"))
    opponent = forms.ChoiceField(choices=[("invite", "invite")], initial="invite", required=False)


class TournamentGameForm(GameOptionsForm):
    """The game and its options of the new-tournament form (its other fields go to the
    service as posted)."""

    game = forms.ChoiceField(choices=lambda: _game_choices(tournament_games()), label=gettext_lazy("Game"))
