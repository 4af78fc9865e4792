"""The profile shows a person's puzzle rating per game with its graph (issue 51): a point per
counted try, solved or missed, after puzzles tried through the page's one POST; nothing for
someone who never tried one."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth import get_user_model

from games.catalog.puzzle_finder import replay, same
from games.catalog.registry import KITS
from games.puzzles.history import LAST, puzzle_ratings
from games.puzzles.models import Puzzle, PuzzleRating

pytestmark = pytest.mark.django_db
GAME = sorted(slug for slug, kit in KITS.items() if kit.puzzles is not None)[0]


def solve(client, puzzle, right: bool) -> dict:
    """Try ``puzzle``: its solution's first move, or another legal one."""
    line = [puzzle.solution[0]] if right else [wrong_move(puzzle)]
    answer = client.post(
        f"/puzzles/{puzzle.game}/{puzzle.pk}/check/", {"line": line}, content_type="application/json"
    )
    assert answer.status_code == 200
    return answer.json()


def wrong_move(puzzle):
    kit = KITS[puzzle.game]
    state = replay(kit, [tuple(pair) for pair in puzzle.moves])
    return next(m for m in kit.game.legal_moves(state, puzzle.seat) if not same(m, puzzle.solution[0]))


def test_a_person_who_tried_puzzles_sees_their_rating_and_its_graph(client):
    user = get_user_model().objects.create_user("solver", password="pw-for-tests-1")
    client.force_login(user)
    one_mover = next(p for p in Puzzle.objects.filter(game=GAME) if len(p.solution) == 1)
    other = Puzzle.objects.filter(game=GAME).exclude(pk=one_mover.pk).first()
    first, second = solve(client, one_mover, right=True), solve(client, other, right=False)
    assert first["solved"] and not second["correct"]
    row = PuzzleRating.objects.get(user=user, game=GAME)
    page = client.get("/u/solver/").content.decode()
    section = page[page.index("Puzzle ratings") :]
    assert f">{round(row.rating)}?<" in section  # two tries: still provisional
    assert f"{row.solved} solved, {row.failed} missed" in section
    points = re.findall(
        r'class="rg-point (\w+)"[^>]*aria-label="[^"]*· (\d+) · (solved|missed) puzzle (\d+)"', section
    )
    assert [(int(p[1]), int(p[3])) for p in points] == [
        (first["rating"]["after"], one_mover.pk),
        (second["rating"]["after"], other.pk),
    ]
    assert [p[0] for p in points][-1] == "lost"
    assert "puzzle rating after each puzzle tried" in section


def test_someone_who_never_tried_a_puzzle_has_no_puzzle_ratings(client):
    get_user_model().objects.create_user("player", password="pw-for-tests-1")
    assert "Puzzle ratings" not in client.get("/u/player/").content.decode()


def test_the_graph_starts_before_the_last_tries_it_shows(client):
    user = get_user_model().objects.create_user("keen", password="pw-for-tests-1")
    client.force_login(user)
    tried = list(Puzzle.objects.filter(game=GAME).order_by("pk")[: LAST + 2])
    afters = [solve(client, puzzle, right=False)["rating"]["after"] for puzzle in tried]
    (row,) = puzzle_ratings(user)
    assert len(row["steps"]) == LAST
    assert [s.rating for s in row["steps"]] == afters[2:]
    assert row["start"] == afters[1]
