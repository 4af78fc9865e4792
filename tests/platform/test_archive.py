"""The archive ``/u/<name>/games/`` (games/web/archive.py, games/matches/archive.py), in process:
who sees which games, every filter, bad filter values, pages, rows in words, bounded queries."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from games.catalog.registry import GAMES
from games.matches import wording
from games.matches.archive import archive
from games.matches.models import Match, Seat
from games.matches.study.analysis_models import MatchAnalysis

from .conftest import make_user

pytestmark = pytest.mark.django_db

FINISHED, ACTIVE, ABORTED = Match.Status.FINISHED, Match.Status.ACTIVE, Match.Status.ABORTED


def game_of(
    seats: list[Any],
    *,
    game: str = "othello",
    status: str = FINISHED,
    result: dict | None = None,
    visibility: str = Match.Visibility.OPEN,
    rated: bool = False,
    clock: dict | None = None,
    days_ago: int = 0,
    ply: int = 10,
) -> Match:
    """A match stored as the services leave one: ``seats`` are users or computer levels."""
    if result is None and status == FINISHED:
        result = {"winner": 0, "winners": [0], "draw": False, "reason": "board full", "score": {}}
    match = Match.objects.create(
        game=game,
        options=GAMES[game].clean_options({}),
        status=status,
        result=result,
        visibility=visibility,
        rated=rated,
        takebacks=not rated,  # a rated match never allows takebacks (a constraint)
        time_control=clock,
        ply=ply,
        finished_at=timezone.now() if status == FINISHED else None,
    )
    Match.objects.filter(pk=match.pk).update(created_at=timezone.now() - timedelta(days=days_ago))
    for number, who in enumerate(seats):
        if isinstance(who, str):
            Seat.objects.create(match=match, seat=number, level=who)
        else:
            Seat.objects.create(match=match, seat=number, user=who)
    return Match.objects.get(pk=match.pk)


def listed(client: Client, name: str, query: str = "") -> list[str]:
    """The replay links the archive page lists, in order."""
    response = client.get(f"/u/{name}/games/{query}")
    assert response.status_code == 200
    return [r.replay_url for r in response.context["rows"]]


def replay(match: Match) -> str:
    return f"/r/{match.replay_slug}/"


@pytest.fixture
def people():
    return make_user("ann"), make_user("ben"), make_user("cat")


def test_a_private_match_is_listed_to_its_players_and_staff_only(people) -> None:
    ann, ben, cat = people
    open_one = game_of([ann, ben])
    private = game_of([ann, ben], visibility=Match.Visibility.INVITE)
    for viewer, sees_private in ((None, False), (cat, False), (ann, True), (ben, True)):
        client = Client()
        if viewer is not None:
            client.force_login(viewer)
        shown = listed(client, "ann")
        assert replay(open_one) in shown
        assert (replay(private) in shown) is sees_private, viewer
    staff = make_user("staff", is_staff=True)
    client = Client()
    client.force_login(staff)
    assert replay(private) in listed(client, "ann")


def test_newest_first_and_only_games_that_were_played(people) -> None:
    ann, ben, _ = people
    old = game_of([ann, ben], days_ago=3)
    new = game_of([ben, ann], days_ago=1)
    playing = game_of([ann, "strong"], status=ACTIVE, result=None)
    aborted_with_moves = game_of([ann, ben], status=ABORTED, result=None, ply=2)
    game_of([ann, ben], status=ABORTED, result=None, ply=0)  # a declined challenge
    game_of([ann, None], status=Match.Status.WAITING, result=None, ply=0)
    game_of([ben, "random"])  # not hers
    assert listed(Client(), "ann") == [replay(m) for m in (aborted_with_moves, playing, new, old)]


RESULTS = [
    ("othello", {"winner": 0, "winners": [0], "draw": False, "reason": "board full"}),
    ("othello", {"winner": 1, "winners": [1], "draw": False, "reason": "resign", "resigned": 0}),
    ("othello", {"winner": None, "winners": [], "draw": True, "reason": "draw"}),
    ("othello", {"winner": None, "winners": [], "draw": True, "reason": "agreement"}),
    ("othello", {"winner": None, "winners": [], "draw": False, "reason": "abandoned", "abandoned": [1]}),
    ("othello", {"winner": None, "reason": "board full"}),  # stored before winners/draw
    ("othello", {"winner": None, "reason": "resign", "resigned": 0}),
    ("connect_four", {"winner": 1, "winners": [1], "draw": False, "reason": "time", "timed_out": [0]}),
    ("journey", {"winner": None, "winners": [0, 1], "draw": False, "reason": "victory"}),
    ("journey", {"winner": None, "winners": [], "draw": False, "reason": "defeat"}),
    ("journey", {"winner": 1, "winners": [1], "draw": False, "reason": "resign", "resigned": 0}),
]


@pytest.mark.parametrize("ann_seat", [0, 1])
def test_the_result_filter_reads_each_result_as_the_pages_do(people, ann_seat: int) -> None:
    ann, ben, _ = people
    expected: dict[str, set[str]] = {"won": set(), "lost": set(), "drawn": set()}
    for game, result in RESULTS:
        seats = [ann, ben] if ann_seat == 0 else [ben, ann]
        match = game_of(seats, game=game, result={**result, "score": {}})
        said = wording.verdict(match.result, ann_seat, cooperative=GAMES[game].cooperative)
        expected["drawn" if said == "draw" else said].add(match.pk)
    game_of([ann, ben], status=ACTIVE, result=None)
    for result, pks in expected.items():
        found = {seat.match_id for seat in archive(ann, ann, result=result)}
        assert found == pks, result
    assert {s.match.status for s in archive(ann, ann, result="unfinished")} == {ACTIVE}


def test_every_filter(people) -> None:
    ann, ben, cat = people
    five_three = {"initial": 300, "increment": 3}
    a = game_of([ann, ben], game="othello", rated=True, clock=five_three, days_ago=10)
    b = game_of([cat, ann], game="connect_four", clock={"days": 3}, days_ago=5)
    c = game_of([ann, "strong"], game="reversi_1d", days_ago=1)
    d = game_of([ann, ben], game="othello", clock={"initial": 45, "increment": 0})
    client = Client()
    assert listed(client, "ann", "?game=othello") == [replay(d), replay(a)]
    assert listed(client, "ann", "?opponent=BEN") == [replay(d), replay(a)]
    assert listed(client, "ann", "?rated=rated") == [replay(a)]
    assert listed(client, "ann", "?rated=casual") == [replay(d), replay(c), replay(b)]
    assert listed(client, "ann", "?clock=5%2B3") == [replay(a)]
    assert listed(client, "ann", "?clock=0:45%2B0") == [replay(d)]
    assert listed(client, "ann", "?clock=correspondence") == [replay(b)]
    assert listed(client, "ann", "?clock=untimed") == [replay(c)]
    today = timezone.localdate()
    since, until = today - timedelta(days=6), today - timedelta(days=1)
    assert listed(client, "ann", f"?since={since}&until={until}") == [replay(c), replay(b)]
    assert listed(client, "ann", "?game=othello&opponent=ben&result=won") == [replay(d), replay(a)]
    assert listed(client, "ann", "?result=lost") == [replay(b)]  # cat (seat 0) won


@pytest.mark.parametrize(
    ("query", "reason"),
    [
        ("?game=chess", "Select a valid choice. chess is not one of the available choices."),
        ("?opponent=nobody", "Nobody here is called nobody."),
        ("?result=maybe", "Select a valid choice. maybe is not one of the available choices."),
        ("?rated=sometimes", "Select a valid choice. sometimes is not one of the available choices."),
        ("?clock=banana", "Select a valid choice. banana is not one of the available choices."),
        ("?since=yesterday", "Enter a valid date."),
        ("?since=2026-05-02&until=2026-05-01", "The end date is before the start date."),
        ("?since=2026-13-45", "Enter a valid date."),
    ],
)
def test_bad_filter_values_say_why_and_the_others_still_filter(people, query: str, reason: str) -> None:
    ann, ben, _ = people
    game_of([ann, ben], game="othello")
    kept = game_of([ann, ben], game="connect_four")
    chess = "game=" in query
    response = Client().get(f"/u/ann/games/{query}" + ("" if chess else "&game=connect_four"))
    assert response.status_code == 200
    page = response.content.decode()
    assert reason in page.replace("&#x27;", "'")
    if not chess:
        assert [r.replay_url for r in response.context["rows"]] == [replay(kept)]


def test_pages_of_25_keep_the_filters(people) -> None:
    ann, ben, _ = people
    made = [game_of([ann, ben], days_ago=n) for n in range(30)]
    game_of([ann, ben], game="connect_four")
    client = Client()
    first = client.get("/u/ann/games/?game=othello")
    assert [r.replay_url for r in first.context["rows"]] == [replay(m) for m in made[:25]]
    page = first.content.decode()
    assert 'href="?game=othello&amp;page=2"' in page and "Page 1 of 2" in page
    assert listed(client, "ann", "?game=othello&page=2") == [replay(m) for m in made[25:]]
    assert listed(client, "ann", "?game=othello&page=99") == [replay(m) for m in made[25:]]  # the last


def test_a_bad_page_number_shows_the_first_page(people) -> None:
    ann, ben, _ = people
    newest = game_of([ann, ben])
    assert listed(Client(), "ann", "?page=abc") == [replay(newest)]


def test_rows_in_words(people) -> None:
    ann, ben, _ = people
    game_of([ann, ben], rated=True, clock={"initial": 300, "increment": 3}, ply=42)
    game_of(
        [ann, "strong"], game="connect_four", result={"winner": 1, "winners": [1], "reason": "four in a row"}
    )
    page = Client().get("/u/ann/games/").content.decode()
    assert 'vs\n              <a href="/u/ben/">ben</a>' in page
    assert "the computer (strong)" in page
    assert "ann won · the board is full" in page  # a visitor reads names
    assert "rated · 5+3 · 42 moves" in page and "casual · Untimed · 10 moves" in page
    own = Client()
    own.force_login(ann)
    assert "You won · the board is full" in own.get("/u/ann/games/").content.decode()
    analysed = game_of([ann, ben], ply=12)
    summary = [
        {"seat": 0, "accuracy": 87.5, "moves": 6, "inaccuracy": 1, "mistake": 0, "blunder": 2},
        {"seat": 1, "accuracy": 60.0, "moves": 6, "inaccuracy": 0, "mistake": 1, "blunder": 0},
    ]
    MatchAnalysis.objects.create(match=analysed, status=MatchAnalysis.Status.DONE, summary=summary)
    page = Client().get("/u/ann/games/").content.decode()
    assert "Analysed: 87.5% accuracy, 2 blunders" in page  # ann's own play, not ben's
    assert "Analysed: 60% accuracy, 1 mistake" in Client().get("/u/ben/games/").content.decode()


def test_the_queries_do_not_grow_with_the_page(people) -> None:
    ann, ben, _ = people

    def count() -> int:
        client = Client()
        client.force_login(ben)
        with CaptureQueriesContext(connection) as queries:
            assert client.get("/u/ann/games/?opponent=ben&result=won").status_code == 200
        return len(queries)

    for _ in range(2):
        game_of([ann, ben])
    few = count()
    for _ in range(30):
        game_of([ann, ben], rated=True)
    assert count() == few <= 12


def test_the_profile_links_to_all_games(people) -> None:
    ann, _, _ = people
    page = Client().get("/u/ann/").content.decode()
    assert 'href="/u/ann/games/"' in page and "All games" in page


def test_an_unknown_person_is_404() -> None:
    assert Client().get("/u/nobody/games/").status_code == 404
