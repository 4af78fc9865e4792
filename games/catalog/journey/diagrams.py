"""The Journey's rules-page diagrams: a classic game and an alliance round."""

from __future__ import annotations

from typing import Any

from games.catalog.diagrams import Diagram, Position, start
from games.rules.words import gettext_noop

from .engine import GAME


def _journey_target(pos: Position, label: str) -> dict[str, Any]:
    """The move that targets the thing called ``label`` (``"M0"``)."""
    grid = pos.game.view(pos.state, None)["grid"]
    cell = next([x, y] for x, row in enumerate(grid) for y, name in enumerate(row) if name == label)
    return {"target": cell}


def diagrams() -> list[Diagram]:
    """A classic game: the start, a monster's question, the fight won, an elf's help; then
    an alliance round with a potion and shared crystals."""
    pos = start(GAME, {"mode": "classic", "monsters": 2, "elves": 2, "seed": 1})
    w = pos.state["warriors"][0]
    first = pos.diagram(
        "start",
        gettext_noop(
            "A classic game: one warrior, W0, at (%(x)s,%(y)s) with %(health)s health "
            "(heart) and %(crystals)s magic crystals (diamond); two monsters and two elves, whose "
            "powers stay hidden until someone meets them."
        ),
        args={"x": w["pos"][0], "y": w["pos"][1], "health": w["health"], "crystals": w["crystals"]},
    )
    pos.play(0, {"target": [4, 2]})
    pos.play(0, _journey_target(pos, "M0"))
    power, health = pos.state["monsters"][0]["power"], pos.state["warriors"][0]["health"]
    monster = pos.diagram(
        "monster",
        gettext_noop(
            "Round %(round)s: W0 targeted M0. The monster tells its damage power (%(power)s) and W0's "
            "health, and asks whether W0 wants to fight."
        ),
        args={"round": pos.state["round"], "power": power},
    )
    crystals = pos.state["warriors"][0]["crystals"]
    pos.play(0, {"answer": "yes"})
    w = pos.state["warriors"][0]
    fought = pos.diagram(
        "fought",
        gettext_noop(
            "W0 answered yes: his health %(health)s was greater than %(power)s, so he lost %(power)s health, "
            "won %(won)s crystals and took M0's cell. One monster is left."
        ),
        args={"health": health, "power": power, "won": w["crystals"] - crystals},
    )
    visit = pos.state["round"]
    pos.play(0, _journey_target(pos, "E1"))
    before = dict(pos.state["warriors"][0])
    elf_power = pos.state["elves"][1]["power"]
    pos.play(0, {"answer": "yes"})
    w = pos.state["warriors"][0]
    paid = before["crystals"] - w["crystals"]
    assert paid > 0 and w["pos"] == before["pos"]
    elf = pos.diagram(
        "elf",
        gettext_noop(
            "Round %(round)s: W0 targeted the elf E1 (magic power %(power)s) and accepted its help: "
            "he paid %(paid)s crystals for %(healed)s health and stayed where he was."
        ),
        args={"round": visit, "power": elf_power, "paid": paid, "healed": w["health"] - before["health"]},
    )
    team = start(GAME, {"mode": "alliance", "players": 2, "monsters": 2, "elves": 2, "potions": 2, "seed": 3})
    team.play(0, _journey_target(team, "P0"))
    had = team.state["warriors"][1]["crystals"]
    team.play(1, _journey_target(team, "W0")).play(1, {"answer": "yes"})
    given = team.state["warriors"][1]["crystals"] - had
    alliance = team.diagram(
        "alliance",
        gettext_noop(
            "Alliance mode with two players. In round 1, W0 walked onto the potion P0, which healed "
            "him (never above 40) and is gone; then W1 targeted W0 and accepted his offer: W0 shared "
            "%(given)s of his crystals. At the end of the round the other potion jumped to a new cell."
        ),
        args={"given": given},
    )
    return [first, monster, fought, elf, alliance]
