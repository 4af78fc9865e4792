"""Pages: lobby, create, match, invite link, replay, transcript. Thin: selectors and services."""

from __future__ import annotations

import json
from functools import partial

from django.contrib import messages
from django.contrib.auth import get_user_model
from django.contrib.auth.decorators import login_required
from django.db.models import Count, Max, Q
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import condition, require_http_methods

from accounts.follows import challenge_allowed, following
from accounts.services import challenge_create
from games.catalog.analysis import analysable, has_board
from games.catalog.computer import LEVELS, NOTES, default_level
from games.catalog.registry import GAMES
from games.matches import services
from games.matches.challenges.selectors import challenges_to
from games.matches.choices import RATED_NO_TAKEBACKS, no_takebacks
from games.matches.errors import ServiceError
from games.matches.models import Match, Seat
from games.matches.pairing import pools
from games.matches.ratings import standings as ratings
from games.matches.records import match_record
from games.matches.replays import replay_json, replay_summary, transcript
from games.matches.selectors import match_for_user, match_rows
from games.matches.study.computer_analysis import PLY_BUDGET, analysis_json, longest_seconds
from games.matches.talking import chat
from games.matches.wording import time_left
from games.tournaments.selectors import listed as listed_tournaments

from .forms import ChallengeForm, MatchCreateForm, tournament_games
from .puzzles import daily_card
from .words import game_info


def lobby(request: HttpRequest) -> HttpResponse:
    """Open seats to join, challenges to you, your ongoing matches (whose turn), recent
    finished matches.

    The three lists change far less often than the lobby is read: the template caches their
    fragments (Django's cache) under a version (one small query each) that changes whenever
    their content does; the lists stay lazy, so a cached fragment costs no other query."""
    open_matches = Match.objects.open().select_related("created_by").prefetch_related("seats__user")
    mine, mine_version, shown = list, "", Q(visibility=Match.Visibility.OPEN)
    challenges = people = list
    if request.user.is_authenticated:
        open_matches = open_matches.exclude(seats__user=request.user)
        ongoing = Match.objects.ongoing().of_user(request.user)
        # a callable: the template calls it only when the fragment is not cached
        mine = partial(match_rows, ongoing[:30], request.user)
        # every change of a match (a move, a join, its end) moves its updated_at
        changed = ongoing.order_by().aggregate(n=Count("pk"), last=Max("updated_at"))
        mine_version = f"{request.user.pk}:{changed['n']}:{changed['last']}"
        shown |= Q(pk__in=Seat.objects.filter(user=request.user).values("match_id"))
        challenges = partial(challenges_to, request.user)  # read live: a few rows, not cached
        people = partial(following, request.user)
    finished = Match.objects.finished().filter(shown).prefetch_related("seats__user").order_by("-finished_at")
    # Leaving the open set lowers the count; joining it raises the newest created_at.
    opened = open_matches.order_by().aggregate(n=Count("pk"), newest=Max("created_at"))
    return render(
        request,
        "games/lobby.html",
        {
            "open_matches": open_matches[:50],
            "my_matches": mine,
            "challenges": challenges,
            "following": people,
            "mine_version": mine_version,
            "finished": finished[:20],
            "games": partial(_games_shown),  # their names and descriptions said (when not cached)
            "open_version": f"{request.user.pk}:{opened['n']}:{opened['newest']}",
            # the finished set only grows: its newest row names it
            "finished_version": f"{request.user.pk}:{finished.values_list('finished_at', 'pk').first()}",
            "cache_seconds": LOBBY_CACHE_SECONDS,
            "tournaments": partial(listed_tournaments, 5),  # one query, when the template reads it
            "pool_rows": pools.by_game(),  # quick pairing: counts and places come live (pools.js)
            "daily_puzzle": daily_card,  # when the template reads it
        },
    )


LOBBY_CACHE_SECONDS = 60  # "… ago" texts stay right to the minute


def _games_shown() -> list[dict]:
    return [game_info(g) for g in GAMES.values()]


@login_required
@require_http_methods(["GET", "POST"])
def match_new(request: HttpRequest) -> HttpResponse:
    """Create a match: game, options, opponent, side; bad options come back with reasons.
    With ``challenge=<username>`` (a profile's Challenge button) the same form challenges
    that person instead (``challenge_new``)."""
    to = request.POST.get("challenge") or request.GET.get("challenge")
    if to:
        return challenge_new(request, to)
    initial = {"game": request.GET.get("game", next(iter(GAMES)))}
    if request.GET.get("opponent") in ("computer", "open", "invite"):  # the lobby's "Play the computer"
        initial["opponent"] = request.GET["opponent"]
    initial.update(MatchCreateForm.initial_options(request.GET))  # "Play from here" fills them
    form = MatchCreateForm(request.POST or None, initial=initial)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            match = services.match_create(
                user=request.user,
                game=data["game"],
                options=data["options"],
                opponent=data["opponent"],
                side=data["side"],
                level=form.computer_levels(),
                clock=form.clock(),
                rated=data["rated"],
                takebacks=form.takebacks(),
            )
        except ServiceError as exc:
            form.add_error(None, exc.message)
        else:
            return redirect(match.get_absolute_url())
    return create_page(request, form)


def challenge_new(request: HttpRequest, username: str) -> HttpResponse:
    """The create form as a challenge to ``username``: the match waits, its other seat kept
    for them, until they accept. Someone who takes no challenges from you is said so, with
    no form (``accounts.follows.challenge_allowed``)."""
    target = get_object_or_404(get_user_model(), username=username, is_active=True)
    if target.pk == request.user.pk:
        messages.info(request, _("Challenge someone else: open their profile."))
        return redirect("match_new")
    offered = tournament_games()
    chosen = request.GET.get("game")
    form = ChallengeForm(request.POST or None, initial={"game": chosen if chosen in offered else offered[0]})
    try:
        challenge_allowed(challenger=request.user, target=target)
        refused = ""
    except ServiceError as exc:
        refused = exc.message
    if request.method == "POST" and not refused and form.is_valid():
        data = form.cleaned_data
        try:
            challenge = challenge_create(
                user=request.user,
                to=target.username,
                game=data["game"],
                options=data["options"],
                clock=form.clock(),
                rated=data["rated"],
                side=data["side"],
                takebacks=form.takebacks(),
            )
        except ServiceError as exc:
            form.add_error(None, exc.message)
        else:
            return redirect(challenge.match.get_absolute_url())
    return create_page(request, form, challenged=target, refused=refused)


def create_page(request: HttpRequest, form: MatchCreateForm, **extra: object) -> HttpResponse:
    """The create form's page, with its offered games (their levels and option fields) and
    the server's reasons for a casual match or one without takebacks, which its script shows
    beside the boxes it greys (``create.js``) instead of learning them from the refusal."""
    measured = ratings.level_ratings()  # game -> level -> rating (one query)
    games = [
        {
            **game_info(GAMES[slug]),
            "levels": [
                {
                    "name": lv,  # the value posted: English
                    "label": _(lv),  # the name shown (its kit marks it)
                    "note": _note(NOTES[slug].get(lv, "")),
                    "rating": measured.get(slug, {}).get(lv),
                }
                for lv in LEVELS.get(slug, {})
            ],
            "default_level": default_level(slug),
            "fields": form.game_fields(slug),
            "never_rated": ratings.never_rated(GAMES[slug]) or "",
            "start_option": GAMES[slug].start_option or "",
            "no_takebacks": no_takebacks(GAMES[slug]) or "",
        }
        for slug in form.offered_games()
    ]
    casual = {"computer": ratings.COMPUTER_IS_CASUAL, "custom_start": ratings.CUSTOM_START_IS_CASUAL}
    return render(
        request,
        "games/match_new.html",
        {"form": form, "games": games, "casual": casual, "rated_no_takebacks": RATED_NO_TAKEBACKS, **extra},
    )


def _note(note: str) -> str:
    """A computer level's note in the reader's language (its kit marks it)."""
    return _(note) if note else ""


def match_detail(request: HttpRequest, match_id: str) -> HttpResponse:
    """The live match page (players play, everyone else watches)."""
    match = get_object_or_404(Match, pk=match_id)
    return render(
        request,
        "games/match.html",
        {
            "match": match,
            "game": game_info(match.rules),
            # the tag says whether this match takes moves back, in a game where one may
            "takebacks_tag": None if no_takebacks(match.rules) else match.takebacks,
            "initial": match_for_user(match, request.user),
            "chat_on": chat.chat_on(request.user),
            "chat_phrases": chat.quick_phrases(match.rules.cooperative),
        },
    )


@require_http_methods(["GET", "HEAD", "POST"])
def match_join(request: HttpRequest, match_id: str) -> HttpResponse:
    """The invite link: who invited you to what. Logged in, a button takes the free seat (a
    POST, CSRF-protected: a GET never seats anyone, so a page elsewhere cannot send you into
    a match); a player already seated goes to the match. Logged out: sign-up and log-in
    links that come back here (or, when no seat is free, a link to watch). Once the match is
    over, the page says so to everyone (no invitation any more) and offers its replay and a
    new match. The link is the capability to see this one match (private or not): the page
    names nothing else."""
    match = get_object_or_404(Match.objects.select_related("created_by"), pk=match_id)
    over = match.status in (Match.Status.FINISHED, Match.Status.ABORTED)
    if request.user.is_authenticated and request.method == "POST" and over:
        return redirect(request.path)  # the page says the game is over, and offers the replay
    if request.user.is_authenticated and request.method == "POST":
        try:
            services.match_join(match_id=match.pk, user=request.user)
        except ServiceError as exc:
            messages.info(request, _("%(why)s You are watching.") % {"why": exc.message})
        return redirect(match.get_absolute_url())
    if request.user.is_authenticated and match.seats.filter(user=request.user).exists():
        return redirect(match.get_absolute_url())
    rules = match.rules
    seats = list(match.seats.select_related("user").order_by("seat"))
    # A seat to take only while the match waits for players.
    waiting = match.status == Match.Status.WAITING
    free = next((s.seat for s in seats if waiting and s.user_id is None and not s.level), None)
    names = rules.seat_names  # as the match page labels its seats ("Black (X)")

    def label(seat: int) -> str:
        return _(names[seat]) if seat < len(names) else _("Seat %(n)s") % {"n": seat}

    # a computer's level in the reader's language (its kit marks it)
    players = [{"label": label(s.seat), "user": s.user, "level": s.level and _(s.level)} for s in seats]
    return render(
        request,
        "games/invite.html",
        {
            "match": match,
            "game": game_info(rules),
            "inviter": match.created_by.username if match.created_by else None,
            "players": players,
            "your_seat": None if free is None else label(free),
            "over": over,
            "next": request.path,
        },
    )


def _replay_etag(request: HttpRequest, slug: str) -> str | None:
    """A replay changes only with a new move or the end of its match, a chat line, or its
    computer analysis (asked for, progress, done): else a reload kept the page without it;
    and with the reader's language (a browser that switched it must not keep the old page)."""
    fields = ("ply", "status", "updated_at", "computer_analysis__status", "computer_analysis__done", "id")
    row = Match.objects.filter(replay_slug=slug).values_list(*fields).first()
    if row is None:
        return None
    said = "-".join(map(str, row[:-1])) + "-" + chat.last_change(row[-1])  # a line said or hidden too
    return f"{said}-{get_language()}"


@condition(etag_func=_replay_etag)
def replay(request: HttpRequest, slug: str) -> HttpResponse:
    """The replay page: every ply, the move list, autoplay, ``?ply=N``, the game record."""
    match = get_object_or_404(Match, replay_slug=slug)
    summary = replay_summary(match)
    return render(
        request,
        "games/replay.html",
        {
            "match": match,
            "game": game_info(match.rules),
            "replay": {"match": summary},
            "replay_json": replay_json(match, summary),
            "chat_lines": chat.players_room_lines(match.pk),
            "analysis_board": has_board(match.game),
            "computer_analysis": _computer_analysis(match, summary),
            "record": match_record(match),
        },
    )


def _computer_analysis(match: Match, summary: dict) -> dict:
    """The replay's computer analysis card: offered for a finished game with moves that can be
    analysed (or one analysed already), with the analysis so far and the players' names. (An
    Alpha Battle dealt from a seed has no move: its setups came from the seed.)"""
    initial = analysis_json(match)
    finished = match.status == Match.Status.FINISHED and match.ply > 0
    names = [
        p["username"] or _("the computer (%(level)s)") % {"level": _(p["computer"]) if p["computer"] else ""}
        for p in summary["players"]
    ]
    return {
        "offered": initial is not None or (finished and analysable(match.game)),
        "initial": initial,
        "players_json": json.dumps(names),
        # said before anyone asks: a 672-move game takes minutes, not seconds
        "longest": time_left(1000 * longest_seconds(match.ply)),
        "budget": PLY_BUDGET,
    }


def replay_transcript(request: HttpRequest, slug: str) -> HttpResponse:
    """The seed's console transcript as a plain-text download."""
    match = get_object_or_404(Match, replay_slug=slug)
    response = HttpResponse(transcript(match), content_type="text/plain; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{match.game}-{match.pk}.txt"'
    return response
