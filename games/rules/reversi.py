"""Reversi with blocked cells (seed: Question 3 of assignment 2), boards 4x4 to 26x26.

Boards are lists of rows, ``board[row][col]``, cells ``.`` empty, ``X`` black (seat 0),
``O`` white (seat 1), ``#`` block. Addresses are a column letter and a 1-based row:
``A1`` is ``board[0][0]`` and ``C10`` is ``board[9][2]``.

>>> board = initial_board(4)
>>> valid_move(board, "X", 0, 2)
True
>>> valid_move(board, "X", 0, 1)
False
>>> valid_move(board, "X", 0, 2, flip=True) is None
True
>>> board[1][2]
'X'
"""

from __future__ import annotations

import string
from typing import Any

from .base import Game, IllegalMove, Move, Option, OptionError, Outcome, Seat, State

Board = list[list[str]]
EMPTY, BLACK, WHITE, BLOCK = ".", "X", "O", "#"
PLAYERS = (BLACK, WHITE)
DIRECTIONS = ((-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1))
LETTERS = string.ascii_uppercase


# -- the seed's functions ---------------------------------------------------------------
def _opponent(p: str) -> str:
    return WHITE if p == BLACK else BLACK


def _flip_lines(board: Board, p: str, y: int, x: int) -> list[tuple[int, int]]:
    """The cells a disc of ``p`` at (y, x) would flip, in all 8 directions."""
    n_rows, n_cols = len(board), len(board[0]) if board else 0
    other = _opponent(p)
    flips: list[tuple[int, int]] = []
    for dy, dx in DIRECTIONS:
        ry, rx = y + dy, x + dx
        line: list[tuple[int, int]] = []
        while 0 <= ry < n_rows and 0 <= rx < n_cols and board[ry][rx] == other:
            line.append((ry, rx))
            ry += dy
            rx += dx
        if line and 0 <= ry < n_rows and 0 <= rx < n_cols and board[ry][rx] == p:
            flips.extend(line)
    return flips


def valid_move(board: Board, p: str, y: int, x: int, flip: bool = False) -> bool | None:
    """Is the move of player ``p`` at row ``y``, column ``x`` valid?

    With ``flip=True`` the move is carried out on ``board`` (the disc is placed and every
    closed line flipped) and None is returned; an invalid move leaves the board as it is.
    """
    inside = 0 <= y < len(board) and 0 <= x < len(board[y])
    flips = _flip_lines(board, p, y, x) if inside and board[y][x] == EMPTY else []
    if not flip:
        return bool(flips)
    if flips:
        board[y][x] = p
        for fy, fx in flips:
            board[fy][fx] = p
    return None


def has_valid_moves(board: Board, p: str) -> bool:
    """True if player ``p`` has at least one valid move on ``board``."""
    return any(
        cell == EMPTY and _flip_lines(board, p, y, x)
        for y, row in enumerate(board)
        for x, cell in enumerate(row)
    )


def has_empty_cells(board: Board) -> bool:
    """True if the board has at least one empty cell."""
    return any(EMPTY in row for row in board)


# -- board helpers ----------------------------------------------------------------------
def centre_cells(n: int) -> dict[tuple[int, int], str]:
    """The four starting discs of an ``n`` x ``n`` Reversi board: (row, col) -> disc."""
    h = n // 2
    return {(h - 1, h - 1): BLACK, (h, h): BLACK, (h - 1, h): WHITE, (h, h - 1): WHITE}


def initial_board(n: int, blocks: list[tuple[int, int]] = (), start: dict | None = None) -> Board:
    """An ``n`` x ``n`` board with the starting discs and the given block cells."""
    board = [[EMPTY] * n for _ in range(n)]
    for (y, x), disc in (start or centre_cells(n)).items():
        board[y][x] = disc
    for y, x in blocks:
        board[y][x] = BLOCK
    return board


def parse_cell(text: str, n: int) -> tuple[int, int]:
    """``"C10"`` -> (9, 2); raise ValueError unless it is a cell of an n x n board."""
    ascii_only = text.isascii()  # "A-Z or a-z" and "1-26": no look-alikes such as "ı1" or "A١"
    text = text.strip().upper()
    if not ascii_only or len(text) < 2 or text[0] not in LETTERS or not text[1:].isdigit() or text[1] == "0":
        raise ValueError(f"{text or 'an empty address'} is not a cell address")
    y, x = int(text[1:]) - 1, LETTERS.index(text[0])
    if not (0 <= y < n and 0 <= x < n):
        raise ValueError(f"{text} is off the board")
    return y, x


def cell_name(y: int, x: int) -> str:
    """(9, 2) -> ``"C10"``."""
    return f"{LETTERS[x]}{y + 1}"


def parse_blocks(text: str, n: int, start: dict | None = None) -> list[tuple[int, int]]:
    """Parse block addresses like ``"A1 b2, C3"`` with the seed's rules and messages."""
    tokens = text.replace(",", " ").replace(";", " ").split()
    if len(tokens) > n * n // 2:
        raise OptionError(f"Too many blocks! At most {n * n // 2} on a {n}x{n} board.", "blocks")
    taken = start or centre_cells(n)
    blocks: list[tuple[int, int]] = []
    for token in tokens:
        try:
            cell = parse_cell(token, n)
        except ValueError as exc:
            raise OptionError(f"Invalid position! {exc}.", "blocks") from None
        if cell in taken:
            raise OptionError(f"Invalid position! {token.upper()} is a starting disc's cell.", "blocks")
        if cell in blocks:
            raise OptionError(f"Invalid position! {token.upper()} is already a block.", "blocks")
        blocks.append(cell)
    return blocks


def board_text(board: Board) -> str:
    """The seed's console print: column letters, then rows numbered right-aligned in 2."""
    lines = ["   " + " ".join(LETTERS[: len(board[0])])]
    lines += [f"{y + 1:>2} " + " ".join(row) for y, row in enumerate(board)]
    return "\n".join(lines)


def print_board(board: Board) -> None:
    """Print the board as the seed's program does."""
    print(board_text(board))


def count(board: Board) -> dict[str, int]:
    """Discs of each colour: ``{"X": n, "O": m}``."""
    return {p: sum(row.count(p) for row in board) for p in PLAYERS}


# -- the engine -------------------------------------------------------------------------
def _rows(state: State) -> Board:
    return [list(row) for row in state["board"]]


class Reversi(Game):
    """Reversi with blocks on an even N x N board, Black (X, seat 0) first."""

    slug = "reversi"
    name = "Reversi"
    description = "Flip your opponent's discs on boards from 4x4 to 26x26, with optional blocked cells."
    seats = (2, 2)
    seat_names = ("Black (X)", "White (O)")
    options = {
        "size": Option("int", 8, label="Board size", min=4, max=26, help="Even, 4 to 26."),
        "blocks": Option("text", "", label="Blocked cells", max=2000, help="Addresses like A1 B2."),
    }

    def check_options(self, options: dict[str, Any]) -> None:
        if options["size"] % 2:
            raise OptionError("Board size must be even.", "size")
        blocks = parse_blocks(options["blocks"], options["size"], self.start(options["size"]))
        options["blocks"] = " ".join(cell_name(y, x) for y, x in blocks)

    def start(self, n: int) -> dict[tuple[int, int], str]:
        """The starting discs (Othello overrides this)."""
        return centre_cells(n)

    def setup(self, options: dict[str, Any], seed: int) -> State:
        n = options["size"]
        blocks = parse_blocks(options["blocks"], n, self.start(n))
        board = initial_board(n, blocks, self.start(n))
        return {"board": ["".join(r) for r in board], "turn": 0, "passes": 0, "flipped": [], "last": None}

    def to_move(self, state: State) -> list[Seat]:
        return [] if self.outcome(state) else [state["turn"]]

    def legal_moves(self, state: State, seat: Seat) -> list[Move]:
        if seat not in self.to_move(state):
            return []
        board, p = _rows(state), PLAYERS[seat]
        return [
            {"cell": cell_name(y, x)}
            for y, row in enumerate(board)
            for x, c in enumerate(row)
            if c == EMPTY and _flip_lines(board, p, y, x)
        ]

    def play(self, state: State, seat: Seat, move: Move) -> State:
        if seat not in self.to_move(state):
            raise IllegalMove("It is not your turn.")
        if not isinstance(move, dict):
            raise IllegalMove('A move is {"cell": "D3"}.')
        board, p = _rows(state), PLAYERS[seat]
        if move.get("pass") is True and len(move) == 1:
            if has_valid_moves(board, p):
                raise IllegalMove("You cannot pass while you have a valid move.")
            # A pass changes no disc: the last move and its flips stay highlighted.
            return {**state, "turn": 1 - seat, "passes": state["passes"] + 1}
        cell = move.get("cell")
        if not isinstance(cell, str) or set(move) != {"cell"}:
            raise IllegalMove('A move is {"cell": "D3"}.')
        try:
            y, x = parse_cell(cell, len(board))
        except ValueError as exc:
            raise IllegalMove(f"Invalid move: {exc}.") from None
        flips = _flip_lines(board, p, y, x) if board[y][x] == EMPTY else []
        if not flips:
            raise IllegalMove(f"Invalid move: {cell_name(y, x)} flips no disc.")
        valid_move(board, p, y, x, flip=True)
        return {
            "board": ["".join(r) for r in board],
            "turn": 1 - seat,
            "passes": 0,
            "flipped": [cell_name(fy, fx) for fy, fx in flips],
            "last": cell_name(y, x),
        }

    def forced(self, state: State) -> tuple[Seat, Move] | None:
        if self.outcome(state) is None and not has_valid_moves(_rows(state), PLAYERS[state["turn"]]):
            return state["turn"], {"pass": True}
        return None

    def outcome(self, state: State) -> Outcome | None:
        board = _rows(state)
        if has_empty_cells(board) and state["passes"] < 2:
            return None
        score = count(board)
        if score[BLACK] == score[WHITE]:
            return Outcome(None, "draw", score)
        reason = "board full" if not has_empty_cells(board) else "no valid moves"
        return Outcome(0 if score[BLACK] > score[WHITE] else 1, reason, score)

    def view(self, state: State, seat: Seat | None) -> dict[str, Any]:
        return {**state, "size": len(state["board"]), "count": count(_rows(state))}

    def player_label(self, seat: Seat) -> str:
        return f"Player {PLAYERS[seat]}"

    def move_label(self, state: State, seat: Seat, move: Move) -> str:
        return "pass" if move.get("pass") else str(move.get("cell", "?")).upper()

    def transcript(self, options: dict[str, Any], states: list[State], moves: list[tuple[Seat, Move]]) -> str:
        lines: list[str] = []
        for number, (state, (seat, move)) in enumerate(zip(states, moves, strict=False), start=1):
            lines += [f"Round {number}:", board_text(_rows(state))]
            if move.get("pass"):
                lines.append(f"{self.player_label(seat)} has no valid moves! Pass!")
            else:
                lines.append(f"{self.player_label(seat)}'s turn: {self.move_label(state, seat, move)}")
        final = states[len(moves)]
        end = self.outcome(final)
        if end is None:
            lines += [f"Round {len(moves) + 1}:", board_text(_rows(final))]
        else:
            lines += ["Game over:", board_text(_rows(final)), result_message(end)]
        return "\n".join(lines) + "\n"


def result_message(end: Outcome) -> str:
    """The seed's last line: ``Player X wins!``, ``Player O wins!`` or ``Draw game!``."""
    return "Draw game!" if end.winner is None else f"Player {PLAYERS[end.winner]} wins!"


GAME = Reversi()
