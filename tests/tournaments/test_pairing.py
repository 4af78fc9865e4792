"""The pure arithmetic of tournaments: round-robin schedules, Swiss pairings, standings."""

from __future__ import annotations

import doctest
import itertools
from collections import Counter

import pytest

from games.tournaments import pairing
from games.tournaments.pairing import DRAW, LOSS, WIN, Game, round_robin, standings, swiss_round


def test_the_doctests():
    assert doctest.testmod(pairing).failed == 0


@pytest.mark.parametrize("n", [2, 3, 4, 5, 6, 7, 8])
def test_round_robin_every_pair_meets_once_and_everybody_plays_once_a_round(n):
    players = list(range(n))
    rounds = round_robin(players)
    assert len(rounds) == pairing.round_robin_rounds(n)
    met = Counter()
    byes = Counter()
    for pairs in rounds:
        seen = [p for pair in pairs for p in pair if p is not None]
        assert sorted(seen) == players  # each player exactly once a round
        for a, b in pairs:
            if b is None:
                byes[a] += 1
            else:
                met[frozenset((a, b))] += 1
    assert set(met) == {frozenset(pair) for pair in itertools.combinations(players, 2)}
    assert set(met.values()) == {1}
    assert byes == (Counter(players) if n % 2 else Counter())  # odd: one bye each


@pytest.mark.parametrize("n", [4, 5, 6])
def test_double_round_robin_meets_twice_with_colours_swapped(n):
    rounds = round_robin(list(range(n)), double=True)
    assert len(rounds) == pairing.round_robin_rounds(n, double=True)
    ordered = Counter((a, b) for pairs in rounds for a, b in pairs if b is not None)
    assert set(ordered.values()) == {1}
    for a, b in ordered:
        assert (b, a) in ordered  # the same pair, the other way round
    firsts = Counter(a for a, _ in ordered)
    assert set(firsts.values()) == {n - 1}  # colours balanced over the whole event


def test_round_robin_colours_are_nearly_balanced():
    firsts = Counter(a for pairs in round_robin(list(range(6))) for a, b in pairs)
    assert max(firsts.values()) - min(firsts.values()) <= 2


def _play(pairs, winner_of):
    """Games of one round: the lower id wins unless ``winner_of`` says otherwise; a bye scores a win."""
    games = []
    for a, b in pairs:
        if b is None:
            games.append(Game(a, None, WIN))
        else:
            w = winner_of(a, b)
            games.append(Game(a, b, WIN if w == a else LOSS, WIN if w == b else LOSS))
    return games


def test_swiss_first_round_pairs_by_seeding_and_winners_meet_winners():
    players = ["a", "b", "c", "d", "e", "f", "g", "h"]
    first = swiss_round(players, [])
    assert {frozenset(p) for p in first} == {
        frozenset("ab"),
        frozenset("cd"),
        frozenset("ef"),
        frozenset("gh"),
    }
    games = _play(first, min)  # a, c, e, g win
    second = swiss_round(players, games)
    groups = {frozenset(p) for p in second}
    assert groups == {frozenset("ac"), frozenset("eg"), frozenset("bd"), frozenset("fh")}


def test_swiss_avoids_rematches_while_possible_over_every_round():
    players = list(range(6))
    games: list[Game] = []
    for _ in range(5):  # six players: five rounds without a rematch exist
        pairs = swiss_round(players, games)
        met = {frozenset((g.first, g.second)) for g in games}
        assert not {frozenset(p) for p in pairs} & met
        assert sorted(p for pair in pairs for p in pair) == players
        games += _play(pairs, min)


def test_swiss_rematch_only_when_nothing_else_is_left():
    games = _play(swiss_round(["a", "b"], []), min)
    assert swiss_round(["a", "b"], games) in ([("a", "b")], [("b", "a")])


def test_swiss_bye_goes_to_the_lowest_placed_without_one_and_scores_a_win():
    players = ["a", "b", "c", "d", "e"]
    pairs = swiss_round(players, [])
    assert ("e", None) in pairs  # lowest seed, nobody has a bye yet
    games = _play(pairs, min)
    byes = ["e"]
    for _ in range(4):
        pairs = swiss_round(players, games)
        bye = next(a for a, b in pairs if b is None)
        assert bye not in byes
        byes.append(bye)
        games += _play(pairs, min)
    assert sorted(byes) == players  # five rounds, five players: one bye each
    table = {s.player: s for s in standings(players, games, "buchholz")}
    assert table["e"].byes == 1 and table["e"].points >= WIN


def test_swiss_alternates_colours():
    players = list(range(4))
    games = _play(swiss_round(players, []), min)
    second = swiss_round(players, games)
    firsts_before = Counter(g.first for g in games)
    for a, b in second:
        assert firsts_before[a] <= firsts_before[b]


def test_standings_worked_example_by_hand():
    """A beats B, draws C, beats D; B beats C, draws D; C beats D.

    points: A 3+1+3 = 7, B 0+3+1 = 4, C 1+0+3 = 4, D 0+1+0 = 1.
    Sonneborn-Berger (beaten opponents' points + half the drawn ones'):
      A = B 4 + D 1 + C 4/2 = 7;  B = C 4 + D 1/2 = 4.5;  C = A 7/2 + D 1 = 4.5;  D = B 4/2 = 2.
    Buchholz (every opponent's points): A 4+4+1 = 9, B 7+4+1 = 12, C 7+4+1 = 12, D 7+4+4 = 15.
    B and C are level on points, Sonneborn-Berger and wins: they share second place.
    """
    games = [
        Game("A", "B", WIN, LOSS),
        Game("C", "A", DRAW, DRAW),
        Game("A", "D", WIN, LOSS),
        Game("B", "C", WIN, LOSS),
        Game("D", "B", DRAW, DRAW),
        Game("C", "D", WIN, LOSS),
    ]
    table = standings("ABCD", games, "sonneborn_berger")
    got = [
        (s.player, s.rank, s.points, s.sonneborn_berger, s.buchholz, s.wins, s.draws, s.losses) for s in table
    ]
    assert got == [
        ("A", 1, 7, 7.0, 9, 2, 1, 0),
        ("B", 2, 4, 4.5, 12, 1, 1, 1),
        ("C", 2, 4, 4.5, 12, 1, 1, 1),
        ("D", 4, 1, 2.0, 15, 0, 1, 2),
    ]
    by_buchholz = standings("ABCD", games, "buchholz")
    assert [(s.player, s.rank) for s in by_buchholz] == [("A", 1), ("B", 2), ("C", 2), ("D", 4)]


def test_buchholz_breaks_a_tie_of_points():
    # a beat c, who has 3 points (c beat e); b beat d, who has none: a ahead of b
    games = [Game("a", "c", WIN, LOSS), Game("b", "d", WIN, LOSS), Game("c", "e", WIN, LOSS)]
    table = {s.player: s for s in standings("abcde", games, "buchholz")}
    a, b = table["a"], table["b"]
    assert (a.points, b.points) == (3, 3)
    assert (a.buchholz, b.buchholz) == (3, 0) and a.rank < b.rank


def test_points_of_a_result():
    assert pairing.points(0, False) == (WIN, LOSS)
    assert pairing.points(None, True) == (DRAW, DRAW)
