"""Alpha Battle computer players (games/catalog/alpha_battle/players.py): legal setups, no peeking at
the opponent's secret setup, and the closed form of the margin that shows why no setup
beats a random opponent (the strength figures are bench/ai_alpha_battle.py's)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.catalog import computer
from games.catalog.alpha_battle import players as ai
from games.catalog.alpha_battle.engine import GAME, check_setup
from games.rules.alpha_battle import LETTERS, alpha_battle

LEVELS = computer.LEVELS["alpha_battle"]


def fresh() -> dict:
    return GAME.setup(GAME.clean_options({}), 0)


setups = st.builds(
    lambda letters, indices: {"letters": "".join(letters), "indices": indices},
    st.permutations(LETTERS),
    st.lists(st.integers(0, 25), min_size=10, max_size=10, unique=True),
)


def test_levels():
    assert set(LEVELS) == {"random", "strong"}


@pytest.mark.parametrize("level", ["random", "strong"])
def test_setups_are_legal_for_both_seats(level):
    for i in range(200):
        state, seat = fresh(), i % 2
        if i % 3 == 0:  # the opponent has committed first
            state = GAME.play(state, 1 - seat, ai.random_setup(random.Random(-i)))
        move = LEVELS[level](GAME, state, seat, random.Random(i))
        assert check_setup(move) == move
        after = GAME.play(state, seat, move)  # the engine accepts it
        assert (GAME.outcome(after) is not None) == (i % 3 == 0)


@pytest.mark.parametrize("level", ["random", "strong"])
def test_deterministic_given_the_rng_and_blind_to_the_opponents_setup(level):
    """The same rng gives the same setup whether or not the opponent's (secret) setup is in
    the state, and whatever it is: the computer does not read it."""
    chooser = LEVELS[level]
    base = chooser(GAME, fresh(), 1, random.Random(5))
    for j in range(20):
        state = GAME.play(fresh(), 0, ai.random_setup(random.Random(j)))
        assert chooser(GAME, state, 1, random.Random(5)) == base


def test_a_seat_that_has_committed_gets_no_setup():
    state = GAME.play(fresh(), 0, ai.random_setup(random.Random(1)))
    for chooser in LEVELS.values():
        with pytest.raises(ValueError):
            chooser(GAME, state, 0, random.Random(0))


def test_strong_varies_its_setup():
    """An equilibrium (mixed) strategy: different rngs, different setups."""
    seen = {str(ai.strong(GAME, fresh(), 0, random.Random(i))) for i in range(50)}
    assert len(seen) == 50


@settings(max_examples=300, deadline=None)
@given(setups, setups)
def test_margin_closed_form_matches_the_rules(p, q):
    """P's points minus Q's = the letters P strikes from Q minus those Q strikes from P:
    the order of the survivors (the pairing of rounds) never matters."""
    score = alpha_battle(p["letters"], p["indices"], q["letters"], q["indices"])
    assert score["P"] - score["Q"] == ai.margin(p["letters"], p["indices"], q["letters"], q["indices"])


@settings(max_examples=100, deadline=None)
@given(setups)
def test_a_known_setup_loses_160_to_its_best_response(setup):
    reply = check_setup(ai.best_response(setup["letters"], setup["indices"]))
    score = alpha_battle(setup["letters"], setup["indices"], reply["letters"], reply["indices"])
    assert score["P"] - score["Q"] == -160


def test_every_setup_has_the_same_expected_margin_against_random():
    """Exactly, by the closed form: against a uniformly random opponent each position is
    struck with probability 10/26 and each of P's struck positions holds a uniform letter,
    so E[margin] = 10 * mean(letter) - 10 * mean(letter) = 0 for any setup. Checked here by
    averaging the closed form over every rotation of the opponent's letters and indices (a
    set of opponents in which every position and letter is equally likely)."""
    rng = random.Random(3)
    for _ in range(5):
        mine = ai.random_setup(rng)
        base = ai.random_setup(rng)
        total = 0
        for shift in range(26):
            letters = base["letters"][shift:] + base["letters"][:shift]
            for offset in range(26):
                indices = [(i + offset) % 26 for i in base["indices"]]
                total += ai.margin(mine["letters"], mine["indices"], letters, indices)
        assert total == 0


@settings(max_examples=200, deadline=None, database=None)
@given(setups, setups)
def test_the_battle_is_decided_once_both_setups_are_known(p, q):
    """``decided_margin`` from both setups is the rules' outcome: P's points minus Q's."""
    state = fresh()
    assert ai.decided_margin(state, 0) is None
    state = GAME.play(state, 0, p)
    assert ai.decided_margin(state, 1) is None  # Q's setup still to come
    state = GAME.play(state, 1, q)
    end = GAME.outcome(state)
    assert ai.decided_margin(state, 0) == end.score["P"] - end.score["Q"] == -ai.decided_margin(state, 1)
    assert (end.winner is None) == (ai.decided_margin(state, 0) == 0)
