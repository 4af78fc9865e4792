"""Othello's puzzle kit (games/catalog/othello/puzzles.py).

``prove`` is checked against an independent brute force: a plain minimax over the engine's
own ``legal_moves``, ``forced`` and ``play`` (nothing of the solver), giving each move the final
disc margin for the mover under perfect play. Positions: late ones (5 to 8 empty squares)
from random games. Then ``eligible`` and the themes on hand-made positions whose themes follow
from their definitions (the module's docstring)."""

from __future__ import annotations

import random
from functools import cache

from games.catalog.othello.engine import GAME
from games.catalog.othello.kit import KIT
from games.catalog.othello.puzzles import (
    MAX_EMPTIES,
    MIN_EMPTIES,
    PUZZLES,
    eligible,
    empties,
    prove,
    themes,
)
from games.catalog.puzzles import DRAW, LOSS, WIN


# -- the brute force ---------------------------------------------------------------------------
def margin(board: tuple[str, ...], seat: int) -> int:
    """The final disc margin (empties not counted) for ``seat``, to move, under perfect play."""
    return _margin(board, seat, 0)


@cache
def _margin(board: tuple[str, ...], seat: int, passes: int) -> int:
    state = {"board": list(board), "turn": seat, "passes": passes, "flipped": [], "last": None}
    if GAME.outcome(state) is not None:
        mine, theirs = "XO"[seat], "XO"[1 - seat]
        return sum(row.count(mine) - row.count(theirs) for row in board)
    forced = GAME.forced(state)
    moves = [forced[1]] if forced is not None else GAME.legal_moves(state, seat)
    return max(-_after(state, seat, move) for move in moves)


def _after(state: dict, seat: int, move: dict) -> int:
    """The margin for the opponent once ``seat`` has played ``move``."""
    nxt = GAME.play(state, seat, move)
    return _margin(tuple(nxt["board"]), nxt["turn"], nxt["passes"])


def late_positions(seed: int, count: int, least: int, most: int) -> list[dict]:
    """Positions of ``least`` to ``most`` empties from random games, the side to move able to."""
    rng = random.Random(seed)
    out: list[dict] = []
    while len(out) < count:
        goal = rng.randint(least, most)
        state = GAME.setup(GAME.clean_options({}), 0)
        while GAME.outcome(state) is None and empties(state) > goal:
            forced = GAME.forced(state)
            seat, move = forced or (state["turn"], rng.choice(GAME.legal_moves(state, state["turn"])))
            state = GAME.play(state, seat, move)
        if GAME.outcome(state) is None and GAME.forced(state) is None:
            out.append(state)
    return out


def sign(value: int) -> int:
    return WIN if value > 0 else LOSS if value < 0 else DRAW


def position(rows: list[str], white: bool = False) -> dict:
    start = "\n".join(rows) + ("\nO to move" if white else "")
    return GAME.setup(GAME.clean_options({"start": start}), 0)


# -- prove -------------------------------------------------------------------------------------
def test_prove_gives_every_move_the_brute_forces_result():
    met, lost, passes = set(), 0, 0
    for state in late_positions(seed=51, count=40, least=5, most=8):
        seat = state["turn"]
        margins = {m["cell"]: -_after(state, seat, m) for m in GAME.legal_moves(state, seat)}
        proof = prove(state)
        assert proof.nodes > 0
        assert {m.move["cell"]: m.value for m in proof.moves} == {c: sign(v) for c, v in margins.items()}
        # The margins, the most stubborn move's measure, where the mover is lost whatever it plays.
        hopeless = all(v < 0 for v in margins.values())
        expected = margins if hopeless else dict.fromkeys(margins, 0)
        assert {m.move["cell"]: m.resistance for m in proof.moves} == expected
        met |= {sign(v) for v in margins.values()}
        lost += hopeless
        passes += any(GAME.forced(GAME.play(state, seat, m)) for m in GAME.legal_moves(state, seat))
    assert met == {WIN, DRAW, LOSS} and lost and passes  # every result, lost positions, passes


def test_nothing_to_prove_when_the_mover_must_pass():
    state = position(["XO......"] + ["........"] * 7, white=True)
    assert GAME.forced(state) is not None
    assert prove(state).moves == []


# -- eligible ----------------------------------------------------------------------------------
def test_eligible_is_12_to_18_empty_squares():
    assert (MIN_EMPTIES, MAX_EMPTIES) == (12, 18)
    seen = set()
    for state in late_positions(seed=7, count=30, least=8, most=24):
        assert eligible(state) == (12 <= empties(state) <= 18)
        seen.add(eligible(state))
    assert seen == {True, False}


# -- themes ------------------------------------------------------------------------------------
def test_a_corner_that_wipes_the_opponent_out():
    # Black's only move: A1 flips White's whole top row. A1 is a region of one, but no legal
    # move went into an even region: no parity.
    state = position([".OOOOOOX", "XXXXXXXX"] + ["........"] * 6)
    assert themes(state, [{"cell": "A1"}]) == ["corner", "wipe-out"]


# Black's B2 (A1 empty) flips C3; White then has no move, Black still has C8 (flipping B8).
X_SQUARE = ["........", "........", "..O.....", "...X...."] + ["........"] * 3 + ["XO......"]


def test_an_x_square_that_forces_a_pass():
    assert themes(position(X_SQUARE), [{"cell": "B2"}]) == ["x-square", "pass"]
    # C8, on the edge, flips one disc as B2 does (not fewer: no quiet move); White answers E5.
    assert themes(position(X_SQUARE), [{"cell": "C8"}]) == ["edge"]


def test_an_x_square_that_gives_up_a_corner():
    # B2 flips C3: Black's diagonal B2-D4 then ends at White's E5, and White may take A1.
    board = ["........", "........", "..O.....", "...X....", "....O..."] + ["........"] * 3
    assert themes(position(board), [{"cell": "B2"}]) == ["corner sacrifice", "x-square"]


def test_no_pass_when_neither_side_can_move_on():
    # White's last disc far away in a corner: after B2 neither side can move, the game is over.
    board = ["........", "........", "..O.....", "...X...."] + ["........"] * 3 + [".......O"]
    assert themes(position(board), [{"cell": "B2"}]) == ["x-square"]


# A full board but for D1 (a region of one), and H7 and H8 (a region of two). Black may play
# all three: D1 flips three discs, H8 two, H7 one. White answers D1 with H7 (H1's line).
PARITY = [
    "XXO.OXXO",
    "XXXOXXXX",
    "XXXXXXXX",
    "XXXXXXXX",
    "XXXXXXXX",
    "XXXXXXXX",
    "XXXXXXO.",
    "XXXXXXO.",
]


def test_parity_and_a_quiet_move():
    assert themes(position(PARITY), [{"cell": "D1"}]) == ["edge", "parity"]
    # H7 flips G7 only, and gives White H8 (the H column of Black's discs up to White's H1).
    assert themes(position(PARITY), [{"cell": "H7"}]) == ["edge", "corner sacrifice", "quiet move"]
    # H8, a corner, goes into the even region (and flips two): no parity, no quiet move.
    assert themes(position(PARITY), [{"cell": "H8"}]) == ["corner"]
    # Once White has answered H7, H8 is a region of one: every move of Black's went into an odd one.
    assert themes(position(PARITY), [{"cell": "D1"}, {"cell": "H7"}, {"cell": "H8"}]) == ["edge", "parity"]


def test_the_kit_plays_its_puzzles_on_the_standard_board():
    assert KIT.puzzles is PUZZLES
    state = GAME.setup(GAME.clean_options(PUZZLES.options), 0)
    assert state["board"] == GAME.setup(GAME.clean_options({}), 0)["board"]
    assert all(KIT.level(name) for name in PUZZLES.sparring)
    assert PUZZLES.draws and PUZZLES.claim == "and win" and PUZZLES.target >= 300


def test_prove_on_the_parity_position():
    state = position(PARITY)
    assert {m.move["cell"]: m.value for m in prove(state).moves} == {
        m["cell"]: sign(-_after(state, 0, m)) for m in GAME.legal_moves(state, 0)
    }
