"""The rules' refusals are translatable (issue 52): an ``IllegalMove`` or ``OptionError`` says
its English with a template marked for the catalogs (``gettext_noop``) and its values apart,
so that the platform can say it in the reader's language (``games.matches.errors.told``).

Representative refusals of every engine keep their English word for word, and their
template is the marked literal with ``%(name)s`` placeholders, never a sentence already
formatted; and no refusal in the sources builds its message with an f-string, ``.format``,
``%`` or ``+`` (which no catalog could hold).
"""

from __future__ import annotations

import ast
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from games.catalog.alpha_battle.engine import check_setup
from games.catalog.connect_four.engine import GAME as CONNECT_FOUR
from games.catalog.connect_four.engine import start_board
from games.catalog.registry import GAMES
from games.rules.base import IllegalMove, OptionError, Refusal
from games.rules.journey import parse_move
from games.rules.records import INVALID_MOVE
from games.rules.reversi import parse_blocks

ROOT = Path(__file__).resolve().parents[2]
SOURCES = sorted([*(ROOT / "games" / "rules").rglob("*.py"), *(ROOT / "games" / "catalog").rglob("*.py")])
REFUSALS = {"IllegalMove", "OptionError", "Refusal"}
MARKERS = {"gettext_noop", "_"}
PLACEHOLDER = re.compile(r"%\((\w+)\)s")


def _marker(node: ast.AST) -> bool:
    """``gettext_noop("...")`` (or ``_``) of one literal: a text the catalogs hold."""
    return (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Name)
        and node.func.id in MARKERS
        and len(node.args) == 1
        and isinstance(node.args[0], ast.Constant)
        and isinstance(node.args[0].value, str)
    )


def marked_texts() -> set[str]:
    """Every literal the rules and the catalog mark for translation."""
    return {
        node.args[0].value
        for path in SOURCES
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
        if _marker(node)
    }


MARKED = marked_texts()


def refused(action: Callable[[], Any]) -> Refusal:
    with pytest.raises(Refusal) as caught:
        action()
    return caught.value


def assert_translatable(exc: Refusal) -> None:
    """``exc`` (and every refusal among its values) says a marked template, filled in."""
    assert exc.template in MARKED, exc.template
    if not exc.values:
        assert str(exc) == exc.template
        return
    assert exc.template % exc.values == str(exc)
    assert set(PLACEHOLDER.findall(exc.template)) == set(exc.values), exc.template
    for value in exc.values.values():
        if isinstance(value, Refusal):
            assert_translatable(value)


def full_column_state() -> dict[str, Any]:
    state = CONNECT_FOUR.setup(CONNECT_FOUR.clean_options({"rows": 4, "columns": 4}), seed=0)
    return {**state, "board": ["R...", "Y...", "R...", "Y..."]}


REVERSI_START = GAMES["reversi"].setup(GAMES["reversi"].clean_options({"size": 8}), seed=0)

CASES: list[tuple[str, Callable[[], Any], str]] = [
    (
        "connect four: a full column",
        lambda: CONNECT_FOUR.play(full_column_state(), 0, {"action": "drop", "column": 0}),
        "Column 0 is full.",
    ),
    (
        "connect four: a floating disc in a start position",
        lambda: start_board("....\n....\n..R.\n.R.Y"),
        "Start position: line 3, character 3 is a disc above an empty cell (floating).",
    ),
    (
        "reversi: a cell that flips nothing",
        lambda: GAMES["reversi"].play(REVERSI_START, 0, {"cell": "A1"}),
        "Invalid move: A1 flips no disc.",
    ),
    (
        "reversi: a block off the board",
        lambda: parse_blocks("b2 z1", 8),
        "Invalid position! Z1 is off the board: the cells go from A1 to H8.",
    ),
    (
        "reversi: a start position of odd size",
        lambda: GAMES["reversi"].clean_options({"start": "...\n...\n..."}),
        "Start position: the board is 4 to 26 rows, an even number (found 3).",
    ),
    (
        "alpha battle: a letter that is not A-Z",
        lambda: check_setup({"letters": "AB1", "indices": []}),
        "The letters may only be A-Z, not '1'.",
    ),
    (
        "alpha battle: letters repeated",
        lambda: check_setup({"letters": "A" * 26, "indices": []}),
        "Each letter must appear once: A repeated, BCDEFGHIJKLMNOPQRSTUVWXYZ missing.",
    ),
    (
        "an option out of range",
        lambda: GAMES["reversi"].clean_options({"size": 30}),
        "Board size must be at most 26.",
    ),
    (
        "gomoku: a line longer than the board",
        lambda: GAMES["gomoku"].clean_options({"rows": 3, "columns": 4, "in_a_row": 8}),
        "In a row must be at most 4: a line of 8 does not fit on a board of 3 rows and 4 columns.",
    ),
    (
        "gomoku: a cell off the board (the notation's reason)",
        lambda: GAMES["gomoku"].play(
            GAMES["gomoku"].setup(GAMES["gomoku"].clean_options({}), 0), 0, {"cell": "P1"}
        ),
        "There is no cell P1: the cells go from A1 to O15.",
    ),
    (
        "1-d reversi: a slot taken",
        lambda: GAMES["reversi_1d"].parse_record({}, "3 4 3"),
        "Move 3 (3) is not legal: position 3 is already taken.",
    ),
    (
        "the journey: a target off the board",
        lambda: parse_move({"target": [10, 3]}, False),
        "(10,3) is off the board: x and y are 0..9.",
    ),
    (
        "a record: a move the record's reader refuses",
        lambda: GAMES["othello"].parse_record({}, "f5 f5"),
        "Move 2 (f5) is not legal: f5 is taken.",
    ),
    (
        "a record: a move the engine refuses",
        lambda: GAMES["othello"].parse_record({}, "a1"),
        "Move 1 (a1) is not legal: A1 flips no disc.",
    ),
]


@pytest.mark.parametrize(("action", "english"), [case[1:] for case in CASES], ids=[case[0] for case in CASES])
def test_a_refusal_says_its_english_from_a_marked_template(action, english):
    exc = refused(action)
    assert str(exc) == english
    assert_translatable(exc)
    assert isinstance(exc, IllegalMove | OptionError)


def test_a_records_refusal_holds_the_engines_reason_translatable():
    """``Move 1 (a1) is not legal: ...``: the engine's reason without its "Invalid move: ",
    a refusal of its own, so that it is said in the reader's language too."""
    engine_said = refused(lambda: GAMES["othello"].play(GAMES["othello"].setup({}, 0), 0, {"cell": "A1"}))
    assert engine_said.template == INVALID_MOVE and str(engine_said) == "Invalid move: A1 flips no disc."
    record_said = refused(lambda: GAMES["othello"].parse_record({}, "a1"))
    why = record_said.values["why"]
    assert isinstance(why, IllegalMove) and str(why) == "A1 flips no disc."
    assert why.template == "%(cell)s flips no disc." and why.values == {"cell": "A1"}
    assert record_said.values["number"] == 1 and record_said.values["token"] == "a1"


def test_an_option_refusal_keeps_its_field():
    assert refused(lambda: parse_blocks("d4", 8)).field == "blocks"
    assert refused(lambda: start_board("....\n..x.\n....\n....")).field == "start"


# -- no refusal built from a formatted string ------------------------------------------
def _assigned(tree: ast.AST) -> dict[str, list[ast.AST]]:
    """The values given to each name anywhere in a module (constants and local variables)."""
    values: dict[str, list[ast.AST]] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.Assign):
            for target in node.targets:
                if isinstance(target, ast.Name):
                    values.setdefault(target.id, []).append(node.value)
    return values


def _why_untranslatable(node: ast.AST, names: dict[str, list[ast.AST]]) -> str | None:
    """Why a refusal's first argument cannot be a catalog's msgid (None: it can)."""
    if isinstance(node, ast.JoinedStr):
        return "an f-string"
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add | ast.Mod):
        return "a string built with + or %"
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "format":
        return "a .format() call"
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "str":
        return "str() of something"
    if isinstance(node, ast.Constant):
        return "a literal not marked with gettext_noop"
    if isinstance(node, ast.Call) and not _marker(node):
        return "a call other than gettext_noop of one literal"
    if isinstance(node, ast.Name):
        for value in names.get(node.id, []):  # a constant or variable: its marked literal
            if (why := _why_untranslatable(value, {})) is not None:
                return f"{node.id}, {why}"
    return None


def untranslatable_refusals() -> list[str]:
    trees = {path: ast.parse(path.read_text(encoding="utf-8")) for path in SOURCES}
    everywhere: dict[str, list[ast.AST]] = {}
    for tree in trees.values():
        for name, values in _assigned(tree).items():
            everywhere.setdefault(name, []).extend(values)
    found = []
    for path, tree in trees.items():
        names = {**everywhere, **_assigned(tree)}  # a module's own names first, else imported ones
        for node in ast.walk(tree):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Name)
                and node.func.id in REFUSALS
                and node.args
                and (why := _why_untranslatable(node.args[0], names)) is not None
            ):
                found.append(f"{path.relative_to(ROOT)}:{node.lineno}: {why}")
    return found


def test_no_refusal_in_the_sources_is_worded_by_formatting():
    assert untranslatable_refusals() == []


def test_the_check_catches_a_formatted_refusal():
    tree = ast.parse(
        "SHAPE = 'A move is...'\n"
        "raise IllegalMove(f'Column {c} is full.')\n"
        "raise OptionError('{} is bad'.format(x), 'size')\n"
        "raise IllegalMove('Column ' + str(c))\n"
        "raise IllegalMove(str(exc))\n"
        "raise IllegalMove(SHAPE)\n"
        "raise IllegalMove(gettext_noop('Column %(column)s is full.'), column=c)\n"
    )
    calls = [
        node
        for node in ast.walk(tree)
        if isinstance(node, ast.Call) and getattr(node.func, "id", "") in REFUSALS
    ]
    verdicts = [_why_untranslatable(call.args[0], _assigned(tree)) for call in calls]
    assert [verdict is None for verdict in verdicts] == [False, False, False, False, False, True]
