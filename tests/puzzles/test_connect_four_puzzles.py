"""Connect Four's puzzle kit (games/catalog/connect_four/puzzles.py).

``prove`` is checked against an independent brute force: a plain minimax over lists of
columns, sharing nothing with the solver or the rules, giving each drop its result for the
mover and the plies to the end when the winner wins as soon as it can and the loser holds out
as long as it can. Positions: late 6x7 positions (at most 9 empty cells) and 4x5 boards with
at most 12 empty cells. Then ``eligible`` and the themes on hand-made positions whose themes
follow from their definitions (the module's docstring)."""

from __future__ import annotations

import random
from functools import cache

import pytest

from games.catalog.connect_four.engine import GAME
from games.catalog.connect_four.kit import KIT
from games.catalog.connect_four.puzzles import MIN_DISCS, PUZZLES, eligible, prove, themes
from games.catalog.puzzles import DRAW, LOSS, WIN

Columns = tuple[str, ...]  # each column bottom-up, "R" and "Y"


# -- the brute force ---------------------------------------------------------------------------
def makes_four(cols: Columns, c: int) -> bool:
    """Does the top disc of column ``c`` make four in a row (any direction)?"""
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


def after(cols: Columns, c: int, colour: str) -> Columns:
    return cols[:c] + (cols[c] + colour,) + cols[c + 1 :]


@cache
def drops(cols: Columns, rows: int, mover: str) -> dict[int, tuple[int, int]]:
    """Each legal column's (result for ``mover``, plies to the end under best play)."""
    other = "Y" if mover == "R" else "R"
    out = {}
    for c in range(len(cols)):
        if len(cols[c]) == rows:
            continue
        new = after(cols, c, mover)
        if makes_four(new, c):
            out[c] = (WIN, 1)
        elif all(len(col) == rows for col in new):
            out[c] = (DRAW, 1)
        else:
            value, plies = best(new, rows, other)
            out[c] = (-value, plies + 1)
    return out


def best(cols: Columns, rows: int, mover: str) -> tuple[int, int]:
    """The position's (result, plies) for ``mover``: the fastest win, else a draw, else the
    slowest loss."""
    return max(drops(cols, rows, mover).values(), key=lambda vp: (vp[0], -vp[1] if vp[0] == WIN else vp[1]))


def columns_of(board: list[str]) -> Columns:
    rows = len(board)
    return tuple(
        "".join(board[r][c] for r in range(rows - 1, -1, -1) if board[r][c] != ".")
        for c in range(len(board[0]))
    )


def random_position(rng: random.Random, rows: int, cols: int, discs: int) -> dict | None:
    """A position after ``discs`` random drops, Red first, none of which made four (so that
    late positions come quickly), or None when every drop would have."""
    columns: Columns = ("",) * cols
    for n in range(discs):
        colour = "RY"[n % 2]
        safe = [
            c for c in range(cols) if len(columns[c]) < rows and not makes_four(after(columns, c, colour), c)
        ]
        if not safe:
            return None
        c = rng.choice(safe)
        columns = after(columns, c, colour)
    board = ["".join(col[r] if r < len(col) else "." for col in columns) for r in range(rows - 1, -1, -1)]
    return state_of(board, discs % 2)


def positions(seed: int, rows: int, cols: int, least: int, most: int, count: int) -> list[dict]:
    rng = random.Random(seed)
    out: list[dict] = []
    while len(out) < count:
        state = random_position(rng, rows, cols, rng.randint(least, most))
        if state is not None:
            out.append(state)
    return out


def state_of(board: list[str], turn: int) -> dict:
    return {"board": board, "turn": turn, "pop_out": False, "last": None}


def drop(*columns: int) -> list[dict]:
    return [{"action": "drop", "column": c} for c in columns]


# -- prove -------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "rows,cols,least,most,count",
    [(6, 7, 33, 38, 15), (4, 5, 8, 14, 15)],
    ids=["6x7 late", "4x5"],
)
def test_prove_gives_every_drop_the_brute_forces_result_and_plies(rows, cols, least, most, count):
    met = set()
    for state in positions(rows * cols, rows, cols, least, most, count):
        mover = "RY"[state["turn"]]
        expected = drops(columns_of(state["board"]), rows, mover)
        proof = prove(state)
        assert proof.nodes >= 0
        got = {m.move["column"]: (m.value, m.resistance) for m in proof.moves}
        want = {c: (v, float(-p if v == WIN else p)) for c, (v, p) in expected.items()}
        assert got == want, state["board"]
        assert all(m.move == {"action": "drop", "column": m.move["column"]} for m in proof.moves)
        met |= {v for v, _ in got.values()}
    assert met == {WIN, DRAW, LOSS}  # every result met


def test_a_win_resists_minus_its_plies_a_draw_the_plies_left():
    # Red: column 0 wins at its next drop but one (3 plies), column 4 only draws (see below).
    proof = prove(state_of(ZUGZWANG, 0))
    assert {m.move["column"]: (m.value, m.resistance) for m in proof.moves} == {
        0: (WIN, -3.0),
        4: (DRAW, 4.0),
    }


def test_prove_refuses_pop_out():
    state = GAME.setup(GAME.clean_options({"pop_out": True}), seed=0)
    with pytest.raises(ValueError):
        prove(state)


# -- eligible ----------------------------------------------------------------------------------
def test_eligible_is_enough_discs_with_no_four_to_make_or_block_at_once():
    seen = set()
    for state in positions(2, 6, 7, 1, 36, 120):
        discs = sum(7 - row.count(".") for row in state["board"])
        expected = discs >= MIN_DISCS and not _decided(state)
        assert eligible(state) == expected, state["board"]
        assert not eligible({**state, "pop_out": True})
        seen.add((discs >= MIN_DISCS, expected))
    assert seen == {(False, False), (True, False), (True, True)}  # every case met
    for state in positions(3, 5, 7, 14, 25, 5) + positions(4, 6, 6, 14, 25, 5):
        assert not eligible(state)  # another board size


def _decided(state: dict) -> bool:
    """Can either side make four with one drop now (the side to move, or the other, which
    the side to move must then block)?"""
    cols = columns_of(state["board"])
    return any(
        len(cols[c]) < 6 and makes_four(after(cols, c, colour), c) for c in range(7) for colour in "RY"
    )


# -- themes ------------------------------------------------------------------------------------
# 4 rows x 5 columns, Red to move. Red holds row 3 (odd) in columns 1-3: a threat at column 4,
# row 3, over Yellow's disc and an empty row 2. Only column 0's last cell is free besides
# column 4: Red fills it (quiet: no threat playable, none of Yellow's to block) and Yellow must
# drop in column 4, under the threat. Red dropping in column 4 itself lets Yellow block: a draw.
ZUGZWANG = [
    ".RRY.",
    "YRRR.",
    "RRYY.",
    "YYRYY",
]


def test_a_waiting_move_then_yellow_under_reds_odd_threat():
    assert themes(state_of(ZUGZWANG, 0), drop(0, 4, 4)) == ["quiet move", "zugzwang", "odd/even"]


def test_a_threat_then_two_at_once():
    # Red's bottom row: two discs between Yellow's corners. Column 4 makes three with both
    # ends open: two playable threats (a double threat); column 1 makes one (Yellow holds 0).
    board = ["." * 7] * 5 + ["Y.RR..Y"]
    assert themes(state_of(board, 0), drop(4, 1, 5)) == ["threat", "double threat"]
    # Yellow ignores the single threat: Red's four at once, on a cell that was playable all along
    # (no zugzwang, and not a threat kept for its row).
    assert themes(state_of(board, 0), drop(1, 5, 4)) == ["threat"]


def test_a_draw_has_no_zugzwang_nor_parity():
    # Yellow to move: column 3 loses at once (Red's diagonal), column 4 a little later; the top
    # of column 0 holds the draw, quietly.
    board = [
        ".RY..",
        "YYR..",
        "YRRYR",
        "RRYYR",
    ]
    state = state_of(board, 1)
    values = {m.move["column"]: m.value for m in prove(state).moves}
    assert values == {0: DRAW, 3: LOSS, 4: LOSS}
    assert themes(state, drop(0)) == ["quiet move"]


def test_the_kit_plays_its_puzzles_on_the_6x7_board():
    assert KIT.puzzles is PUZZLES
    options = GAME.clean_options(PUZZLES.options)
    assert (options["rows"], options["columns"], options["pop_out"]) == (6, 7, False)
    assert all(KIT.level(name) for name in PUZZLES.sparring)
    assert PUZZLES.draws and PUZZLES.target >= 300
