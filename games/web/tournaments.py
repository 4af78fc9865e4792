"""Tournament pages (list, new, one tournament) and the tournament JSON API (protocol.md,
"Tournaments"). Thin views over ``games.tournaments.services`` and ``selectors``."""

from __future__ import annotations

from datetime import timedelta

from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from accounts.api_auth import api_view, json_body
from games.catalog.computer import levels
from games.catalog.registry import GAMES
from games.matches.errors import ServiceError
from games.tournaments import selectors, services
from games.tournaments.models import Tournament

from .forms import TournamentGameForm


def _get(tournament_id: int) -> Tournament:
    tournament = Tournament.objects.select_related("created_by").filter(pk=tournament_id).first()
    if tournament is None:
        raise ServiceError("not_found", _("No such tournament."), 404)
    return tournament


# -- JSON API ---------------------------------------------------------------------------------
@require_POST
@api_view
def api_create(request: HttpRequest) -> JsonResponse:
    """``POST /api/tournaments/``: create an upcoming tournament."""
    body = json_body(request)
    tournament = services.tournament_create(
        user=request.user,
        name=body.get("name"),
        game=body.get("game"),
        options=body.get("options") or {},
        clock=body.get("clock"),
        rated=body.get("rated", False),
        format=body.get("format", "round_robin"),
        rounds=body.get("rounds"),
        double=body.get("double", False),
        starts_at=body.get("starts_at"),
        entry=body.get("entry", "anyone"),
        levels=body.get("levels") or [],
        max_entrants=body.get("max_entrants", 16),
    )
    return JsonResponse(selectors.tournament_json(tournament), status=201)


@require_POST
@api_view
def api_join(request: HttpRequest, tournament_id: int) -> JsonResponse:
    """``POST /api/tournaments/<id>/join/``: enter (``{"level": ...}``: the creator enters a
    computer player)."""
    body = json_body(request)
    level = body.get("level") or ""
    if not isinstance(level, str):
        raise ServiceError("bad_options", _("Level must be a computer level's name."), 400, field="level")
    services.tournament_join(tournament_id=tournament_id, user=request.user, level=level)
    return JsonResponse(selectors.tournament_json(_get(tournament_id)))


@require_GET
@api_view
def api_detail(request: HttpRequest, tournament_id: int) -> JsonResponse:
    """``GET /api/tournaments/<id>/``: standings with points, crosstable, rounds."""
    _start_if_due(tournament_id)
    return JsonResponse(selectors.tournament_json(_get(tournament_id)))


def _start_if_due(tournament_id: int) -> None:
    """Opening a tournament whose time came starts it (the clock watcher does it too)."""
    if Tournament.objects.filter(
        pk=tournament_id, status=Tournament.Status.UPCOMING, starts_at__lte=timezone.now()
    ).exists():
        services.tournament_start(tournament_id=tournament_id)


# -- pages ------------------------------------------------------------------------------------
@require_GET
def tournament_list(request: HttpRequest) -> HttpResponse:
    return render(request, "tournaments/list.html", {"groups": selectors.all_by_status()})


@login_required
@require_http_methods(["GET", "POST"])
def tournament_new(request: HttpRequest) -> HttpResponse:
    """The form: on POST, create and go to the tournament's page (errors shown on the form)."""
    form = TournamentGameForm(request.POST or None)
    error, values = None, {}
    if request.method == "POST":
        values = request.POST
        if form.is_valid():
            try:
                tournament = services.tournament_create(
                    user=request.user,
                    name=values.get("name", ""),
                    game=form.cleaned_data["game"],
                    options=form.cleaned_data["options"],
                    clock={
                        "initial": _int(values.get("initial"), 0) * 60 or 60,
                        "increment": _int(values.get("increment"), 0),
                    },
                    rated=values.get("rated") == "on",
                    format=values.get("format", "round_robin"),
                    rounds=_int(values.get("rounds"), None),
                    double=values.get("double") == "on",
                    starts_at=_when(values.get("starts_in")),
                    entry=values.get("entry", "anyone"),
                    levels=values.getlist("levels"),
                    max_entrants=_int(values.get("max_entrants"), 16),
                )
            except ServiceError as exc:
                if not form.add_option_error(exc.field, exc.message):
                    error = exc.message  # the message names its field, in words
            else:
                if values.get("join") == "on":
                    try:
                        services.tournament_join(tournament_id=tournament.pk, user=request.user)
                    except ServiceError:
                        pass  # e.g. bots only: the page shows why there is no seat
                return redirect("tournament_detail", tournament_id=tournament.pk)
    games = [
        {"slug": slug, "name": _(GAMES[slug].name), "levels": _levels(slug), "fields": form.game_fields(slug)}
        for slug in form.offered_games()
    ]
    return render(
        request,
        "tournaments/new.html",
        {
            "form": form,
            "games": games,
            "error": error,
            "values": values,
        },
        status=400 if error or form.errors else 200,
    )


def _levels(slug: str) -> list[dict[str, str]]:
    """A game's computer levels: the name posted (English) and the name shown (its kit marks it)."""
    return [{"name": level, "label": _(level)} for level in levels(slug)]


def _int(raw, default):
    try:
        return int(raw)
    except (TypeError, ValueError):
        return default


def _when(raw) -> str:
    """The start time ``raw`` minutes from now (past a year: refused by the service)."""
    minutes = min(max(0, _int(raw, 1)), 367 * 24 * 60)  # timedelta overflows past ~2.7e12 min
    return (timezone.now() + timedelta(minutes=minutes)).isoformat()


def _page_context(request: HttpRequest, tournament: Tournament) -> dict:
    """What the tournament page shows to this visitor: ``data`` (the tournament's JSON, embedded
    for its script, which draws the live part) and the facts about the viewer that it needs."""
    data = selectors.tournament_json(tournament)
    user = request.user
    mine = (
        tournament.entrants.filter(user=user).values_list("pk", flat=True).first()
        if user.is_authenticated
        else None
    )
    upcoming = tournament.status == Tournament.Status.UPCOMING
    return {
        "t": tournament,
        "data": data,
        "entered": mine is not None,
        "you": mine,
        "can_join": user.is_authenticated and mine is None and upcoming,
        "tiebreak_name": selectors.TIEBREAK_NAMES[data["tiebreak"]],
        "bye_points": selectors.bye_points(tournament),
        "option_labels": selectors.option_labels(tournament),
        "levels": _levels(tournament.game),
        "is_creator": user.is_authenticated and tournament.created_by_id == user.pk,
    }


@require_GET
def tournament_detail(request: HttpRequest, tournament_id: int) -> HttpResponse:
    """The tournament page: its live part is drawn by its script from the embedded JSON."""
    _start_if_due(tournament_id)
    tournament = Tournament.objects.select_related("created_by").filter(pk=tournament_id).first()
    if tournament is None:
        raise Http404("No such tournament.")
    return render(request, "tournaments/detail.html", _page_context(request, tournament))


@login_required
@require_POST
def tournament_join(request: HttpRequest, tournament_id: int) -> HttpResponse:
    """The page's Join button (and the creator's "add a computer player")."""
    try:
        services.tournament_join(
            tournament_id=tournament_id, user=request.user, level=request.POST.get("level", "")
        )
    except ServiceError as exc:
        if exc.status == 404:
            raise Http404(exc.message) from None
        context = {**_page_context(request, _get(tournament_id)), "error": exc.message}
        return render(request, "tournaments/detail.html", context, status=exc.status)
    return redirect("tournament_detail", tournament_id=tournament_id)
