"""Issue 50: the replays' JSON was cached in Django's in-process cache, bounded by its count
of entries (20,000, shared with everything else), while one replay of a long game on a big
board is megabytes. Now it has a cache of its own bounded by the characters it holds (ASCII
JSON: bytes), the least recently used going first."""

from __future__ import annotations

import pytest

from games.matches import replays, services
from games.matches.replays import BytesCache, replay_json

from .conftest import fresh, start_match

pytestmark = pytest.mark.django_db(transaction=True)


def played(plies: int, names: tuple[str, str]):
    """A Reversi match of two people with ``plies`` moves made."""
    match, *users = start_match("reversi", {"size": 8}, names=names)
    for _ in range(plies):
        match = fresh(match)
        seat = match.rules.to_move(match.state)[0]
        move = match.rules.legal_moves(match.state, seat)[0]
        services.move_play(match_id=match.pk, user=users[seat], ply=match.ply, move=move)
    return fresh(match)


def test_replays_are_kept_within_a_budget_of_bytes(monkeypatch):
    matches = [played(n, (f"a{n}", f"b{n}")) for n in (4, 6, 8)]
    answers = [replay_json(m) for m in matches]  # built, not cached (the site's own cache)
    measure = BytesCache(10**9)
    monkeypatch.setattr(replays, "REPLAY_CACHE", measure)
    sizes = []
    for match in matches:
        before = measure.size
        replay_json(match)
        sizes.append(measure.size - before)
    assert all(size > 1000 for size in sizes), sizes

    room = BytesCache(sizes[1] + sizes[2])  # not the three
    monkeypatch.setattr(replays, "REPLAY_CACHE", room)
    assert [replay_json(m) for m in matches] == answers  # the same answers, however kept
    assert room.size == sizes[1] + sizes[2] <= room.budget  # the oldest went
    replay_json(matches[1])  # used again: now the newest
    assert replay_json(matches[0]) == answers[0]  # built again, pushing out the oldest used
    assert room.size == sizes[0] + sizes[1] <= room.budget

    tiny = BytesCache(min(sizes) - 1)  # no replay fits: none is kept, each is still answered
    monkeypatch.setattr(replays, "REPLAY_CACHE", tiny)
    assert [replay_json(m) for m in matches] == answers and tiny.size == 0
