"""Tests of Alpha Battle (games/rules/alpha_battle.py) against the seed and games.md.

Seed: Question 1 of ``assignment2-alphabattle-bible-reversi.txt``.
"""

from __future__ import annotations

import copy
import json
import random
import string
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.catalog.alpha_battle.engine import (
    GAME,
    SETUP_DESCRIPTION,
    AlphaBattle,
    check_setup,
    parse_seed,
    random_move,
)
from games.rules.alpha_battle import (
    alpha_battle,
    battle_rounds,
    console_text,
    main,
    random_setup,
    remove_letters,
)
from games.rules.base import IllegalMove, OptionError

ROOT = Path(__file__).resolve().parents[2]

# The seed's worked example.
P = "MZNHUVIOEPTWFJCBXKALSDQGYR"
Q = "YFTUCSQOMGKPXNDWHIVJRABZEL"
PI = [1, 3, 2, 8, 10, 12, 9, 7, 4, 22]
QI = [21, 24, 25, 3, 4, 1, 8, 9, 10, 17]
EXAMPLE_TEXT = (
    "Player P: MZNHUVIOEPTWFJCBXKALSDQGYR [1, 3, 2, 8, 10, 12, 9, 7, 4, 22]\n"
    "\n"
    "Player Q: YFTUCSQOMGKPXNDWHIVJRABZEL [21, 24, 25, 3, 4, 1, 8, 9, 10, 17]\n"
    "\n"
    "Score: {'P': 64, 'Q': 96}\n"
    "\n"
    "Player Q wins!\n"
)
# The seed program's run with seed 7 (random.seed(7), then random.sample for p, q, pi, qi).
SEED_7_TEXT = (
    "Enter seed: 7\n"
    "\n"
    "Player P: KEMUBCRDLVGAQPXNSZTOYHIWFJ [21, 17, 13, 10, 14, 18, 25, 11, 9, 7]\n"
    "\n"
    "Player Q: BHZREJNVWDUITKCXPQFASGYLOM [25, 5, 22, 7, 2, 18, 9, 16, 15, 10]\n"
    "\n"
    "Score: {'P': 65, 'Q': 73}\n"
    "\n"
    "Player Q wins!\n"
)


def reference_battle(p: str, pi: list[int], q: str, qi: list[int]) -> dict[str, int]:
    """An independent statement of the rule, for cross-checks."""
    p16 = [c for i, c in enumerate(p) if i not in qi]
    q16 = [c for i, c in enumerate(q) if i not in pi]
    score = {"P": 0, "Q": 0}
    for a, b in zip(p16, q16, strict=True):
        if a > b:
            score["P"] += ord(a) - ord(b)
        elif b > a:
            score["Q"] += ord(b) - ord(a)
    return score


def global_random_setup(seed: int) -> tuple[str, list[int], str, list[int]]:
    """The seed program's deal, literally, with the module-level random functions."""
    random.seed(seed)
    p = "".join(random.sample(string.ascii_uppercase, 26))
    q = "".join(random.sample(string.ascii_uppercase, 26))
    pi = random.sample(range(26), 10)
    qi = random.sample(range(26), 10)
    return p, pi, q, qi


def new_game() -> dict:
    return GAME.setup(GAME.clean_options({}), seed=0)


def both_in(p=P, pi=PI, q=Q, qi=QI) -> dict:
    state = GAME.play(new_game(), 0, {"letters": p, "indices": pi})
    return GAME.play(state, 1, {"letters": q, "indices": qi})


setups = st.tuples(st.permutations(string.ascii_uppercase), st.permutations(range(26))).map(
    lambda t: ("".join(t[0]), list(t[1][:10]))
)


# -- the seed's functions ---------------------------------------------------------------
def test_worked_example_reduced_strings_rounds_and_score():
    args = (P, list(PI), Q, list(QI))
    before = copy.deepcopy(args)
    assert remove_letters(P, QI) == "MNVIOWFJCBXALSQG"
    assert remove_letters(Q, PI) == "YSQPNDWHIVJRAZEL"
    rounds = battle_rounds("MNVIOWFJCBXALSQG", "YSQPNDWHIVJRAZEL")
    assert [r["ascii"][0] for r in rounds] == [77, 78, 86, 73, 79, 87, 70, 74, 67, 66, 88, 65, 76, 83, 81, 71]
    assert [r["ascii"][1] for r in rounds] == [89, 83, 81, 80, 78, 68, 87, 72, 73, 86, 74, 82, 65, 90, 69, 76]
    # Rounds 1 to 5 as the seed spells them out.
    assert [(r["winner"], r["points"]) for r in rounds[:5]] == [(1, 12), (1, 5), (0, 5), (1, 7), (0, 1)]
    assert [r["round"] for r in rounds] == list(range(1, 17))
    assert rounds[-1]["score"] == {"P": 64, "Q": 96}
    assert alpha_battle(*args) == {"P": 64, "Q": 96}
    assert args == before  # alpha_battle modifies nothing
    assert reference_battle(*args) == {"P": 64, "Q": 96}


def test_equal_letters_score_nothing_and_a_mirror_is_a_draw():
    assert alpha_battle(P, PI, P, PI) == {"P": 0, "Q": 0}
    rounds = battle_rounds("AB", "AC")
    assert rounds[0] == {
        "round": 1,
        "letters": ["A", "A"],
        "ascii": [65, 65],
        "winner": None,
        "points": 0,
        "score": {"P": 0, "Q": 0},
    }
    assert rounds[1]["winner"] == 1 and rounds[1]["score"] == {"P": 0, "Q": 1}


def test_one_sided_battle():
    # P keeps K..Z, Q keeps A..P: P wins every round by 10.
    alphabet = string.ascii_uppercase
    pi, qi = list(range(16, 26)), list(range(10))
    assert remove_letters(alphabet, qi) == "KLMNOPQRSTUVWXYZ"
    assert remove_letters(alphabet, pi) == "ABCDEFGHIJKLMNOP"
    rounds = battle_rounds("KLMNOPQRSTUVWXYZ", "ABCDEFGHIJKLMNOP")
    assert all(r["winner"] == 0 and r["points"] == 10 for r in rounds)
    assert alpha_battle(alphabet, pi, alphabet, qi) == {"P": 160, "Q": 0}
    assert alpha_battle(alphabet, qi, alphabet, pi) == {"P": 0, "Q": 160}


def test_random_setup_is_the_global_random_procedure():
    for seed in list(range(300)) + [-1, -12345, 2**31 - 1, 2**64 + 3, 10**20]:
        assert random_setup(seed) == global_random_setup(seed), seed


def test_random_setup_leaves_the_global_generator_alone():
    random.seed(99)
    state = random.getstate()
    random_setup(5)
    assert random.getstate() == state


def test_random_setup_deals_valid_setups():
    for seed in range(50):
        p, pi, q, qi = random_setup(seed)
        for letters, indices in ((p, pi), (q, qi)):
            assert check_setup({"letters": letters, "indices": indices}) == {
                "letters": letters,
                "indices": indices,
            }


def test_console_text_of_the_worked_example():
    assert console_text(P, PI, Q, QI) == EXAMPLE_TEXT
    assert console_text(P, PI, Q, QI, seed=3) == "Enter seed: 3\n\n" + EXAMPLE_TEXT
    assert console_text(Q, QI, P, PI).endswith("Score: {'P': 96, 'Q': 64}\n\nPlayer P wins!\n")
    assert console_text(P, PI, P, PI).endswith("Score: {'P': 0, 'Q': 0}\n\nDraw game!\n")


def test_console_text_of_a_seeded_run():
    assert console_text(*random_setup(7), seed=7) == SEED_7_TEXT


def test_main_prints_as_the_seed_program(monkeypatch, capsys):
    prompts = []
    monkeypatch.setattr("builtins.input", lambda prompt: prompts.append(prompt) or "7")
    main()
    assert prompts == ["Enter seed: "]
    # On a terminal the typed "7" and its newline follow the prompt.
    assert "Enter seed: 7" + "\n" + capsys.readouterr().out == SEED_7_TEXT


def test_main_as_a_script():
    run = subprocess.run(
        [sys.executable, "-m", "games.rules.alpha_battle"],
        input="7\n",
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=30,
        check=True,
    )
    assert run.stdout.replace("Enter seed: ", "Enter seed: 7\n", 1) == SEED_7_TEXT


@settings(max_examples=300, deadline=None, database=None)
@given(setups, setups)
def test_battle_properties(one, two):
    (p, pi), (q, qi) = one, two
    before = copy.deepcopy((p, pi, q, qi))
    score = alpha_battle(p, pi, q, qi)
    assert (p, pi, q, qi) == before
    assert score == reference_battle(p, pi, q, qi)
    assert score["P"] >= 0 and score["Q"] >= 0
    p16, q16 = remove_letters(p, qi), remove_letters(q, pi)
    assert len(p16) == len(q16) == 16
    assert [c for c in p if c in p16] == list(p16)  # the order is kept
    assert score["P"] + score["Q"] == sum(abs(ord(a) - ord(b)) for a, b in zip(p16, q16, strict=True))
    assert alpha_battle(q, qi, p, pi) == {"P": score["Q"], "Q": score["P"]}


# -- options and set-up -----------------------------------------------------------------
@pytest.mark.parametrize(
    "raw, cleaned",
    [({}, ""), ({"seed": ""}, ""), ({"seed": None}, ""), ({"seed": "  "}, ""), ({"seed": "42"}, "42")]
    + [({"seed": " +7 "}, "7"), ({"seed": "-3"}, "-3"), ({"seed": "007"}, "7"), ({"seed": 42}, "42")],
)
def test_seed_option(raw, cleaned):
    assert GAME.clean_options(raw) == {"seed": cleaned}


@pytest.mark.parametrize("value", ["abc", "1.5", "4 2", "1_000", "١٢", "0x10", "+", "-", True, 4.0, [1]])
def test_seed_option_refuses_anything_but_an_integer(value):
    with pytest.raises(OptionError) as info:
        GAME.clean_options({"seed": value})
    assert info.value.field == "seed"
    assert str(info.value)


def test_unknown_option_is_refused():
    with pytest.raises(OptionError):
        GAME.clean_options({"size": 8})


def test_parse_seed():
    assert parse_seed("") is None and parse_seed(None) is None and parse_seed("12") == 12
    with pytest.raises(OptionError, match="whole number"):
        parse_seed("twelve")


def test_unseeded_setup_waits_for_both():
    state = new_game()
    assert json.loads(json.dumps(state)) == state
    assert state == {"seed": None, "setups": [None, None]}
    assert GAME.to_move(state) == [0, 1]
    assert GAME.outcome(state) is None and GAME.forced(state) is None
    assert GAME.independent(state) is True
    assert GAME.legal_moves(state, 0) == GAME.legal_moves(state, 1) == [SETUP_DESCRIPTION]
    assert SETUP_DESCRIPTION == {
        "letters": "26 distinct letters A-Z",
        "indices": "10 distinct integers 0..25",
    }
    assert GAME.legal_moves(state, None) == [] and GAME.legal_moves(state, 2) == []


def test_seeded_setup_is_decided_at_once():
    options = GAME.clean_options({"seed": "7"})
    state = GAME.setup(options, seed=123)  # the platform's seed plays no part in the deal
    p, pi, q, qi = global_random_setup(7)
    assert state == {"seed": 7, "setups": [{"letters": p, "indices": pi}, {"letters": q, "indices": qi}]}
    assert GAME.to_move(state) == [] and GAME.independent(state) is False
    assert GAME.legal_moves(state, 0) == GAME.legal_moves(state, 1) == []
    end = GAME.outcome(state)
    assert end.winner == 1 and end.score == {"P": 65, "Q": 73} and end.reason == "more points"
    with pytest.raises(IllegalMove):
        GAME.play(state, 0, random_move(random.Random(1)))
    assert GAME.transcript(options, [state], []) == SEED_7_TEXT


# -- play -------------------------------------------------------------------------------
def test_commits_in_either_order_and_play_is_pure():
    start = new_game()
    frozen = copy.deepcopy(start)
    one = GAME.play(start, 1, {"letters": Q.lower(), "indices": QI})
    assert start == frozen
    assert one == {"seed": None, "setups": [None, {"letters": Q, "indices": QI}]}
    assert GAME.to_move(one) == [0] and GAME.outcome(one) is None and GAME.independent(one)
    assert GAME.legal_moves(one, 1) == [] and GAME.legal_moves(one, 0) == [SETUP_DESCRIPTION]
    with pytest.raises(IllegalMove, match="already committed"):
        GAME.play(one, 1, {"letters": P, "indices": PI})
    frozen = copy.deepcopy(one)
    two = GAME.play(one, 0, {"letters": P, "indices": PI})
    assert one == frozen
    assert two == both_in()
    assert GAME.to_move(two) == [] and not GAME.independent(two)
    end = GAME.outcome(two)
    assert end.winner == 1 and end.score == {"P": 64, "Q": 96}


def test_the_move_is_copied_not_shared():
    indices = list(PI)
    move = {"letters": P, "indices": indices}
    state = GAME.play(new_game(), 0, move)
    indices.append(99)
    assert state["setups"][0]["indices"] == PI
    assert move == {"letters": P, "indices": PI + [99]}


def test_outcomes():
    assert GAME.outcome(both_in(Q, QI, P, PI)).winner == 0
    draw = GAME.outcome(both_in(P, PI, P, PI))
    assert draw.winner is None and draw.reason == "equal points" and draw.score == {"P": 0, "Q": 0}


@pytest.mark.parametrize(
    "move, message",
    [
        (None, "A setup is"),
        ("ABC", "A setup is"),
        ([P, PI], "A setup is"),
        ({}, "A setup is"),
        ({"letters": P}, "A setup is"),
        ({"indices": PI}, "A setup is"),
        ({"letters": P, "indices": PI, "extra": 1}, "A setup is"),
        ({"letters": list(P), "indices": PI}, "string"),
        ({"letters": None, "indices": PI}, "string"),
        ({"letters": P[:-1], "indices": PI}, "26, not 25"),
        ({"letters": P + "A", "indices": PI}, "27"),
        ({"letters": "", "indices": PI}, "26, not 0"),
        ({"letters": "A" + P[1:], "indices": PI}, "A repeated, M missing"),
        ({"letters": P[:-1] + "m", "indices": PI}, "M repeated, R missing"),
        ({"letters": P[:-1] + "1", "indices": PI}, "not '1'"),
        ({"letters": P[:-1] + " ", "indices": PI}, "not ' '"),
        ({"letters": P[:-1] + "Ä", "indices": PI}, "not 'Ä'"),
        ({"letters": P[:-1] + "ı", "indices": PI}, "not 'ı'"),  # .upper() would give "I"
        ({"letters": P, "indices": None}, "list"),
        ({"letters": P, "indices": tuple(PI)}, "list"),
        ({"letters": P, "indices": "1 2 3"}, "list"),
        ({"letters": P, "indices": PI[:-1]}, "10, not 9"),
        ({"letters": P, "indices": PI + [5]}, "10, not 11"),
        ({"letters": P, "indices": []}, "10, not 0"),
        ({"letters": P, "indices": PI[:-1] + [1]}, "1 is repeated"),
        ({"letters": P, "indices": PI[:-1] + [26]}, "26 is out of range"),
        ({"letters": P, "indices": PI[:-1] + [-1]}, "-1 is out of range"),
        ({"letters": P, "indices": PI[:-1] + [2.0]}, "integers"),
        ({"letters": P, "indices": PI[:-1] + ["5"]}, "integers"),
        ({"letters": P, "indices": PI[:-1] + [True]}, "integers"),
        ({"letters": P, "indices": PI[:-1] + [None]}, "integers"),
    ],
)
def test_illegal_setups_are_refused(move, message):
    state = new_game()
    frozen = copy.deepcopy(state)
    for seat in (0, 1):
        with pytest.raises(IllegalMove, match=message.replace("(", r"\(")) as info:
            GAME.play(state, seat, move)
        assert isinstance(info.value, ValueError)
    assert state == frozen


@pytest.mark.parametrize("seat", [None, 2, -1])
def test_only_the_two_players_set_up(seat):
    with pytest.raises(IllegalMove):
        GAME.play(new_game(), seat, {"letters": P, "indices": PI})


def test_no_move_after_both_committed():
    state = both_in()
    for seat in (0, 1):
        assert GAME.legal_moves(state, seat) == []
        with pytest.raises(IllegalMove):
            GAME.play(state, seat, {"letters": P, "indices": PI})


def test_random_move_is_a_legal_setup():
    rng = random.Random(3)
    for _ in range(100):
        move = random_move(rng)
        assert check_setup(move) == move
        assert sorted(move["letters"]) == list(string.ascii_uppercase) and len(set(move["indices"])) == 10
    assert GAME.random_move(new_game(), 1, random.Random(4)) == random_move(random.Random(4))


# -- view, labels, transcript -----------------------------------------------------------
def test_view_before_anyone_committed():
    state = new_game()
    for seat in (0, 1, None):
        view = GAME.view(state, seat)
        assert view["committed"] == [False, False] and view["revealed"] is False
        assert view["setups"] == [None, None] and view["rounds"] == [] and view["score"] is None


def test_view_after_one_commit_shows_only_your_own_setup():
    state = GAME.play(new_game(), 0, {"letters": P, "indices": PI})
    own = GAME.view(state, 0)
    assert own["setups"] == [{"letters": P, "indices": PI}, None]
    assert own["committed"] == [True, False] and own["revealed"] is False
    for seat in (1, None):
        view = GAME.view(state, seat)
        assert view["setups"] == [None, None] and view["committed"] == [True, False]
        text = json.dumps(view)
        assert P not in text and json.dumps(PI) not in text and str(PI) not in text
    own["setups"][0]["indices"].append(0)  # the view is a copy
    assert state["setups"][0]["indices"] == PI


def test_view_after_both_committed_shows_everything():
    state = both_in()
    view = GAME.view(state, None)
    assert GAME.view(state, 0) == GAME.view(state, 1) == view
    assert json.loads(json.dumps(view)) == view
    assert view["revealed"] is True and view["committed"] == [True, True]
    assert view["setups"] == [{"letters": P, "indices": PI}, {"letters": Q, "indices": QI}]
    assert view["reduced"] == ["MNVIOWFJCBXALSQG", "YSQPNDWHIVJRAZEL"]
    assert view["removed"] == [sorted(QI), sorted(PI)]
    assert view["rounds"] == battle_rounds("MNVIOWFJCBXALSQG", "YSQPNDWHIVJRAZEL")
    assert view["score"] == {"P": 64, "Q": 96} and view["message"] == "Player Q wins!"


@settings(max_examples=100, deadline=None, database=None)
@given(setups, setups, st.sampled_from([0, 1]), st.booleans())
def test_views_never_reveal_the_opponents_secret(mine, other, seat, lower):
    """Before both committed, what the other seat and spectators see does not depend on
    the committed setup at all (and in particular does not contain it)."""
    letters, indices = mine
    sent = letters.lower() if lower else letters
    state = GAME.play(new_game(), seat, {"letters": sent, "indices": indices})
    decoy = GAME.play(new_game(), seat, {"letters": other[0], "indices": other[1]})
    for viewer in (1 - seat, None):
        view = GAME.view(state, viewer)
        assert view == GAME.view(decoy, viewer)
        text = json.dumps(view)
        for secret in (letters, letters.lower(), json.dumps(indices), str(indices)):
            assert secret not in text
        assert GAME.legal_moves(state, viewer) in ([SETUP_DESCRIPTION], [])
    assert GAME.view(state, seat)["setups"][seat] == {"letters": letters, "indices": indices}
    assert GAME.move_label(new_game(), seat, {"letters": sent, "indices": indices}) == "setup"
    assert GAME.transcript(GAME.clean_options({}), [new_game(), state], [(seat, {})]) == ""


def test_labels_and_info():
    assert GAME.player_label(0) == "Player P" and GAME.player_label(1) == "Player Q"
    assert GAME.seat_names == ("Player P", "Player Q")
    info = GAME.info()
    assert info["slug"] == "alpha_battle" and info["players"] == [2, 2]
    assert info["options"]["seed"]["type"] == "text" and info["options"]["seed"]["default"] == ""
    assert isinstance(GAME, AlphaBattle)


def test_transcript_of_a_played_match():
    options = GAME.clean_options({})
    s0 = GAME.setup(options, seed=0)
    moves = [(1, {"letters": Q.lower(), "indices": QI}), (0, {"letters": P, "indices": PI})]
    s1 = GAME.play(s0, *moves[0])
    s2 = GAME.play(s1, *moves[1])
    assert GAME.transcript(options, [s0, s1, s2], moves) == EXAMPLE_TEXT
    assert GAME.transcript(options, [s0], []) == ""
    assert GAME.transcript(options, [s0, s1], moves[:1]) == ""


@settings(max_examples=100, deadline=None, database=None)
@given(st.integers(0, 2**32 - 1))
def test_random_matches(seed):
    rng = random.Random(seed)
    options = GAME.clean_options({})
    states, moves = [GAME.setup(options, seed)], []
    while GAME.to_move(states[-1]):
        seat = rng.choice(GAME.to_move(states[-1]))
        move = GAME.random_move(states[-1], seat, rng)
        frozen = copy.deepcopy(states[-1])
        states.append(GAME.play(states[-1], seat, move))
        assert states[-2] == frozen
        moves.append((seat, move))
    assert len(moves) == 2 and {s for s, _ in moves} == {0, 1}
    final = states[-1]
    p, q = final["setups"]
    end = GAME.outcome(final)
    assert end.score == reference_battle(p["letters"], p["indices"], q["letters"], q["indices"])
    assert end.winner == (
        None if end.score["P"] == end.score["Q"] else 0 if end.score["P"] > end.score["Q"] else 1
    )
    view = GAME.view(final, None)
    assert view["rounds"][-1]["score"] == end.score
    assert sum(r["points"] for r in view["rounds"]) == end.score["P"] + end.score["Q"]
    text = GAME.transcript(options, states, moves)
    assert text == console_text(p["letters"], p["indices"], q["letters"], q["indices"])
    assert text.endswith(("Player P wins!\n", "Player Q wins!\n", "Draw game!\n"))
