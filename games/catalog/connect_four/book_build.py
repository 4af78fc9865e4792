"""Generates the 6x7 opening book of Connect Four's ``expert`` (``connect_four_book.py``).

    python -m games.catalog.connect_four.book_build [--minutes 60] [--max-ply 12]
        [--solve-from 10] [--solve-nodes 500000] [--search 3] [--out PATH]
    python -m games.catalog.connect_four.book_build --repair [--line 3333...]   (see repair)
    python -m games.catalog.connect_four.book_build --verify 8 --solve-nodes 4000000 [--shard 0/2]   (verify)
    python -m games.catalog.connect_four.book_build --merge shard0.txt shard1.txt   (the shards' changes)

It walks the first player's positions breadth first, ply by ply (0, 2, 4...): the expert's
book move, then every reply of the opponent that does not end the game. At each position:

- from ``--solve-from`` on, a position the expert's own solver proves within its move's
  nodes (``LIVE_NODES``, a fresh table; once ``solver_first``) is left out, and so is
  what follows it;
- else the solver tries with ``--solve-nodes`` nodes (one table kept for the whole run):
  proved, the entry is the best move and its score;
- else the strong search's move after ``--search`` seconds, its score unproved (``?``).

It stops after ``--minutes`` (the positions of the unfinished ply that were done are kept)
and writes the book after every ply. Pure Python is slow: near the empty board no position
is proved within any sensible budget, so the first plies hold long searches' moves.
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

from .bits import Geometry, geometry, has_four, threats
from .book import COLS, PATH, ROWS, Entry, canonical, dump, mirror, parse, position_of
from .expert import LIVE_NODES, solver_first
from .search import search
from .solver import OutOfBudget, Solver, solve_position


def board_state(g: Geometry, cur: int, mask: int) -> dict:
    """A rules state (the board only: what the strong search reads) with ``cur`` as R's stones."""
    rows = []
    for r in range(g.rows):
        height = g.rows - 1 - r
        line = ""
        for c in range(g.cols):
            bit = 1 << (c * g.height + height)
            line += "." if not mask & bit else "R" if cur & bit else "Y"
        rows.append(line)
    return {"board": rows, "pop_out": False, "turn": 0}


def replies(g: Geometry, cur: int, mask: int, column: int) -> list[tuple[int, int]]:
    """The first player's positions after it drops in ``column`` and the opponent answers,
    every answer that leaves the game going and gives the first player no win in one."""
    bit = (mask + g.bottom_all) & g.column[column]
    me, mask = cur | bit, mask | bit
    out = []
    for c in range(g.cols):
        reply = (mask + g.bottom_all) & g.board & g.column[c]
        if not reply:
            continue
        them, nmask = (me ^ mask) | reply, mask | reply
        if nmask == g.board or has_four(them, g.height):  # full, or their four
            continue
        empty = g.board ^ nmask
        if threats(me, empty, g.height) & (nmask + g.bottom_all) & g.board:
            continue  # we win at once there: the expert takes it without a book
        out.append((me, nmask))
    return out


def entry_for(
    g: Geometry, cur: int, mask: int, ply: int, args: argparse.Namespace, solver: Solver
) -> Entry | None:
    """The book's entry for a position, or None when the expert proves it in play."""
    if ply >= args.solve_from:
        if solver_first(g, mask) and solve_position(g, cur, mask, max_nodes=LIVE_NODES) is not None:
            return None
        solver.nodes, solver.max_nodes = 0, args.solve_nodes
        try:
            proof = solver.best(cur, mask)
            assert proof.move is not None
            return Entry(proof.move, proof.score)
        except OutOfBudget:
            pass
    move, _ = search(board_state(g, cur, mask), 0, args.search)
    return Entry(move["column"], None)


def generate(args: argparse.Namespace) -> dict[int, Entry]:
    g = geometry(ROWS, COLS)
    start = time.monotonic()
    stop = start + args.minutes * 60
    book: dict[int, Entry] = {}
    solver = Solver(g)
    frontier = {0: (0, 0)}  # key -> (cur, mask): R to move
    done_plies = -2
    for ply in range(0, args.max_ply + 1, 2):
        following: dict[int, tuple[int, int]] = {}
        counts = {"proved": 0, "searched": 0, "live": 0}
        for key, (cur, mask) in sorted(frontier.items()):
            if time.monotonic() > stop:
                break
            entry = entry_for(g, cur, mask, ply, args, solver)
            if entry is None:
                counts["live"] += 1
                continue
            book[key] = entry
            counts["proved" if entry.score is not None else "searched"] += 1
            for me, nmask in replies(g, cur, mask, entry.column):
                k, flipped = canonical(g, me, nmask)
                # Kept as the key's own orientation: the entry's column is stored for it.
                following.setdefault(k, (mirror(g, me), mirror(g, nmask)) if flipped else (me, nmask))
        else:
            done_plies = ply
        minutes = (time.monotonic() - start) / 60
        print(f"ply {ply}: {len(frontier)} positions, {counts}, book {len(book)}, {minutes:.1f} min")
        write(args.out, book, args, done_plies, minutes)
        if time.monotonic() > stop:
            break
        frontier = following
    return book


def repair(args: argparse.Namespace) -> dict[int, Entry]:
    """Mend the book where a proof refutes one of its search moves: an unproved entry whose
    move meets a reply leading to a proved draw or loss of the first player. Its position is
    then proved two plies deep (``prove_two_plies``: every move against every reply, each
    resulting position solved with ``--solve-nodes``); the entry becomes the best proved move
    (its score, or ``?`` when only a win is proved), and the positions after its replies are
    added with their proofs (the expert then follows them). ``--line`` adds the unproved
    entries met along games (their drops as column digits), deepest first: a game the
    expert lost shows where its book needs a proof."""
    g = geometry(ROWS, COLS)
    book = parse(args.out.read_text())
    solver = Solver(g)
    refuted = []
    for line in args.line:
        cur = mask = 0
        met = []
        for ch in line:
            key = canonical(g, cur, mask)[0]
            if mask.bit_count() % 2 == 0 and key in book and book[key].score is None:
                met.append(key)
            bit = (mask + g.bottom_all) & g.column[int(ch)]
            cur, mask = cur ^ mask, mask | bit
        refuted += [key for key in reversed(met) if key not in refuted]
    for key, entry in book.items():
        if entry.score is not None:
            continue
        cur, mask = position_of(g, key)
        for me, nmask in replies(g, cur, mask, entry.column):
            child = book.get(canonical(g, me, nmask)[0])
            if child is not None and child.score is not None and child.score <= 0:
                refuted.append(key)
                break
    print(f"{len(refuted)} search moves refuted by proofs", flush=True)
    for key in refuted:
        cur, mask = position_of(g, key)
        proved = prove_two_plies(g, cur, mask, args.solve_nodes, solver)
        if proved is None:
            print(f"  {key:x}: not proved within the budget", flush=True)
            continue
        column, score, after = proved
        print(
            f"  {key:x}: column {book[key].column} -> {column}, score {score} (None: a proved win)",
            flush=True,
        )
        book[key] = Entry(column, score)
        for k, entry in after.items():
            book.setdefault(k, entry)
    return book


def verify(args: argparse.Namespace) -> None:
    """Check the book's unproved moves at ``--verify`` stones, writing the book after each
    change: a move the solver proves still wins is kept (each solve within ``--solve-nodes``,
    for win or not); otherwise the first other column proved to win replaces it, and the
    positions after its replies get a proved winning move too; a position with no win
    proved in budget is left as it is. Prints what it found."""
    g = geometry(ROWS, COLS)
    text = args.out.read_text()
    book = parse(text)
    header = [line[2:] for line in text.splitlines() if line.startswith("# ")]
    solver = Solver(g)
    found = {"wins": 0, "replaced": 0, "unknown": 0}
    shard, shards = (int(n) for n in args.shard.split("/"))
    todo = [key for key, e in sorted(book.items()) if e.score is None and stones(g, key) == args.verify]
    for key in todo[shard::shards]:  # a shard each process: merge_books() joins their books
        entry = book[key]
        cur, mask = position_of(g, key)
        column = proved_win(g, cur, mask, args.solve_nodes, solver, first=entry.column)
        outcome = "unknown" if column is None else "wins" if column == entry.column else "replaced"
        found[outcome] += 1
        print(f"  {key:x}: column {entry.column} {outcome} {'' if column is None else column}", flush=True)
        if outcome == "replaced":
            book[key] = Entry(column, None)
            for me, nmask in replies(g, cur, mask, column):  # our next positions: a proved win each
                k, flipped = canonical(g, me, nmask)
                if k in book and book[k].score is not None:
                    continue
                if (c := proved_win(g, me, nmask, args.solve_nodes, solver)) is not None:
                    book[k] = Entry(g.cols - 1 - c if flipped else c, None)
            args.out.write_text(dump(book, header))
    header.append(
        f"Verified at {args.verify} stones (--verify {args.verify} --solve-nodes {args.solve_nodes} "
        f"--shard {args.shard}): "
        f"{found['wins']} moves proved to win, {found['replaced']} replaced by proved wins, "
        f"{found['unknown']} not proved; {len(book)} positions."
    )
    args.out.write_text(dump(book, header))
    print(found, flush=True)


def stones(g: Geometry, key: int) -> int:
    """The stones of a book key's position."""
    return position_of(g, key)[1].bit_count()


def merge_books(base: Path, parts: list[Path]) -> dict[int, Entry]:
    """The book ``base`` with every entry the ``parts`` (books made from it by shards of
    ``--verify``) changed or added."""
    book = parse(base.read_text())
    merged = dict(book)
    for part in parts:
        for key, entry in parse(part.read_text()).items():
            if book.get(key) != entry:
                merged[key] = entry
    return merged


def proved_win(
    g: Geometry, cur: int, mask: int, nodes: int, solver: Solver, first: int | None = None
) -> int | None:
    """A column proved to win for the side to move (``first`` tried first, then centre out),
    or None when no column is proved to win within ``nodes`` a solve."""
    possible = (mask + g.bottom_all) & g.board
    for c in ([first] if first is not None else []) + [c for c in g.order if c != first]:
        if possible & g.column[c] and still_wins(g, cur, mask, c, nodes, solver):
            return c
    return None


def still_wins(g: Geometry, cur: int, mask: int, column: int, nodes: int, solver: Solver) -> bool:
    """Is dropping in ``column`` a proved win for the side to move (its opponent proved lost
    after it within ``nodes``)? False when it is not, or not proved."""
    bit = (mask + g.bottom_all) & g.column[column]
    if has_four(cur | bit, g.height):
        return True
    if mask | bit == g.board:
        return False  # the last cell: a draw
    solver.nodes, solver.max_nodes = 0, nodes
    try:
        return solver.solve(cur ^ mask, mask | bit, weak=True) < 0
    except OutOfBudget:
        return False


def prove_two_plies(
    g: Geometry, cur: int, mask: int, nodes: int, solver: Solver
) -> tuple[int, int | None, dict[int, Entry]] | None:
    """The first player's best column two plies deep, its score and the book entries of the
    positions after its replies, from solving every position two plies on. The score is
    None when a move could not be proved (``nodes`` a solve): then the column is the best
    of the proved moves, kept only when it wins (a proved win, perhaps not the fastest);
    None when no move is proved to win and not every move is proved."""
    n = mask.bit_count()
    best: tuple[int, int, dict[int, Entry]] | None = None
    unproved = False
    possible = (mask + g.bottom_all) & g.board
    for c in g.order:
        bit = possible & g.column[c]
        if not bit:
            continue
        worst: int | None = None
        entries: dict[int, Entry] = {}
        me, after = cur | bit, mask | bit
        for r in range(g.cols):
            reply = (after + g.bottom_all) & g.board & g.column[r]
            if not reply:
                continue
            them, nmask = (me ^ after) | reply, after | reply
            if has_four(them, g.height):
                value = -((g.cells - n) // 2)  # their four, made after n + 1 stones
            elif nmask == g.board:
                value = 0
            else:
                solver.nodes, solver.max_nodes = 0, nodes
                try:
                    proof = solver.best(me, nmask)
                except OutOfBudget:
                    worst, unproved = None, True
                    break
                value = proof.score
                k, flipped = canonical(g, me, nmask)
                if proof.move is not None:
                    entries[k] = Entry(g.cols - 1 - proof.move if flipped else proof.move, value)
            worst = value if worst is None else min(worst, value)
            if best is not None and worst <= best[1]:
                break  # no better than the best move so far
        if worst is not None and (best is None or worst > best[1]):
            best = (c, worst, entries)
    if best is None or (unproved and best[1] <= 0):
        return None
    return best[0], None if unproved else best[1], best[2]


def write(out: Path, book: dict[int, Entry], args: argparse.Namespace, done: int, minutes: float) -> None:
    proved = sum(e.score is not None for e in book.values())
    header = [
        "Connect Four 6x7 opening book of the expert (first player's positions, mirror-reduced):",
        "key (cur + mask, R to move, hex), column, Pons score or ? (a search's move, unproved).",
        f"Generated by python -m games.catalog.connect_four.book_build --minutes {args.minutes:g} "
        f"--max-ply {args.max_ply} --solve-from {args.solve_from} --solve-nodes {args.solve_nodes} "
        f"--search {args.search:g}",
        f"{len(book)} positions ({proved} proved), every ply up to {done} complete, {minutes:.1f} minutes.",
    ]
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(dump(book, header))


def main(argv: list[str] | None = None) -> None:
    formatter = argparse.RawDescriptionHelpFormatter
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=formatter)
    parser.add_argument("--minutes", type=float, default=60.0)
    parser.add_argument("--max-ply", type=int, default=12)
    parser.add_argument("--solve-from", type=int, default=10)
    parser.add_argument("--solve-nodes", type=int, default=500_000)
    parser.add_argument("--search", type=float, default=3.0)
    parser.add_argument("--out", type=Path, default=PATH)
    parser.add_argument("--repair", action="store_true", help="only mend the book at --out (see repair)")
    parser.add_argument("--line", nargs="*", default=[], help="with --repair: games to mend the book along")
    parser.add_argument("--verify", type=int, help="only check the book's moves at this many stones (verify)")
    parser.add_argument("--shard", default="0/1", help="with --verify: K/N, this process's share")
    parser.add_argument("--merge", nargs="*", type=Path, help="only add these books' changes to --out")
    args = parser.parse_args(argv)
    if args.merge:
        header = [line[2:] for line in args.out.read_text().splitlines() if line.startswith("# ")]
        notes = [line[2:] for part in args.merge for line in part.read_text().splitlines()]
        header += [note for note in notes if note.startswith("Verified at")]
        args.out.write_text(dump(merge_books(args.out, args.merge), header))
    elif args.verify is not None:
        verify(args)
    elif args.repair:
        book = repair(args)
        header = [line[2:] for line in args.out.read_text().splitlines() if line.startswith("# ")]
        proved = sum(e.score is not None for e in book.values())
        header.append(
            f"Repaired (--repair --solve-nodes {args.solve_nodes}): {len(book)} positions, {proved} proved."
        )
        args.out.write_text(dump(book, header))
    else:
        generate(args)


if __name__ == "__main__":
    main()
