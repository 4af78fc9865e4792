"""Othello's puzzles: endgames of 12 to 18 empty squares on the standard 8x8 board, every
move proved by the exact endgame solver (the Reversi family's C core, ``games.ai.reversi_core``).

A move's ``value`` is the sign of the final disc difference after it under perfect play by
both sides, from one null window (-1, 1) around a draw: 7 to 20 times cheaper than the exact
difference (measured on positions of 12 to 20 empties from random games). The exact
difference is worked out only where the finder asks for the most stubborn move, in a
position lost whatever the mover plays: there each move's ``resistance`` is the mover's
final disc margin (empties not counted), and 0 elsewhere. A solution's replies come from
positions of at most 17 empties (``EXACT_EMPTIES`` + 1), so no margin is worked out beyond:
in the larger positions the finder proves (a puzzle's, the one before it) no reply is picked.

Why 18 empties at most: proving a position's every move takes the solver some two to three
times longer with each more empty, and checking a puzzle again proves its position and each
reply's. With puzzles of 12 to 20 empties (320 of them, 37 to 40 of each count), checking all
took 55 s of CPU here, 45 s of it on those of 19 and 20 empties.

Themes (``themes``), from the puzzle's position and its solution only:

- ``corner``: the key move (the solution's first) takes a corner (A1, H1, A8 or H8);
- ``edge``: the key move takes an edge square that is not a corner;
- ``corner sacrifice``: after the key move the opponent may take a corner it could not take
  in the puzzle's position (had it been its turn there);
- ``x-square``: the key move takes an X-square (B2, G2, B7 or G7), the square diagonally
  next to a corner that is still empty: the move players learn to avoid;
- ``quiet move``: the key move flips fewer discs than any other legal move does;
- ``parity``: every move of the solver in the solution is played into an odd region, a
  group of empty squares joined side to side or corner to corner that holds an odd number
  of them (so the solver keeps the last move there), and at the key move the solver also
  had a legal move into an even region (so parity tells the moves apart);
- ``pass``: one of the solver's moves leaves the opponent without a legal move while the
  solver still has one (a forced pass, not the end of the game);
- ``wipe-out``: once the solution is played, the opponent has no disc left.
"""

from __future__ import annotations

from games.ai.reversi_core import CoreEndgame
from games.catalog.puzzles import DRAW, LOSS, WIN, MoveProof, Proof, PuzzleKit
from games.rules.base import Move, State
from games.rules.reversi import EMPTY, PLAYERS, parse_cell
from games.rules.reversi import flips as flipped
from games.rules.reversi_bits import flips_of, from_board
from games.rules.words import gettext_noop

from .engine import GAME, SIZE

MIN_EMPTIES, MAX_EMPTIES = 12, 18
# The most empties left after a move whose margin is worked out: a reply in a solution is
# made in a position of at most MAX_EMPTIES - 1 empties. A lost position of MAX_EMPTIES + 1
# or MAX_EMPTIES (the finder proves the one before a puzzle too) would cost more, for nothing.
EXACT_EMPTIES = MAX_EMPTIES - 2
INFINITY = 10**4  # beyond any disc difference: an unbounded window asks the exact value
CORNERS = frozenset({(0, 0), (0, SIZE - 1), (SIZE - 1, 0), (SIZE - 1, SIZE - 1)})
# Each X-square with its corner.
X_SQUARES = {(1, 1): (0, 0), (1, SIZE - 2): (0, SIZE - 1), (SIZE - 2, 1): (SIZE - 1, 0)}
X_SQUARES[(SIZE - 2, SIZE - 2)] = (SIZE - 1, SIZE - 1)


def empties(state: State) -> int:
    """The empty squares of a state's board."""
    return sum(row.count(EMPTY) for row in state["board"])


def _sign(value: int) -> int:
    return WIN if value > 0 else LOSS if value < 0 else DRAW


def prove(state: State) -> Proof:
    """Every legal move of the seat to move with its proved result (and, where cheap, its
    exact final margin as the resistance); none when it must pass or the game is over."""
    seat = state["turn"]
    legal = GAME.legal_moves(state, seat)
    if not legal:
        return Proof([], 0)
    g, mine, theirs = from_board(state["board"], PLAYERS[seat])
    solver = CoreEndgame(g)  # one solver: its nodes add up, and the C table carries over
    after = []
    for move in legal:
        y, x = parse_cell(move["cell"], SIZE)
        bit = 1 << (y * g.width + x)
        flipped = flips_of(bit, mine, theirs, g.shifts)
        # The position after the move, for the opponent: its value is minus the mover's.
        after.append((theirs & ~flipped, mine | flipped | bit))
    values = [_sign(-solver.solve(q, r, -1, 1)) for q, r in after]
    if any(v != LOSS for v in values) or empties(state) - 1 > EXACT_EMPTIES:
        proved = [MoveProof(move, v) for move, v in zip(legal, values, strict=True)]
    else:
        # Lost whatever it plays: the margins tell the most stubborn reply.
        margins = [-solver.solve(q, r, -INFINITY, INFINITY) for q, r in after]
        proved = [MoveProof(move, LOSS, float(m)) for move, m in zip(legal, margins, strict=True)]
    return Proof(proved, solver.nodes)


def eligible(state: State) -> bool:
    """Endgames of ``MIN_EMPTIES`` to ``MAX_EMPTIES`` empty squares."""
    return MIN_EMPTIES <= empties(state) <= MAX_EMPTIES


def regions(board: list[str]) -> list[set[tuple[int, int]]]:
    """The board's regions: groups of empty squares joined side to side or corner to corner."""
    left = {(y, x) for y, row in enumerate(board) for x, c in enumerate(row) if c == EMPTY}
    found = []
    while left:
        todo = [left.pop()]
        region = set(todo)
        while todo:
            y, x = todo.pop()
            for dy in (-1, 0, 1):
                for dx in (-1, 0, 1):
                    near = (y + dy, x + dx)
                    if near in left:
                        left.remove(near)
                        region.add(near)
                        todo.append(near)
        found.append(region)
    return found


def _odd(board: list[str], cell: tuple[int, int]) -> bool:
    """Is ``cell`` (empty) in a region of an odd number of empty squares?"""
    return next(len(r) % 2 == 1 for r in regions(board) if cell in r)


def _corners(state: State) -> set[tuple[int, int]]:
    """The corners the seat to move may take (none once the game is over)."""
    seat = state["turn"]
    if GAME.outcome(state) is not None:
        return set()
    return {cell for m in GAME.legal_moves(state, seat) if (cell := parse_cell(m["cell"], SIZE)) in CORNERS}


def themes(state: State, line: list[Move]) -> list[str]:
    """The solution's themes (the module's docstring defines each)."""
    mover = state["turn"]
    key = parse_cell(line[0]["cell"], SIZE)
    board, disc = state["board"], PLAYERS[mover]
    cells = [parse_cell(m["cell"], SIZE) for m in GAME.legal_moves(state, mover)]
    found = []
    if key in CORNERS:
        found.append(gettext_noop("corner"))
    elif key[0] in (0, SIZE - 1) or key[1] in (0, SIZE - 1):
        found.append(gettext_noop("edge"))
    after = GAME.play(state, mover, line[0])
    if _corners(after) - _corners({**state, "turn": 1 - mover}):
        found.append(gettext_noop("corner sacrifice"))
    corner = X_SQUARES.get(key)
    if corner is not None and board[corner[0]][corner[1]] == EMPTY:
        found.append(gettext_noop("x-square"))
    flips = {cell: len(flipped(board, disc, *cell)) for cell in cells}
    if len(cells) > 1 and all(flips[key] < n for cell, n in flips.items() if cell != key):
        found.append(gettext_noop("quiet move"))
    # Parity: the solver's moves all into odd regions, and an even region was open at the key.
    odd_moves = True
    even_open = any(not _odd(board, cell) for cell in cells)
    passed = False
    for i, move in enumerate(line):
        seat = mover if i % 2 == 0 else 1 - mover
        if seat == mover:
            odd_moves = odd_moves and _odd(state["board"], parse_cell(move["cell"], SIZE))
        state = GAME.play(state, seat, move)
        forced = GAME.forced(state) if seat == mover else None
        if forced is not None and GAME.legal_moves(GAME.play(state, *forced), mover):
            passed = True
    if odd_moves and even_open:
        found.append(gettext_noop("parity"))
    if passed:
        found.append(gettext_noop("pass"))
    if not any(PLAYERS[1 - mover] in row for row in state["board"]):
        found.append(gettext_noop("wipe-out"))
    return found


PUZZLES = PuzzleKit(
    solver=gettext_noop("Othello endgame solver (exact: alpha-beta in C, null windows)"),
    prove=prove,
    eligible=eligible,
    themes=themes,
    options={"start": ""},
    sparring=("random", "greedy"),
    claim=gettext_noop("and win"),
    target=300,
)
