"""Computer players of Reversi with blocks and Othello (games/ai/reversi.py, the search in
games/rules/reversi_search.py and its bitboards in reversi_bits.py): legality on many random
positions (blocked and non-8x8 boards included), the bitboards against the rules, exact play
in small endgames, the time budget. Strength is the benchmark's job (bench/ai_reversi.py),
not these tests'.
"""

from __future__ import annotations

import random
import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.ai import reversi as ai
from games.ai.reversi_expert import expert_player, expert_with_budget
from games.catalog.computer import LEVELS
from games.catalog.registry import GAMES
from games.rules.reversi import PLAYERS, cell_name, centre_cells, parse_cell
from games.rules.reversi_bits import WIN, from_board, geometry, moves_of, stable_discs
from games.rules.reversi_bits import flips_of as search_flips
from games.rules.reversi_search import Search

REVERSI, OTHELLO = GAMES["reversi"], GAMES["othello"]
QUICK = ai.strong_with_budget(0.02)  # strong, on a short clock: legality does not need time
QUICK_EXPERT = expert_with_budget(0.02)


def random_blocks(rng: random.Random, n: int, share: float) -> str:
    centre = set(centre_cells(n))
    cells = [(y, x) for y in range(n) for x in range(n) if (y, x) not in centre]
    return " ".join(cell_name(*c) for c in rng.sample(cells, int(len(cells) * share)))


def random_position(rng: random.Random, game=REVERSI, n: int = 8, blocks: str = "", plies: int = 0) -> dict:
    """A position after ``plies`` random moves (passes played as the server plays them)."""
    state = game.setup({} if game is OTHELLO else {"size": n, "blocks": blocks}, 0)
    for _ in range(plies):
        if game.outcome(state) is not None:
            break
        forced = game.forced(state)
        seat, move = forced or (state["turn"], rng.choice(game.legal_moves(state, state["turn"])))
        state = game.play(state, seat, move)
    return state


def bits_to_cells(mask: int, g) -> set[str]:
    cells = set()
    while mask:
        b = mask & -mask
        mask ^= b
        cells.add(cell_name(*g.cell(b)))
    return cells


# -- the bitboards agree with the rules --------------------------------------------------
@settings(max_examples=120, deadline=None, database=None)
@given(
    st.integers(0, 2**32 - 1),
    st.sampled_from([4, 6, 8, 10, 12, 16, 26]),
    st.sampled_from([0.0, 0.1, 0.3, 0.5]),
    st.integers(0, 300),
)
def test_moves_and_flips_match_the_rules(seed, n, share, plies):
    rng = random.Random(seed)
    state = random_position(rng, REVERSI, n, random_blocks(rng, n, share), plies)
    if REVERSI.outcome(state) is not None:
        return
    seat = state["turn"]
    g, p, o = from_board(state["board"], PLAYERS[seat])
    legal = REVERSI.legal_moves(state, seat)
    assert bits_to_cells(moves_of(p, o, g.playable & ~(p | o), g.shifts), g) == {m["cell"] for m in legal}
    for move in legal:
        y, x = parse_cell(move["cell"], n)
        b = 1 << (y * g.width + x)
        f = search_flips(b, p, o, g.shifts)
        _, p2, o2 = from_board(REVERSI.play(state, seat, move)["board"], PLAYERS[seat])
        assert (p2, o2) == (p | f | b, o & ~f)


def test_geometry_corners_and_blocked_anchors():
    """Anchors: cells whose four lines all end at a wall (edge or block) on one side."""
    plain = geometry(8, 8, frozenset())
    assert bits_to_cells(plain.anchors, plain) == {"A1", "H1", "A8", "H8"}
    # D1 blocked: C1 and E1 have the top edge on three lines and D1 on the fourth.
    blocked = geometry(6, 6, frozenset({(1, 1), (0, 3), (1, 2), (1, 3), (1, 4)}))
    assert bits_to_cells(blocked.anchors, blocked) == {"A1", "F1", "A6", "F6", "C1", "E1"}


def test_stable_discs_are_never_flipped():
    """A disc the evaluation calls stable keeps its colour to the end of random games."""
    rng = random.Random(7)
    checked = 0
    for _ in range(60):
        n = rng.choice([4, 6, 8, 10])
        state = random_position(
            rng, REVERSI, n, random_blocks(rng, n, rng.choice([0, 0.15])), rng.randint(5, 90)
        )
        if REVERSI.outcome(state) is not None:
            continue
        g, black, white = from_board(state["board"], "X")
        sb, sw = stable_discs(black, white, g)
        checked += (sb | sw).bit_count()
        for _ in range(400):
            if REVERSI.outcome(state) is not None:
                break
            forced = REVERSI.forced(state)
            seat, move = forced or (state["turn"], rng.choice(REVERSI.legal_moves(state, state["turn"])))
            state = REVERSI.play(state, seat, move)
            _, b2, w2 = from_board(state["board"], "X")
            assert sb & b2 == sb and sw & w2 == sw
    assert checked > 50


# -- every level plays legal moves -------------------------------------------------------
@pytest.mark.parametrize("level", ["random", "greedy", "strong", "expert"])
def test_levels_play_legal_moves_on_random_boards(level):
    chooser = {"strong": QUICK, "expert": QUICK_EXPERT}.get(level) or LEVELS["reversi"][level]
    rng = random.Random(level)
    for trial in range(40):
        n = rng.choice([4, 6, 8, 10, 14, 26])
        state = random_position(
            rng, REVERSI, n, random_blocks(rng, n, rng.choice([0, 0.1, 0.4])), rng.randint(0, 120)
        )
        if REVERSI.outcome(state) is not None or REVERSI.forced(state):
            continue
        seat = state["turn"]
        before = dict(state)
        move = chooser(REVERSI, state, seat, random.Random(trial))
        assert move in REVERSI.legal_moves(state, seat)
        assert state == before


@pytest.mark.parametrize("level", ["random", "greedy", "strong", "expert"])
def test_levels_play_whole_othello_games(level):
    """Each level against random, whole games: every move legal, every game finished."""
    rng = random.Random(3)
    chooser = {"strong": QUICK, "expert": QUICK_EXPERT}.get(level) or LEVELS["othello"][level]
    for game_number in range(2):
        state = OTHELLO.setup({}, 0)
        while OTHELLO.outcome(state) is None:
            forced = OTHELLO.forced(state)
            if forced:
                state = OTHELLO.play(state, *forced)
                continue
            seat = state["turn"]
            player = chooser if seat == game_number % 2 else ai.random_player
            move = player(OTHELLO, state, seat, rng)
            assert move in OTHELLO.legal_moves(state, seat)
            state = OTHELLO.play(state, seat, move)


def test_pass_when_there_is_no_move():
    board = ["XXXX", "XXXX", "XXXX", "XXX."]
    state = {"board": board, "turn": 1, "passes": 0, "flipped": [], "last": None}
    for level in ("random", "greedy", "strong", "expert"):
        assert LEVELS["reversi"][level](REVERSI, state, 1, random.Random(0)) == {"pass": True}


def test_registry_shape():
    """Both games of the family play the family's players, and its expert last."""
    for slug in ("reversi", "othello"):
        assert list(LEVELS[slug]) == ["random", "greedy", "strong", "expert"]
        assert LEVELS[slug]["greedy"] is ai.greedy_player and LEVELS[slug]["strong"] is ai.strong_player


# -- greedy ------------------------------------------------------------------------------
def test_greedy_takes_a_corner_before_more_flips():
    board = [
        ". O O O O O O X",
        ". . . . . . . .",
        ". . O . . . . .",
        ". . . O X . . .",
        ". . . X O . . .",
        ". . . . . . . .",
        ". . . . . . . .",
        ". . . . . . . .",
    ]
    state = {
        "board": [r.replace(" ", "") for r in board],
        "turn": 0,
        "passes": 0,
        "flipped": [],
        "last": None,
    }
    assert {"cell": "A1"} in OTHELLO.legal_moves(state, 0)
    assert ai.greedy_player(OTHELLO, state, 0, random.Random(1)) == {"cell": "A1"}


def test_greedy_flips_the_most_without_a_corner():
    state = OTHELLO.setup({}, 0)
    for cell in ("D3", "C3", "C4"):  # X, O, X: now O's moves flip one or two discs
        state = OTHELLO.play(state, state["turn"], {"cell": cell})
    legal = OTHELLO.legal_moves(state, 1)
    counts = {m["cell"]: len(OTHELLO.play(state, 1, m)["flipped"]) for m in legal}
    for seed in range(10):
        pick = ai.greedy_player(OTHELLO, state, 1, random.Random(seed))["cell"]
        assert counts[pick] == max(counts.values())


# -- strong: exact in the endgame, right about wins --------------------------------------
def brute_value(state: dict, seat: int) -> int:
    """Final (seat's discs - other's) with perfect play, by the rules' engine alone."""
    end = REVERSI.outcome(state)
    if end is not None:
        return end.score[PLAYERS[seat]] - end.score[PLAYERS[1 - seat]]
    forced = REVERSI.forced(state)
    if forced:
        child = REVERSI.play(state, *forced)
        return brute_value(child, seat)
    mover = state["turn"]
    values = [brute_value(REVERSI.play(state, mover, m), seat) for m in REVERSI.legal_moves(state, mover)]
    return max(values) if mover == seat else min(values)


@pytest.mark.parametrize("seed", range(8))
def test_strong_plays_perfectly_in_small_endgames(seed):
    """6x6 boards with blocks, 8 empties left: the move keeps the best final difference."""
    rng = random.Random(seed)
    while True:
        blocks = random_blocks(rng, 6, 0.15)
        state = random_position(rng, REVERSI, 6, blocks, 0)
        playable = sum(r.count(".") for r in state["board"])
        state = random_position(random.Random(seed * 31 + 1), REVERSI, 6, blocks, playable - 8)
        if (
            REVERSI.outcome(state) is None
            and not REVERSI.forced(state)
            and len(REVERSI.legal_moves(state, state["turn"])) > 1
        ):
            break
    seat = state["turn"]
    best = brute_value(state, seat)
    move = ai.strong_player(REVERSI, state, seat, random.Random(seed), budget=0.9)
    assert brute_value(REVERSI.play(state, seat, move), seat) == best
    g, result = ai.strong_search(state, seat, None, 0.9)
    assert result.exact and result.score == best * WIN


def test_strong_takes_the_wipe_out():
    state = OTHELLO.setup({}, 0)
    for number, cell in enumerate("D3 C3 B3 D2 E1 D6 D7 E3".split()):
        state = OTHELLO.play(state, number % 2, {"cell": cell})
    assert ai.strong_player(OTHELLO, state, 0, random.Random(0), budget=0.3) == {"cell": "F4"}


def test_fixed_depth_search_is_deterministic():
    rng = random.Random(5)
    state = random_position(rng, OTHELLO, plies=20)
    seat = state["turn"]
    g, p, o = from_board(state["board"], PLAYERS[seat])
    first = Search(g, 60.0).run(p, o, max_depth=4)
    again = Search(g, 60.0).run(p, o, max_depth=4)
    assert (first.move, first.score, first.depth) == (
        again.move,
        again.score,
        again.depth,
    ) and first.depth == 4


# -- the clock ---------------------------------------------------------------------------
@pytest.mark.parametrize(("n", "share", "plies"), [(8, 0.0, 20), (8, 0.0, 44), (26, 0.0, 60), (26, 0.3, 150)])
@pytest.mark.parametrize("level", ["strong", "expert"])
def test_strong_and_expert_keep_to_their_budget(n, share, plies, level):
    """Measured, with a generous bound (this machine is shared): at most 3x the budget."""
    rng = random.Random(n + plies)
    while True:  # a position still in play, with a choice to make
        state = random_position(rng, REVERSI, n, random_blocks(rng, n, share), plies)
        if REVERSI.outcome(state) is None and len(REVERSI.legal_moves(state, state["turn"])) > 1:
            break
    seat = state["turn"]
    started = time.perf_counter()
    player = ai.strong_player if level == "strong" else expert_player
    move = player(REVERSI, state, seat, random.Random(0))
    elapsed = time.perf_counter() - started
    assert move in REVERSI.legal_moves(state, seat)
    assert elapsed < 3 * ai.STRONG_BUDGET
