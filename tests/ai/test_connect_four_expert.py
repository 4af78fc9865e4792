"""Connect Four's ``expert`` (games/catalog/connect_four/expert.py) and its 6x7 book: its move always
keeps the value the independent brute force of test_connect_four_solver.py gives (on 4x4, 5x4,
4x5 and late 6x7 positions, which its solver proves within the move's budget), it plays legal
moves everywhere (other sizes, pop-out), the book's entries are sound, and the judge answers
draw offers from proofs."""

from __future__ import annotations

import random

import pytest

from games.catalog import judge
from games.catalog.computer import LEVELS, NOTES, default_level
from games.catalog.connect_four import expert as expert_ai
from games.catalog.connect_four.bits import geometry, has_four
from games.catalog.connect_four.book import ROWS, Entry, book, canonical, lookup, mirror, parse, position_of
from games.catalog.connect_four.engine import GAME
from games.catalog.registry import KITS

from .test_connect_four import random_position
from .test_connect_four_solver import Columns, brute, move_value, mover_of, random_positions


def state_of(pos: Columns, rows: int, pop_out: bool = False) -> dict:
    """The rules' state of a position of the brute force ("a" moved first: R)."""
    cols = len(pos)
    grid = [["."] * cols for _ in range(rows)]
    for c, stack in enumerate(pos):
        for y, colour in enumerate(stack):
            grid[rows - 1 - y][c] = "R" if colour == "a" else "Y"
    options = {"rows": rows, "columns": cols, "pop_out": pop_out, "start": "\n".join(map("".join, grid))}
    return GAME.setup(GAME.clean_options(options), 0)


@pytest.mark.parametrize("rows,cols,stones", [(4, 4, 4), (4, 4, 8), (5, 4, 9), (4, 5, 9), (6, 7, 30)])
def test_the_expert_keeps_the_best_proved_outcome(rows, cols, stones):
    """Proved within its budget, and its move keeps the exact score (the fastest win, else
    the slowest loss): no move is better by the brute force."""
    rng = random.Random(rows * 100 + cols * 10 + stones)
    for pos in random_positions(rng, rows, cols, stones, 8):
        state = state_of(pos, rows)
        seat = state["turn"]
        move, info = expert_ai.decide(state, seat, budget=30.0)  # the node cap decides, not the load
        exact = brute(pos, rows, mover_of(pos))
        assert info["proved"] and info["score"] == exact, (pos, info, exact)
        assert move["action"] == "drop" and move_value(pos, rows, move["column"]) == exact, (pos, move)


def test_from_12_stones_the_expert_keeps_the_outcome_where_a_drop_would_throw_it_away():
    """6x7 positions of 12 stones where some drop turns a win into a draw or a loss, or a
    draw into a loss (by the exact solver, no budget: itself checked against the brute force
    and the reference): the expert's move keeps the outcome. A generous budget: its node cap
    decides, and these positions need a small part of it."""
    from games.catalog.connect_four.bits import position
    from games.catalog.connect_four.solver import CoreSolver

    rng, checked = random.Random(12), 0
    while checked < 6:
        state = random_position(rng, 6, 7, False, 12)
        seat = state["turn"]
        g, cur, mask = position(state, seat)
        if mask.bit_count() != 12:
            continue
        outcomes = {c: (v > 0) - (v < 0) for c, v in CoreSolver(g).children(cur, mask)}
        best = max(outcomes.values())
        if all(o == best for o in outcomes.values()):
            continue
        move, info = expert_ai.decide(state, seat, budget=30.0)
        assert info["source"] == "solver" and outcomes[move["column"]] == best, (state["board"], info)
        checked += 1


@pytest.mark.parametrize("pop_out", [False, True])
def test_the_expert_plays_legal_moves_on_every_size(monkeypatch, pop_out):
    monkeypatch.setattr(expert_ai, "TIME_BUDGET", 0.05)
    rng = random.Random(11 + pop_out)
    for rows, cols in [(4, 4), (4, 12), (12, 4), (6, 7), (7, 6), (9, 5), (12, 12)]:
        state = random_position(rng, rows, cols, pop_out, rng.randrange(rows * cols // 2))
        move = expert_ai.expert(GAME, state, state["turn"], random.Random(0))
        assert move in GAME.legal_moves(state, state["turn"])


def test_the_level_is_registered_above_strong():
    assert list(LEVELS["connect_four"]) == ["random", "medium", "strong", "expert"]
    assert NOTES["connect_four"]["expert"].endswith(".")
    assert default_level("connect_four") == "medium"
    assert KITS["connect_four"].judge is KITS["connect_four"].analysis.value


def test_the_book_entries_are_legal_and_found_in_both_orientations():
    g = geometry(6, 7)
    entries = book()
    assert entries, "the shipped book is missing"
    assert entries[0].column == 3  # the empty board: the centre, the only winning first move
    for key in list(entries)[:: max(1, len(entries) // 300)]:
        cur, mask = position_of(g, key)
        assert mask.bit_count() % 2 == 0 and not has_four(cur, g.height)
        assert not has_four(cur ^ mask, g.height)
        entry = lookup(ROWS, 7, cur, mask)
        assert entry == entries[key] and (mask + g.bottom_all) & g.column[entry.column] & g.board
        if (mirror(g, cur), mirror(g, mask)) != (cur, mask):  # a symmetric position: either side
            mirrored = lookup(ROWS, 7, mirror(g, cur), mirror(g, mask))
            assert mirrored == Entry(6 - entry.column, entry.score)
        assert canonical(g, cur, mask) == (key, False)


def test_a_book_file_round_trips():
    text = "# a comment\n0 3 win\n1f 2 -4\n"
    assert parse(text) == {0: Entry(3, None), 31: Entry(2, -4)}


def test_the_judge_answers_draw_offers_from_proofs():
    """A generous budget: the proofs fit in the solver's nodes whatever the machine's load."""
    slug, budget = "connect_four", 30.0
    state = state_of(("aaa", "bb", "b", ""), 4)  # 4x4: R (to move) wins at once in column 0
    proved, value = judge.judgement(slug, state, 0, budget)
    assert proved and value > 0 and not judge.accepts_draw(slug, state, 0, budget)
    assert judge.accepts_draw(slug, state, 1, budget)  # lost for Y: it accepts a draw
    empty = state_of(("",) * 4, 4)  # the empty 4x4 board is a proved draw (not the search's estimate)
    assert judge.judgement(slug, empty, 0, budget) == (True, 0) and judge.accepts_draw(slug, empty, 0, budget)


def test_the_builders_check_proves_a_move_wins_exactly_when_the_brute_force_says_so():
    """``book_build.opponent_lost``, how the builder checks a column, on 5x4 positions: True
    exactly for the moves that win, by the brute force."""
    from games.catalog.connect_four.book_build import opponent_lost

    from .test_connect_four_solver import bits

    rows, cols = 5, 4
    g = geometry(rows, cols)
    checked = 0
    for pos in random_positions(random.Random(5), rows, cols, 6, 12):
        cur, mask = bits(pos, rows, mover_of(pos))
        for c in range(cols):
            if len(pos[c]) < rows:
                assert opponent_lost(g, cur, mask, c) == (move_value(pos, rows, c) > 0), (pos, c)
                checked += 1
    assert checked > 30


def test_the_books_deepest_moves_are_proved_to_win():
    """A sample of the shipped book's entries from 8 stones: the opponent is proved lost
    after each (the builder proved every entry; this checks the file is its output)."""
    from games.catalog.connect_four.book_build import opponent_lost

    g = geometry(6, 7)
    deep = [key for key in sorted(book()) if position_of(g, key)[1].bit_count() >= 8]
    assert deep, "the book reaches 8 stones"
    for key in deep[:: max(1, len(deep) // 12)]:
        cur, mask = position_of(g, key)
        assert opponent_lost(g, cur, mask, book()[key].column), hex(key)
