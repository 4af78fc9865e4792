"""The live page's move list: the moves in play and where takebacks happened, for every viewer.

A match socket sends it whole once (on connect), then only what changed: the moves a commit
put in play (``added``) or a takeback (``taken_back``), each with the ply it goes from, so
that a socket that missed a change reads the list whole again instead of showing a wrong one.
An entry is ``{"ply", "seat", "forced", "label"}``: what the list shows, the same for every
viewer (a label never tells a secret: Alpha Battle's is "setup"). A takeback mark is as
the replay has it (``replays.takeback_marks``): ``{"ply", "by", "after", "moves"}``.

>>> from games.catalog.registry import GAMES
>>> othello = GAMES["othello"]
>>> entries(othello, othello.setup({}, 0), [{"ply": 1, "seat": 0, "move": {"cell": "D3"}}])
[{'ply': 1, 'seat': 0, 'forced': False, 'label': 'D3'}]
"""

from __future__ import annotations

from typing import Any

from django.core.cache import cache

from games.rules.base import Game

from .models import Match, Move

KEEP_SECONDS = 600  # a list as of a ply never changes: sockets connecting at once share it


def entries(rules: Game, before: dict, moves: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The list's entries of ``moves`` (``ply``, ``seat``, ``move``, ``forced``), played in
    turn from the position ``before``."""
    out = []
    for index, m in enumerate(moves):
        label = rules.move_label(before, m["seat"], m["move"])
        out.append({"ply": m["ply"], "seat": m["seat"], "forced": bool(m.get("forced")), "label": label})
        if index + 1 < len(moves):
            before = rules.play(before, m["seat"], m["move"])
    return out


def added(from_ply: int, moves: list[dict[str, Any]]) -> dict[str, Any]:
    """A change of the list: ``moves`` (entries) put in play by the commit after ``from_ply``."""
    return {"from_ply": from_ply, "moves": moves}


def taken_back(from_ply: int, mark: dict[str, Any]) -> dict[str, Any]:
    """A change of the list: the takeback ``mark`` (its moves leave the list) after ``from_ply``."""
    return {"from_ply": from_ply, "takeback": mark}


def whole(match_id: str) -> dict[str, Any] | None:
    """``{"ply", "moves", "takebacks"}``: the list as of ``ply`` (the match's ply when it was
    read); None for no such match. Read in one statement (one snapshot of the moves and
    their takebacks), kept in the cache by ply."""
    match = Match.objects.filter(pk=match_id).only("id", "game", "options", "seed", "ply").first()
    if match is None:
        return None
    key = f"move-list:{match.pk}:{match.ply}"
    found = cache.get(key)
    if found is None:
        found = _read(match)
        cache.set(f"move-list:{match.pk}:{found['ply']}", found, KEEP_SECONDS)
    return found


def _read(match: Match) -> dict[str, Any]:
    rules = match.rules
    rows = (
        Move.objects.filter(match=match)
        .order_by("ply")
        .values_list("ply", "seat", "move", "forced", "takeback__ply", "takeback__seat", "takeback__back_to")
    )
    happened: list[tuple[int, str, dict[str, Any]]] = []
    takebacks: dict[int, dict[str, Any]] = {}
    for ply, seat, move, forced, back_ply, by, back_to in rows:
        happened.append((ply, "move", {"ply": ply, "seat": seat, "move": move, "forced": forced}))
        if back_ply is not None and back_ply not in takebacks:
            takebacks[back_ply] = {"ply": back_ply, "by": by, "back_to": back_to}
    happened += [(ply, "back", t) for ply, t in takebacks.items()]
    happened.sort(key=lambda item: item[0])
    state = rules.setup(match.options, match.seed)
    line: list[tuple[dict[str, Any], dict]] = []  # entries in play, each with the position before it
    marks = []
    for _, kind, item in happened:
        if kind == "move":
            (entry,) = entries(rules, state, [item])
            line.append((entry, state))
            state = rules.play(state, item["seat"], item["move"])
            continue
        undone = []
        while line and line[-1][0]["ply"] > item["back_to"]:
            entry, state = line.pop()
            undone.insert(0, entry)
        for mark in marks:  # an older mark stands after the moves that are still in play
            mark["after"] = min(mark["after"], len(line))
        marks.append({"ply": item["ply"], "by": item["by"], "after": len(line), "moves": undone})
    return {
        "ply": max((ply for ply, _, _ in happened), default=0),
        "moves": [entry for entry, _ in line],
        "takebacks": marks,
    }
