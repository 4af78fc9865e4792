"""What the Gomoku tests share: new games, random positions, and an independent brute force
of the rules (every run of every line of the board, nothing from the engine)."""

from __future__ import annotations

import random
from functools import cache

from games.catalog.gomoku.engine import GAME

LETTERS = "ABCDEFGHIJKLMNOPQRS"


def new_state(rows: int = 15, columns: int = 15, k: int = 5) -> dict:
    return GAME.setup(GAME.clean_options({"rows": rows, "columns": columns, "in_a_row": k}), seed=0)


def name(y: int, x: int) -> str:
    return f"{LETTERS[x]}{y + 1}"


def brute_runs(board: list[str], k: int) -> tuple[set[str], set[str]]:
    """(the stones that have k or more in a row, the cells of those runs), by walking every
    maximal run from its first cell in each of the four directions."""
    rows, cols = len(board), len(board[0])
    winners: set[str] = set()
    cells: set[str] = set()
    for y in range(rows):
        for x in range(cols):
            stone = board[y][x]
            if stone == ".":
                continue
            for dy, dx in ((0, 1), (1, 0), (1, 1), (1, -1)):
                py, px = y - dy, x - dx
                if 0 <= py < rows and 0 <= px < cols and board[py][px] == stone:
                    continue  # not the first cell of its run
                run = []
                ry, rx = y, x
                while 0 <= ry < rows and 0 <= rx < cols and board[ry][rx] == stone:
                    run.append(name(ry, rx))
                    ry, rx = ry + dy, rx + dx
                if len(run) >= k:
                    winners.add(stone)
                    cells.update(run)
    return winners, cells


def with_stones(rows: int, columns: int, k: int, black: str, white: str) -> dict:
    """A state with the given stones (cells separated by spaces), Black to move when both
    have as many, else White."""
    grid = [["."] * columns for _ in range(rows)]
    for stone, cells in (("X", black), ("O", white)):
        for cell in cells.split():
            grid[int(cell[1:]) - 1][LETTERS.index(cell[0])] = stone
    board = ["".join(row) for row in grid]
    state, _ = GAME.position({"rows": rows, "columns": columns, "in_a_row": k}, board, None)
    return state


def random_position(rng: random.Random, rows: int, columns: int, k: int, plies: int) -> dict:
    """A position still being played after up to ``plies`` random moves."""
    state = new_state(rows, columns, k)
    for _ in range(plies):
        moves = GAME.legal_moves(state, state["turn"])
        rng.shuffle(moves)
        nxt = next((n for m in moves if GAME.outcome(n := GAME.play(state, state["turn"], m)) is None), None)
        if nxt is None:
            break
        state = nxt
    return state


@cache
def lines_through(rows: int, columns: int, k: int) -> tuple[tuple[tuple[int, ...], ...], ...]:
    """For each cell of a flat rows x columns board, the k-cell lines through it."""
    through: list[list[tuple[int, ...]]] = [[] for _ in range(rows * columns)]
    for y in range(rows):
        for x in range(columns):
            for dy, dx in ((0, 1), (1, 0), (1, 1), (1, -1)):
                cells = [(y + i * dy, x + i * dx) for i in range(k)]
                if all(0 <= cy < rows and 0 <= cx < columns for cy, cx in cells):
                    line = tuple(cy * columns + cx for cy, cx in cells)
                    for c in line:
                        through[c].append(line)
    return tuple(tuple(lines) for lines in through)


def solve(board: tuple[str, ...], k: int, stone: str) -> int:
    """The exact value for ``stone``, to move (+1 win, 0 draw, -1 loss), by plain minimax
    over every empty cell (the position has no line yet)."""
    lines = lines_through(len(board), len(board[0]), k)
    return _solve("".join(board), lines, stone)


@cache
def _solve(flat: str, lines: tuple, stone: str) -> int:
    other = "O" if stone == "X" else "X"
    empties = [c for c, cell in enumerate(flat) if cell == "."]
    if not empties:
        return 0
    for c in empties:  # a win at once first: it ends the search soonest
        if any(all(flat[d] == stone for d in line if d != c) for line in lines[c]):
            return 1
    best = -1
    for c in empties:
        best = max(best, -_solve(flat[:c] + stone + flat[c + 1 :], lines, other))
        if best == 1:
            break
    return best
