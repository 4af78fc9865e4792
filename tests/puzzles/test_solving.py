"""Solving puzzles through the one POST a move, as docs/protocol.md ("Puzzles (added)") words it,
for a person with an account and for a visitor without one (their ratings in the session),
in every game that has puzzles (the shipped ones, loaded by every migrate).

A right line answers each move with the opponent's reply until the last, which shows the
solution, its themes and its proof; a wrong move shows the solution at once. The first
finished try of a person and puzzle moves their rating and the puzzle's, opposite ways; a
try after it is refused without ``again`` and counts for nothing with it. Bad input changes
nothing and is answered with its code, message and field. The next puzzle is an untried one
near the person's rating, the day's is everyone's, a streak goes on until its first mistake
and moves no rating.

The platform never names a game: a wrong move is one of the rules' other legal moves."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.cache import cache
from django.test import Client

from games.catalog.puzzle_finder import same
from games.catalog.registry import KITS
from games.puzzles.board import position
from games.puzzles.models import Puzzle, PuzzleRating, PuzzleTry
from games.puzzles.selectors import NEAREST, daily
from games.puzzles.services import MAX_LINE

pytestmark = pytest.mark.django_db

GAMES = [slug for slug, kit in KITS.items() if kit.puzzles is not None]
BOARD = {"position", "to_move", "legal_moves", "last_move", "result"}
STEP = {"correct", "solved", "played", "reply", "label", "board"}
FINISHED = {
    "correct",
    "solved",
    "board",
    "solution",
    "labels",
    "boards",
    "themes",
    "proof",
    "source",
    "rated",
}


# -- who solves ---------------------------------------------------------------------------------
@pytest.fixture(params=["account", "visitor"])
def person(request) -> Client:
    """A client solving: logged in to an account of its own, or a visitor without one."""
    client = Client()
    if request.param == "account":
        client.force_login(get_user_model().objects.create_user("ann"))
    return client


def user_of(client: Client):
    """The client's account (None: a visitor)."""
    pk = client.session.get("_auth_user_id")
    return get_user_model().objects.get(pk=pk) if pk else None


def rating_of(client: Client, game: str) -> float | None:
    """The person's stored puzzle rating in ``game`` (None: none stored yet)."""
    user = user_of(client)
    if user:
        row = PuzzleRating.objects.filter(user=user, game=game).first()
        return row and row.rating
    stored = client.session.get("puzzles", {}).get("ratings", {}).get(game)
    return stored and stored[0]


def best_streak_of(client: Client, game: str) -> int:
    user = user_of(client)
    if user:
        row = PuzzleRating.objects.filter(user=user, game=game).first()
        return row.best_streak if row else 0
    return client.session.get("puzzles", {}).get("best", {}).get(game, 0)


def tried_by(client: Client, game: str) -> set[int]:
    user = user_of(client)
    if user:
        return set(PuzzleTry.objects.filter(user=user, puzzle__game=game).values_list("puzzle_id", flat=True))
    tried = client.session.get("puzzles", {}).get("tried", {})
    return {int(pk) for pk in tried} & set(Puzzle.objects.filter(game=game).values_list("pk", flat=True))


def mark_tried(client: Client, puzzles: list[Puzzle]) -> None:
    """Store a counted try of each of ``puzzles`` (a failure), as checking them would."""
    user = user_of(client)
    if user:
        PuzzleTry.objects.bulk_create(
            [PuzzleTry(user=user, puzzle=p, solved=False, rating_after=1500.0) for p in puzzles]
        )
        return
    session = client.session
    data = session.get("puzzles") or {"ratings": {}, "tried": {}, "best": {}}
    data["tried"].update({str(p.pk): False for p in puzzles})
    session["puzzles"] = data
    session.save()


def stored(client: Client) -> tuple[Any, ...]:
    """Everything a check may change: every puzzle's rating and counts, the people's puzzle
    ratings and tries, and the client's session (a visitor's ratings, its streaks)."""
    session = client.session
    return (
        list(
            Puzzle.objects.order_by("pk").values_list("rating", "deviation", "volatility", "tries", "solved")
        ),
        list(PuzzleRating.objects.order_by("pk").values()),
        list(PuzzleTry.objects.order_by("pk").values()),
        {key: session.get(key) for key in ("puzzles", "puzzle_streaks")},
    )


def index_row(client: Client, game: str) -> list[str]:
    """The texts of the cells of ``game``'s row in the /puzzles/ table (its count, the person's
    rating, their best streak...)."""
    page = client.get("/puzzles/").content.decode()
    row = re.search(rf'<th scope="row">{re.escape(KITS[game].game.name)}</th>(.*?)</tr>', page, re.S)
    assert row, page
    cells = re.findall(r"<td[^>]*>(.*?)</td>", row.group(1), re.S)
    return [re.sub(r"<[^>]+>", "", cell).strip() for cell in cells]


# -- puzzles and moves ----------------------------------------------------------------------------
def puzzle_in(game: str, *, at_least: int = 1, exclude: tuple[int, ...] = ()) -> Puzzle:
    """A shipped puzzle of ``game`` whose solution has at least ``at_least`` moves (both sides)."""
    for puzzle in Puzzle.objects.filter(game=game).exclude(pk__in=exclude).order_by("pk"):
        if len(puzzle.solution) >= at_least:
            return puzzle
    raise AssertionError(f"{game} has no puzzle of {at_least} moves")


def longest(game: str) -> Puzzle:
    return max(Puzzle.objects.filter(game=game).order_by("pk"), key=lambda p: len(p.solution))


def wrong_move(puzzle: Puzzle, played: list[Any] | None = None) -> Any:
    """A legal move of the solver after ``played`` (the solution's first moves) that is not the
    solution's: the rules' own list of legal moves, less the right one."""
    kit = KITS[puzzle.game]
    played = played or []
    legal = kit.game.legal_moves(position(kit, puzzle, played), puzzle.seat)
    others = [move for move in legal if not same(move, puzzle.solution[len(played)])]
    assert others, "a puzzle has another legal move (else it asks nothing)"
    return others[0]


def off_board(move: dict[str, Any]) -> dict[str, Any]:
    """The move's shape with every coordinate far off the board ("A1" -> "A999", 3 -> 999)."""
    out = {}
    for key, value in move.items():
        if isinstance(value, int) and not isinstance(value, bool):
            value = 999
        elif isinstance(value, str) and any(ch.isdigit() for ch in value):
            value = value.rstrip("0123456789") + "999"
        out[key] = value
    return out


def check(client: Client, puzzle: Puzzle, line: list[Any], **flags: Any):
    return client.post(
        f"/puzzles/{puzzle.game}/{puzzle.pk}/check/", {"line": line, **flags}, content_type="application/json"
    )


def answered(response) -> dict[str, Any]:
    assert response.status_code == 200, response.content
    return response.json()


def refused(response, status: int, code: str, field: str | None, case: str = "") -> None:
    """An error as protocol.md says: its status, code, a message and the field at fault."""
    assert response.status_code == status, (case, response.content)
    body = response.json()
    assert set(body) == {"error", "message", "field"}, case
    assert (body["error"], body["field"]) == (code, field), case
    assert isinstance(body["message"], str) and body["message"]


def assert_board(board: dict[str, Any], puzzle: Puzzle, last_move: Any) -> None:
    assert set(board) == BOARD
    assert same(board["last_move"], last_move)
    assert (board["legal_moves"] != []) == (puzzle.seat in board["to_move"])


def assert_revealed(answer: dict[str, Any], puzzle: Puzzle) -> None:
    """A finished try shows the solution with a label and a board a move, the themes, the proof
    and where the puzzle came from."""
    assert answer["solution"] == puzzle.solution
    assert len(answer["labels"]) == len(answer["boards"]) == len(puzzle.solution)
    assert all(isinstance(label, str) and label for label in answer["labels"])
    for board, move in zip(answer["boards"], puzzle.solution, strict=True):
        assert_board(board, puzzle, move)
    assert answer["themes"] == puzzle.themes
    assert answer["proof"] == {"solver": puzzle.solver, "nodes": puzzle.nodes, "seconds": puzzle.seconds}
    assert answer["source"] == puzzle.source


def solve(client: Client, puzzle: Puzzle, **flags: Any) -> dict[str, Any]:
    """Play the solution move by move, as the page does: each right move but the last is
    answered with the opponent's reply; the last answer (the solution revealed) is returned."""
    solution = puzzle.solution
    for k in range(0, len(solution), 2):
        answer = answered(check(client, puzzle, solution[: k + 1], **flags))
        assert answer["correct"] is True
        if k + 1 == len(solution):
            assert answer["solved"] is True
            assert FINISHED <= set(answer) <= FINISHED | {"rating", "streak"}
            assert_board(answer["board"], puzzle, solution[k])
            assert_revealed(answer, puzzle)
            return answer
        assert answer["solved"] is False
        assert set(answer) == STEP
        assert same(answer["reply"], solution[k + 1])
        assert isinstance(answer["label"], str) and answer["label"]
        assert_board(answer["played"], puzzle, solution[k])
        assert answer["played"]["legal_moves"] == []  # the opponent's turn
        assert_board(answer["board"], puzzle, solution[k + 1])
        assert puzzle.seat in answer["board"]["to_move"]
    raise AssertionError("a solution ends with the solver's move")


# -- a right line, a wrong move ------------------------------------------------------------------
@pytest.mark.parametrize("game", GAMES)
def test_a_right_line_is_answered_move_by_move_until_solved(person, game):
    puzzle = longest(game)
    assert len(puzzle.solution) >= 3
    before = Puzzle.objects.get(pk=puzzle.pk)
    answer = solve(person, puzzle)
    assert answer["rated"] is True
    assert answer["rating"]["before"] == 1500
    assert answer["rating"]["after"] > 1500
    assert answer["rating"]["change"] == answer["rating"]["after"] - answer["rating"]["before"]
    assert round(rating_of(person, game)) == answer["rating"]["after"]
    after = Puzzle.objects.get(pk=puzzle.pk)
    assert after.rating < before.rating  # the puzzle's rating moves the other way
    assert (after.tries, after.solved) == (before.tries + 1, before.solved + 1)
    assert tried_by(person, game) == {puzzle.pk}


@pytest.mark.parametrize("game", GAMES)
def test_a_wrong_first_move_shows_the_solution_and_costs_rating(person, game):
    puzzle = puzzle_in(game)
    before = Puzzle.objects.get(pk=puzzle.pk)
    wrong = wrong_move(puzzle)
    answer = answered(check(person, puzzle, [wrong]))
    assert (answer["correct"], answer["solved"], answer["rated"]) == (False, False, True)
    assert set(answer) == FINISHED | {"rating"}
    assert_board(answer["board"], puzzle, wrong)
    assert_revealed(answer, puzzle)
    assert answer["rating"]["after"] < answer["rating"]["before"] == 1500
    assert rating_of(person, game) < 1500
    after = Puzzle.objects.get(pk=puzzle.pk)
    assert after.rating > before.rating
    assert (after.tries, after.solved) == (before.tries + 1, before.solved)
    user = user_of(person)
    if user:
        row = PuzzleRating.objects.get(user=user, game=game)
        assert (row.solved, row.failed) == (0, 1)
        assert PuzzleTry.objects.get(user=user, puzzle=puzzle).solved is False
    else:
        assert person.session["puzzles"]["tried"] == {str(puzzle.pk): False}


@pytest.mark.parametrize("game", GAMES)
def test_a_wrong_move_later_in_the_line_fails_the_puzzle(person, game):
    puzzle = puzzle_in(game, at_least=3)
    played = puzzle.solution[:2]
    answer = answered(check(person, puzzle, [*played, wrong_move(puzzle, played)]))
    assert (answer["correct"], answer["solved"], answer["rated"]) == (False, False, True)
    assert_revealed(answer, puzzle)
    assert answer["rating"]["change"] < 0


# -- a rating moves once per puzzle and person -----------------------------------------------------
@pytest.mark.parametrize("game", GAMES)
def test_a_second_try_is_refused_without_again_and_unrated_with_it(person, game):
    puzzle = puzzle_in(game, at_least=3)
    answered(check(person, puzzle, [wrong_move(puzzle)]))
    before = stored(person)

    for line in ([puzzle.solution[0]], [wrong_move(puzzle)], puzzle.solution):
        refused(check(person, puzzle, line), 409, "already_tried", "again")
        refused(check(person, puzzle, line, again=False), 409, "already_tried", "again")
    assert stored(person) == before

    answer = solve(person, puzzle, again=True)
    assert answer["rated"] is False and "rating" not in answer
    answer = answered(check(person, puzzle, [wrong_move(puzzle)], again=True))
    assert (answer["correct"], answer["rated"]) == (False, False) and "rating" not in answer
    assert stored(person) == before


@pytest.mark.parametrize("game", GAMES)
def test_again_on_an_untried_puzzle_still_counts_the_first_finished_try(person, game):
    """``again`` replays a finished puzzle: sent before any try finished, the try is the first
    and counts (else a wrong move with ``again`` would show the solution for free)."""
    puzzle = puzzle_in(game)
    answer = answered(check(person, puzzle, [wrong_move(puzzle)], again=True))
    assert answer["rated"] is True and answer["rating"]["change"] < 0
    assert tried_by(person, game) == {puzzle.pk}
    refused(check(person, puzzle, puzzle.solution), 409, "already_tried", "again")


@pytest.mark.parametrize("game", GAMES)
def test_each_person_moves_the_puzzles_rating_once(game):
    puzzle = puzzle_in(game)
    ann, ben, visitor = Client(), Client(), Client()
    ann.force_login(get_user_model().objects.create_user("ann"))
    ben.force_login(get_user_model().objects.create_user("ben"))
    start = Puzzle.objects.get(pk=puzzle.pk)
    ratings = [start.rating]
    for client, wrong in ((ann, True), (ben, False), (visitor, True)):
        answer = answered(check(client, puzzle, [wrong_move(puzzle)] if wrong else puzzle.solution))
        assert answer["rated"] is True
        answered(check(client, puzzle, puzzle.solution, again=True))  # counts for nothing
        ratings.append(Puzzle.objects.get(pk=puzzle.pk).rating)
    assert ratings[1] > ratings[0] and ratings[2] < ratings[1] and ratings[3] > ratings[2]
    end = Puzzle.objects.get(pk=puzzle.pk)
    assert (end.tries, end.solved) == (start.tries + 3, start.solved + 1)
    assert PuzzleTry.objects.filter(puzzle=puzzle).count() == 2  # the visitor's is in its session


def test_a_visitors_rating_is_its_own_and_shows_on_the_index():
    game = GAMES[0]
    visitor, other = Client(), Client()
    assert "1500?" in index_row(visitor, game)  # a newcomer's, provisional
    visitor.get(f"/puzzles/{game}/{longest(game).pk}/")
    assert settings.SESSION_COOKIE_NAME not in visitor.cookies  # looking stores nothing
    answer = solve(visitor, longest(game))
    assert any(cell.rstrip("?") == str(answer["rating"]["after"]) for cell in index_row(visitor, game))
    assert "1500?" in index_row(other, game)  # another browser, another visitor


# -- bad input changes nothing ------------------------------------------------------------------
def bad_lines(puzzle: Puzzle) -> dict[str, Any]:
    solution = puzzle.solution
    return {
        "not a list": solution[0],
        "a text": "line",
        "null": None,
        "empty": [],
        "even": solution[:2],
        "longer than the solution": [*solution, solution[1], solution[0]],
        "over the limit": [solution[0]] * (MAX_LINE + 1),
    }


@pytest.mark.parametrize("game", GAMES)
def test_a_bad_line_changes_nothing(person, game):
    puzzle = puzzle_in(game, at_least=3)
    before = stored(person)
    for case, line in bad_lines(puzzle).items():
        refused(check(person, puzzle, line), 400, "bad_line", "line", case)
    for raw in (b"{}", b"", b'{"again": true}'):  # no line at all
        answer = person.post(f"/puzzles/{game}/{puzzle.pk}/check/", raw, content_type="application/json")
        refused(answer, 400, "bad_line", "line", repr(raw))
    assert stored(person) == before


@pytest.mark.parametrize("game", GAMES)
def test_a_move_the_rules_refuse_is_an_illegal_move(person, game):
    puzzle = puzzle_in(game, at_least=3)
    first = puzzle.solution[0]
    before = stored(person)
    for move in (off_board(first), off_board(puzzle.solution[2]), {}, None, "", 7, [first], {"x": 1}):
        refused(check(person, puzzle, [move]), 400, "illegal_move", "line")
    refused(check(person, puzzle, [*puzzle.solution[:2], off_board(first)]), 400, "illegal_move", "line")
    assert stored(person) == before


@pytest.mark.parametrize("game", GAMES)
def test_a_line_that_is_not_the_puzzles_is_stale(person, game):
    puzzle = puzzle_in(game, at_least=3)
    solution = puzzle.solution
    before = stored(person)
    wrong = wrong_move(puzzle)
    for line in ([wrong, solution[1], solution[2]], [solution[0], solution[0], solution[2]]):
        refused(check(person, puzzle, line), 400, "stale_line", "line")
    other = puzzle_in(game, at_least=3, exclude=(puzzle.pk,))
    if not same(other.solution[0], solution[0]):
        refused(check(person, puzzle, other.solution[:3]), 400, "stale_line", "line")
    assert stored(person) == before


BAD_BODIES: dict[str, tuple[bytes | str, str | None]] = {
    "not JSON": (b'{"line": [', None),
    "not UTF-8": (b'{"line": "\xff"}', None),
    "a list": (b"[1, 2, 3]", None),
    "a number": (b"7", None),
    "a text": (b'"line"', None),
    "null": (b"null", None),
    "over 16 KiB": (b'{"line": ["' + b"x" * (17 * 1024) + b'"]}', None),
    "again a text": ('{"line": [], "again": "yes"}', "again"),
    "again a number": ('{"line": [], "again": 1}', "again"),
    "again null": ('{"line": [], "again": null}', "again"),
    "streak a text": ('{"line": [], "streak": "true"}', "streak"),
}


@pytest.mark.parametrize("game", GAMES)
def test_a_bad_body_is_a_bad_request(person, game):
    puzzle = puzzle_in(game)
    before = stored(person)
    for case, (raw, field) in BAD_BODIES.items():
        answer = person.post(f"/puzzles/{game}/{puzzle.pk}/check/", raw, content_type="application/json")
        refused(answer, 400, "bad_request", field, case)
    assert stored(person) == before


@pytest.mark.parametrize("game", GAMES)
def test_no_such_puzzle_is_a_404(person, game):
    puzzle = puzzle_in(game)
    before = stored(person)
    missing = Puzzle.objects.order_by("-pk").first().pk + 1
    refused(check(person, Puzzle(game=game, pk=missing), puzzle.solution), 404, "no_puzzle", "puzzle")
    elsewhere = Puzzle.objects.exclude(game=game).first()  # a puzzle, of another game
    answer = person.post(
        f"/puzzles/{game}/{elsewhere.pk}/check/",
        {"line": elsewhere.solution},
        content_type="application/json",
    )
    refused(answer, 404, "no_puzzle", "puzzle")
    assert stored(person) == before


def test_a_game_without_puzzles_has_no_puzzle_to_check(person):
    without = [slug for slug, kit in KITS.items() if kit.puzzles is None]
    puzzle = puzzle_in(GAMES[0])
    before = stored(person)
    for slug in [*without, "no-such-game"]:
        answer = person.post(
            f"/puzzles/{slug}/{puzzle.pk}/check/", {"line": puzzle.solution}, content_type="application/json"
        )
        refused(answer, 404, "no_puzzle", "puzzle")
        assert person.get(f"/puzzles/{slug}/").status_code == 404
        assert person.get(f"/puzzles/{slug}/streak/").status_code == 404
    assert stored(person) == before


@pytest.mark.parametrize("game", GAMES)
def test_the_check_is_a_post(person, game):
    puzzle = puzzle_in(game)
    for method in (person.get, person.put, person.delete):
        answer = method(f"/puzzles/{game}/{puzzle.pk}/check/")
        assert answer.status_code == 405
        assert answer["Allow"] == "POST"


@pytest.mark.parametrize("game", GAMES)
def test_a_check_without_the_csrf_token_is_refused(game):
    browser = Client(enforce_csrf_checks=True)
    puzzle = puzzle_in(game)
    assert browser.get(f"/puzzles/{game}/{puzzle.pk}/").status_code == 200
    before = stored(browser)
    refused = check(browser, puzzle, puzzle.solution)
    assert refused.status_code == 403
    assert refused.json()["error"] == "csrf_failed"  # JSON, as every answer of the check
    assert stored(browser) == before
    token = browser.cookies["csrftoken"].value  # what the page's script sends back
    answer = browser.post(
        f"/puzzles/{game}/{puzzle.pk}/check/",
        {"line": puzzle.solution[:1]},
        content_type="application/json",
        headers={"X-CSRFToken": token},
    )
    assert answered(answer)["correct"] is True


# -- which puzzle: the next one, the day's ------------------------------------------------------------
def next_of(client: Client, game: str) -> Puzzle:
    answer = client.get(f"/puzzles/{game}/")
    assert answer.status_code == 302
    found = re.fullmatch(rf"/puzzles/{game}/(\d+)/", answer["Location"])
    assert found, answer["Location"]
    return Puzzle.objects.get(pk=int(found.group(1)), game=game)


@pytest.mark.parametrize("game", GAMES)
def test_the_next_puzzle_is_untried_and_near_your_rating(person, game):
    first = next_of(person, game)
    answered(check(person, first, [wrong_move(first)]))
    mine = rating_of(person, game)
    fresh = Puzzle.objects.filter(game=game).exclude(pk=first.pk)
    near = sorted(abs(p.rating - mine) for p in fresh)[NEAREST - 1]
    for _ in range(12):
        puzzle = next_of(person, game)
        assert puzzle.pk != first.pk
        assert abs(puzzle.rating - mine) <= near


@pytest.mark.parametrize("game", GAMES)
def test_the_next_puzzle_is_never_one_you_tried_and_none_are_left_at_the_end(person, game):
    puzzles = list(Puzzle.objects.filter(game=game).order_by("rating", "pk"))
    left = [puzzles[0], puzzles[-1]]  # the easiest and the hardest: far from a newcomer's 1500
    mark_tried(person, puzzles[1:-1])
    for _ in range(8):
        assert next_of(person, game).pk in {p.pk for p in left}
    mark_tried(person, left)
    page = person.get(f"/puzzles/{game}/")
    assert page.status_code == 200
    assert f"You have tried every {KITS[game].game.name} puzzle" in page.content.decode()


def test_the_days_puzzle_is_the_same_for_everyone_all_day(django_user_model):
    ann = Client()
    ann.force_login(django_user_model.objects.create_user("ann"))
    visitors = [Client(), Client()]
    today = daily()
    assert today is not None
    url = f"/puzzles/{today.game}/{today.pk}/"
    for client in (ann, *visitors):
        answer = client.get("/puzzles/daily/")
        assert (answer.status_code, answer["Location"]) == (302, url)
        cache.clear()  # the day decides, not what a process remembers
    solve(visitors[0], today)  # solving it changes nobody's day
    assert visitors[1].get("/puzzles/daily/")["Location"] == url
    assert f'href="{url}"' in visitors[1].get("/puzzles/").content.decode()
    assert f'href="{url}"' in ann.get("/").content.decode()


# -- streaks ----------------------------------------------------------------------------------------
def streak_puzzle(client: Client, game: str) -> Puzzle | None:
    """The puzzle the client's streak in ``game`` is at (None: none running)."""
    current = (client.session.get("puzzle_streaks") or {}).get(game, {}).get("current")
    return current and Puzzle.objects.get(pk=current)


@pytest.mark.parametrize("game", GAMES)
def test_a_streak_goes_on_until_a_mistake_and_keeps_the_best(person, game):
    assert person.get(f"/puzzles/{game}/streak/").status_code == 200
    first = streak_puzzle(person, game)
    assert first is not None
    assert person.get(f"/puzzles/{game}/streak/").status_code == 200
    assert streak_puzzle(person, game) == first  # the same streak, at the same puzzle
    puzzles, _, tries, _ = stored(person)

    other = puzzle_in(game, exclude=(first.pk,))
    before = stored(person)
    refused(check(person, other, other.solution, streak=True), 409, "not_in_streak", "puzzle")
    assert stored(person) == before

    answer = solve(person, first, streak=True)
    assert answer["rated"] is False and "rating" not in answer
    assert answer["streak"] == {"count": 1, "over": False, "best": 1}
    second = streak_puzzle(person, game)
    assert second is not None and second != first
    refused(check(person, first, first.solution, streak=True), 409, "not_in_streak", "puzzle")

    answer = answered(check(person, second, [wrong_move(second)], streak=True))
    assert (answer["correct"], answer["rated"]) == (False, False) and "rating" not in answer
    assert answer["streak"] == {"count": 1, "over": True, "best": 1}
    assert_revealed(answer, second)
    assert streak_puzzle(person, game) is None
    refused(check(person, second, second.solution, streak=True), 409, "not_in_streak", "puzzle")

    now = stored(person)
    assert (now[0], now[2]) == (puzzles, tries)  # no puzzle's rating moved, no try counted
    assert tried_by(person, game) == set()
    assert best_streak_of(person, game) == 1
    assert rating_of(person, game) in (None, 1500.0)

    # a new streak starts from nothing and a shorter one keeps the best
    assert person.post(f"/puzzles/{game}/streak/new/")["Location"] == f"/puzzles/{game}/streak/"
    third = streak_puzzle(person, game)
    answer = answered(check(person, third, [wrong_move(third)], streak=True))
    assert answer["streak"] == {"count": 0, "over": True, "best": 1}
    assert best_streak_of(person, game) == 1
    assert person.get(f"/puzzles/{game}/streak/").status_code == 200  # after a mistake, another
    assert streak_puzzle(person, game) is not None


@pytest.mark.parametrize("game", GAMES)
def test_a_streak_leaves_the_rated_try_of_its_puzzles(person, game):
    person.get(f"/puzzles/{game}/streak/")
    puzzle = streak_puzzle(person, game)
    solve(person, puzzle, streak=True)
    answer = solve(person, puzzle)  # the same puzzle, outside the streak: its first rated try
    assert answer["rated"] is True and answer["rating"]["change"] > 0


def test_the_best_streak_shows_on_the_index(person):
    game = GAMES[0]
    person.get(f"/puzzles/{game}/streak/")
    solve(person, streak_puzzle(person, game), streak=True)
    solve(person, streak_puzzle(person, game), streak=True)
    assert best_streak_of(person, game) == 2
    assert "2" in index_row(person, game)
