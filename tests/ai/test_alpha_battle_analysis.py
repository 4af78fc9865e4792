"""Alpha Battle's computer analysis in hindsight (``games.catalog.analysis``, ``games.catalog.review``):
each setup judged against the other's, its value the margin the seed's own rounds
(``alpha_battle``) give, the best the greatest margin any setup can get (160, checked
against the bound and the rounds), the loss, the mark in letter points and the accuracy."""

from __future__ import annotations

import random

import pytest

from games.catalog import review
from games.catalog.analysis import analysable, analyse, has_board, hindsight, unjudged
from games.catalog.registry import GAMES
from games.rules.alpha_battle import alpha_battle

GAME = GAMES["alpha_battle"]
# No margin beats striking the other's 10 highest letters (Q..Z, whatever its order) while
# only its 10 lowest (A..J) are struck: 855 - 695.
MOST = sum(map(ord, "QRSTUVWXYZ")) - sum(map(ord, "ABCDEFGHIJ"))
SEED_EXAMPLE = (  # games/rules/alpha_battle.py's docstring: P 64, Q 96
    {"letters": "MZNHUVIOEPTWFJCBXKALSDQGYR", "indices": [1, 3, 2, 8, 10, 12, 9, 7, 4, 22]},
    {"letters": "YFTUCSQOMGKPXNDWHIVJRABZEL", "indices": [21, 24, 25, 3, 4, 1, 8, 9, 10, 17]},
)


def points(setups: tuple[dict, dict], seat: int) -> int:
    """``seat``'s points minus the other's, by the seed's rounds."""
    (p, q) = setups
    score = alpha_battle(p["letters"], p["indices"], q["letters"], q["indices"])
    return (score["P"] - score["Q"]) * (1 if seat == 0 else -1)


def expected_mark(margin: int) -> str | None:
    """The mark of a setup that won by ``margin`` when the best wins by MOST (written here
    from protocol.md: 40 / 80 / 160 letter points; a draw or a loss thrown from a win)."""
    loss = MOST - margin
    if margin <= 0:
        return "blunder"
    return "mistake" if loss >= 80 else "inaccuracy" if loss >= 40 else "best" if loss == 0 else None


def review_game(setups: tuple[dict, dict], first: int) -> list[dict]:
    """Both plies judged as the match analysis does: ``first`` committed first."""
    start = GAME.setup({}, seed=0)
    states = [start]
    for seat in (first, 1 - first):
        states.append(GAME.play(states[-1], seat, setups[seat]))
    plies = []
    for i, seat in enumerate((first, 1 - first)):
        found = analyse("alpha_battle", hindsight("alpha_battle", states, i, seat), 0.1, played=setups[seat])
        assert found["to_move"] == seat and found["proved"]
        best = found["moves"][0]
        played = next(row for row in found["moves"] if row["move"] == setups[seat])
        mark, loss = review.mark(best, played, "alpha_battle")
        plies.append({"seat": seat, "best": best, "played": played, "mark": mark, "loss": loss})
    return plies


def test_the_best_reply_is_the_bound_and_no_random_setup_beats_it():
    rng = random.Random(11)
    for _ in range(30):
        known = GAME.random_move({}, 0, rng)
        state = GAME.play(GAME.setup({}, seed=0), 0, known)
        found = analyse("alpha_battle", state)
        (row,) = found["moves"]
        assert (found["to_move"], found["proved"], found["value"], found["outcome"]) == (1, True, MOST, "win")
        assert (row["value"], row["proved"], row["outcome"]) == (MOST, True, "win")
        assert points((known, row["move"]), 1) == MOST  # the rounds agree
        tried = [GAME.random_move({}, 1, rng) for _ in range(50)]
        assert max(points((known, other), 1) for other in tried) < MOST


@pytest.mark.parametrize("first", [0, 1])
def test_the_seeds_example_judged_in_hindsight(first):
    plies = review_game(SEED_EXAMPLE, first)
    by_seat = {ply["seat"]: ply for ply in plies}
    assert points(SEED_EXAMPLE, 0) == 64 - 96
    for seat, margin in ((0, -32), (1, 32)):
        ply = by_seat[seat]
        assert (ply["played"]["value"], ply["played"]["proved"]) == (margin, True)
        assert (ply["best"]["value"], ply["loss"]) == (MOST, MOST - margin)
    assert (by_seat[0]["mark"], by_seat[1]["mark"]) == ("blunder", "mistake")  # lost; won by 32
    summary = review.summary(
        [{"seat": p["seat"], "loss": p["loss"], "mark": p["mark"]} for p in plies], 2, "alpha_battle"
    )
    assert summary == [
        {"seat": 0, "accuracy": 0.0, "moves": 1, "inaccuracy": 0, "mistake": 0, "blunder": 1},
        {"seat": 1, "accuracy": 20.0, "moves": 1, "inaccuracy": 0, "mistake": 1, "blunder": 0},
    ]


def test_every_mark_in_letter_points():
    """Setups near the best reply, each band of margins once: the mark follows the margin."""
    rng = random.Random(4)
    known = GAME.random_move({}, 0, rng)
    after = GAME.play(GAME.setup({}, seed=0), 0, known)
    best = analyse("alpha_battle", after)["moves"][0]["move"]
    seen: dict[str | None, int] = {}
    for _ in range(400):
        letters, indices = list(best["letters"]), list(best["indices"])
        for _ in range(rng.randrange(1, 6)):
            i, j = rng.sample(range(26), 2)
            letters[i], letters[j] = letters[j], letters[i]
            if rng.random() < 0.5:
                out = rng.randrange(10)
                indices[out] = rng.choice([k for k in range(26) if k not in indices])
        setup = {"letters": "".join(letters), "indices": indices}
        ply = review_game((known, setup), 0)[1]
        margin = points((known, setup), 1)
        assert ply["played"]["value"] == margin and ply["loss"] == MOST - margin
        assert ply["mark"] == expected_mark(margin), margin
        seen.setdefault(ply["mark"], margin)
    assert set(seen) >= {"best", None, "inaccuracy", "mistake"}, seen
    assert review.thresholds("alpha_battle") == (40, 80, 160) and review.thresholds("othello") == (2, 5, 10)


def test_nothing_to_judge_before_a_setup_and_no_board():
    start = GAME.setup({}, seed=0)
    assert analysable("alpha_battle") and not has_board("alpha_battle") and has_board("reversi")
    assert unjudged("alpha_battle", start) == (
        "Alpha Battle is analysed once a setup is public: give one seat's setup in moves."
    )
    assert analyse("alpha_battle", start)["moves"] == []
    finished = GAME.setup({"seed": "1"}, seed=0)
    assert unjudged("alpha_battle", finished) is None
    assert analyse("alpha_battle", finished) == {
        "to_move": None,
        "proved": True,
        "outcome": None,
        "value": None,
        "moves": [],
    }
