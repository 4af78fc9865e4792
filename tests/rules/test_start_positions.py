"""Start positions of the board games (issue "Study a game": a casual match from an edited
position): every game with a position editor has a ``start`` option the analysis board can
fill (``Game.start_options``), and a start that is no position still to play is refused with
the reason, on the ``start`` field."""

from __future__ import annotations

import random

import pytest

from games.catalog.registry import GAMES
from games.rules import OptionError

STARTS = ["reversi", "othello", "connect_four", "reversi_1d"]


def random_state(slug: str, plies: int, seed: int):
    game = GAMES[slug]
    options = game.clean_options({})
    state, rng = game.setup(options, 0), random.Random(seed)
    for _ in range(plies):
        if game.outcome(state) is not None:
            break
        forced = game.forced(state)
        seat, move = forced or (state["turn"], rng.choice(game.legal_moves(state, state["turn"])))
        state = game.play(state, seat, move)
    return options, state


@pytest.mark.parametrize("slug", STARTS)
def test_a_reached_position_starts_a_match_that_plays_on_the_same(slug):
    game = GAMES[slug]
    for seed in range(30):
        options, state = random_state(slug, 1 + seed % 11, seed)
        if game.outcome(state) is not None or game.forced(state):
            continue
        chosen = game.clean_options(game.start_options(options, state))
        assert game.custom_start(chosen) and not game.custom_start(options)
        started = game.setup(chosen, seed=7)
        assert started["board"] == state["board"] and started["turn"] == state["turn"]
        assert game.legal_moves(started, started["turn"]) == game.legal_moves(state, state["turn"])
        assert game.clean_options(chosen) == chosen  # cleaning twice changes nothing


def test_reversi_start_text_blocks_and_the_side_to_move():
    game = GAMES["reversi"]
    options = game.clean_options({"start": " #...\n.xo.\n.OX.\n....\no to move\n"})
    assert options == {"size": 4, "blocks": "", "start": "#...\n.XO.\n.OX.\n....\nO to move"}
    state = game.setup(options, 0)
    assert state["turn"] == 1 and state["board"][0] == "#..."
    assert {"cell": "A1"} not in game.legal_moves(state, 1)  # a blocked cell
    assert GAMES["othello"].setup(GAMES["othello"].clean_options({}), 0)["turn"] == 0


@pytest.mark.parametrize(
    ("slug", "options", "reason"),
    [
        ("reversi", {"start": "...\n.XO\n.OX"}, "an even number (found 3)"),
        ("reversi", {"start": "....\n.XO.\n.OX..\n...."}, "a row has 5 cells"),
        ("reversi", {"start": "....\n.XZ.\n.OX.\n...."}, "'Z'"),
        ("reversi", {"start": "XXXX\nXXXX\nXXXX\nXXX."}, "neither player can move"),
        ("reversi", {"start": "....\n.XO.\n.OX.\n....", "blocks": "A1"}, "mark them '#'"),
        ("othello", {"start": "....\n.XO.\n.OX.\n...."}, "8 rows of 8 cells"),
        ("othello", {"start": "#" + "." * 7 + "\n" + "\n".join(["." * 8] * 7)}, "'#'"),
        ("reversi_1d", {"start": "XXXXXXXXXXXX"}, "every slot is taken"),
        ("reversi_1d", {"start": "....XO....."}, "12 slots"),
        ("reversi_1d", {"start": "....XO......\nsomething"}, "one line"),
        ("connect_four", {"start": "....\n....\n..R.\n.R.Y"}, "floating"),
    ],
)
def test_a_start_that_is_no_position_to_play_says_why(slug, options, reason):
    with pytest.raises(OptionError) as caught:
        GAMES[slug].clean_options(options)
    assert reason in str(caught.value) and str(caught.value).startswith(("Start position:", "Blocked cells:"))
    assert caught.value.field in ("start", "blocks")


def test_games_without_a_position_editor_cannot_start_from_one():
    for slug, game in GAMES.items():
        if slug not in STARTS:
            assert game.start_options(game.clean_options({}), {}) is None
