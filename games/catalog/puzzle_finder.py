"""Finding and proving puzzles from any game's kit (``games.catalog.puzzles``), without Django.

``find_in_game`` walks one game's moves and keeps each position where the opponent's move was
a mistake (it had a move the solver proves better for it) and the side to move then has
exactly one move that keeps the proved result: a win, or a draw where every other move loses
(a solution the game has given already is not kept again).
``solve_line`` continues the solution while the solver's move stays the only one, the replies
being the most stubborn; ``check`` proves a stored puzzle again, step by step.
"""

from __future__ import annotations

import hashlib
import json
import random
import time
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from games.rules.base import Move, Seat, State

from .kit import GameKit
from .puzzles import DRAW, LOSS, WIN, MoveProof, Proof

Played = list[tuple[Seat, Move]]


@dataclass
class Found:
    """A puzzle found: the game up to its position, the solution and its proof."""

    moves: Played  # from the start of a game with the kit's options to the puzzle's position
    seat: Seat  # the seat to move, who solves
    result: int  # WIN or DRAW, what the solution keeps
    solution: list[Move]  # the solver's moves and the replies, the solver's first and last
    themes: list[str]
    nodes: int
    seconds: float
    source: str
    mistake: Move = None  # the opponent's move that let the result in
    key: str = field(default="")  # the position, to tell puzzles apart


def same(a: Move, b: Move) -> bool:
    """Two moves in the protocol's shape are one."""
    return json.dumps(a, sort_keys=True) == json.dumps(b, sort_keys=True)


def keepers(proof: Proof, result: int) -> list[MoveProof] | None:
    """The moves keeping ``result`` when exactly one does (a draw: every other move loses),
    else None."""
    keep = [m for m in proof.moves if m.value == result]
    if len(keep) != 1:
        return None
    if result == DRAW and any(m.value != LOSS for m in proof.moves if m is not keep[0]):
        return None
    return keep


def stubborn(proof: Proof) -> MoveProof:
    """The reply that holds out most: the best proved value, then the highest resistance."""
    return max(proof.moves, key=lambda m: (LOSS - 1 if m.value is None else m.value, m.resistance))


def _mover(kit: GameKit, state: State) -> Seat | None:
    seats = kit.game.to_move(state)
    return seats[0] if len(seats) == 1 else None


def solve_line(kit: GameKit, state: State, result: int, first: Proof | None = None) -> tuple[list[Move], int]:
    """The solution from ``state`` keeping ``result`` (empty when the first move is not the
    only one), and the nodes its proofs took."""
    game, puzzles = kit.game, kit.puzzles
    line: list[Move] = []
    nodes = 0
    proof = first
    reply: Move = None  # the opponent's last reply, kept once the solver's next move is the only one
    while (len(line) + 1) // 2 < puzzles.max_solution:
        seat = _mover(kit, state)
        if seat is None or game.forced(state) is not None:
            break
        if proof is None:
            proof = puzzles.prove(state)
            nodes += proof.nodes
        keep = keepers(proof, result)
        if keep is None or len(proof.moves) < 2:
            break  # not the only move keeping the result, or the only legal move: nothing to find
        line += [reply, keep[0].move] if line else [keep[0].move]
        state = game.play(state, seat, keep[0].move)
        if game.outcome(state) is not None:
            break
        # The opponent's reply: a pass it must make, or its most stubborn move.
        forced = game.forced(state)
        if forced is not None:
            reply = forced[1]
        else:
            answer = puzzles.prove(state)
            nodes += answer.nodes
            reply = stubborn(answer).move
        state = game.play(state, _mover(kit, state), reply)
        if game.outcome(state) is not None:
            break
        proof = None
    return line, nodes


def find_in_game(kit: GameKit, moves: Played, source: str) -> list[Found]:
    """The puzzles in one game played with the kit's puzzle options (``moves`` from its start)."""
    game, puzzles = kit.game, kit.puzzles
    states = [replay(kit, [])]
    for seat, move in moves:
        states.append(game.play(states[-1], seat, move))
    found = []
    solutions: set[str] = set()
    for i in range(1, len(states)):
        state = states[i]
        if game.outcome(state) is not None or game.forced(state) is not None or not puzzles.eligible(state):
            continue
        if _mover(kit, state) is None or moves[i - 1][0] == _mover(kit, state):
            continue  # a pass, or not the opponent's move that led here
        puzzle = _puzzle_at(kit, states[i - 1], moves[i - 1], state)
        if puzzle is None:
            continue
        # A weak level may leave the same win standing move after move (neither side playing
        # it nor stopping it): one game, one solution, one puzzle, the first.
        solution = json.dumps(puzzle.solution, sort_keys=True)
        if solution not in solutions:
            solutions.add(solution)
            puzzle.moves, puzzle.source = [list(m) for m in moves[:i]], source
            found.append(puzzle)
    return found


def _puzzle_at(kit: GameKit, before: State, played: tuple[Seat, Move], state: State) -> Found | None:
    puzzles = kit.puzzles
    started = time.process_time()
    proof = puzzles.prove(state)
    nodes = proof.nodes
    values = [m.value for m in proof.moves if m.value is not None]
    result = max(values, default=None)
    if result not in (WIN, DRAW) or (result == DRAW and not puzzles.draws) or keepers(proof, result) is None:
        return None
    # The opponent's move was a mistake: it had a move the solver does not prove as bad.
    earlier = puzzles.prove(before)
    nodes += earlier.nodes
    mine = next((m for m in earlier.moves if same(m.move, played[1])), None)
    if mine is None or mine.value is None:
        return None
    if not any(m.value is None or m.value > mine.value for m in earlier.moves):
        return None
    line, more = solve_line(kit, state, result, proof)
    if not line or (len(line) == 1 and kit.game.outcome(kit.game.play(state, _mover(kit, state), line[0]))):
        return None  # a game won in one move is no puzzle
    return Found(
        moves=[],
        seat=_mover(kit, state),
        result=result,
        solution=line,
        themes=puzzles.themes(state, line),
        nodes=nodes + more,
        seconds=round(time.process_time() - started, 3),
        source="",
        mistake=played[1],
        key=position_key(kit, state),
    )


def position_key(kit: GameKit, state: State) -> str:
    """The position as everyone sees it, with the seat to move, hashed: equal keys, one puzzle."""
    seen = json.dumps([kit.game.view(state, None), kit.game.to_move(state)], sort_keys=True)
    return hashlib.sha1(seen.encode()).hexdigest()


def self_play(kit: GameKit, rng: random.Random) -> tuple[Played, str]:
    """A game between two of the kit's sparring levels (picked by ``rng``), and who played."""
    game, puzzles = kit.game, kit.puzzles
    levels = [kit.level(rng.choice(puzzles.sparring)) for _ in range(2)]
    state = game.setup(game.clean_options(puzzles.options), 0)
    moves: Played = []
    while game.outcome(state) is None:
        forced = game.forced(state)
        if forced is not None:
            seat, move = forced
        else:
            seat = game.to_move(state)[0]
            move = levels[seat % 2].choose(game, state, seat, rng)
        moves.append((seat, move))
        state = game.play(state, seat, move)
    return moves, f"{levels[0].name} vs {levels[1].name}"


def replay(kit: GameKit, moves: Played) -> State:
    """The puzzle's position: ``moves`` played from the start with the kit's options."""
    game = kit.game
    state = game.setup(game.clean_options(kit.puzzles.options), 0)
    for seat, move in moves:
        state = game.play(state, seat, move)
    return state


def check(kit: GameKit, moves: Played, result: int, solution: list[Move]) -> str:
    """Prove a stored puzzle again: "" when each of its solver's moves is the only one keeping
    ``result`` among two legal moves or more and each reply is legal and holds out as well as
    any; else what is wrong."""
    game, puzzles = kit.game, kit.puzzles
    state = replay(kit, moves)
    for i, move in enumerate(solution):
        seat = _mover(kit, state)
        if seat is None:
            return f"move {i + 1}: nobody is to move"
        forced = game.forced(state)
        if i % 2 == 0:
            proof = puzzles.prove(state)
            keep = keepers(proof, result)
            if keep is None:
                return f"move {i + 1}: not exactly one move keeps the result"
            if len(proof.moves) < 2:
                return f"move {i + 1}: the only legal move, nothing to find"
            if not same(keep[0].move, move):
                return f"move {i + 1}: the only move keeping the result is {keep[0].move}, not {move}"
        elif forced is None:
            answer = puzzles.prove(state)
            best = stubborn(answer)
            mine = next((m for m in answer.moves if same(m.move, move)), None)
            if mine is None or (mine.value, mine.resistance) != (best.value, best.resistance):
                return f"move {i + 1}: {move} is not the most stubborn reply"
        elif not same(forced[1], move):
            return f"move {i + 1}: the reply must be {forced[1]}"
        state = game.play(state, seat, move)
    return ""


def find(
    kit: GameKit,
    count: int,
    rng: random.Random,
    games: Iterable[tuple[Played, str]] = (),
    seen: set[str] | None = None,
    max_games: int = 100_000,
) -> Iterator[Found]:
    """Up to ``count`` new puzzles: first from ``games`` (stored ones, with where each came
    from), then from games the kit's sparring levels play each other; ``seen`` holds the keys
    of the puzzles there are already, and gets the new ones'."""
    seen = set() if seen is None else seen
    found = 0

    def new(puzzles: list[Found]) -> Iterator[Found]:
        nonlocal found
        for puzzle in puzzles:
            if found < count and puzzle.key not in seen:
                seen.add(puzzle.key)
                found += 1
                yield puzzle

    for moves, source in games:
        yield from new(find_in_game(kit, moves, source))
    for played in range(1, max_games + 1):
        if found >= count:
            return
        moves, who = self_play(kit, rng)
        yield from new(find_in_game(kit, moves, f"a game of the computer levels ({who}), #{played}"))


RESULTS = {WIN: "win", DRAW: "draw"}


def as_record(kit: GameKit, puzzle: Found) -> dict[str, Any]:
    """A found puzzle as a shipped file (``<game>/data/puzzles.json``) and the database keep it."""
    return {
        "moves": [[seat, move] for seat, move in puzzle.moves],
        "seat": puzzle.seat,
        "result": RESULTS[puzzle.result],
        "solution": puzzle.solution,
        "themes": puzzle.themes,
        "proof": {"solver": kit.puzzles.solver, "nodes": puzzle.nodes, "seconds": puzzle.seconds},
        "source": puzzle.source,
        "mistake": puzzle.mistake,
        "digest": puzzle.key,
    }


def shipped_path(kit: GameKit) -> Path:
    """Where the puzzles that ship with the site are kept: the game's folder's ``data/``."""
    return Path(__file__).resolve().parent / kit.slug / "data" / "puzzles.json"


def shipped(kit: GameKit) -> list[dict[str, Any]]:
    """The game's shipped puzzles (none when it has no file)."""
    path = shipped_path(kit)
    return json.loads(path.read_text()) if path.exists() else []
