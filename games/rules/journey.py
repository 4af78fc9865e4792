"""The Journey (seed: Tasks 3 and 4 of othello-and-the-journey.txt; rules: spec/journey.md).

A co-operative game on a 10 x 10 board, positions ``(x, y)`` with x the row and y the column.
Seat ``i`` plays warrior ``Wi``; everybody wins when every monster is dead and loses when
every warrior is. Mode ``classic`` is the seed's Task 3 (one warrior, no potions), mode
``alliance`` its Task 4 (1-4 warriors, life potions, crystal sharing).

A turn is ``{"target": [x, y]}``, then, when the target asks a question, ``{"answer": "yes"
| "no"}``; ``{"skip": true}`` ends the turn of an absent player. This module holds the
world and the turns (``new_state``, ``play_move``); the site's engine around them is
:mod:`games.catalog.journey.engine`.

State (plain JSON): the generator ``rng`` (a seed and a draw counter, see ``draw``), the
``round``, the warrior to move ``turn``, lists of ``monsters`` and ``elves`` (``pos``,
``power``), ``warriors`` (``pos``, ``health``, ``crystals``) and ``potions`` (``pos``,
``amount``) where ``pos`` is None once a thing has left the board for good, the open
``question``, the names whose hidden value is ``revealed``, the console lines the last move
``printed``, the round's ``log`` and ``previous_log``, the ``last`` move and the ``result``.

>>> state = new_state({"mode": "classic", "monsters": 2, "elves": 3}, seed=7)
>>> len(state["monsters"]), len(state["elves"]), len(state["warriors"]), len(state["potions"])
(2, 3, 1, 0)
>>> state == new_state({"mode": "classic", "monsters": 2, "elves": 3}, seed=7)
True
>>> state["warriors"][0]["health"], state["warriors"][0]["crystals"]
(40, 10)
"""

from __future__ import annotations

import copy
import random
from typing import Any

from . import journey_text as text
from .base import IllegalMove, Move, Seat, State
from .words import gettext_noop

SIZE = text.SIZE
HEALTH_CAP = 40
START_CRYSTALS = 10
POWER = (5, 19)  # monster damage, elf magic and potion healing: uniform integers
LOOT = (5, 9)  # crystals won by killing a monster
DEFAULT_COUNT = (2, 3)  # monsters, elves and (alliance) potions when not given
MAX_WARRIORS = 4
KINDS = {"M": "monsters", "E": "elves", "W": "warriors", "P": "potions"}
ANSWERS = ("yes", "no")
SHAPE = gettext_noop(
    'A move is {"target": [x, y]} with x and y in 0..9, or {"answer": "yes" | "no"} to a question.'
)

Cell = tuple[int, int]


# -- the match's random generator -------------------------------------------------------
def draw(state: State, lo: int, hi: int) -> int:
    """The next draw of the match's generator: a uniform integer in [lo, hi].

    Draw ``k`` of a match seeded ``s`` comes from ``random.Random(f"journey:{s}:{k}")``, so
    the state needs only the seed and a counter (which this advances: call it on a copy).

    >>> state = {"rng": {"seed": 1, "draws": 0}}
    >>> first = draw(state, 5, 19)
    >>> state["rng"]["draws"], 5 <= first <= 19
    (1, True)
    >>> state["rng"]["draws"] = 0
    >>> draw(state, 5, 19) == first
    True
    """
    rng = state["rng"]
    value = random.Random(f"journey:{rng['seed']}:{rng['draws']}").randint(lo, hi)
    rng["draws"] += 1
    return value


# -- the board --------------------------------------------------------------------------
def occupants(state: State) -> dict[Cell, str]:
    """Every occupied cell and its label (``"M0"``, ``"E1"``, ``"W0"``, ``"P2"``)."""
    out: dict[Cell, str] = {}
    for letter, key in KINDS.items():
        for index, thing in enumerate(state[key]):
            if thing["pos"] is not None:
                out[tuple(thing["pos"])] = f"{letter}{index}"
    return out


def grid(state: State) -> list[list[str]]:
    """The board as ``grid[x][y]``: a label, or ``""`` for an empty cell."""
    cells = occupants(state)
    return [[cells.get((x, y), "") for y in range(SIZE)] for x in range(SIZE)]


def board_text(state: State) -> str:
    """The original program's board print of ``state``."""
    return "\n".join(text.board_lines(grid(state)))


def random_empty_cell(state: State) -> list[int]:
    """A uniformly random empty cell (one draw: an index into the empty cells, row-major)."""
    taken = occupants(state)
    empty = [[x, y] for x in range(SIZE) for y in range(SIZE) if (x, y) not in taken]
    return empty[draw(state, 0, len(empty) - 1)]


def thing(state: State, label: str) -> dict[str, Any]:
    """The monster, elf, warrior or potion named ``label``."""
    return state[KINDS[label[0]]][int(label[1:])]


def living_warriors(state: State) -> list[int]:
    return [i for i, w in enumerate(state["warriors"]) if w["pos"] is not None]


def monsters_left(state: State) -> int:
    return sum(m["pos"] is not None for m in state["monsters"])


# -- set-up -----------------------------------------------------------------------------
def new_state(options: dict[str, Any], seed: int) -> State:
    """The start of a match: counts drawn (monsters, elves, potions) when not given, then
    things placed one at a time on random empty cells, monsters, elves, warriors, potions,
    each cell draw followed by that thing's power or amount draw."""
    mode = options.get("mode") or "alliance"
    alliance = mode == "alliance"
    warriors = (options.get("players") or 2) if alliance else 1
    state: State = {
        "mode": mode,
        "rng": {"seed": seed, "draws": 0},
        "round": 1,
        "turn": 0,
        "monsters": [],
        "elves": [],
        "warriors": [],
        "potions": [],
        "question": None,
        "revealed": [],
        "printed": [],
        "log": [],
        "previous_log": [],
        "last": None,
        "result": None,
    }
    monsters = options.get("monsters") or draw(state, *DEFAULT_COUNT)
    elves = options.get("elves") or draw(state, *DEFAULT_COUNT)
    potions = (options.get("potions") or draw(state, *DEFAULT_COUNT)) if alliance else 0
    for _ in range(monsters):
        state["monsters"].append({"pos": random_empty_cell(state), "power": None})
        state["monsters"][-1]["power"] = draw(state, *POWER)
    for _ in range(elves):
        state["elves"].append({"pos": random_empty_cell(state), "power": None})
        state["elves"][-1]["power"] = draw(state, *POWER)
    for _ in range(warriors):
        state["warriors"].append(
            {"pos": random_empty_cell(state), "health": HEALTH_CAP, "crystals": START_CRYSTALS}
        )
    for _ in range(potions):
        state["potions"].append({"pos": random_empty_cell(state), "amount": None})
        state["potions"][-1]["amount"] = draw(state, *POWER)
    return state


# -- a turn -----------------------------------------------------------------------------
def _reveal(state: State, label: str) -> None:
    if label not in state["revealed"]:
        state["revealed"].append(label)


def _say(state: State, *lines: str) -> None:
    state["printed"].extend(lines)
    state["log"].extend(lines)


def _move_warrior(warrior: dict[str, Any], cell: list[int]) -> None:
    warrior["pos"] = list(cell)


def _visit(state: State, seat: Seat, cell: list[int]) -> None:
    """The warrior of ``seat`` picks ``cell``: move, pick up a potion, or meet someone."""
    warrior, name = state["warriors"][seat], f"W{seat}"
    label = occupants(state).get(tuple(cell))
    if label is None:
        _move_warrior(warrior, cell)
        _end_turn(state)
        return
    other = thing(state, label)
    if label[0] == "P":
        warrior["health"] = min(HEALTH_CAP, warrior["health"] + other["amount"])
        other["pos"] = None
        _move_warrior(warrior, cell)
        _reveal(state, label)
        _say(state, text.potion_taken(name, label))
        _end_turn(state)
        return
    if label[0] == "M":
        lines = text.monster_lines(label, other["power"], warrior["health"])
    elif label[0] == "E":
        lines = text.elf_lines(label, other["power"], warrior["crystals"])
    else:
        lines = text.share_lines(label, other["crystals"], warrior["crystals"])
    if label[0] in "ME":
        _reveal(state, label)
    state["question"] = {"speaker": label, "seat": seat, "target": list(cell), "lines": lines}
    _say(state, *lines)


def _answer(state: State, seat: Seat, yes: bool) -> None:
    """The warrior of ``seat`` answers the open question."""
    question, warrior, name = state["question"], state["warriors"][seat], f"W{seat}"
    label = question["speaker"]
    other = thing(state, label)
    state["question"] = None
    if not yes:
        _end_turn(state)
        return
    if label[0] == "M":
        if warrior["health"] > other["power"]:
            warrior["health"] -= other["power"]
            warrior["crystals"] += draw(state, *LOOT)
            other["pos"] = None
            _move_warrior(warrior, question["target"])
            _say(state, text.killed_monster(name, label))
        else:
            warrior["health"] -= other["power"]
            warrior["pos"] = None
            _say(state, text.warrior_killed(name))
    elif label[0] == "E":
        value = draw(state, 2, other["power"] - 1)
        if warrior["crystals"] > value:
            warrior["crystals"] -= value
            warrior["health"] = min(HEALTH_CAP, warrior["health"] + value)
            _say(state, text.elf_thanks(name, label))
        else:
            _say(state, text.not_enough_crystals(name))
    elif other["crystals"] >= 2:
        value = draw(state, 1, other["crystals"] - 1)
        other["crystals"] -= value
        warrior["crystals"] += value
        _say(state, text.shared_thanks(name, value))
    else:
        _say(state, text.cannot_share(label))
    _end_turn(state)


def _end_turn(state: State) -> None:
    """Pass the turn to the next living warrior; after the last: potions teleport, then
    the end is checked (only here, at the end of a round)."""
    state["question"] = None
    alive = living_warriors(state)
    later = [i for i in alive if i > state["turn"]]
    if later:
        state["turn"] = later[0]
        return
    for potion in state["potions"]:
        if potion["pos"] is not None:
            potion["pos"] = random_empty_cell(state)  # its own cell is taken, so never the same
    if monsters_left(state) == 0 or not alive:
        state["result"] = "victory" if monsters_left(state) == 0 else "defeat"
        state["turn"] = None
        _say(state, text.VICTORY if state["result"] == "victory" else text.DEFEAT)
        return
    state["round"] += 1
    state["turn"] = alive[0]
    state["previous_log"], state["log"] = state["log"], []


def parse_move(move: Any, question_open: bool) -> tuple[str, Any]:
    """Check a move's shape strictly: ``("target", [x, y])``, ``("answer", True/False)`` for
    yes/no, or ``("skip", None)``; raise IllegalMove with the reason.

    >>> parse_move({"target": [0, 9]}, False), parse_move({"answer": "no"}, True)
    (('target', [0, 9]), ('answer', False))
    """
    if not isinstance(move, dict):
        raise IllegalMove(SHAPE)
    if move == {"skip": True} and move["skip"] is True:
        return "skip", None
    if set(move) == {"answer"}:
        if not question_open:
            raise IllegalMove(gettext_noop("There is no question to answer: pick a target cell."))
        if not isinstance(move["answer"], str) or move["answer"] not in ANSWERS:
            raise IllegalMove(gettext_noop('The answer is "yes" or "no".'))
        return "answer", move["answer"] == "yes"
    if question_open:
        raise IllegalMove(gettext_noop('Answer the question first: {"answer": "yes"} or {"answer": "no"}.'))
    cell = move.get("target")
    if (
        set(move) != {"target"}
        or not isinstance(cell, list | tuple)
        or len(cell) != 2
        or not all(isinstance(c, int) and not isinstance(c, bool) for c in cell)
    ):
        raise IllegalMove(SHAPE)
    if not all(0 <= c < SIZE for c in cell):
        raise IllegalMove(
            gettext_noop("(%(x)s,%(y)s) is off the board: x and y are 0..9."), x=cell[0], y=cell[1]
        )
    return "target", [cell[0], cell[1]]


def play_move(state: State, seat: Seat, move: Move) -> State:
    """The state after ``seat`` plays ``move`` (pure: ``state`` is copied, never changed)."""
    if state["result"] is not None:
        raise IllegalMove(gettext_noop("The game is over."))
    if seat != state["turn"]:
        raise IllegalMove(gettext_noop("It is not your turn."))
    kind, value = parse_move(move, state["question"] is not None)
    warrior, name = state["warriors"][seat], f"W{seat}"
    if kind == "target" and value == warrior["pos"]:
        raise IllegalMove(
            gettext_noop("It should not be the same as the original one: %(warrior)s is at (%(x)s,%(y)s)."),
            warrior=name,
            x=value[0],
            y=value[1],
        )
    new = copy.deepcopy(state)
    new["printed"] = []
    if new["question"] is None:
        _say(new, *text.prompt_lines(name, warrior["pos"], warrior["health"]))
    new["last"] = {"seat": seat, "kind": kind, "target": value if kind == "target" else None}
    if kind == "skip":
        _say(new, text.skipped(name))
        _end_turn(new)
    elif kind == "target":
        _say(new, f"{value[0]} {value[1]}")
        _visit(new, seat, value)
    else:
        _say(new, "1" if value else "2")
        new["last"]["answer"] = "yes" if value else "no"
        _answer(new, seat, value)
    return new
