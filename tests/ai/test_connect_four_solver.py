"""The exact Connect Four solver (games/catalog/connect_four/solver.py) against an independent brute
force: a plain memoised minimax over lists of columns, written here with no code shared with
the solver (neither its bitboards nor the rules). Both give scores in Pons's convention: a win
made after ``n`` stones were played scores ``(cells + 1 - n) // 2`` for the winner, a draw 0.

Boards: every position reachable within a few plies on 4x4, random positions on 5x4 (5 rows)
and 4x5, and late 6x7 positions; then the solver's best move and the expert's move are
checked to keep the brute force's value. Each check runs with the pure-Python reference
(``Solver``) and with its C core (``CoreSolver``, what the site plays with); then the two are
compared on positions too deep for the brute force, on every board size the core takes."""

from __future__ import annotations

import random
import threading
from functools import cache

import pytest

from games.catalog.connect_four import _core
from games.catalog.connect_four.bits import geometry
from games.catalog.connect_four.solver import (
    CoreSolver,
    OutOfBudget,
    Solver,
    fits_core,
    solve_position,
    solver_for,
)

SOLVERS = pytest.mark.parametrize("kind", [Solver, CoreSolver], ids=["reference", "core"])

Columns = tuple[str, ...]  # each column bottom-up, "a" the side to move first, "b" the other


# -- the brute force ---------------------------------------------------------------------------
def four_through(cols: Columns, rows: int, c: int) -> bool:
    """Does the top stone of column ``c`` make four in a row (any direction)?"""
    r = len(cols[c]) - 1
    colour = cols[c][r]

    def at(x: int, y: int) -> bool:
        return 0 <= x < len(cols) and 0 <= y < len(cols[x]) and cols[x][y] == colour

    for dx, dy in ((1, 0), (0, 1), (1, 1), (1, -1)):
        run = 1
        for sign in (1, -1):
            k = 1
            while at(c + sign * k * dx, r + sign * k * dy):
                run += 1
                k += 1
        if run >= 4:
            return True
    return False


@cache
def brute(cols: Columns, rows: int, mover: str) -> int:
    """The exact score for ``mover`` (to move) by plain minimax over every move."""
    cells = rows * len(cols)
    n = sum(map(len, cols))
    other = "b" if mover == "a" else "a"
    best = None
    for c in range(len(cols)):
        if len(cols[c]) == rows:
            continue
        child = cols[:c] + (cols[c] + mover,) + cols[c + 1 :]
        if four_through(child, rows, c):
            value = (cells + 1 - n) // 2
        elif n + 1 == cells:
            value = 0
        else:
            value = -brute(child, rows, other)
        best = value if best is None else max(best, value)
    assert best is not None
    return best


def play(cols: Columns, c: int, colour: str) -> Columns:
    return cols[:c] + (cols[c] + colour,) + cols[c + 1 :]


def bits(cols: Columns, rows: int, mover: str) -> tuple[int, int]:
    """``(cur, mask)`` of the solver for ``cols`` with ``mover`` to move."""
    cur = mask = 0
    for c, stack in enumerate(cols):
        for y, colour in enumerate(stack):
            bit = 1 << (c * (rows + 1) + y)
            mask |= bit
            if colour == mover:
                cur |= bit
    return cur, mask


def reachable(rows: int, cols: int, plies: int) -> set[Columns]:
    """Every position still being played after at most ``plies`` drops from the empty board."""
    frontier = {("",) * cols}
    seen = set(frontier)
    for ply in range(plies):
        colour = "ab"[ply % 2]
        nxt = set()
        for pos in frontier:
            for c in range(cols):
                if len(pos[c]) < rows:
                    child = play(pos, c, colour)
                    if not four_through(child, rows, c) and sum(map(len, child)) < rows * cols:
                        nxt.add(child)
        seen |= nxt
        frontier = nxt
    return seen


def random_positions(rng: random.Random, rows: int, cols: int, stones: int, count: int) -> list[Columns]:
    out = []
    while len(out) < count:
        pos: Columns = ("",) * cols
        for ply in range(stones):
            options = [c for c in range(cols) if len(pos[c]) < rows]
            c = rng.choice(options)
            pos = play(pos, c, "ab"[ply % 2])
            if four_through(pos, rows, c):
                break
        else:
            out.append(pos)
    return out


def mover_of(pos: Columns) -> str:
    return "ab"[sum(map(len, pos)) % 2]


def check(pos: Columns, rows: int, solver: Solver) -> None:
    """The solver's score and best move agree with the brute force."""
    mover = mover_of(pos)
    cur, mask = bits(pos, rows, mover)
    exact = brute(pos, rows, mover)
    assert solver.solve(cur, mask) == exact, pos
    assert solver.solve(cur, mask, weak=True) == (exact > 0) - (exact < 0), pos
    proof = solver.best(cur, mask)
    assert proof.score == exact and proof.move is not None
    assert move_value(pos, rows, proof.move) == exact, (pos, proof)
    sign = (exact > 0) - (exact < 0)
    outcome = solver.best(cur, mask, weak=True)  # the outcome and a move keeping it
    assert outcome.score == sign, pos
    if sign < 0:
        assert outcome.move is None
    else:
        value = move_value(pos, rows, outcome.move)
        assert (value > 0) - (value < 0) == sign, (pos, outcome)


def move_value(pos: Columns, rows: int, c: int) -> int:
    """The brute force's value of dropping in column ``c`` for the side to move."""
    mover = mover_of(pos)
    child = play(pos, c, mover)
    cells, n = rows * len(pos), sum(map(len, pos))
    if four_through(child, rows, c):
        return (cells + 1 - n) // 2
    if n + 1 == cells:
        return 0
    return -brute(child, rows, "b" if mover == "a" else "a")


# -- the tests --------------------------------------------------------------------------------
@SOLVERS
def test_every_4x4_position_within_five_plies(kind):
    solver = kind(geometry(4, 4))
    positions = reachable(4, 4, 5)
    assert len(positions) > 300
    for pos in positions:
        check(pos, 4, solver)


@SOLVERS
@pytest.mark.parametrize("rows,cols", [(5, 4), (4, 5)])
def test_random_positions_on_5x4_and_4x5(kind, rows, cols):
    rng = random.Random(rows * 10 + cols)
    solver = kind(geometry(rows, cols))
    for stones in (8, 10, 12):
        for pos in random_positions(rng, rows, cols, stones, 8):
            check(pos, rows, solver)


@SOLVERS
def test_late_6x7_positions(kind):
    rng = random.Random(67)
    solver = kind(geometry(6, 7))
    for pos in random_positions(rng, 6, 7, 30, 15):
        check(pos, 6, solver)


def test_the_budget_is_kept_and_said():
    g = geometry(6, 7)
    assert solve_position(g, 0, 0, max_nodes=1000) is None  # the empty 6x7 board: far too deep
    assert solve_position(g, 0, 0, budget=0.05) is None
    proof = solve_position(geometry(4, 4), 0, 0)
    assert proof is not None and proof.outcome == "draw"


@pytest.mark.parametrize(
    "rows,cols,stones", [(6, 7, 22), (7, 7, 30), (6, 8, 30), (7, 8, 38), (4, 12, 26), (12, 4, 30)]
)
def test_the_core_agrees_with_the_reference_on_every_size_it_takes(rows, cols, stones):
    """Positions too deep for the brute force: the core's exact and weak scores, and its best
    move's score, are the reference's."""
    g = geometry(rows, cols)
    assert fits_core(g)
    reference, core = Solver(g), CoreSolver(g)
    for pos in random_positions(random.Random(rows * cols + stones), rows, cols, stones, 6):
        cur, mask = bits(pos, rows, mover_of(pos))
        exact = reference.solve(cur, mask)
        assert core.solve(cur, mask) == exact, pos
        assert core.solve(cur, mask, weak=True) == (exact > 0) - (exact < 0), pos
        assert core.best(cur, mask).score == exact, pos


def test_the_site_solves_with_the_core_where_the_board_fits_it():
    assert type(solver_for(geometry(6, 7))) is CoreSolver and type(solver_for(geometry(7, 8))) is CoreSolver
    assert type(solver_for(geometry(8, 8))) is Solver and type(solver_for(geometry(12, 12))) is Solver
    with pytest.raises(ValueError, match="does not fit"):
        _core.bound(8, 8, 0, 0, -1, 1, 0, -1.0)
    with pytest.raises(ValueError, match="cur within mask"):
        _core.bound(6, 7, 1, 0, -1, 1, 0, -1.0)


def test_the_core_keeps_its_budget_and_says_so():
    g = geometry(6, 7)
    solver = CoreSolver(g, max_nodes=5000)
    with pytest.raises(OutOfBudget):
        solver.solve(0, 0)
    assert 5000 <= solver.nodes < 5000 + 2048  # the core looks at its budget every 1,024 nodes
    assert solve_position(g, 0, 0, budget=0.05) is None


def test_threads_solve_at_once_each_with_its_own_table():
    """The core searches without the GIL, each thread with its table: threads solving other
    boards at the same time still give the reference's scores."""
    jobs = [(6, 7, 24), (5, 6, 10), (7, 8, 40), (4, 5, 8)]
    expected, found = {}, {}
    for rows, cols, stones in jobs:
        pos = random_positions(random.Random(stones), rows, cols, stones, 3)
        cases = [bits(p, rows, mover_of(p)) for p in pos]
        expected[rows, cols] = [Solver(geometry(rows, cols)).solve(c, m) for c, m in cases]
        found[rows, cols] = cases

    def run(rows: int, cols: int) -> None:
        solver = CoreSolver(geometry(rows, cols))
        found[rows, cols] = [solver.solve(c, m) for c, m in found[rows, cols]]

    threads = [threading.Thread(target=run, args=key) for key in found]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert found == expected
