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
import pickle
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from django.utils import translation
from django.utils.translation import gettext

from games.catalog import analysis, analysis_line
from games.catalog.alpha_battle.engine import check_setup
from games.catalog.connect_four.engine import GAME as CONNECT_FOUR
from games.catalog.connect_four.positions import start_board
from games.catalog.gomoku.notation import parse_cell as gomoku_cell
from games.catalog.registry import GAMES
from games.matches.errors import told
from games.rules.base import IllegalMove, OptionError, Refusal
from games.rules.journey import parse_move
from games.rules.records import INVALID_MOVE
from games.rules.reversi import parse_blocks
from games.rules.reversi import parse_cell as reversi_cell

ROOT = Path(__file__).resolve().parents[2]
SOURCES = sorted([*(ROOT / "games" / "rules").rglob("*.py"), *(ROOT / "games" / "catalog").rglob("*.py")])
REFUSALS = {"IllegalMove", "OptionError", "Refusal", "BadPosition"}
# Modules whose every refusal is a Refusal: a bare ``raise ValueError(...)`` there is English only.
NO_BARE_VALUE_ERRORS = {
    Path("games/rules/records.py"),
    Path("games/rules/reversi.py"),
    Path("games/catalog/gomoku/notation.py"),
    Path("games/catalog/gomoku/engine.py"),
    Path("games/catalog/reversi/engine.py"),
    Path("games/catalog/analysis_line.py"),
    Path("games/catalog/analysis.py"),
    Path("games/catalog/reversi_1d/engine.py"),
    Path("games/rules/base.py"),
}
LANGUAGES = ["fr", "de", "es", "ru"]
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


def _options(slug: str, **options: Any) -> dict[str, Any]:
    return GAMES[slug].clean_options(options)


GOMOKU_3 = {"rows": 3, "columns": 3, "in_a_row": 3}

# Refusals of reading (a record, a cell, a typed position, an analysis line): ValueErrors that
# are Refusals, so that every ``except ValueError`` still catches them.
READING: list[tuple[str, Callable[[], Any], str]] = [
    (
        "a cell record: not a cell",
        lambda: GAMES["othello"].parse_record({}, "f5 zz"),
        "Move 2 (zz) is not a cell such as f5.",
    ),
    (
        "a cell record: off the board",
        lambda: GAMES["othello"].parse_record({}, "f5 i1"),
        "Move 2 (i1) is off the 8x8 board.",
    ),
    (
        "a column record: not a column",
        lambda: GAMES["connect_four"].parse_record(_options("connect_four"), "44x"),
        "Move 3 (x) is not a column such as 4 (or p4 to pop out).",
    ),
    (
        "a column record: off the board",
        lambda: GAMES["connect_four"].parse_record(_options("connect_four"), "448"),
        "Move 3 (8) is off the board: the columns are 1 to 7.",
    ),
    (
        "a column record: off a wide board",
        lambda: GAMES["connect_four"].parse_record(_options("connect_four", columns=12), "4 4 13"),
        "Move 3 (13) is off the board: the columns are 1 to 12 (separate the moves by spaces on this board).",
    ),
    (
        "a slot record: not a number",
        lambda: GAMES["reversi_1d"].parse_record({}, "3 x"),
        "Move 2 (x) is not a slot number (1 to 12).",
    ),
    (
        "a slot record: off the board",
        lambda: GAMES["reversi_1d"].parse_record({}, "3 13"),
        "Move 2 (13) is off the board: the slots are 1 to 12.",
    ),
    (
        "gomoku's record: not a cell",
        lambda: GAMES["gomoku"].parse_record(_options("gomoku"), "h8 zz"),
        "Move 2 (zz) is not a cell such as h8.",
    ),
    (
        "gomoku's record: off the board",
        lambda: GAMES["gomoku"].parse_record(_options("gomoku"), "h8 p1"),
        "Move 2 (p1) is off the board: the cells go from a1 to o15.",
    ),
    (
        "gomoku's cell: an empty text",
        lambda: gomoku_cell("  ", 15, 15),
        "An empty text is not a cell such as H8.",
    ),
    ("gomoku's cell: not a cell", lambda: gomoku_cell("h٨", 19, 19), "h٨ is not a cell such as H8."),
    (
        "gomoku's cell: no such cell",
        lambda: gomoku_cell("c16", 15, 15),
        "There is no cell C16: the cells go from A1 to O15.",
    ),
    ("a reversi address: empty", lambda: reversi_cell(" ", 8), "an empty address is not a cell address"),
    ("a reversi address: not one", lambda: reversi_cell("a0", 8), "A0 is not a cell address"),
    ("a reversi address: off the board", lambda: reversi_cell("z9", 8), "Z9 is off the board"),
    (
        "gomoku's position: not a list",
        lambda: GAMES["gomoku"].position(GOMOKU_3, "...", None),
        "A position is a list of row strings, top row first.",
    ),
    (
        "gomoku's position: its size",
        lambda: GAMES["gomoku"].position(GOMOKU_3, ["...", "..."], None),
        "The board must be 3 rows of 3 cells, as the options say.",
    ),
    (
        "gomoku's position: a stranger",
        lambda: GAMES["gomoku"].position(GOMOKU_3, ["...", ".Q.", "..."], None),
        "B2 holds 'Q': use '.', 'X' and 'O'.",
    ),
    (
        "gomoku's position: the counts",
        lambda: GAMES["gomoku"].position(GOMOKU_3, ["XX.", "...", "..."], None),
        "X has 2 stones and O 0: X starts, so has as many as O or one more.",
    ),
    (
        "gomoku's position: who moves",
        lambda: GAMES["gomoku"].position(GOMOKU_3, ["X..", "...", "..."], 0),
        "With X 1 and O 0 stones it is O to move.",
    ),
    (
        "gomoku's position: a line already",
        lambda: GAMES["gomoku"].position(GOMOKU_3, ["XXX", "OO.", "..."], None),
        "There is already three in a row on the board: the game is over.",
    ),
    (
        "gomoku's position: full",
        lambda: GAMES["gomoku"].position(GOMOKU_3, ["XOX", "XOO", "OXX"], None),
        "The board is full: there is nothing left to play.",
    ),
    (
        "reversi's position: its size",
        lambda: GAMES["reversi"].position(_options("reversi", size=4), ["...."], None),
        "The board must be 4 rows of 4 cells, as the board size says.",
    ),
    (
        "reversi's position: a stranger",
        lambda: GAMES["reversi"].position(
            _options("reversi", size=4), ["....", ".XQ.", "....", "...."], None
        ),
        "C2 holds 'Q': use '.', 'X', 'O', '#'.",
    ),
    (
        "othello's position: a block",
        lambda: GAMES["othello"].position({}, ["........"] * 7 + ["...#...."], None),
        "D8 holds '#': use '.', 'X', 'O'.",
    ),
    (
        "reversi's position: the seat",
        lambda: GAMES["reversi"].position(_options("reversi", size=4), ["....", ".XO.", ".OX.", "...."], 2),
        "The seat to move is 0 (Black) or 1 (White).",
    ),
    (
        "an analysis line: a move refused",
        lambda: analysis_line.played(GAMES["reversi_1d"], {}, [{"position": 3}, {"position": 3}]),
        "Move 2 ({'position': 3}) cannot be played: Invalid move: position 3 is already taken.",
    ),
    (
        "an analysis line: a move that is no move",
        lambda: analysis_line.played(GAMES["reversi_1d"], {}, ["x"]),
        "Move 1 ('x') cannot be played: 'str' object has no attribute 'get'",
    ),
    (
        "an analysis line: seats moving at once",
        lambda: analysis_line.played(GAMES["alpha_battle"], {}, [{"letters": "A"}]),
        'Move 1: seats 0 and 1 move at once: give it as {"seat": <seat>, "move": ...}.',
    ),
]

# Refusals of the rules that now hold a reading's refusal, or a record's reason, translatable.
HOLDING: list[tuple[str, Callable[[], Any], str]] = [
    (
        "a record: a blocked cell",
        lambda: GAMES["reversi"].parse_record(_options("reversi", blocks="f5"), "f5"),
        "Move 1 (f5) is not legal: f5 is a blocked cell.",
    ),
    (
        "a record: a cell taken",
        lambda: GAMES["gomoku"].parse_record(_options("gomoku"), "h8 h8"),
        "Move 2 (h8) is not legal: h8 is taken.",
    ),
    (
        "a record: a full column",
        lambda: GAMES["connect_four"].parse_record(_options("connect_four", rows=4, columns=4), "11111"),
        "Move 5 (1) is not legal: column 1 is full.",
    ),
    (
        "a record: a pop without pop-out",
        lambda: GAMES["connect_four"].parse_record(_options("connect_four"), "4p4"),
        "Move 2 (p4) is not legal: this game is played without pop-out.",
    ),
    (
        "a record: a pop from an empty column",
        lambda: GAMES["connect_four"].parse_record(_options("connect_four", pop_out=True), "4p3"),
        "Move 2 (p3) is not legal: column 3 is empty.",
    ),
    (
        "a record: a pop of the other colour",
        lambda: GAMES["connect_four"].parse_record(_options("connect_four", pop_out=True), "4p4"),
        "Move 2 (p4) is not legal: the bottom disc of column 4 is not Y.",
    ),
    (
        "reversi: a cell off the board",
        lambda: GAMES["reversi"].play(REVERSI_START, 0, {"cell": "Z9"}),
        "Invalid move: Z9 is off the board.",
    ),
    (
        "reversi: a block that is no address",
        lambda: parse_blocks("b2 a0", 8),
        "Invalid position! A0 is not a cell address: the cells go from A1 to H8.",
    ),
    (
        "reversi: a start position with a stranger",
        lambda: GAMES["reversi"].clean_options({"start": "....\n.XQ.\n.OX.\n...."}),
        "Start position: C2 holds 'Q': use '.', 'X', 'O', '#'.",
    ),
    (
        "gomoku: a cell that is no cell",
        lambda: GAMES["gomoku"].play(GAMES["gomoku"].setup(_options("gomoku"), 0), 0, {"cell": " "}),
        "An empty text is not a cell such as H8.",
    ),
]


@pytest.mark.parametrize(
    ("action", "english"), [case[1:] for case in READING], ids=[case[0] for case in READING]
)
def test_a_reading_refusal_is_a_value_error_worded_from_a_marked_template(action, english):
    with pytest.raises(ValueError) as caught:  # the callers' ``except ValueError`` still hold
        action()
    exc = caught.value
    assert isinstance(exc, Refusal) and str(exc) == english
    assert_translatable(exc)


@pytest.mark.parametrize(
    ("action", "english"), [case[1:] for case in HOLDING], ids=[case[0] for case in HOLDING]
)
def test_a_refusal_holds_the_reason_it_gives_translatable(action, english):
    exc = refused(action)
    assert str(exc) == english and isinstance(exc, IllegalMove | OptionError)
    assert_translatable(exc)
    assert any(isinstance(value, Refusal) for value in exc.values.values()), exc.values


def _words(template: str) -> str:
    """A template's words: "" for one that only ends its value (``%(reason)s.``)."""
    return PLACEHOLDER.sub("", template).strip(" .")


def _templates(exc: Refusal) -> list[str]:
    inner = [t for value in exc.values.values() if isinstance(value, Refusal) for t in _templates(value)]
    return [exc.template, *inner]


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_new_refusal_is_in_the_catalogs(language):
    """Every template above (and those it holds) has its translation: told in ``language``,
    no sentence is left in English."""
    untranslated = set()
    for _name, action, _english in [*READING, *HOLDING]:
        with pytest.raises(ValueError) as caught:
            action()
        with translation.override(language):
            said = told(caught.value)
            untranslated |= {t for t in _templates(caught.value) if _words(t) and gettext(t) == t}
        assert said != str(caught.value)
    assert untranslated == set()


# -- the analysis' refusals cross the search process's pool pickled --------------------------
def _same(one: Refusal, other: Refusal) -> None:
    assert type(one) is type(other) and str(one) == str(other) and one.template == other.template
    assert one.values.keys() == other.values.keys()
    for name, value in one.values.items():
        if isinstance(value, Refusal):
            _same(value, other.values[name])
        else:
            assert value == other.values[name]


def test_a_nested_refusal_survives_pickling():
    exc = refused(lambda: GAMES["othello"].parse_record({}, "a1"))
    back = pickle.loads(pickle.dumps(exc))
    _same(exc, back)
    assert isinstance(back.values["why"], IllegalMove) and back.values["why"].values == {"cell": "A1"}
    option = refused(lambda: parse_blocks("b2 z1", 8))
    assert pickle.loads(pickle.dumps(option)).field == "blocks"


def test_a_bad_position_survives_pickling_in_the_analysis_answer():
    found = analysis_line.answer("reversi_1d", {}, [{"position": 3}, {"position": 3}], None)
    back = pickle.loads(pickle.dumps(found))
    assert back["error"] == "bad_position" and back["field"] == "moves"
    assert (
        back["message"]
        == "Move 2 ({'position': 3}) cannot be played: Invalid move: position 3 is already taken."
    )
    assert isinstance(back["refusal"], analysis_line.BadPosition) and str(back["refusal"]) == back["message"]
    _same(found["refusal"], back["refusal"])
    seats = pickle.loads(pickle.dumps(refused(lambda: READING[-1][1]())))
    assert isinstance(seats.values["seats"], Refusal) and str(seats.values["seats"]) == "0 and 1"
    assert str(seats) == READING[-1][2]


def test_nothing_to_judge_is_a_refusal_too(monkeypatch):
    start = GAMES["alpha_battle"].setup({}, seed=0)
    found = pickle.loads(pickle.dumps(analysis_line.answer("alpha_battle", {}, [], None)))
    waiting = "Alpha Battle is analysed once a setup is public: give one seat's setup in moves."
    assert found["message"] == waiting == analysis.unjudged("alpha_battle", start)
    assert found["refusal"].template == waiting and found["refusal"].values == {}
    monkeypatch.setattr(analysis, "_analysis", lambda slug: None)  # a kit without its words
    why = analysis.why_unjudged("alpha_battle", start)
    assert str(why) == "Alpha Battle is analysed once a single seat is to move."
    assert str(why) == analysis.unjudged("alpha_battle", start)
    assert_translatable(why)


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


def _bare_value_error(node: ast.AST) -> bool:
    """``raise ValueError(...)`` with a message: English that ``told`` cannot say translated."""
    return (
        isinstance(node, ast.Raise)
        and isinstance(node.exc, ast.Call)
        and isinstance(node.exc.func, ast.Name)
        and node.exc.func.id == "ValueError"
        and bool(node.exc.args)
    )


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
            if path.relative_to(ROOT) in NO_BARE_VALUE_ERRORS and _bare_value_error(node):
                found.append(f"{path.relative_to(ROOT)}:{node.lineno}: a ValueError, not a Refusal")
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


def test_the_check_catches_a_bare_value_error():
    tree = ast.parse(
        "raise ValueError(f'Move {number} ({token}) is not a cell such as f5.')\n"
        "raise ValueError('A position is a list of row strings.')\n"
        "raise ValueError\n"
        "raise Refusal(gettext_noop('Move %(number)s: the game is already over.'), number=n)\n"
    )
    assert [_bare_value_error(node) for node in tree.body] == [True, True, False, False]
