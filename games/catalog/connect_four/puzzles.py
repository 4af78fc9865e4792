"""Connect Four's puzzles (``games.catalog.puzzles``): the exact solver's verdict on every
drop, on the 6x7 board without pop-out.

``prove`` scores each column with ``Solver.children`` (Pons's exact scores, ``solver.py``)
and turns a score into the mover's result and the plies left to the end under best play.
``eligible`` keeps positions the C core proves in a few hundredths of a second (at least
``MIN_DISCS`` discs) that are not already decided by a four to make or to block at once.

The themes (``themes``), each computed from the position and the solution only; "the
solver" is the side to move in the puzzle, a *threat* of a side an empty cell that would
complete its four, *playable* when a disc dropped in its column lands there:

- ``threat``: the key move (the solution's first) leaves the solver a playable threat, which
  the opponent must block at once.
- ``quiet move``: the key move leaves no playable threat and blocks none of the opponent's
  (the opponent had none playable): the opponent may play anywhere, and still loses (or,
  in a draw puzzle, cannot win).
- ``double threat``: after one of the solver's moves of the solution that does not end the
  game, the solver has two playable threats, or a playable one with another threat of its
  own right above it: one block cannot stop both.
- ``zugzwang`` (wins only): in the principal variation to the end (the solution, then the
  solver's fastest win against the slowest loss, as ``Solver.best`` plays them), at the
  opponent's last turn the solver has no playable threat, yet every legal move of the
  opponent leaves it one: the opponent must drop beneath a threat.
- ``odd/even`` (wins only; Allis' rule): in that variation the winning four is completed on
  a cell of the solver's rows (odd rows, counted from 1 at the bottom, for the first player
  Red; even rows for Yellow) that was already a threat of the solver, not yet playable,
  after one of its moves of the solution: a threat kept until the board fills up to it.
"""

from __future__ import annotations

from games.catalog.puzzles import DRAW, LOSS, WIN, MoveProof, Proof, PuzzleKit
from games.rules.base import Move, State
from games.rules.words import gettext_noop

from .bits import Geometry, position, threats
from .solver import solver_for

ROWS, COLUMNS = 6, 7
# The fewest discs a puzzle's position holds, measured on this machine (the C core). Proving
# every drop of a position from random and medium games took on average 0.1 s at 8 discs (0.5 s
# at most), 2 s at 6. Checking 320 shipped puzzles found from 10 discs took 25 s of CPU, two
# thirds of it on the 83 positions of 10 and 11 discs (up to 1 s each); from 12 discs the 320
# shipped take 12 s, 0.4 s at most each. The finder also proves the position before the
# mistake (one disc fewer).
MIN_DISCS = 12


def _playable(g: Geometry, mask: int) -> int:
    """The cells a drop lands on now."""
    return (mask + g.bottom_all) & g.board


def _wins_now(g: Geometry, stones: int, mask: int) -> int:
    """The playable threats of ``stones``: the cells where one drop completes their four."""
    return threats(stones, g.board ^ mask, g.height) & _playable(g, mask)


def _drop(g: Geometry, mask: int, column: int) -> int:
    """The bit a drop in ``column`` fills (0: the column is full)."""
    return _playable(g, mask) & g.column[column]


def plies_to_end(g: Geometry, played: int, score: int) -> int:
    """The plies from a position with ``played`` discs to the end under best play, the
    game's exact score being ``score`` for the side to move (Pons's: a win made after ``n``
    discs were played scores ``(cells + 1 - n) // 2``; a draw 0, ending on a full board).

    >>> from games.catalog.connect_four.bits import geometry
    >>> g = geometry(6, 7)
    >>> plies_to_end(g, 10, (42 + 1 - 10) // 2), plies_to_end(g, 10, -((42 - 10) // 2))
    (1, 2)
    >>> plies_to_end(g, 10, 0)
    32
    """
    if score > 0:  # the mover's winning disc is the (2k + 1)-th from now
        return 2 * ((g.cells + 1 - played) // 2 - score) + 1
    if score < 0:  # the opponent's is the 2k-th
        return 2 * ((g.cells + 2 - played) // 2 + score)
    return g.cells - played


def prove(state: State) -> Proof:
    """Every drop of the side to move with its exact result for the mover and its
    ``resistance``: the plies to the end under best play for a loss or a draw (the longer
    the loser holds out, the higher), their opposite for a win (the sooner, the higher), so
    that within one result a higher resistance is always better for the mover."""
    if state.get("pop_out"):
        raise ValueError("The solver proves drops only: puzzles are played without pop-out.")
    seat = state["turn"]
    g, cur, mask = position(state, seat)
    played = mask.bit_count()
    solver = solver_for(g)  # no budget: a proof is exact or it is not one
    moves = []
    for column, score in solver.children(cur, mask):
        assert score is not None  # without a budget every child is proved
        plies = plies_to_end(g, played, score)
        value = WIN if score > 0 else LOSS if score < 0 else DRAW
        resistance = -plies if value == WIN else plies
        moves.append(MoveProof({"action": "drop", "column": column}, value, float(resistance)))
    return Proof(moves, solver.nodes)


def eligible(state: State) -> bool:
    """Worth a puzzle and cheap to prove: a 6x7 board without pop-out holding at least
    ``MIN_DISCS`` discs, where the side to move has no four to make at once and no
    opponent's four to block at once (those positions answer themselves)."""
    board = state["board"]
    if state.get("pop_out") or len(board) != ROWS or len(board[0]) != COLUMNS:
        return False
    seat = state["turn"]
    g, cur, mask = position(state, seat)
    if mask.bit_count() < MIN_DISCS:
        return False
    return not (_wins_now(g, cur, mask) or _wins_now(g, cur ^ mask, mask))


def _variation(g: Geometry, cur: int, mask: int, line: list[Move]) -> list[tuple[int, int, int]]:
    """The positions ``(mover's stones, mask, bit dropped)`` of each drop of ``line`` and
    then of best play (``Solver.best``) until the game ends: the mover alternates, the
    solver first."""
    out = []
    solver = solver_for(g)
    columns = [move["column"] for move in line]
    while True:
        if columns:
            column = columns.pop(0)
        else:
            if mask == g.board:
                break
            column = solver.best(cur, mask).move
        bit = _drop(g, mask, column)
        out.append((cur, mask, bit))
        if _wins_now(g, cur, mask) & bit or mask | bit == g.board:
            break
        cur, mask = cur ^ mask, mask | bit  # the other side to move
    return out


def themes(state: State, line: list[Move]) -> list[str]:
    """The solution's themes, as the module defines them, in the module's order."""
    seat = state["turn"]
    g, cur, mask = position(state, seat)
    found: list[str] = []
    key = _drop(g, mask, line[0]["column"])
    if _wins_now(g, cur | key, mask | key):
        found.append(gettext_noop("threat"))
    elif not _wins_now(g, cur ^ mask, mask):
        found.append(gettext_noop("quiet move"))
    steps = _variation(g, cur, mask, line)
    mine = steps[::2]  # the solver's drops
    solution = mine[: (len(line) + 1) // 2]
    for me, m, bit in solution:
        after = m | bit
        if after == g.board or _wins_now(g, me, m) & bit:
            continue  # the game is over
        now = _wins_now(g, me | bit, after)
        if now & (now - 1) or now & (threats(me | bit, g.board ^ after, g.height) >> 1):
            found.append(gettext_noop("double threat"))
            break
    me, m, last = steps[-1]
    won = len(steps) % 2 == 1 and bool(_wins_now(g, me, m) & last)  # the solver's four
    if won and len(steps) >= 3:
        # The opponent's last turn: the solver had no playable threat, and every drop there
        # makes one playable.
        opp, m2, _ = steps[-2]
        solver_stones = opp ^ m2
        if not _wins_now(g, solver_stones, m2) and all(
            _wins_now(g, solver_stones, m2 | b) for c in range(g.cols) if (b := _drop(g, m2, c))
        ):
            found.append(gettext_noop("zugzwang"))
    if won:
        rows = g.odd_rows if seat == 0 else g.even_rows
        kept = any(
            threats(me2 | bit, g.board ^ (m2 | bit), g.height) & ~_playable(g, m2 | bit) & last
            for me2, m2, bit in solution
            if bit != last
        )
        if last & rows and kept:
            found.append(gettext_noop("odd/even"))
    return found


PUZZLES = PuzzleKit(
    solver=gettext_noop("Connect Four solver (Pons's alpha-beta with a transposition table, exact)"),
    prove=prove,
    eligible=eligible,
    themes=themes,
    options={"rows": ROWS, "columns": COLUMNS},
    # The strong level thinks a second a move: far too slow to play thousands of games.
    # Random play blunders early and wildly; medium (four plies) makes the deeper mistakes.
    sparring=("random", "medium"),
    claim=gettext_noop("and win"),
    target=300,
)
