"""The exact players of Reversi/Othello against an independent brute force.

``brute`` is a plain memoised minimax written here over the rules module's seed functions
(``games.rules.reversi.flips``), sharing no code with the solver
(:mod:`games.rules.reversi_endgame`) or the searches. On small boards it checks: the
solver's value of the position and of every move (the pure-Python reference and the site's
C core, :mod:`games.ai.reversi_core`, alike), from the 4x4 start and on random
positions (4x4, 6x6 with blocks near the end, other shapes); that the ``expert`` level's
move (and ``strong``'s) keeps the best proven outcome when the position is solved; that the
judge answers from the proof; and that the opening book only holds legal moves.
"""

from __future__ import annotations

import random

import pytest

from games.ai import reversi as ai
from games.ai import reversi_expert as expert
from games.ai.reversi_book import book, book_moves, read_lines
from games.ai.reversi_core import solve as core_solve
from games.catalog import judge
from games.catalog.registry import GAMES
from games.rules.reversi import BLACK, EMPTY, PLAYERS, WHITE, cell_name, centre_cells, flips, parse_cell
from games.rules.reversi_bits import WIN, from_board
from games.rules.reversi_endgame import solve

REVERSI, OTHELLO = GAMES["reversi"], GAMES["othello"]


def brute(board: list[list[str]], color: str, memo: dict) -> int:
    """Final (color's discs - the other's) under perfect play, ``color`` to move."""
    key = ("".join("".join(row) for row in board), color)
    if key in memo:
        return memo[key]
    other = WHITE if color == BLACK else BLACK
    best = None
    for y, row in enumerate(board):
        for x, cell in enumerate(row):
            cells = flips(board, color, y, x) if cell == EMPTY else []
            if cells:
                child = [list(r) for r in board]
                for fy, fx in [(y, x), *cells]:
                    child[fy][fx] = color
                value = -brute(child, other, memo)
                best = value if best is None else max(best, value)
    if best is None:
        if any(flips(board, other, y, x) for y in range(len(board)) for x in range(len(board[y]))):
            best = -brute(board, other, memo)  # a pass
        else:
            best = sum(r.count(color) for r in board) - sum(r.count(other) for r in board)
    memo[key] = best
    return best


def move_values(board: list[list[str]], color: str, memo: dict) -> dict[tuple[int, int], int]:
    """Each legal move's brute-force value for ``color``."""
    other = WHITE if color == BLACK else BLACK
    values = {}
    for y, row in enumerate(board):
        for x, cell in enumerate(row):
            cells = flips(board, color, y, x) if cell == EMPTY else []
            if cells:
                child = [list(r) for r in board]
                for fy, fx in [(y, x), *cells]:
                    child[fy][fx] = color
                values[(y, x)] = -brute(child, other, memo)
    return values


def random_state(rng: random.Random, game, options: dict, empties: int) -> dict | None:
    """A position with ``empties`` empty cells left after random play, or None if the game
    ended first."""
    state = game.setup(game.clean_options(options), 0)
    while sum(row.count(EMPTY) for row in state["board"]) > empties:
        if game.outcome(state) is not None:
            return None
        forced = game.forced(state)
        seat, move = forced or (state["turn"], rng.choice(game.legal_moves(state, state["turn"])))
        state = game.play(state, seat, move)
    if game.outcome(state) is not None or game.forced(state):
        return None
    return state


def random_blocks(rng: random.Random, n: int, count: int) -> str:
    centre = set(centre_cells(n))
    cells = [(y, x) for y in range(n) for x in range(n) if (y, x) not in centre]
    return " ".join(cell_name(*c) for c in rng.sample(cells, count))


def check_solver(state: dict) -> None:
    """The solver's value and every root move's value agree with the brute force: the
    reference's and the C core's."""
    board, color = [list(r) for r in state["board"]], PLAYERS[state["turn"]]
    memo: dict = {}
    g, p, o = from_board(board, color)
    for solver in (solve, core_solve):
        result = solver(g, p, o, all_values=True)
        assert result.proved and result.value == brute(board, color, memo), solver
        found = {g.cell(b): v for b, v in result.values.items()}
        assert found == move_values(board, color, memo), solver
        assert found[g.cell(result.move)] == result.value


def test_the_4x4_start_is_lost_by_8_for_the_first_player():
    state = REVERSI.setup(REVERSI.clean_options({"size": 4}), 0)
    check_solver(state)
    g, p, o = from_board(state["board"], BLACK)
    assert solve(g, p, o).value == -8


def test_4x4_random_positions():
    rng = random.Random(4)
    checked = 0
    while checked < 40:
        state = random_state(
            rng,
            REVERSI,
            {"size": 4, "blocks": random_blocks(rng, 4, rng.choice([0, 1, 2]))},
            rng.randint(3, 10),
        )
        if state is not None:
            check_solver(state)
            checked += 1


@pytest.mark.parametrize("seed", range(6))
def test_6x6_with_blocks_near_the_end(seed):
    rng = random.Random(seed)
    while (
        state := random_state(
            rng, REVERSI, {"size": 6, "blocks": random_blocks(rng, 6, rng.randint(2, 6))}, rng.randint(8, 10)
        )
    ) is None:
        pass
    check_solver(state)


def test_other_shapes_and_a_pass_at_the_root():
    """A 4x4 board where the side to move must pass: the value is still proved; and a few
    6x6 positions without blocks."""
    board = [list("XXXX"), list("XXXX"), list("XXX."), list("XXOO")]
    memo: dict = {}
    g, p, o = from_board(board, BLACK)
    for solver in (solve, core_solve):
        result = solver(g, p, o)
        assert result.proved and result.move == 0 and result.value == brute(board, BLACK, memo)
    rng = random.Random(66)
    for _ in range(3):
        while (state := random_state(rng, REVERSI, {"size": 6}, 8)) is None:
            pass
        check_solver(state)


def test_the_budget_says_when_nothing_is_proved():
    rng = random.Random(1)
    while (state := random_state(rng, OTHELLO, {}, 40)) is None:
        pass
    g, p, o = from_board(state["board"], PLAYERS[state["turn"]])
    result = solve(g, p, o, max_nodes=500)
    assert not result.proved and result.value is None
    assert not solve(g, p, o, budget=0.01).proved


@pytest.mark.parametrize("seed", range(5))
def test_expert_and_strong_keep_the_best_proven_outcome(seed):
    """6x6 with blocks and 9-11 empties: solved within the budget, so the move played
    keeps the brute force's best value."""
    rng = random.Random(100 + seed)
    while True:
        options = {"size": 6, "blocks": random_blocks(rng, 6, rng.randint(1, 5))}
        state = random_state(rng, REVERSI, options, rng.randint(9, 11))
        if state is not None and len(REVERSI.legal_moves(state, state["turn"])) > 1:
            break
    seat = state["turn"]
    board, color = [list(r) for r in state["board"]], PLAYERS[seat]
    memo: dict = {}
    values = move_values(board, color, memo)
    best = max(values.values())
    for player in (expert.expert_player, ai.strong_player):
        move = player(REVERSI, state, seat, random.Random(seed))
        assert values[parse_cell(move["cell"], 6)] == best
    g, result = expert.expert_search(state, seat, None)
    assert result.exact and result.score // WIN == best


def test_the_judge_answers_from_the_proof():
    rng = random.Random(9)
    for _ in range(4):
        while (
            state := random_state(rng, REVERSI, {"size": 6, "blocks": random_blocks(rng, 6, 3)}, 9)
        ) is None:
            pass
        seat = state["turn"]
        value = brute([list(r) for r in state["board"]], PLAYERS[seat], {})
        found = judge.judge("reversi", state, seat)
        assert found == value
        assert judge.judge("reversi", state, 1 - seat) == -value
        assert judge.accepts_draw("reversi", state, seat) == (value <= 0)


def test_the_book_holds_only_legal_moves():
    assert len(read_lines()) >= 4 and len(book()) > 50
    for (cells, color), moves in book().items():
        board = [list(cells[i : i + 8]) for i in range(0, 64, 8)]
        for y, x in moves:
            assert flips(board, color, y, x)
    start = OTHELLO.setup({}, 0)
    assert expert.expert_player(OTHELLO, start, 0, random.Random(0)) in OTHELLO.legal_moves(start, 0)
    reversi8 = REVERSI.setup(REVERSI.clean_options({"size": 8}), 0)  # Othello's start, mirrored
    assert book_moves(reversi8["board"], BLACK)
    blocked = REVERSI.setup(REVERSI.clean_options({"size": 8, "blocks": "A1"}), 0)
    assert not book_moves(blocked["board"], BLACK)


def late_state(rng: random.Random, options: dict, before_end: int, game=REVERSI) -> dict:
    """A position ``before_end`` moves before the end of a random game (on a blocked board
    a game may end with empties nobody can reach, so "E empties left" may never come)."""
    state = game.setup(game.clean_options(options), 0)
    seen = []
    while game.outcome(state) is None:
        forced = game.forced(state)
        if not forced:
            seen.append(state)
        seat, move = forced or (state["turn"], rng.choice(game.legal_moves(state, state["turn"])))
        state = game.play(state, seat, move)
    return seen[max(0, len(seen) - before_end)]


@pytest.mark.parametrize("n", [8, 10, 26])
def test_larger_boards_with_blocks_near_the_end(n):
    """The solver knows no board size: 8x8, 10x10 and 26x26 with many blocks, a random
    game's position 7 moves before its end."""
    rng = random.Random(n)
    options = {"size": n, "blocks": random_blocks(rng, n, (n * n // 2) if n > 8 else 6)}
    check_solver(late_state(rng, options, 7))
