"""Gomoku's puzzles: wins by continuous fours (VCF), proved by an exhaustive search of fours.

A *four* is a stone that leaves its side one stone short of five in a row (a *five point*, an
empty cell completing a window of k). In a VCF every move of the attacker is a four (or the
five), so each answer is forced: the defender must take the five point, and a defender with
no five point of its own has nothing else (a four of its own does not stop the five). A
defender's forced block may make a four of its own: the attacker's next move must then be on
that five point and be a four again, or the attack is over. Two five points at once (an open
four, a double four) win whatever the answer. Free-style, as the engine plays it: five or
more in a row win, so a five point is any empty cell of a window of k holding k - 1 stones
of one side and none of the other (``board.Position`` keeps those windows).

The search is exhaustive (no depth limit, no move left out: only fours can be played), so
"no VCF" is proved too; failed positions are remembered exactly (the board's bytes). The
shortest VCF is found by deepening to below the first one found.

``prove`` gives each legal move of the side to move, P (the other side: Q):

- WIN: it makes five; or it is a four and P then wins by continuous fours;
- LOSS: afterwards Q wins by continuous fours (a five point of Q's left open is the shortest
  of them); its resistance is the plies Q needs, less a hundredth for each five point Q is
  left (of two lost moves, blocking one of two five points holds out, as a player would);
- None otherwise: nothing proved (a quiet move may well win, by threes; the claim is fours).

Q's fours only lose by a stone of P's (it can take a window from Q, and it can only add to
P's own threats), so when Q has no VCF with P passing, no move of P's gives Q one; and Q's
shortest line with P passing, if it still holds after P's move, is Q's shortest there too.
That is what makes the ~200 moves of a position cheap to prove.
"""

from __future__ import annotations

from games.rules.base import Move, State
from games.rules.words import gettext_noop

from ..puzzles import LOSS, WIN, MoveProof, Proof, PuzzleKit
from .board import Position
from .engine import GAME
from .notation import parse_cell

# Each step of a line: the attacker's four and the defender's forced block (None after two
# five points at once: any answer loses). The attacker's five follows the last step.
Line = list[tuple[int, int | None]]

# A position needing more proves nothing (every move None): a guard for time, never met so far
# (the most of 3,768 positions of random and medium games: 20,505 nodes, 0.24 s).
NODE_LIMIT = 400_000
MIN_STONES = 10  # fewer stones make too thin a puzzle
OPTIONS = {"rows": 15, "columns": 15, "in_a_row": 5}


class _Overflow(Exception):
    """The search went past ``NODE_LIMIT``: the position is left unproved."""


def plies(line: Line) -> int:
    """The plies a line takes to its five: its fours, their answers, the five."""
    return 2 * len(line) + 1


class Fours:
    """Searches of continuous fours on one board (``make``/``unmake`` keep it as it was)."""

    def __init__(self, pos: Position, limit: int = NODE_LIMIT) -> None:
        self.pos = pos
        self.limit = limit
        self.nodes = 0
        self.unbounded = pos.g.cells  # more steps than the board has room for
        self.failed: dict[tuple[bytes, int], int] = {}  # (board, attacker) -> steps refuted to

    def makes_four(self, c: int, s: int) -> bool:
        """Does a stone of ``s`` on the empty cell ``c`` make a four (a five point)?"""
        mine, theirs, k = self.pos.count[s], self.pos.count[1 - s], self.pos.g.k
        return any(mine[w] == k - 2 and not theirs[w] for w in self.pos.g.cell_windows[c])

    def attack(self, s: int, depth: int) -> Line | None:
        """A win for ``s`` (to move) by at most ``depth`` continuous fours, or None."""
        self.nodes += 1
        if self.nodes > self.limit:
            raise _Overflow
        pos = self.pos
        if pos.fours[s]:
            return []  # a five point: the five ends it
        if depth <= 0:
            return None
        theirs = pos.win_cells(1 - s)
        if len(theirs) > 1:
            return None
        key = (bytes(pos.cells), s)
        if self.failed.get(key, -1) >= depth:
            return None
        if theirs:  # the other side's five point must be taken, and by a four
            cells = [c for c in theirs if self.makes_four(c, s)]
        else:
            cells = sorted(pos.four_cells(s))
        for c in cells:
            found = self.after(s, c, depth)
            if found is not None:
                return found
        self.failed[key] = depth
        return None

    def after(self, s: int, c: int, depth: int) -> Line | None:
        """The line when ``s`` plays the four ``c`` (the other side has no five point left)."""
        pos = self.pos
        pos.make(c, s, False)
        wins = pos.win_cells(s)
        if len(wins) > 1:
            found: Line | None = [(c, None)]
        else:
            (block,) = wins
            pos.make(block, 1 - s, False)
            rest = self.attack(s, depth - 1)
            pos.unmake(block, 1 - s, False)
            found = None if rest is None else [(c, block), *rest]
        pos.unmake(c, s, False)
        return found

    def shortest(self, s: int) -> Line | None:
        """The shortest win by continuous fours for ``s`` (to move), or None when there is none."""
        line = self.attack(s, self.unbounded)
        if line is None:
            return None
        for depth in range(1, len(line)):
            shorter = self.attack(s, depth)
            if shorter is not None:
                return shorter
        return line

    def holds(self, s: int, line: Line) -> bool:
        """Is ``line`` still a win by continuous fours for ``s`` (to move), step by step as
        ``attack`` plays it?"""
        pos, made = self.pos, []
        ok = True
        for c, block in line:
            self.nodes += 1
            theirs = pos.win_cells(1 - s)
            if pos.fours[s] or len(theirs) > 1 or (theirs and c not in theirs):
                ok = False  # a five point already (a shorter line), or the other side's five
            elif pos.cells[c] or not self.makes_four(c, s):
                ok = False
            else:
                pos.make(c, s, False)
                made.append((c, s))
                wins = pos.win_cells(s)
                if block is None:
                    ok = len(wins) > 1
                elif wins == {block}:
                    pos.make(block, 1 - s, False)
                    made.append((block, 1 - s))
                else:
                    ok = False
            if not ok:
                break
        if ok and (not line or line[-1][1] is not None):
            ok = bool(pos.fours[s])  # the five point the last block left
        for c, seat in reversed(made):
            pos.unmake(c, seat, False)
        return ok


def _values(fours: Fours, p: int) -> dict[int, tuple[int | None, float]]:
    """Each empty cell's (value, resistance) for ``p``, to move."""
    pos, q = fours.pos, 1 - p
    mine, theirs = pos.win_cells(p), pos.win_cells(q)
    threat = fours.shortest(q)  # Q's with P passing: none here, none after any move of P's
    values: dict[int, tuple[int | None, float]] = {}
    for c in pos.empties():
        if c in mine:
            values[c] = (WIN, 0.0)
            continue
        if len(theirs) > 1 or (theirs and c not in theirs):
            values[c] = (LOSS, 1 - len(theirs - {c}) / 100)
            continue
        if fours.makes_four(c, p) and fours.after(p, c, fours.unbounded) is not None:
            values[c] = (WIN, 0.0)
            continue
        if threat is None:
            values[c] = (None, 0.0)
            continue
        pos.make(c, p, False)
        line = threat if fours.holds(q, threat) else fours.shortest(q)
        pos.unmake(c, p, False)
        values[c] = (None, 0.0) if line is None else (LOSS, float(plies(line)))
    return values


def prove(state: State) -> Proof:
    """Every legal move of the side to move: WIN (it starts a proved VCF, or makes five), LOSS
    (the other side then wins by continuous fours) or None."""
    p = state["turn"]
    moves = GAME.legal_moves(state, p)
    fours = Fours(Position.from_rows(state["board"], state["in_a_row"]))
    try:
        values = _values(fours, p)
    except _Overflow:
        return Proof([MoveProof(move, None) for move in moves], fours.nodes)
    pos = fours.pos
    index = {pos.cell_name(c): c for c in values}
    proved = []
    for move in moves:
        value, resistance = values[index[move["cell"]]]
        proved.append(MoveProof(move, value, resistance))
    return Proof(proved, fours.nodes)


def eligible(state: State) -> bool:
    """Enough stones for a puzzle, and the side to move can make a four (or five) at all."""
    pos = Position.from_rows(state["board"], state["in_a_row"])
    p = state["turn"]
    return pos.stones >= MIN_STONES and bool(pos.threes[p] or pos.fours[p])


def _shape(pos: Position, c: int, s: int) -> tuple[int, bool, bool]:
    """After ``s``'s stone on ``c``: on how many lines through ``c`` it has a four, whether
    one of them has two five points (an open four), and whether another line through ``c``
    holds an open three (one more stone of ``s`` on that line gives it two five points
    there)."""
    g, k = pos.g, pos.g.k
    mine, theirs = pos.count[s], pos.count[1 - s]
    by_line: dict[int, list[int]] = {}
    for w in g.cell_windows[c]:
        window = g.windows[w]
        by_line.setdefault(window[1] - window[0], []).append(w)

    def five_points(windows: list[int]) -> set[int]:
        return {
            x for w in windows if mine[w] == k - 1 and not theirs[w] for x in g.windows[w] if not pos.cells[x]
        }

    lines_with_four = [step for step, ws in by_line.items() if five_points(ws)]
    open_four = any(len(five_points(by_line[step])) > 1 for step in lines_with_four)
    open_three = False
    for step, ws in by_line.items():
        if step in lines_with_four or open_three:
            continue
        for x in sorted({x for w in ws for x in g.windows[w] if not pos.cells[x]}):
            pos.make(x, s, False)
            open_three = len(five_points(ws)) > 1
            pos.unmake(x, s, False)
            if open_three:
                break
    return len(lines_with_four), open_four, open_three


def themes(state: State, line: list[Move]) -> list[str]:
    """The solution's themes, from its position and line (solver's moves at even places):

    - "VCF": every move of the solver is a four (or the five): always;
    - "four-three": a move of the solver makes a four on one line and an open three on
      another (a three that one more stone turns into two five points on its line);
    - "double-four": a move of the solver makes fours on two lines at once;
    - "open four": a move of the solver makes two five points on one line (a straight four:
      one block cannot stop both);
    - "counter-four": an answer of the opponent's makes a four of its own, which the solver's
      next four must also block.
    """
    p = state["turn"]
    pos = Position.from_rows(state["board"], state["in_a_row"])
    found = {"VCF"}
    for i, move in enumerate(line):
        c = pos.g.index(*parse_cell(move["cell"], pos.g.rows, pos.g.cols))
        s = p if i % 2 == 0 else 1 - p
        pos.make(c, s, False)
        if s == p:
            lines_with_four, open_four, open_three = _shape(pos, c, s)
            if open_four:
                found.add("open four")
            if lines_with_four > 1:
                found.add("double-four")
            elif lines_with_four == 1 and open_three:
                found.add("four-three")
        elif pos.fours[s]:
            found.add("counter-four")
    # The themes as players read them (marked for the translators).
    order = (
        gettext_noop("VCF"),
        gettext_noop("four-three"),
        gettext_noop("double-four"),
        gettext_noop("open four"),
        gettext_noop("counter-four"),
    )
    return [theme for theme in order if theme in found]


PUZZLES = PuzzleKit(
    solver=gettext_noop("win by continuous fours (VCF), exhaustive search"),
    prove=prove,
    eligible=eligible,
    themes=themes,
    options=OPTIONS,
    # The strong level (1 s a move) is too slow to spar, and at small budgets it sees its own
    # VCFs and leaves few with one first move; random games give the most (and the longest),
    # medium's the compact open fours.
    sparring=("random", "medium"),
    draws=False,
    claim=gettext_noop("and win with fours"),
    max_solution=8,  # the longest found so far: 6 (the finder stops where two moves win)
    target=200,
)
