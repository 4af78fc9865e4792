"""The Reversi family's endgame core in C (games/ai/_reversi_core.c, through
games/ai/reversi_core.py) against its pure-Python reference (games/rules/reversi_endgame.py) on
positions too deep for the brute force of test_reversi_exact.py: the same exact values, the
same sides of a window, its budget kept, and the boards it refuses."""

from __future__ import annotations

import random
import threading

import pytest

from games.ai import _reversi_core
from games.ai.reversi_core import CoreEndgame, endgame_for, fits_core
from games.ai.reversi_core import solve as core_solve
from games.rules.reversi import PLAYERS
from games.rules.reversi_bits import from_board, geometry
from games.rules.reversi_endgame import Endgame, Timeout, solve

from .test_reversi_exact import OTHELLO, REVERSI, late_state, random_blocks


def positions(seed: int, options: dict, before_end: int, count: int) -> list[tuple]:
    """``(geometry, p, o)`` of random games' positions ``before_end`` moves before their end:
    Reversi with ``options``, or Othello when there are none."""
    rng = random.Random(seed)
    out = []
    for _ in range(count):
        state = late_state(rng, options, before_end, REVERSI if options else OTHELLO)
        out.append(from_board(state["board"], PLAYERS[state["turn"]]))
    return out


@pytest.mark.parametrize(
    "options,before_end",
    [({}, 12), ({"size": 8, "blocks": "a1 h8 d6"}, 12), ({"size": 6}, 14), ({"size": 6, "blocks": "b2"}, 14)],
    ids=["othello", "8x8-blocks", "6x6", "6x6-blocks"],
)
def test_the_core_gives_the_references_values(options, before_end):
    if "blocks" in options:
        options = dict(options, blocks=random_blocks(random.Random(3), options["size"], 5))
    for g, p, o in positions(before_end, options, before_end, 4):
        assert fits_core(g)
        reference, core = solve(g, p, o, all_values=True), core_solve(g, p, o, all_values=True)
        assert core.proved and core.value == reference.value and core.values == reference.values
        quick = core_solve(g, p, o)  # the value by null windows, then a move keeping it
        assert quick.proved and quick.value == reference.value
        assert quick.move == 0 if not reference.values else reference.values[quick.move] == reference.value


def test_windows_give_the_same_side():
    """Fail-soft bounds may differ, but a value inside the window is exact and one outside
    lies on the same side, as the reference's."""
    for g, p, o in positions(7, {}, 11, 3):
        exact = Endgame(g).solve(p, o, -1000, 1000)
        for alpha, beta in (
            (exact - 1, exact + 1),
            (exact, exact + 1),
            (exact - 1, exact),
            (-64, -63),
            (63, 64),
        ):
            value = CoreEndgame(g).solve(p, o, alpha, beta)
            if alpha < exact < beta:
                assert value == exact
            elif exact <= alpha:
                assert value <= alpha
            else:
                assert value >= beta


def test_the_budget_is_kept_and_boards_beyond_8x8_stay_with_the_reference():
    (g, p, o), *_ = positions(11, {}, 30, 1)
    solver = CoreEndgame(g, max_nodes=10_000)
    with pytest.raises(Timeout):
        solver.solve(p, o, -1000, 1000)
    assert 10_000 <= solver.nodes < 10_000 + 8192
    assert not core_solve(g, p, o, budget=0.01).proved
    for rows, cols in ((9, 8), (8, 9), (10, 10)):
        big = geometry(rows, cols, frozenset())
        assert not fits_core(big) and endgame_for(big) is Endgame
    assert endgame_for(g) is CoreEndgame
    with pytest.raises(ValueError, match="does not fit"):
        _reversi_core.solve(9, 8, 0, 0, (0,) * 4, (), 0, 0, -1, 1, 0, -1.0)
    with pytest.raises(ValueError, match="one colour a cell"):
        _reversi_core.solve(8, 8, 2**64 - 1, 0, (0,) * 4, (), 1, 1, -1, 1, 0, -1.0)
    with pytest.raises(ValueError, match="four masks"):
        _reversi_core.solve(8, 8, 2**64 - 1, 0, (0,) * 3, (), 1, 2, -1, 1, 0, -1.0)


def test_threads_solve_at_once():
    """The core solves without the GIL, each thread with its own table."""
    cases = positions(5, {}, 11, 2) + positions(6, {"size": 6}, 12, 2)
    expected = [solve(g, p, o).value for g, p, o in cases]
    found: list = [None] * len(cases)

    def run(i: int) -> None:
        found[i] = core_solve(*cases[i]).value

    threads = [threading.Thread(target=run, args=(i,)) for i in range(len(cases))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert found == expected
