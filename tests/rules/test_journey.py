"""Tests of The Journey (games/rules/journey.py) against spec/journey.md and the seed.

Seed: Tasks 3 and 4 of ``othello-and-the-journey.txt``; the console texts are those of the
original Java program. Positions are built directly with ``world(...)`` (a small helper that
places things) or come from seeds.
"""

from __future__ import annotations

import copy
import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.catalog.journey.engine import GAME
from games.rules import journey_text as text
from games.rules.base import IllegalMove, OptionError
from games.rules.journey import (
    HEALTH_CAP,
    board_text,
    draw,
    grid,
    new_state,
    occupants,
    parse_move,
)


# -- helpers ----------------------------------------------------------------------------
def world(
    warriors,
    monsters=(),
    elves=(),
    potions=(),
    *,
    mode="alliance",
    seed=0,
    turn=0,
):
    """A state with things where we put them: warriors ``(pos, health, crystals)``, monsters
    and elves ``(pos, power)``, potions ``(pos, amount)``; ``pos`` None = gone for good."""
    state = new_state({"mode": mode, "players": 1, "monsters": 1, "elves": 1, "potions": 1}, seed)
    pos = lambda p: None if p is None else list(p)  # noqa: E731
    state.update(
        rng={"seed": seed, "draws": 0},
        turn=turn,
        warriors=[{"pos": pos(p), "health": h, "crystals": c} for p, h, c in warriors],
        monsters=[{"pos": pos(p), "power": power} for p, power in monsters],
        elves=[{"pos": pos(p), "power": power} for p, power in elves],
        potions=[{"pos": pos(p), "amount": amount} for p, amount in potions],
    )
    return state


def ref_draw(seed, k, lo, hi):
    """An independent statement of the documented generator: draw k of seed s."""
    return random.Random(f"journey:{seed}:{k}").randint(lo, hi)


def target(state, seat, x, y):
    return GAME.play(state, seat, {"target": [x, y]})


def answer(state, seat, yes):
    return GAME.play(state, seat, {"answer": "yes" if yes else "no"})


def walk(node):
    """Every (key, value) pair in a JSON-like structure."""
    if isinstance(node, dict):
        for key, value in node.items():
            yield key, value
            yield from walk(value)
    elif isinstance(node, list):
        for value in node:
            yield from walk(value)


# -- console texts ----------------------------------------------------------------------
def test_console_texts_are_the_original_programs():
    assert text.WELCOME == "Welcome to Kafustrok. Light blesses you. "
    assert text.monster_lines("M1", 12, 40) == [
        "M1: I am the monster M1.  Here is my territory.  My damage power is 12.",
        "M1: Your health is 40.",
        "M1: Do you really want to challenge me?",
        "M1: You now have following options: ",
        "1. Yes",
        "2. No",
    ]
    assert text.elf_lines("E0", 9, 10) == [
        "E0: My name is E0.  Welcome to my home.  My magic power is 9.",
        "E0: Your magic crystal is 10.",
        "E0: Do you need my help?",
        "E0: You now have following options: ",
        "1. Yes",
        "2. No",
    ]
    assert text.share_lines("W1", 7, 3) == [
        "W1: Hi, bro. You can call me W1.  I am very happy to meet you.  I have 7 magic crystals.",
        "W1: The number of your magic crystals is 3.",
        "W1: Need I share with you some magic crystals?",
        "W1: You now have following options: ",
        "1. Yes",
        "2. No",
    ]
    assert text.prompt_lines("W2", [5, 0], 33) == [
        "Hi, W2. Your position is (5,0) and health is 33.",
        "Specify your target position (Input 'x y').",
    ]
    assert text.killed_monster("W0", "M1") == "W0: Nice, I have killed the monster M1."
    assert text.warrior_killed("W0") == "Very sorry, W0 has been killed."
    assert text.elf_thanks("W0", "E1") == "W0: Thanks for your help! E1."
    assert text.not_enough_crystals("W0") == "W0: Very embarrassing, I don't have enough crystals."
    assert text.potion_taken("W1", "P2") == "W1: Very good, I got additional healing potion P2."
    assert text.shared_thanks("W0", 4) == "W0: Thanks for your shared 4 crystals."
    assert text.cannot_share("W1") == "W1: Sorry bro, I cannot share magic crystals with you."
    assert text.VICTORY == "Congratulations, all the monsters have been killed."
    assert text.DEFEAT == "Unfortunately, the mission failed and all the warriors died."


BOARD = """\
 | 0  | 1  | 2  | 3  | 4  | 5  | 6  | 7  | 8  | 9  |
-------------------------------------------------------
0| W0 |    |    |    |    |    |    |    |    |    |
-------------------------------------------------------
1|    |    |    |    |    |    |    |    |    |    |
-------------------------------------------------------
2|    |    |    | M0 |    |    |    |    |    |    |
-------------------------------------------------------
3|    |    |    |    |    |    |    |    |    |    |
-------------------------------------------------------
4|    |    |    |    |    |    |    |    |    |    |
-------------------------------------------------------
5|    |    |    |    |    | E0 |    |    |    |    |
-------------------------------------------------------
6|    |    |    |    |    |    |    |    |    |    |
-------------------------------------------------------
7|    |    |    |    |    |    |    |    |    |    |
-------------------------------------------------------
8|    |    |    |    |    |    |    |    |    |    |
-------------------------------------------------------
9|    |    |    |    |    |    |    |    |    | P0 |
-------------------------------------------------------"""


def test_board_print():
    state = world([((0, 0), 40, 10)], [((2, 3), 12)], [((5, 5), 9)], [((9, 9), 7)])
    assert board_text(state) == BOARD
    assert grid(state)[2][3] == "M0" and grid(state)[2][4] == ""


# -- options and set-up -----------------------------------------------------------------
def test_options_defaults_and_seats():
    options = GAME.clean_options({})
    assert options == {
        "mode": "alliance",
        "players": 2,
        "monsters": None,
        "elves": None,
        "potions": None,
        "seed": None,
    }
    assert GAME.seat_count(options) == 2
    assert GAME.seat_count(GAME.clean_options({"players": 4})) == 4
    classic = GAME.clean_options({"mode": "classic", "players": 3, "potions": 5})
    assert classic["players"] == 1 and classic["potions"] is None and GAME.seat_count(classic) == 1
    assert GAME.seats == (1, 4)
    assert GAME.info()["players"] == [1, 4]


@pytest.mark.parametrize(
    "raw, field",
    [
        ({"mode": "solo"}, "mode"),
        ({"players": 0}, "players"),
        ({"players": 5}, "players"),
        ({"monsters": 0}, "monsters"),
        ({"elves": 10}, "elves"),
        ({"potions": "many"}, "potions"),
        ({"seed": "x"}, "seed"),
        ({"colour": "red"}, "colour"),
    ],
)
def test_bad_options_are_refused(raw, field):
    with pytest.raises(OptionError) as exc:
        GAME.clean_options(raw)
    assert exc.value.field == field


def reference_setup(seed, mode, players, m=None, e=None, p=None):
    """Independent set-up: counts (m, e, p), then cells and values in the documented order."""
    k = 0

    def nxt(lo, hi):
        nonlocal k
        k += 1
        return ref_draw(seed, k - 1, lo, hi)

    m = m or nxt(2, 3)
    e = e or nxt(2, 3)
    p = (p or nxt(2, 3)) if mode == "alliance" else 0
    taken = set()

    def cell():
        free = [(x, y) for x in range(10) for y in range(10) if (x, y) not in taken]
        c = free[nxt(0, len(free) - 1)]
        taken.add(c)
        return list(c)

    monsters = [{"pos": cell(), "power": nxt(5, 19)} for _ in range(m)]
    elves = [{"pos": cell(), "power": nxt(5, 19)} for _ in range(e)]
    warriors = [{"pos": cell(), "health": 40, "crystals": 10} for _ in range(players)]
    potions = [{"pos": cell(), "amount": nxt(5, 19)} for _ in range(p)]
    return monsters, elves, warriors, potions, k


@pytest.mark.parametrize("seed", [0, 1, 42, 2019, -5])
@pytest.mark.parametrize(
    "options",
    [
        {"mode": "classic", "players": 1, "monsters": None, "elves": None, "potions": None, "seed": None},
        {"mode": "alliance", "players": 3, "monsters": None, "elves": 4, "potions": None, "seed": None},
        {"mode": "alliance", "players": 4, "monsters": 9, "elves": 9, "potions": 9, "seed": None},
    ],
)
def test_setup_follows_the_documented_draws(seed, options):
    state = GAME.setup(options, seed)
    monsters, elves, warriors, potions, draws = reference_setup(
        seed,
        options["mode"],
        GAME.seat_count(options),
        options["monsters"],
        options["elves"],
        options["potions"],
    )
    assert (state["monsters"], state["elves"], state["warriors"], state["potions"]) == (
        monsters,
        elves,
        warriors,
        potions,
    )
    assert state["rng"] == {"seed": seed, "draws": draws}
    assert state["round"] == 1 and state["turn"] == 0 and state["question"] is None
    assert json.loads(json.dumps(state)) == state


def test_setup_counts_values_and_cells():
    seen_counts = set()
    for seed in range(60):
        state = GAME.setup(GAME.clean_options({"mode": "alliance", "players": 2}), seed)
        assert len(state["warriors"]) == 2
        for key in ("monsters", "elves", "potions"):
            assert len(state[key]) in (2, 3)
            seen_counts.add(len(state[key]))
        assert all(5 <= t["power"] <= 19 for t in state["monsters"] + state["elves"])
        assert all(5 <= t["amount"] <= 19 for t in state["potions"])
        assert len(occupants(state)) == 2 + sum(len(state[k]) for k in ("monsters", "elves", "potions"))
    assert seen_counts == {2, 3}
    classic = GAME.setup(GAME.clean_options({"mode": "classic"}), 3)
    assert len(classic["warriors"]) == 1 and classic["potions"] == []


def test_seed_option_replaces_the_platform_seed():
    options = GAME.clean_options({"seed": "77"})
    assert GAME.setup(options, 1) == GAME.setup(options, 2) == new_state(options, 77)
    plain = GAME.clean_options({})
    assert GAME.setup(plain, 1) != GAME.setup(plain, 2)


def test_draw_advances_a_counter():
    state = {"rng": {"seed": 9, "draws": 4}}
    assert [draw(state, 1, 100) for _ in range(3)] == [ref_draw(9, k, 1, 100) for k in (4, 5, 6)]
    assert state["rng"]["draws"] == 7


# -- moves: shape and refusals ----------------------------------------------------------
def test_parse_move():
    assert parse_move({"target": (3, 4)}, False) == ("target", [3, 4])
    assert parse_move({"answer": "yes"}, True) == ("answer", True)
    assert parse_move({"skip": True}, True) == ("skip", None)


@pytest.mark.parametrize(
    "move",
    [
        None,
        "3 4",
        [3, 4],
        {},
        {"target": "3 4"},
        {"target": [3]},
        {"target": [3, 4, 5]},
        {"target": [3.0, 4]},
        {"target": [True, 4]},
        {"target": [10, 0]},
        {"target": [0, -1]},
        {"target": [3, 4], "answer": "yes"},
        {"cell": [3, 4]},
        {"answer": "yes"},
        {"skip": 1},
        {"skip": False},
    ],
)
def test_malformed_moves_are_refused(move):
    state = world([((0, 0), 40, 10)], [((2, 3), 12)])
    before = copy.deepcopy(state)
    with pytest.raises(IllegalMove):
        GAME.play(state, 0, move)
    assert state == before


def test_same_cell_refused():
    state = world([((4, 4), 40, 10)], [((2, 3), 12)])
    with pytest.raises(IllegalMove, match="should not be the same as the original one"):
        target(state, 0, 4, 4)


def test_answers_only_while_a_question_is_open():
    state = target(world([((0, 0), 40, 10)], [((2, 3), 12)]), 0, 2, 3)
    assert state["question"]["speaker"] == "M0"
    for move in ({"target": [5, 5]}, {"answer": "maybe"}, {"answer": True}, {"answer": "Yes"}):
        with pytest.raises(IllegalMove):
            GAME.play(state, 0, move)
    assert GAME.legal_moves(state, 0) == [{"answer": "yes"}, {"answer": "no"}]


def test_wrong_seat_and_game_over_refused():
    state = world([((0, 0), 40, 10), ((9, 9), 40, 10)], [((2, 3), 12)])
    with pytest.raises(IllegalMove, match="not your turn"):
        target(state, 1, 5, 5)
    assert GAME.legal_moves(state, 1) == []
    assert GAME.legal_moves(state, 0) == [{"target": "any cell but your own"}]
    over = {**state, "result": "victory", "turn": None}
    with pytest.raises(IllegalMove, match="over"):
        target(over, 0, 5, 5)
    assert GAME.to_move(over) == [] and GAME.legal_moves(over, 0) == []


# -- the encounters ---------------------------------------------------------------------
def test_empty_cell_move_passes_the_turn():
    state = world([((0, 0), 40, 10), ((9, 9), 40, 10)], [((2, 3), 12)])
    after = target(state, 0, 5, 6)
    assert after["warriors"][0]["pos"] == [5, 6]
    assert after["turn"] == 1 and after["question"] is None and after["round"] == 1
    assert after["printed"] == [*text.prompt_lines("W0", [0, 0], 40), "5 6"]
    assert after["rng"]["draws"] == 0


def test_monster_win():
    state = world([((0, 0), 30, 10), ((9, 9), 40, 10)], [((2, 3), 12), ((7, 7), 5)], seed=11)
    asked = target(state, 0, 2, 3)
    assert asked["question"]["lines"] == text.monster_lines("M0", 12, 30)
    assert asked["warriors"][0]["pos"] == [0, 0] and asked["turn"] == 0
    after = answer(asked, 0, True)
    w = after["warriors"][0]
    assert (w["pos"], w["health"], w["crystals"]) == ([2, 3], 18, 10 + ref_draw(11, 0, 5, 9))
    assert after["monsters"][0]["pos"] is None and after["monsters"][1]["pos"] == [7, 7]
    assert after["printed"] == ["1", "W0: Nice, I have killed the monster M0."]
    assert after["turn"] == 1


@pytest.mark.parametrize("health", [12, 5])
def test_monster_tie_or_stronger_kills_the_warrior(health):
    state = world([((0, 0), health, 10), ((9, 9), 40, 10)], [((2, 3), 12)])
    after = answer(target(state, 0, 2, 3), 0, True)
    w = after["warriors"][0]
    assert w["pos"] is None and w["health"] == health - 12 <= 0
    assert after["monsters"][0] == {"pos": [2, 3], "power": 12}
    assert after["printed"] == ["1", "Very sorry, W0 has been killed."]
    assert after["turn"] == 1 and GAME.outcome(after) is None
    assert "W0" not in occupants(after).values()
    # The dead warrior takes no more turns: W1 alone plays the next rounds.
    nxt = target(after, 1, 5, 5)
    assert nxt["round"] == 2 and nxt["turn"] == 1


def test_decline_changes_nothing():
    state = world(
        [((0, 0), 40, 10), ((9, 9), 40, 10)],
        [((2, 3), 12)],
        [((5, 5), 9)],
    )
    for cell, speaker in (((2, 3), "M0"), ((5, 5), "E0"), ((9, 9), "W1")):
        after = answer(target(state, 0, *cell), 0, False)
        assert after["printed"] == ["2"]
        for key in ("monsters", "elves", "warriors", "potions", "rng"):
            assert after[key] == state[key]
        assert after["turn"] == 1
        assert speaker in after["log"][3]


def test_elf_heal_below_cap():
    state = world([((0, 0), 10, 100)], [((2, 3), 12)], [((5, 5), 9)], seed=3)
    asked = target(state, 0, 5, 5)
    assert asked["question"]["lines"] == text.elf_lines("E0", 9, 100)
    after = answer(asked, 0, True)
    v = ref_draw(3, 0, 2, 8)
    w = after["warriors"][0]
    assert (w["pos"], w["health"], w["crystals"]) == ([0, 0], 10 + v, 100 - v)
    assert after["elves"][0]["pos"] == [5, 5]
    assert after["printed"] == ["1", "W0: Thanks for your help! E0."]


def test_elf_heal_capped_at_40():
    state = world([((0, 0), 39, 100)], [((2, 3), 12)], [((5, 5), 19)], seed=3)
    after = answer(target(state, 0, 5, 5), 0, True)
    v = ref_draw(3, 0, 2, 18)
    assert after["warriors"][0]["health"] == HEALTH_CAP
    assert after["warriors"][0]["crystals"] == 100 - v


@pytest.mark.parametrize("crystals", [0, 1, 2])
def test_elf_not_enough_crystals(crystals):
    # v >= 2, so 0, 1 or 2 crystals are never strictly more than v.
    state = world([((0, 0), 20, crystals)], [((2, 3), 12)], [((5, 5), 5)])
    after = answer(target(state, 0, 5, 5), 0, True)
    assert after["warriors"][0] == {"pos": [0, 0], "health": 20, "crystals": crystals}
    assert after["printed"] == ["1", "W0: Very embarrassing, I don't have enough crystals."]
    assert after["rng"]["draws"] == 1  # the value is drawn before the check


def test_elf_crystals_equal_to_value_are_not_enough():
    seed = next(s for s in range(1000) if ref_draw(s, 0, 2, 8) == 5)
    state = world([((0, 0), 20, 5)], [((2, 3), 12)], [((5, 5), 9)], seed=seed)
    after = answer(target(state, 0, 5, 5), 0, True)
    assert after["warriors"][0]["crystals"] == 5
    state = world([((0, 0), 20, 6)], [((2, 3), 12)], [((5, 5), 9)], seed=seed)
    after = answer(target(state, 0, 5, 5), 0, True)
    assert after["warriors"][0] == {"pos": [0, 0], "health": 25, "crystals": 1}


@pytest.mark.parametrize("health, amount, expected", [(20, 7, 27), (38, 7, 40), (40, 19, 40)])
def test_potion_pickup(health, amount, expected):
    state = world([((0, 0), health, 10), ((9, 9), 40, 10)], [((2, 3), 12)], potions=[((4, 4), amount)])
    after = target(state, 0, 4, 4)
    assert after["question"] is None
    assert after["warriors"][0] == {"pos": [4, 4], "health": expected, "crystals": 10}
    assert after["potions"][0]["pos"] is None
    assert after["printed"][-1] == "W0: Very good, I got additional healing potion P0."
    assert "P0" in after["revealed"] and after["turn"] == 1
    # Gone for good: no teleport at the end of the round, and the cell is W0's.
    end = target(after, 1, 8, 8)
    assert end["potions"][0]["pos"] is None and occupants(end)[(4, 4)] == "W0"


def test_potions_teleport_only_at_the_end_of_the_round():
    potions = [((4, 4), 7), ((4, 5), 9), ((4, 6), 11)]
    state = world([((0, 0), 40, 10), ((9, 9), 40, 10)], [((2, 3), 12)], [((5, 5), 9)], potions, seed=5)
    middle = target(state, 0, 1, 1)
    assert middle["potions"] == state["potions"]
    end = target(middle, 1, 8, 8)
    assert end["round"] == 2 and end["turn"] == 0
    assert end["rng"]["draws"] == 3
    cells = [tuple(p["pos"]) for p in end["potions"]]
    assert len(set(cells)) == 3
    fixed = {c for c, label in occupants(end).items() if label[0] != "P"}
    for old, new in zip(state["potions"], end["potions"], strict=True):
        assert new["pos"] != old["pos"] and tuple(new["pos"]) not in fixed
        assert new["amount"] == old["amount"]


def test_potion_teleport_draws_one_cell_each_in_order():
    potions = [((4, 4), 7), ((4, 5), 9)]
    state = world([((0, 0), 40, 10)], [((2, 3), 12)], potions=potions, seed=8)
    end = target(state, 0, 1, 1)
    taken = {(1, 1), (2, 3), (4, 4), (4, 5)}
    free = [[x, y] for x in range(10) for y in range(10) if (x, y) not in taken]
    first = free[ref_draw(8, 0, 0, len(free) - 1)]
    taken = (taken - {(4, 4)}) | {tuple(first)}
    free = [[x, y] for x in range(10) for y in range(10) if (x, y) not in taken]
    second = free[ref_draw(8, 1, 0, len(free) - 1)]
    assert [p["pos"] for p in end["potions"]] == [first, second]


def test_sharing_with_two_or_more_crystals():
    for crystals in (2, 3, 17):
        state = world([((0, 0), 40, 4), ((9, 9), 40, crystals)], [((2, 3), 12)], seed=crystals)
        asked = target(state, 0, 9, 9)
        assert asked["question"]["lines"] == text.share_lines("W1", crystals, 4)
        after = answer(asked, 0, True)
        v = ref_draw(crystals, 0, 1, crystals - 1)
        assert after["warriors"][0] == {"pos": [0, 0], "health": 40, "crystals": 4 + v}
        assert after["warriors"][1] == {"pos": [9, 9], "health": 40, "crystals": crystals - v}
        assert after["printed"] == ["1", f"W0: Thanks for your shared {v} crystals."]
        assert after["turn"] == 1
    assert v and ref_draw(2, 0, 1, 1) == 1


@pytest.mark.parametrize("crystals", [0, 1])
def test_sharing_with_one_crystal_or_none(crystals):
    state = world([((0, 0), 40, 4), ((9, 9), 40, crystals)], [((2, 3), 12)])
    after = answer(target(state, 0, 9, 9), 0, True)
    assert after["warriors"] == state["warriors"]
    assert after["printed"] == ["1", "W1: Sorry bro, I cannot share magic crystals with you."]
    assert after["rng"]["draws"] == 0


def test_a_later_warrior_can_visit_an_earlier_one():
    state = world([((0, 0), 40, 12), ((9, 9), 40, 1)], [((2, 3), 12)], turn=1)
    after = answer(target(state, 1, 0, 0), 1, True)
    assert after["warriors"][1]["crystals"] > 1 and after["round"] == 2


# -- rounds and the end -----------------------------------------------------------------
def test_victory_mid_round_lets_the_round_finish():
    state = world([((0, 0), 40, 10), ((9, 9), 40, 10)], [((2, 3), 12)], potions=[((5, 5), 6)])
    killed = answer(target(state, 0, 2, 3), 0, True)
    assert killed["monsters"][0]["pos"] is None
    assert GAME.outcome(killed) is None and GAME.to_move(killed) == [1]
    assert killed["potions"][0]["pos"] == [5, 5]
    end = target(killed, 1, 8, 8)
    assert end["potions"][0]["pos"] != [5, 5]
    outcome = GAME.outcome(end)
    assert outcome.winner is None and outcome.reason == "victory"
    assert outcome.score == {"monsters_left": 0, "warriors_alive": 2}
    assert end["printed"][-1] == "Congratulations, all the monsters have been killed."
    assert GAME.to_move(end) == [] and end["turn"] is None


def test_defeat():
    state = world([((0, 0), 10, 10), ((9, 9), 40, 10)], [((2, 3), 12), ((3, 3), 40)])
    first = answer(target(state, 0, 2, 3), 0, True)
    assert first["warriors"][0]["pos"] is None and GAME.outcome(first) is None
    second = answer(target(first, 1, 3, 3), 1, True)
    outcome = GAME.outcome(second)
    assert outcome.reason == "defeat" and outcome.winner is None
    assert outcome.score == {"monsters_left": 2, "warriors_alive": 0}
    assert second["printed"][-2:] == ["Very sorry, W1 has been killed.", text.DEFEAT]


def test_last_warrior_dying_first_in_the_round_ends_it():
    # W1 is already dead, so W0's death ends the round at once: defeat.
    state = world([((0, 0), 10, 10), (None, -3, 10)], [((2, 3), 12)])
    after = answer(target(state, 0, 2, 3), 0, True)
    assert GAME.outcome(after).reason == "defeat"


def test_dead_warriors_are_skipped_in_turn_order():
    state = world([((0, 0), 40, 10), (None, 0, 10), ((9, 9), 40, 10)], [((2, 3), 12)])
    after = target(state, 0, 5, 5)
    assert after["turn"] == 2
    after = target(after, 2, 6, 6)
    assert after["turn"] == 0 and after["round"] == 2
    assert after["previous_log"][-1] == "6 6" and after["log"] == []
    with pytest.raises(IllegalMove):
        target(after, 1, 5, 5)


def test_skip():
    state = world([((0, 0), 40, 10), ((9, 9), 40, 10)], [((2, 3), 12)])
    assert GAME.skip_move(state, 1) is None
    assert GAME.skip_move(state, 0) == {"skip": True}
    skipped = GAME.play(state, 0, GAME.skip_move(state, 0))
    assert skipped["warriors"] == state["warriors"] and skipped["turn"] == 1
    assert skipped["printed"][-1] == "(W0 is away: the turn is skipped.)"
    asked = target(skipped, 1, 2, 3)
    after = GAME.play(asked, 1, GAME.skip_move(asked, 1))
    assert after["warriors"] == state["warriors"] and after["monsters"] == state["monsters"]
    assert after["round"] == 2 and after["question"] is None
    # A skipped warrior stays on the board and can still be visited.
    assert occupants(after)[(0, 0)] == "W0"


def test_random_move_is_legal_and_never_the_own_cell():
    state = world([((0, 0), 40, 10)], [((2, 3), 12)])
    rng = random.Random(4)
    cells = {tuple(GAME.random_move(state, 0, rng)["target"]) for _ in range(2000)}
    assert (0, 0) not in cells and len(cells) == 99
    asked = target(state, 0, 2, 3)
    answers = {GAME.random_move(asked, 0, rng)["answer"] for _ in range(50)}
    assert answers == {"yes", "no"}
    with pytest.raises(IllegalMove):
        GAME.random_move(state, 1, rng)


def test_labels():
    state = world([((0, 0), 40, 10)], [((2, 3), 12)])
    assert GAME.player_label(2) == "W2"
    assert GAME.move_label(state, 0, {"target": [2, 3]}) == "(2,3)"
    assert GAME.move_label(state, 0, {"answer": "yes"}) == "Yes"
    assert GAME.move_label(state, 0, {"skip": True}) == "skip"


# -- hidden values ----------------------------------------------------------------------
def check_view_hides(state):
    revealed = set(state["revealed"])
    for seat in [None, *range(len(state["warriors"]))]:
        view = GAME.view(state, seat)
        json.dumps(view)
        keys = {key for key, _ in walk(view)}
        assert not keys & {"rng", "seed", "draws"}
        for entry in view["monsters"] + view["elves"]:
            assert ("power" in entry) == (entry["name"] in revealed)
        for entry in view["potions"]:
            assert ("amount" in entry) == (entry["name"] in revealed)
        # A value shows in a text line only where its owner introduced itself.
        for line in view["log"] + view["previous_log"] + view["printed"]:
            if "power is" in line:
                assert line.split(":")[0] in revealed
        assert view["grid"] == grid(state)


def test_view_hides_powers_until_met():
    state = world(
        [((0, 0), 40, 10), ((9, 9), 40, 10)],
        [((2, 3), 12), ((3, 3), 17)],
        [((5, 5), 9)],
        [((7, 7), 13)],
    )
    check_view_hides(state)
    view = GAME.view(state, None)
    assert all("power" not in m for m in view["monsters"] + view["elves"])
    asked = target(state, 0, 2, 3)
    view = GAME.view(asked, 1)
    assert view["monsters"][0]["power"] == 12 and "power" not in view["monsters"][1]
    assert view["question"]["lines"] == text.monster_lines("M0", 12, 40)
    assert [o["answer"] for o in view["question"]["options"]] == ["yes", "no"]
    check_view_hides(asked)
    after = target(answer(asked, 0, False), 1, 7, 7)
    view = GAME.view(after, None)
    assert view["potions"][0] == {"name": "P0", "pos": None, "amount": 13, "taken": True}
    check_view_hides(after)


# -- purity and the transcript ----------------------------------------------------------
def test_play_is_pure():
    state = world([((0, 0), 40, 10), ((9, 9), 3, 1)], [((2, 3), 12)], [((5, 5), 9)], [((7, 7), 5)])
    for moves in ([[2, 3], "yes"], [[5, 5], "yes"], [[9, 9], "yes"], [[7, 7]], [[1, 1]]):
        current = state
        for move in moves:
            before = copy.deepcopy(current)
            shaped = {"target": move} if isinstance(move, list) else {"answer": move}
            nxt = GAME.play(current, 0, shaped)
            assert current == before
            current = nxt


EXPECTED_TRANSCRIPT = (
    "Welcome to Kafustrok. Light blesses you. \n"
    + BOARD.replace("| P0 |", "|    |")
    + """
Hi, W0. Your position is (0,0) and health is 40.
Specify your target position (Input 'x y').
5 5
E0: My name is E0.  Welcome to my home.  My magic power is 9.
E0: Your magic crystal is 10.
E0: Do you need my help?
E0: You now have following options:\x20
1. Yes
2. No
2
"""
    + BOARD.replace("| P0 |", "|    |")
    + """
Hi, W0. Your position is (0,0) and health is 40.
Specify your target position (Input 'x y').
2 3
M0: I am the monster M0.  Here is my territory.  My damage power is 12.
M0: Your health is 40.
M0: Do you really want to challenge me?
M0: You now have following options:\x20
1. Yes
2. No
1
W0: Nice, I have killed the monster M0.
Congratulations, all the monsters have been killed.
"""
)


def run(state, moves):
    states = [state]
    for seat, move in moves:
        states.append(GAME.play(states[-1], seat, move))
    return states


def test_transcript_of_a_short_classic_game():
    state = world([((0, 0), 40, 10)], [((2, 3), 12)], [((5, 5), 9)], mode="classic")
    moves = [(0, {"target": [5, 5]}), (0, {"answer": "no"}), (0, {"target": [2, 3]}), (0, {"answer": "yes"})]
    states = run(state, moves)
    assert GAME.outcome(states[-1]).reason == "victory"
    assert GAME.transcript({"mode": "classic"}, states, moves) == EXPECTED_TRANSCRIPT


def test_transcript_of_an_unfinished_game_ends_with_the_prompt():
    state = world([((0, 0), 40, 10), ((9, 9), 22, 10)], [((2, 3), 12)])
    moves = [(0, {"target": [1, 1]}), (1, {"skip": True})]
    out = GAME.transcript({}, run(state, moves), moves)
    lines = out.splitlines()
    assert lines[0] == text.WELCOME
    assert lines[-3:] == [
        "-" * 55,
        "Hi, W0. Your position is (1,1) and health is 40.",
        "Specify your target position (Input 'x y').",
    ]
    assert "Hi, W1. Your position is (9,9) and health is 22." in lines
    assert "(W1 is away: the turn is skipped.)" in lines
    assert sum(line.startswith(" | 0  |") for line in lines) == 2


# -- properties over random play --------------------------------------------------------
def random_game(options, seed, play_seed, limit=400):
    rng = random.Random(play_seed)
    states, moves = [GAME.setup(options, seed)], []
    while GAME.outcome(states[-1]) is None and len(moves) < limit:
        state = states[-1]
        (seat,) = GAME.to_move(state)
        move = GAME.skip_move(state, seat) if rng.random() < 0.05 else GAME.random_move(state, seat, rng)
        moves.append((seat, move))
        states.append(GAME.play(state, seat, move))
    return states, moves


def alive(state, key):
    return sum(t["pos"] is not None for t in state[key])


options_strategy = st.fixed_dictionaries(
    {
        "mode": st.sampled_from(["classic", "alliance"]),
        "players": st.integers(1, 4),
        "monsters": st.none() | st.integers(1, 9),
        "elves": st.none() | st.integers(1, 9),
        "potions": st.none() | st.integers(1, 9),
        "seed": st.none(),
    }
)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(options_strategy, st.integers(-(2**31), 2**31), st.integers(0, 10**6))
def test_random_play_invariants(raw, seed, play_seed):
    options = GAME.clean_options(raw)
    states, moves = random_game(options, seed, play_seed)
    for before, after in zip(states, states[1:], strict=False):
        for state in (before, after):
            things = sum(alive(state, k) for k in ("monsters", "elves", "warriors", "potions"))
            assert len(occupants(state)) == things  # one thing per cell
            assert all(w["health"] <= HEALTH_CAP and w["crystals"] >= 0 for w in state["warriors"])
            assert all(w["health"] > 0 for w in state["warriors"] if w["pos"] is not None)
            assert (GAME.outcome(state) is None) == bool(GAME.to_move(state))
        for key in ("monsters", "warriors", "potions"):
            assert alive(after, key) <= alive(before, key)
        assert after["elves"] == before["elves"]
        assert [m["pos"] for m in after["monsters"] if m["pos"]] == [
            m["pos"] for m, n in zip(before["monsters"], after["monsters"], strict=True) if n["pos"]
        ]
        assert after["rng"]["draws"] >= before["rng"]["draws"]
        assert after["round"] in (before["round"], before["round"] + 1)
    check_view_hides(states[-1])
    end = GAME.outcome(states[-1])
    if end is not None:
        assert states[-1]["question"] is None
        if end.reason == "victory":
            assert end.score["monsters_left"] == 0
        else:
            assert end.reason == "defeat" and end.score["warriors_alive"] == 0
    # A replay from the seed reproduces every state exactly.
    assert run(GAME.setup(options, seed), moves) == states
    assert json.loads(json.dumps(states[-1])) == states[-1]
    transcript = GAME.transcript(options, states, moves)
    assert transcript.startswith(text.WELCOME + "\n")
    if end is not None:
        assert transcript.endswith((text.VICTORY + "\n", text.DEFEAT + "\n"))


@settings(max_examples=15, deadline=None)
@given(st.integers(0, 10**6))
def test_views_hide_secrets_throughout_a_game(play_seed):
    options = GAME.clean_options({"players": 3, "potions": 4})
    states, _ = random_game(options, play_seed, play_seed, limit=120)
    for state in states:
        check_view_hides(state)


def test_random_games_end():
    ends = {
        random_game(GAME.clean_options({"players": p}), s, s, limit=2000)[0][-1]["result"]
        for s in range(12)
        for p in (1, 3)
    }
    assert ends <= {"victory", "defeat"} and None not in ends
