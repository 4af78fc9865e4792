"""Every shipped puzzle proved again, for every game that has puzzles (issue 51: "a test
replays every shipped puzzle through the game's solver and checks that the solution is the
only move keeping the result at each step"); and a fresh database holds them all."""

from __future__ import annotations

import pytest

from games.catalog.puzzle_finder import check, position_key, replay, same, shipped
from games.catalog.registry import KITS
from games.puzzles.models import Puzzle

WITH_PUZZLES = sorted(slug for slug, kit in KITS.items() if kit.puzzles is not None)
RESULTS = {"win": 1, "draw": 0}


def test_some_games_have_puzzles():
    assert WITH_PUZZLES


@pytest.mark.parametrize("slug", WITH_PUZZLES)
def test_every_shipped_puzzle_is_proved_step_by_step(slug):
    kit = KITS[slug]
    records = shipped(kit)
    assert len(records) >= kit.puzzles.target
    wrong = {}
    for i, record in enumerate(records):
        moves = [tuple(pair) for pair in record["moves"]]
        why = check(kit, moves, RESULTS[record["result"]], record["solution"])
        if why:
            wrong[i] = why
    assert wrong == {}


@pytest.mark.parametrize("slug", WITH_PUZZLES)
def test_every_shipped_puzzle_is_what_it_says(slug):
    """Its position follows from its moves, the last of them the opponent's mistake; the
    seat to move is the puzzle's; one puzzle per position; a solution is the solver's moves
    and the replies, at most the kit's length; draws only from a solver that proves them;
    its themes are the kit's for it (some have none)."""
    kit = KITS[slug]
    records = shipped(kit)
    digests = set()
    for record in records:
        state = replay(kit, [tuple(pair) for pair in record["moves"]])
        assert kit.game.to_move(state)[0] == record["seat"]
        assert record["digest"] == position_key(kit, state)
        assert same(record["moves"][-1][1], record["mistake"])
        assert record["moves"][-1][0] != record["seat"]
        assert len(record["solution"]) % 2 == 1
        assert (len(record["solution"]) + 1) // 2 <= kit.puzzles.max_solution
        assert record["result"] == "win" or kit.puzzles.draws
        assert record["themes"] == kit.puzzles.themes(state, record["solution"])
        assert record["source"]
        assert record["proof"]["solver"] == kit.puzzles.solver and record["proof"]["nodes"] > 0
        digests.add(record["digest"])
    assert len(digests) == len(records)


@pytest.mark.django_db
@pytest.mark.parametrize("slug", WITH_PUZZLES)
def test_a_fresh_database_holds_every_shipped_puzzle(slug):
    stored = set(Puzzle.objects.filter(game=slug).values_list("digest", flat=True))
    assert stored == {record["digest"] for record in shipped(KITS[slug])}
