"""Tournament arithmetic, pure Python (no Django): who meets whom, and the standings.

Players are any hashable ids (the service uses entrant ids). A game is a :class:`Game`
(``first`` plays seat 0, ``second`` seat 1; ``second`` None is a bye) with the points each
side scored: a win 3, a draw 1, a loss 0 (``WIN``, ``DRAW``, ``LOSS``).

- :func:`round_robin`: every round of a round robin by the circle method (both colours with
  ``double``);
- :func:`swiss_round`: one Swiss round: players of equal score meet, nobody twice while it
  can be avoided, a bye (a win) to the lowest-placed player who has had none;
- :func:`standings`: points, wins, draws, losses, Sonneborn-Berger and Buchholz, ranked.

>>> round_robin(["a", "b", "c", "d"])
[[('a', 'd'), ('c', 'b')], [('c', 'a'), ('b', 'd')], [('a', 'b'), ('d', 'c')]]
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Sequence
from dataclasses import dataclass, field

WIN, DRAW, LOSS = 3, 1, 0
Player = Hashable
Pair = tuple[Player, Player | None]


@dataclass(frozen=True)
class Game:
    """One game of the tournament (or a bye: ``second`` None, ``first_points`` its points)."""

    first: Player
    second: Player | None
    first_points: int
    second_points: int = 0

    def points_of(self, player: Player) -> int:
        return self.first_points if player == self.first else self.second_points

    def opponent_of(self, player: Player) -> Player | None:
        return self.second if player == self.first else self.first


def points(winner: int | None, draw: bool) -> tuple[int, int]:
    """The points of seats 0 and 1 from a match result (neither won nor drew: both lose).

    >>> points(0, False), points(1, False), points(None, True), points(None, False)
    ((3, 0), (0, 3), (1, 1), (0, 0))
    """
    if winner == 0:
        return WIN, LOSS
    if winner == 1:
        return LOSS, WIN
    return (DRAW, DRAW) if draw else (LOSS, LOSS)


# -- round robin --------------------------------------------------------------------------
def round_robin(players: Sequence[Player], double: bool = False) -> list[list[Pair]]:
    """Every round of a round robin: each pair meets once (twice with ``double``, the
    second time with the colours swapped). With an odd number of players each round one of
    them has a bye (``(player, None)``). The first player stays put and the others turn
    around them (the circle method); colours alternate from round to round."""
    ring: list[Player | None] = list(players)
    if len(ring) % 2:
        ring.append(None)
    n = len(ring)
    rounds: list[list[Pair]] = []
    for r in range(n - 1):
        pairs: list[Pair] = []
        for i in range(n // 2):
            a, b = ring[i], ring[n - 1 - i]
            if (i == 0 and r % 2) or (i > 0 and i % 2):
                a, b = b, a
            if a is None or b is None:
                pairs.append((b if a is None else a, None))
            else:
                pairs.append((a, b))
        rounds.append(pairs)
        ring = [ring[0], ring[-1], *ring[1:-1]]  # everybody but the first moves one place on
    if double:
        rounds += [[(a, b) if b is None else (b, a) for a, b in pairs] for pairs in rounds]
    return rounds


def round_robin_rounds(count: int, double: bool = False) -> int:
    """How many rounds a round robin of ``count`` players has.

    >>> round_robin_rounds(4), round_robin_rounds(5), round_robin_rounds(4, double=True)
    (3, 5, 6)
    """
    return (count - 1 + count % 2) * (2 if double else 1) if count > 1 else 0


# -- Swiss -----------------------------------------------------------------------------------
def swiss_round(players: Sequence[Player], games: Iterable[Game]) -> list[Pair]:
    """The pairs of the next Swiss round. ``players`` in seeding order (the first is the
    strongest or earliest). Players are ranked by points, then seeding; with an odd number,
    the lowest-ranked player without a bye gets it; then from the top each player meets the
    highest-ranked player they have not met (so equal scores meet), backtracking when the
    rest could not be paired; only when no pairing avoids a rematch are rematches allowed.
    The player who played first fewer times plays first (equal: the higher-ranked)."""
    games = list(games)
    score = {p: 0 for p in players}
    met: dict[Player, set[Player]] = {p: set() for p in players}
    firsts = {p: 0 for p in players}
    had_bye: set[Player] = set()
    for g in games:
        for p in (g.first, g.second):
            if p in score:
                score[p] += g.points_of(p)
        if g.second is None:
            had_bye.add(g.first)
            continue
        met.setdefault(g.first, set()).add(g.second)
        met.setdefault(g.second, set()).add(g.first)
        firsts[g.first] = firsts.get(g.first, 0) + 1
    seed = {p: i for i, p in enumerate(players)}
    ranked = sorted(players, key=lambda p: (-score[p], seed[p]))
    bye = None
    if len(ranked) % 2:
        bye = next((p for p in reversed(ranked) if p not in had_bye), ranked[-1])
        ranked.remove(bye)
    pairs = _pair_down(ranked, met, avoid_rematches=True)
    if pairs is None:
        pairs = _pair_down(ranked, met, avoid_rematches=False) or []
    rank = {p: i for i, p in enumerate(ranked)}
    ordered: list[Pair] = []
    for a, b in pairs:
        if (firsts[b], rank[b]) < (firsts[a], rank[a]):
            a, b = b, a
        ordered.append((a, b))
    if bye is not None:
        ordered.append((bye, None))
    return ordered


def _pair_down(
    ranked: list[Player],
    met: dict[Player, set[Player]],
    avoid_rematches: bool,
    budget: list[int] | None = None,
) -> list[tuple[Player, Player]] | None:
    """Pair ``ranked`` from the top (depth first, at most a few thousand tries)."""
    budget = budget if budget is not None else [5000]
    if not ranked:
        return []
    top, rest = ranked[0], ranked[1:]
    for i, other in enumerate(rest):
        if avoid_rematches and other in met.get(top, ()):
            continue
        budget[0] -= 1
        if budget[0] < 0:
            return None
        tail = _pair_down(rest[:i] + rest[i + 1 :], met, avoid_rematches, budget)
        if tail is not None:
            return [(top, other), *tail]
    return None


# -- standings ------------------------------------------------------------------------------
@dataclass
class Standing:
    player: Player
    points: int = 0
    played: int = 0
    wins: int = 0
    draws: int = 0
    losses: int = 0
    byes: int = 0
    sonneborn_berger: float = 0.0
    buchholz: int = 0
    rank: int = 0
    results: dict[Player, list[int]] = field(default_factory=dict)  # opponent -> points scored

    def tiebreak(self, kind: str) -> float:
        return self.buchholz if kind == "buchholz" else self.sonneborn_berger


def standings(
    players: Sequence[Player], games: Iterable[Game], tiebreak: str = "sonneborn_berger"
) -> list[Standing]:
    """The table, best first: by points, then the tie-break (``"sonneborn_berger"``: the
    points of every opponent beaten plus half those of every opponent drawn; ``"buchholz"``:
    the points of every opponent met; a bye counts in neither), then wins, then seeding.
    Players level on all of these share a rank.

    >>> table = standings("abc", [Game("a", "b", 3, 0), Game("b", "c", 1, 1), Game("c", "a", 3, 0)])
    >>> [(s.player, s.points, s.sonneborn_berger, s.buchholz, s.rank) for s in table]
    [('c', 4, 3.5, 4, 1), ('a', 3, 1.0, 5, 2), ('b', 1, 2.0, 7, 3)]
    """
    games = list(games)
    table = {p: Standing(p) for p in players}
    for g in games:
        if g.second is None:
            if g.first in table:
                s = table[g.first]
                s.points += g.first_points
                s.byes += 1
            continue
        for me in (g.first, g.second):
            if me not in table:
                continue
            s, mine, theirs = table[me], g.points_of(me), g.points_of(g.opponent_of(me))
            s.points += mine
            s.played += 1
            s.wins += mine > theirs
            s.draws += mine == theirs and mine > 0
            s.losses += mine < theirs or mine == theirs == 0
            s.results.setdefault(g.opponent_of(me), []).append(mine)
    for s in table.values():
        for opponent, scored in s.results.items():
            theirs = table[opponent].points if opponent in table else 0
            s.buchholz += theirs * len(scored)
            s.sonneborn_berger += sum(
                theirs * (1.0 if p == WIN else 0.5 if p == DRAW else 0.0) for p in scored
            )
    seed = {p: i for i, p in enumerate(players)}

    def key(s: Standing) -> tuple:
        return (-s.points, -s.tiebreak(tiebreak), -s.wins)

    ranked = sorted(table.values(), key=lambda s: (*key(s), seed[s.player]))
    for i, s in enumerate(ranked):
        s.rank = ranked[i - 1].rank if i and key(ranked[i - 1]) == key(s) else i + 1
    return ranked
