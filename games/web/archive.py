"""The archive page ``/u/<name>/games/``: a person's games a visitor may see, filtered by a GET
form, 25 a page. The query and the rows' words are ``games.matches.archive``'s."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib.auth import get_user_model
from django.core.paginator import Paginator
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext_lazy

from games.catalog.registry import GAMES
from games.matches import archive, clocks

PER_PAGE = 25


def _clock_choices() -> list[tuple[str, str]]:
    realtime = [(f"{m}+{s}", f"{m}+{s}") for m, s in clocks.PRESETS]
    return [
        ("", pgettext_lazy("a filter's choice", "Any")),
        (archive.UNTIMED, _("Untimed")),
        (archive.CORRESPONDENCE, _("Correspondence")),
        *realtime,
    ]


class ClockField(forms.ChoiceField):
    """The presets to pick from; any other realtime label ("2+1", "0:45+0") typed in the
    address is accepted too, as the site labels a match's clock."""

    def valid_value(self, value: Any) -> bool:
        return super().valid_value(value) or bool(archive.CLOCK_LABEL.match(str(value)))


class ArchiveFilterForm(forms.Form):
    """The archive's filters, read from the GET parameters; each bad value says why."""

    game = forms.ChoiceField(required=False, label=gettext_lazy("Game"))
    opponent = forms.CharField(required=False, max_length=150, label=gettext_lazy("Opponent"))
    result = forms.ChoiceField(
        required=False,
        label=gettext_lazy("Result"),
        choices=[
            ("", pgettext_lazy("a filter's choice", "Any")),
            ("won", gettext_lazy("Won")),
            ("lost", gettext_lazy("Lost")),
            ("drawn", gettext_lazy("Drawn")),
            ("unfinished", gettext_lazy("Unfinished")),
        ],
    )
    rated = forms.ChoiceField(
        required=False,
        label=gettext_lazy("Rated"),
        choices=[
            ("", pgettext_lazy("a filter's choice", "Any")),
            ("rated", gettext_lazy("Rated")),
            ("casual", gettext_lazy("Casual")),
        ],
    )
    clock = ClockField(required=False, label=gettext_lazy("Clock"))
    since = forms.DateField(
        required=False, label=gettext_lazy("From"), widget=forms.DateInput(attrs={"type": "date"})
    )
    until = forms.DateField(
        required=False, label=gettext_lazy("To"), widget=forms.DateInput(attrs={"type": "date"})
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("label_suffix", "")  # labels read as the profile's: "Game", not "Game:"
        super().__init__(*args, **kwargs)
        games = [(slug, _(g.name)) for slug, g in GAMES.items()]  # the names their kits mark
        self.fields["game"].choices = [("", _("All games")), *games]
        clock = self.fields["clock"]
        clock.choices = _clock_choices()
        typed = self.data.get("clock", "")
        if archive.CLOCK_LABEL.match(typed) and typed not in dict(clock.choices):
            clock.choices = [*clock.choices, (typed, typed)]  # shown selected as typed
        self.fields["opponent"].widget.attrs.update({"placeholder": _("a username"), "autocomplete": "off"})

    def clean_opponent(self) -> Any:
        name = self.cleaned_data["opponent"].strip()
        if not name:
            return None
        found = get_user_model().objects.filter(username__iexact=name).first()
        if found is None:
            raise forms.ValidationError(_("Nobody here is called %(name)s.") % {"name": name})
        return found

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        since, until = data.get("since"), data.get("until")
        if since and until and since > until:
            self.add_error("until", _("The end date is before the start date."))
        return data

    def filters(self) -> dict[str, Any]:
        """The valid filters as ``archive.archive`` takes them (a bad one is left out: the
        page says why and lists the games by the others)."""
        data = self.cleaned_data
        rated = {"rated": True, "casual": False}.get(data.get("rated") or "")
        keys = ("game", "opponent", "result", "clock", "since", "until")
        return {**{k: data[k] for k in keys if data.get(k)}, "rated": rated}


def archive_page(request: HttpRequest, username: str) -> HttpResponse:
    """Every game of ``username`` the visitor may see, newest first, filtered, paginated."""
    person = get_object_or_404(get_user_model(), username=username)
    form = ArchiveFilterForm(request.GET or None)
    filters: dict[str, Any] = {}
    if form.is_bound:
        form.is_valid()  # a bad value is shown with its reason; the valid ones still filter
        filters = form.filters()
    seats = archive.archive(person, request.user, **filters)
    page = Paginator(seats, PER_PAGE).get_page(request.GET.get("page"))
    kept = request.GET.copy()
    kept.pop("page", None)
    return render(
        request,
        "games/archive.html",
        {
            "profile_user": person,
            "form": form,
            "page": page,
            "rows": [archive.row(seat, request.user) for seat in page],
            "filtered": bool(filters and any(v not in (None, "") for v in filters.values())),
            "query": kept.urlencode(),
        },
    )
