"""Gomoku's computer players (games/catalog/gomoku/players.py and search.py): always legal,
exact on tic-tac-toe against every reply and against an independent minimax, wins and blocks
on the big board, the time budget, and medium against random."""

from __future__ import annotations

import random
import time

import pytest

from games.catalog.computer import LEVELS as ALL_LEVELS
from games.catalog.gomoku import players, search
from games.catalog.gomoku.engine import GAME
from games.catalog.gomoku.kit import KIT

from .helpers import new_state, random_position, solve, with_stones

LEVELS = ALL_LEVELS["gomoku"]


# A short budget per move: legality and tactics do not need the full second (small boards
# are solved long before it anyway). The site's own budget where the test says so.
QUICK = players.strong_with_budget(0.05)
CHOOSERS = {"medium": players.medium, "strong": QUICK}


def random_player(game, state, seat, rng):
    return game.random_move(state, seat, rng)


@pytest.mark.parametrize(
    "rows,columns,k", [(3, 3, 3), (4, 4, 3), (5, 5, 4), (6, 7, 4), (4, 12, 5), (15, 15, 5)]
)
@pytest.mark.parametrize("level", ["medium", "strong"])
def test_moves_are_always_legal_and_the_first_is_the_centre(level, rows, columns, k):
    chooser = CHOOSERS[level]
    rng = random.Random(rows * columns + k)
    empty = new_state(rows, columns, k)
    assert chooser(GAME, empty, 0, rng) == {"cell": f"{'ABCDEFGHIJKLMNO'[columns // 2]}{rows // 2 + 1}"}
    for plies in (1, 2, 5, 9, 14):
        state = random_position(rng, rows, columns, k, plies)
        if GAME.outcome(state) is None:
            assert chooser(GAME, state, state["turn"], rng) in GAME.legal_moves(state, state["turn"])


def test_levels_notes_and_budgets_are_described():
    assert [level.name for level in KIT.levels] == ["random", "medium", "strong"]
    assert LEVELS["medium"] is players.medium and LEVELS["strong"] is players.strong
    assert all(isinstance(level.note, str) and level.note.endswith(".") for level in KIT.levels)
    # White to move has four G8-G11 open at both ends: the budgeted strong takes a win.
    state = with_stones(15, 15, 5, "H8 H9 H10 A1 A3", "G8 G9 G10 G11")
    chooser = KIT.level("strong").budgeted(0.02)
    assert chooser(GAME, state, 1, random.Random(0)) in ({"cell": "G7"}, {"cell": "G12"})


# -- tic-tac-toe: never loses, always best ------------------------------------------------------
def test_strong_never_loses_tic_tac_toe_against_any_replies():
    """Every game against every sequence of replies, as Black and as White."""
    rng = random.Random(0)
    games = {0: 0, 1: 0}

    def walk(state, me):
        end = GAME.outcome(state)
        if end is not None:
            assert end.winner in (None, me), state["board"]
            games[me] += 1
            return
        seat = state["turn"]
        if seat == me:
            walk(GAME.play(state, seat, QUICK(GAME, state, seat, rng)), me)
        else:
            for reply in GAME.legal_moves(state, seat):
                walk(GAME.play(state, seat, reply), me)

    for me in (0, 1):
        walk(new_state(3, 3, 3), me)
    assert games[0] > 50 and games[1] > 200


@pytest.mark.parametrize("rows,columns,k,count", [(3, 3, 3, 250), (4, 4, 3, 40), (3, 5, 3, 40)])
def test_strong_keeps_the_exact_value_on_small_boards(rows, columns, k, count):
    """From random positions, strong's move never gives away value the brute force says the
    position has (it takes every win, blocks every loss it can, and keeps every draw). At
    the real budget: the search stops as soon as it has solved the position."""
    rng = random.Random(rows * columns)
    seen = set()
    for _ in range(count * 3):
        state = random_position(rng, rows, columns, k, rng.randrange(0, rows * columns - 1))
        key = tuple(state["board"])
        if GAME.outcome(state) is not None or key in seen:
            continue
        seen.add(key)
        seat = state["turn"]
        exact = solve(key, k, "XO"[seat])
        after = GAME.play(state, seat, players.strong(GAME, state, seat, rng))
        end = GAME.outcome(after)
        kept = (1 if end.winner == seat else 0) if end else -solve(tuple(after["board"]), k, "XO"[1 - seat])
        assert kept == exact, (state["board"], kept, exact)
        if len(seen) == count:
            break
    assert len(seen) >= count * 0.8


# -- the big board: wins, blocks, threats ------------------------------------------------------
@pytest.mark.parametrize("level", ["medium", "strong"])
def test_a_win_is_taken_before_a_block(level):
    # Black has four H8-H11 open at H7 and H12; White has four G8-G11 too, and is to move.
    state = with_stones(15, 15, 5, "H8 H9 H10 H11 A1", "G8 G9 G10 G11")
    move = CHOOSERS[level](GAME, state, 1, random.Random(1))
    assert move in ({"cell": "G7"}, {"cell": "G12"})


@pytest.mark.parametrize("level", ["medium", "strong"])
def test_a_four_is_blocked(level):
    # Black's four C3-F6 (a diagonal) is open at G7 only: B2 is White's.
    state = with_stones(15, 15, 5, "C3 D4 E5 F6 M1", "B2 H1 J1 O15")
    assert CHOOSERS[level](GAME, state, 1, random.Random(2)) == {"cell": "G7"}


def test_strong_blocks_an_open_three_and_wins_with_an_open_four():
    rng = random.Random(3)
    # White to move; Black's open three F8 G8 H8 (E8 and I8 empty, D8 and J8 empty too).
    state = with_stones(15, 15, 5, "F8 G8 H8 A15", "H9 J10 O1")
    assert QUICK(GAME, state, 1, rng)["cell"] in ("E8", "I8", "D8", "J8")
    # Black to move with an open three: a four wins by force (a VCF, proved).
    state = with_stones(15, 15, 5, "F8 G8 H8", "A1 O1 A15")
    assert QUICK(GAME, state, 0, rng)["cell"] in ("E8", "I8", "D8", "J8")
    found = search.search(state["board"], 5, 0, 0.5)
    assert found.proved and found.reason == "vcf"


# -- the budget ---------------------------------------------------------------------------
def midgame(seed: int) -> dict:
    """A 15x15 position after 8 random stones near the centre and then a few of medium's
    moves, where the strong search has to think (no win, block nor forced win at once)."""
    rng = random.Random(seed)
    while True:
        state = new_state()
        while len([c for row in state["board"] for c in row if c != "."]) < 8:
            y, x = rng.randrange(4, 11), rng.randrange(4, 11)
            if state["board"][y][x] == ".":
                state = GAME.play(state, state["turn"], {"cell": f"{'ABCDEFGHIJKLMNO'[x]}{y + 1}"})
        for _ in range(rng.randrange(4, 12)):
            if GAME.outcome(state) is None:
                state = GAME.play(state, state["turn"], players.medium(GAME, state, state["turn"], rng))
        if (
            GAME.outcome(state) is None
            and search.search(state["board"], 5, state["turn"], 0.01).reason == "search"
        ):
            return state


def test_strong_answers_within_the_second_on_15x15():
    """Measured at the real budget on midgame positions; a little slack (the machine is shared)."""
    times = []
    for seed in (5, 6, 11):
        state = midgame(seed)
        start = time.perf_counter()
        move = players.strong(GAME, state, state["turn"], random.Random(0))
        times.append(time.perf_counter() - start)
        assert move in GAME.legal_moves(state, state["turn"])
    print("strong on 15x15:", ", ".join(f"{t:.3f} s" for t in times))
    assert max(times) < 1.2, times


# -- medium against random ----------------------------------------------------------------------
def test_medium_beats_random_on_9x9():
    wins = 0
    for seed in range(20):
        rng = random.Random(seed)
        state = new_state(9, 9, 5)
        medium_seat = seed % 2
        while GAME.outcome(state) is None:
            seat = state["turn"]
            chooser = players.medium if seat == medium_seat else random_player
            state = GAME.play(state, seat, chooser(GAME, state, seat, rng))
        wins += GAME.outcome(state).winner == medium_seat
    assert wins >= 18, wins
