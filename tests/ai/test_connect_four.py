"""Connect Four computer players (games/catalog/connect_four/search.py): legality, the search's rules
(fours, ties by pop, full boards) against the rules module, wins in one, forced blocks,
exact play on small boards and the time budget. Strength is the benchmark's job
(bench/ai_connect_four.py)."""

from __future__ import annotations

import random
import time
from functools import cache

import pytest

from games.catalog.computer import LEVELS
from games.catalog.connect_four import search as ai
from games.catalog.connect_four.engine import GAME
from games.catalog.connect_four.minimax import minimax4
from games.rules.connect_four import COLOURS

SIZES = [(4, 4), (4, 5), (5, 4), (5, 9), (6, 7), (7, 6), (9, 5), (12, 12), (4, 12), (12, 4)]
CHOOSERS = {"random": ai.random_move, "medium": minimax4, "strong": ai.strong}


@pytest.fixture(autouse=True)
def quick_budget(monkeypatch):
    """A short budget per move: legality and tactics do not need the full second."""
    monkeypatch.setattr(ai, "TIME_BUDGET", 0.03)


def new_state(rows: int = 6, cols: int = 7, pop_out: bool = False, start: str = "") -> dict:
    options = {"rows": rows, "columns": cols, "pop_out": pop_out, "start": start}
    return GAME.setup(GAME.clean_options(options), 0)


def random_position(rng: random.Random, rows: int, cols: int, pop_out: bool, plies: int) -> dict:
    """A position still being played after up to ``plies`` random moves, each chosen among
    the moves that do not end the game."""
    state = new_state(rows, cols, pop_out)
    for _ in range(plies):
        seat = state["turn"]
        moves = GAME.legal_moves(state, seat)
        rng.shuffle(moves)
        nxt = next((n for m in moves if GAME.outcome(n := GAME.play(state, seat, m)) is None), None)
        if nxt is None:
            break
        state = nxt
    return state


def from_heights(rows: int, cols: int, columns: list[str], pop_out: bool = False) -> dict:
    """A start position given each column bottom-up as a string of R and Y."""
    grid = [["."] * cols for _ in range(rows)]
    for c, stack in enumerate(columns):
        for height, colour in enumerate(stack):
            grid[rows - 1 - height][c] = colour
    return new_state(rows, cols, pop_out, "\n".join("".join(row) for row in grid))


def after(state: dict, move: dict) -> dict:
    return GAME.play(state, state["turn"], move)


def wins(state: dict, move: dict) -> bool:
    """Does ``move`` win at once for the side to move (by the rules)?"""
    outcome = GAME.outcome(after(state, move))
    return outcome is not None and outcome.winner == state["turn"]


def safe(state: dict, move: dict) -> bool:
    """After ``move``, has the opponent neither won (a pop can give them four) nor a win in one?"""
    nxt = after(state, move)
    outcome = GAME.outcome(nxt)
    if outcome is not None:
        return outcome.winner != 1 - state["turn"]
    return not any(wins(nxt, reply) for reply in GAME.legal_moves(nxt, nxt["turn"]))


# -- the bitboards agree with the rules ---------------------------------------------------------
@pytest.mark.parametrize("rows,cols", SIZES)
@pytest.mark.parametrize("pop_out", [False, True])
def test_moves_and_ends_agree_with_the_rules(rows, cols, pop_out):
    """Every move the search generates is a legal move, every legal move is generated, and
    the search's verdict on each resulting position is ``GAME.outcome``'s."""
    rng = random.Random(rows * 100 + cols + pop_out)
    for _ in range(25):
        state = random_position(rng, rows, cols, pop_out, rng.randrange(rows * cols))
        seat = state["turn"]
        g, cur, mask = ai.position(state, seat)
        generated = ai.children(g, cur, mask, pop_out)
        moves = [ai.move_of(g, move_id) for move_id, *_ in generated]
        legal = GAME.legal_moves(state, seat)
        assert sorted(map(str, moves)) == sorted(map(str, legal))
        for (_, me, op, nmask), move in zip(generated, moves, strict=True):
            nxt = after(state, move)
            g2, cur2, mask2 = ai.position(nxt, seat)
            assert (cur2, mask2) == (me, nmask) and mask2 ^ cur2 == op
            outcome = GAME.outcome(nxt)
            expected = (
                None
                if outcome is None
                else 0
                if outcome.winner is None
                else (1 if outcome.winner == seat else -1)
            )
            assert ai.status(g, me, op, nmask) == expected


def test_a_pop_that_makes_fours_for_both_is_a_tie_not_a_win():
    # R pops column 0: Y falls into a bottom row of four Y, R into a row of four R above it.
    state = from_heights(6, 7, ["RYR", "YR", "YR", "YR", "", "", "Y"], pop_out=True)
    pop = {"action": "pop", "column": 0}
    assert pop in GAME.legal_moves(state, 0)
    outcome = GAME.outcome(after(state, pop))
    assert outcome is not None and outcome.winner is None  # "tie!": both have four
    g, cur, mask = ai.position(state, 0)
    (_, me, op, nmask) = next(child for child in ai.children(g, cur, mask, True) if child[0] == g.cols)
    assert ai.status(g, me, op, nmask) == 0
    move, info = ai.search(state, 0, 0.05)
    assert info.get("reason") != "win in one"


# -- legality ------------------------------------------------------------------------------------
@pytest.mark.parametrize("level", sorted(CHOOSERS))
@pytest.mark.parametrize("pop_out", [False, True])
def test_every_level_plays_legal_moves(level, pop_out):
    rng = random.Random(7 + pop_out)
    chooser = CHOOSERS[level]
    for i in range(40 if level != "medium" else 15):
        rows, cols = SIZES[i % len(SIZES)]
        if level == "medium" and rows * cols > 60:
            rows, cols = 6, 7  # the plain minimax is slow on the largest boards
        state = random_position(rng, rows, cols, pop_out, rng.randrange(rows * cols))
        move = chooser(GAME, state, state["turn"], random.Random(i))
        assert move in GAME.legal_moves(state, state["turn"])


def test_levels_registry_and_a_finished_game():
    assert [LEVELS["connect_four"][name] for name in ("random", "medium", "strong")] == [
        ai.random_move,
        minimax4,
        ai.strong,
    ]
    state = from_heights(4, 4, ["RRR", "YYY"])
    state = after(state, {"action": "drop", "column": 0})  # R wins
    with pytest.raises(ValueError):
        ai.strong(GAME, state, state["turn"], random.Random(0))


def test_whole_games_strong_against_random_on_odd_sizes():
    """Whole games on small and odd boards, with and without pop-out: every move legal."""
    for i, (rows, cols, pop_out) in enumerate([(4, 4, False), (5, 9, True), (4, 12, False), (7, 5, True)]):
        state, rng = new_state(rows, cols, pop_out), random.Random(i)
        plies = 0
        while GAME.outcome(state) is None and plies < 60:
            seat = state["turn"]
            chooser = ai.strong if seat == i % 2 else ai.random_move
            move = chooser(GAME, state, seat, rng)
            assert move in GAME.legal_moves(state, seat)
            state, plies = after(state, move), plies + 1


# -- wins in one and forced blocks ------------------------------------------------------------------
@pytest.mark.parametrize(
    "columns,expected",
    [
        (["RRR", "YY", "Y", "", "", "", ""], {"action": "drop", "column": 0}),  # vertical
        (["", "R", "R", "R", "Y", "Y", "Y"], {"action": "drop", "column": 0}),  # horizontal, at the edge
        (["R", "YR", "YYR", "YRY", "", "R", ""], {"action": "drop", "column": 3}),  # diagonal
    ],
)
def test_takes_a_win_in_one(columns, expected):
    state = from_heights(6, 7, columns)
    assert state["turn"] == 0
    assert [m for m in GAME.legal_moves(state, 0) if wins(state, m)] == [expected]
    for level in ("strong", "medium"):
        assert CHOOSERS[level](GAME, state, 0, random.Random(0)) == expected


def test_blocks_the_only_threat():
    # Y (to move) must block R's three in the bottom row, at column 0.
    state = from_heights(6, 7, ["", "R", "R", "R", "Y", "", "Y"])
    assert state["turn"] == 1
    for level in ("strong", "medium"):
        assert CHOOSERS[level](GAME, state, 1, random.Random(0)) == {"action": "drop", "column": 0}


def test_does_not_play_under_a_threat():
    # R threatens column 4 at height 1 (R R R on the second row): Y must not drop in column 4.
    state = from_heights(6, 7, ["RY", "YR", "YR", "RR", "", "", "Y"])
    assert state["turn"] == 1
    assert not safe(state, {"action": "drop", "column": 4})
    move = ai.strong(GAME, state, 1, random.Random(0))
    assert move != {"action": "drop", "column": 4} and safe(state, move)


def test_never_pops_into_a_loss():
    # R's bottom disc in column 0 holds up Y's disc: popping it gives Y a bottom row of four.
    state = from_heights(6, 7, ["RY", "Y", "Y", "Y", "R", "R", "R"], pop_out=True)
    assert state["turn"] == 0
    losing_pop = {"action": "pop", "column": 0}
    assert losing_pop in GAME.legal_moves(state, 0)
    assert GAME.outcome(after(state, losing_pop)).winner == 1
    for level in ("strong", "medium"):
        move = CHOOSERS[level](GAME, state, 0, random.Random(0))
        assert move != losing_pop and safe(state, move)


def test_wins_by_popping():
    # Popping R's bottom disc in column 3 drops its R (height 2) into R R R on the second row.
    state = from_heights(6, 7, ["YR", "RR", "YR", "RYR", "", "YY", "Y"], pop_out=True)
    assert state["turn"] == 0
    winning = [m for m in GAME.legal_moves(state, 0) if wins(state, m)]
    assert winning == [{"action": "pop", "column": 3}]
    for level in ("strong", "medium"):
        assert CHOOSERS[level](GAME, state, 0, random.Random(0)) == winning[0]


@pytest.mark.parametrize("pop_out", [False, True])
def test_never_misses_a_win_in_one_nor_an_available_block(pop_out):
    """Over many random positions of many sizes: if a move wins at once, strong plays a
    winning move; otherwise, if some move leaves the opponent no immediate win (and, with
    pop-out, does not hand them four), strong plays such a move."""
    rng = random.Random(2024 + pop_out)
    checked_wins = checked_blocks = 0
    for i in range(100):
        rows, cols = SIZES[i % len(SIZES)]
        if rows * cols > 60:
            rows, cols = 6, 7
        state = random_position(rng, rows, cols, pop_out, rng.randrange(6, rows * cols))
        seat = state["turn"]
        legal = GAME.legal_moves(state, seat)
        winning = [m for m in legal if wins(state, m)]
        move = ai.strong(GAME, state, seat, random.Random(i))
        if winning:
            checked_wins += 1
            assert move in winning, (state, move, winning)
            continue
        safe_moves = [m for m in legal if safe(state, m)]
        if safe_moves and len(safe_moves) < len(legal):
            checked_blocks += 1
        if safe_moves:
            assert move in safe_moves, (state, move, safe_moves)
    assert checked_wins >= 10 and checked_blocks >= 10


def forced_win_in_3(state: dict) -> bool:
    """By the rules: has the side to move a move after which every reply either ends the
    game in its favour or allows a winning move?"""
    me = state["turn"]
    for move in GAME.legal_moves(state, me):
        nxt = after(state, move)
        outcome = GAME.outcome(nxt)
        if outcome is not None:
            if outcome.winner == me:
                return True
            continue
        for reply in GAME.legal_moves(nxt, 1 - me):
            third = after(nxt, reply)
            outcome = GAME.outcome(third)
            if outcome is not None:
                if outcome.winner == me:
                    continue
                break
            if not any(wins(third, m) for m in GAME.legal_moves(third, me)):
                break
        else:
            return True
    return False


@pytest.mark.parametrize("pop_out", [False, True])
def test_wins_in_three_plies_are_found_exactly(pop_out):
    """A 3-ply search proves a win within three plies exactly when the rules say there is
    one: the search's fours, pops, ties and full boards inside the tree are right. (It may
    prove longer wins too: forced replies do not use up depth.)"""
    rng = random.Random(99 + pop_out)
    found = 0
    for i in range(40):
        rows, cols = [(4, 4), (5, 5), (4, 6), (6, 7)][i % 4]
        state = random_position(rng, rows, cols, pop_out, rng.randrange(4, rows * cols))
        _, info = ai.search(state, state["turn"], budget=1e9, max_depth=3)
        expected = forced_win_in_3(state)
        assert (info["value"] >= ai.WIN - 3) == expected, (state, info)
        found += expected
    assert found >= 5


# -- exact play on small boards --------------------------------------------------------------
@cache
def solve(board: tuple[str, ...], turn: int) -> int:
    state = {"board": list(board), "turn": turn, "pop_out": False, "last": None}
    best = -1
    for move in GAME.legal_moves(state, turn):
        nxt = GAME.play(state, turn, move)
        outcome = GAME.outcome(nxt)
        if outcome is not None:
            value = 0 if outcome.winner is None else 1
        else:
            value = -solve(tuple(nxt["board"]), 1 - turn)
        best = max(best, value)
        if best == 1:
            break
    return best


@pytest.mark.parametrize("rows,cols,stones", [(4, 4, 6), (4, 5, 10), (5, 4, 10), (4, 6, 14)])
def test_small_boards_are_solved_exactly(rows, cols, stones):
    """With the clock off, the search reaches the end of the game: its value is the exact
    game value and the move it picks keeps that value."""
    rng = random.Random(rows * cols + stones)
    for _ in range(3):
        state = random_position(rng, rows, cols, False, stones)
        seat = state["turn"]
        exact = solve(tuple(state["board"]), seat)
        move, info = ai.search(state, seat, budget=1e9)
        value = info["value"]
        found = 1 if value > ai.MATE else -1 if value < -ai.MATE else 0
        if info.get("reason") not in ("win in one", "only move"):
            assert found == exact, (state["board"], value, exact)
        nxt = after(state, move)
        outcome = GAME.outcome(nxt)
        if outcome is None:
            kept = -solve(tuple(nxt["board"]), 1 - seat)
        else:
            kept = 0 if outcome.winner is None else 1
        assert kept == exact, (state["board"], move, kept, exact)


# -- the budget ------------------------------------------------------------------------------
@pytest.mark.parametrize("rows,cols,pop_out", [(6, 7, False), (12, 12, True)])
def test_time_budget_is_respected(monkeypatch, rows, cols, pop_out):
    """Measured at the real budget; the bound is generous (the machine is shared)."""
    monkeypatch.setattr(ai, "TIME_BUDGET", 1.0)
    state = new_state(rows, cols, pop_out)
    start = time.perf_counter()
    move = ai.strong(GAME, state, 0, random.Random(0))
    elapsed = time.perf_counter() - start
    assert move in GAME.legal_moves(state, 0)
    assert elapsed < 3 * ai.TIME_BUDGET, elapsed


def test_colours_match_seats():
    assert COLOURS == ("R", "Y")
