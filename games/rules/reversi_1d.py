"""1-D Reversi (seed: ``reversi-1d.txt``): one row of 12 slots, 6 moves each, no passes.
The seed's functions; the site's engine is :mod:`games.catalog.reversi_1d.engine`.

The board is a list of 12 strings: ``" "`` empty, ``"X"`` black (seat 0, moves first),
``"O"`` white. Positions are 1-based. A player's ``turn`` is the piece they play, the
seed's constants ``BLACK = "X"`` and ``WHITE = "O"``. Any empty slot is a valid move;
after placing, each side's contiguous run of opponent pieces that starts right next to
the new piece and is closed by a piece of the mover flips.

>>> board = list(" OXX    X  O")
>>> print_board(board)
+-----------------------+
| |O|X|X| | | | |X| | |O|
+-----------------------+
>>> place_piece(board, WHITE, 5)
>>> print_board(board)
+-----------------------+
| |O|O|O|O| | | |X| | |O|
+-----------------------+
"""

from __future__ import annotations

Board = list[str]
SIZE = 12
EMPTY, BLACK, WHITE = " ", "X", "O"
PLAYERS = (BLACK, WHITE)
RULE = "+" + "-" * (2 * SIZE - 1) + "+"


# -- the seed's functions ---------------------------------------------------------------
def get_opponent(turn: str) -> str:
    """The other player: ``"X"`` -> ``"O"`` and ``"O"`` -> ``"X"``.

    >>> get_opponent(BLACK), get_opponent(WHITE)
    ('O', 'X')
    """
    if turn not in PLAYERS:
        raise ValueError(f"{turn!r} is not a player (X or O)")
    return WHITE if turn == BLACK else BLACK


def is_valid_move(board: Board, turn: str, position: int) -> bool:
    """True if ``turn`` (``"X"``/``"O"``) may play at 1-based ``position``: on the board and empty.

    Anything else (out of range, occupied, not an integer, an unknown player) is False.

    >>> board = list(" OXX    X  O")
    >>> [p for p in range(0, 14) if is_valid_move(board, WHITE, p)]
    [1, 5, 6, 7, 8, 10, 11]
    """
    if turn not in PLAYERS or type(position) is not int:
        return False
    return 1 <= position <= len(board) and board[position - 1] == EMPTY


def flips(board: Board, turn: str, position: int) -> list[int]:
    """The 1-based positions a piece of ``turn`` placed at ``position`` would flip.

    >>> flips(list(" OXX    X  O"), WHITE, 5), flips(list(" OXX    X  O"), WHITE, 6)
    ([3, 4], [])
    """
    other = get_opponent(turn)
    out: list[int] = []
    for step in (-1, 1):
        run: list[int] = []
        i = position - 1 + step
        while 0 <= i < len(board) and board[i] == other:
            run.append(i + 1)
            i += step
        # The run flips only when a piece of the mover closes it (not an empty slot or the edge).
        if run and 0 <= i < len(board) and board[i] == turn:
            out.extend(sorted(run))
    return sorted(out)


def place_piece(board: Board, turn: str, position: int) -> None:
    """Place a piece of ``turn`` at 1-based ``position`` on ``board`` and flip what it closes.

    The seed lets this assume a valid move; an invalid one raises ValueError and leaves
    ``board`` unchanged rather than overwriting a piece.
    """
    if not is_valid_move(board, turn, position):
        raise ValueError(f"{position!r} is not a valid move for {turn!r}")
    for p in flips(board, turn, position) + [position]:
        board[p - 1] = turn


def is_game_over(board: Board) -> bool:
    """True once every slot is filled.

    >>> is_game_over(list("XOXOXOXOXOXO")), is_game_over(list("XOXOXOXOXOX "))
    (True, False)
    """
    return EMPTY not in board


def board_text(board: Board) -> str:
    """The seed's console print of the board (three lines, no final newline)."""
    return "\n".join([RULE, "|" + "|".join(board) + "|", RULE])


def print_board(board: Board) -> None:
    """Print the board as the seed's program does."""
    print(board_text(board))


def count(board: Board) -> dict[str, int]:
    """Pieces of each colour: ``{"X": n, "O": m}``."""
    return {p: board.count(p) for p in PLAYERS}


def initial_board() -> Board:
    """The empty 12-slot board."""
    return [EMPTY] * SIZE
