"""Gomoku's puzzle kit: the VCF verdicts of ``prove`` against an independent brute force of
continuous fours (the engine's legal_moves, play and outcome only), on small boards where
every move of both sides can be tried; and the themes on hand-made positions."""

from __future__ import annotations

import random
from functools import cache

import pytest

from games.catalog.gomoku.engine import GAME
from games.catalog.gomoku.kit import KIT
from games.catalog.gomoku.notation import cell_name, parse_cell
from games.catalog.gomoku.puzzles import PUZZLES, prove
from games.catalog.puzzle_finder import solve_line
from games.catalog.puzzles import LOSS, WIN
from tests.gomoku.helpers import random_position, with_stones


def _key(state: dict) -> tuple[tuple[str, ...], int, int]:
    return tuple(state["board"]), state["turn"], state["in_a_row"]


def _state(key: tuple[tuple[str, ...], int, int]) -> dict:
    board, turn, k = key
    return {"board": list(board), "turn": turn, "in_a_row": k, "last": None, "line": []}


def _lines(after: dict, seat: int, cells: set[str] | None = None) -> dict[str, list[str]]:
    """The cells (of ``cells``, else all) where one more stone of ``seat`` makes its line,
    with the line's cells: the engine's own verdict, asked as if it were ``seat``'s turn."""
    mine = {**after, "turn": seat}  # the engine lets only the seat to move play: ask for it
    found = {}
    for move in GAME.legal_moves(mine, seat):
        if cells is None or move["cell"] in cells:
            won = GAME.play(mine, seat, move)
            if GAME.outcome(won) is not None and GAME.outcome(won).winner == seat:
                found[move["cell"]] = won["line"]
    return found


def _near(state: dict, cell: str) -> set[str]:
    """The cells on the four lines through ``cell`` within k - 1 of it: the only ones where a
    line through ``cell`` can be finished (what a line is, not how the engine finds it)."""
    rows, cols, k = len(state["board"]), len(state["board"][0]), state["in_a_row"]
    y, x = parse_cell(cell, rows, cols)
    return {
        cell_name(y + i * dy, x + i * dx)
        for dy, dx in ((0, 1), (1, 0), (1, 1), (1, -1))
        for i in range(1 - k, k)
        if 0 <= y + i * dy < rows and 0 <= x + i * dx < cols
    }


@cache
def _fours(key: tuple[tuple[str, ...], int, int]) -> int | None:
    """The fewest plies in which the side to move wins when every move of its is a four (or
    its five) and the other side answers anything it likes; None when it cannot."""
    state = _state(key)
    attacker = state["turn"]
    if _lines(state, attacker):
        return 1
    best = None
    for move in GAME.legal_moves(state, attacker):
        plies = _after_four(GAME.play(state, attacker, move), attacker, move["cell"])
        if plies is not None and (best is None or plies < best):
            best = plies
    return best


def _after_four(after: dict, attacker: int, cell: str) -> int | None:
    """``after`` the attacker's move on ``cell`` (no five): the plies to its win by fours
    whatever the answer, when that move was a four (a line through ``cell`` one stone short);
    else None."""
    if GAME.outcome(after) is not None:
        return None  # the board is full
    threats = _lines(after, attacker, _near(after, cell))
    if not any(cell in line for line in threats.values()):
        return None  # not a four: no line through ``cell`` to finish
    fives = set(_lines(after, attacker))
    worst = 0
    for reply in GAME.legal_moves(after, 1 - attacker):
        answered = GAME.play(after, 1 - attacker, reply)
        if GAME.outcome(answered) is not None:
            return None  # the defender made its own line
        # A reply off every five point leaves one: the attacker's five at once.
        rest = 1 if fives - {reply["cell"]} else _fours(_key(answered))
        if rest is None:
            return None
        worst = max(worst, 2 + rest)
    return worst


def brute_values(state: dict) -> dict[str, tuple[int | None, int]]:
    """Each legal move's (value, plies) as ``prove`` defines them, by brute force."""
    seat = state["turn"]
    values: dict[str, tuple[int | None, int]] = {}
    for move in GAME.legal_moves(state, seat):
        after = GAME.play(state, seat, move)
        if GAME.outcome(after) is not None:
            values[move["cell"]] = (WIN, 1) if GAME.outcome(after).winner == seat else (None, 0)
        elif _after_four(after, seat, move["cell"]) is not None:
            values[move["cell"]] = (WIN, 0)
        elif (theirs := _fours(_key(after))) is not None:
            values[move["cell"]] = (LOSS, theirs)
        else:
            values[move["cell"]] = (None, 0)
    return values


def small_positions() -> list[dict]:
    """Random positions of 7 x 7, five in a row, dense enough for fours on both sides (seeds
    picked for a brute force of a few seconds that still meets every verdict)."""
    positions = []
    for seed in (2, 6):
        rng = random.Random(seed)
        positions += [random_position(rng, 7, 7, 5, rng.randint(14, 22)) for _ in range(16)]
    return positions


def test_prove_agrees_with_a_brute_force_of_fours_on_small_boards():
    seen = {WIN: 0, LOSS: 0, None: 0}
    for state in small_positions():
        if GAME.outcome(state) is not None:
            continue
        expected = brute_values(state)
        for proof in prove(state).moves:
            value, plies = expected[proof.move["cell"]]
            assert proof.value == value, (state["board"], state["turn"], proof)
            if value == LOSS:  # resistance: the plies the other side needs (less hundredths)
                assert round(proof.resistance) == plies, (state["board"], proof)
            seen[value] += 1
    assert seen[WIN] >= 20 and seen[LOSS] >= 200 and seen[None] >= 200, seen  # not vacuous


# Black to move on 9 x 9. E5 fours row 5 (A5 is White's: one five point, F5) and makes the
# open three E5-G7-H8; White's block F5 is a four of its own (F2-F5, F1 Black's), which Black's
# F6 blocks while making the open four E5-H8.
COUNTER = ("B5 C5 D5 G7 H8 F1", "A5 F2 F3 F4 A9 I1")
# The same with I9 for H8: F6 then makes only a four (five point H8), and the attack ends.
NO_COUNTER = ("B5 C5 D5 G7 I9 F1", "A5 F2 F3 F4 A9 I1")
# White has a four (E1-E4): only E5 does not lose at once, and it wins as a double four
# (row 5 and the diagonal E5-H8) or as a four-three (with G7 for H8, A1 anywhere).
DOUBLE = ("B5 C5 D5 F6 G7 H8", "E1 E2 E3 E4 A5 I1")
FOUR_THREE = ("B5 C5 D5 F6 G7 A1", "E1 E2 E3 E4 A5 I1")


def _values(state: dict) -> dict[str, tuple[int | None, float]]:
    return {p.move["cell"]: (p.value, p.resistance) for p in prove(state).moves}


@pytest.mark.parametrize("stones, wins", [(COUNTER, {"E5"}), (NO_COUNTER, set())])
def test_a_vcf_through_the_defenders_counter_four(stones, wins):
    state = with_stones(9, 9, 5, *stones)
    proved = _values(state)
    assert {cell for cell, (value, _) in proved.items() if value == WIN} == wins
    assert {cell: value for cell, (value, _) in proved.items()} == {
        cell: value for cell, (value, _) in brute_values(state).items()
    }


@pytest.mark.parametrize("stones", [DOUBLE, FOUR_THREE])
def test_a_five_point_of_the_defender_must_be_taken_by_a_four(stones):
    """Every move but E5 loses at once (1 ply, less a hundredth for White's one five point)."""
    proved = _values(with_stones(9, 9, 5, *stones))
    assert proved.pop("E5") == (WIN, 0.0)
    assert set(proved.values()) == {(LOSS, 0.99)}


@pytest.mark.parametrize(
    "stones, line, themes",
    [
        (COUNTER, ["E5", "F5", "F6", "D4", "I9"], ["VCF", "four-three", "open four", "counter-four"]),
        (DOUBLE, ["E5"], ["VCF", "double-four", "open four"]),
        (FOUR_THREE, ["E5"], ["VCF", "four-three"]),
    ],
)
def test_the_solution_and_its_themes(stones, line, themes):
    """The finder's solution (the most stubborn replies; it stops where the solver's move is
    no longer the only one: after a double four, or a four-three's block, two moves win)."""
    state = with_stones(9, 9, 5, *stones)
    solution, _ = solve_line(KIT, state, WIN)
    assert [move["cell"] for move in solution] == line
    assert PUZZLES.themes(state, solution) == themes


def test_the_kit_is_wired():
    assert KIT.puzzles is PUZZLES and not PUZZLES.draws
    assert GAME.clean_options(PUZZLES.options) == {"rows": 15, "columns": 15, "in_a_row": 5}
