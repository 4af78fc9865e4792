"""The Journey's rules-page diagrams: a classic game and an alliance round."""

from __future__ import annotations

from typing import Any

from games.catalog.diagrams import Diagram, Position, start

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
        f"A classic game: one warrior, W0, at ({w['pos'][0]},{w['pos'][1]}) with {w['health']} health "
        f"(heart) and {w['crystals']} magic crystals (diamond); two monsters and two elves, whose "
        "powers stay hidden until someone meets them.",
    )
    pos.play(0, {"target": [4, 2]})
    pos.play(0, _journey_target(pos, "M0"))
    power, health = pos.state["monsters"][0]["power"], pos.state["warriors"][0]["health"]
    monster = pos.diagram(
        "monster",
        f"Round {pos.state['round']}: W0 targeted M0. The monster tells its damage power ({power}) and W0's "
        "health, and asks whether W0 wants to fight.",
    )
    crystals = pos.state["warriors"][0]["crystals"]
    pos.play(0, {"answer": "yes"})
    w = pos.state["warriors"][0]
    fought = pos.diagram(
        "fought",
        f"W0 answered yes: his health {health} was greater than {power}, so he lost {power} health, "
        f"won {w['crystals'] - crystals} crystals and took M0's cell. One monster is left.",
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
        f"Round {visit}: W0 targeted the elf E1 (magic power {elf_power}) and accepted its help: "
        f"he paid {paid} crystals for {w['health'] - before['health']} health "
        f"and stayed where he was.",
    )
    team = start(GAME, {"mode": "alliance", "players": 2, "monsters": 2, "elves": 2, "potions": 2, "seed": 3})
    team.play(0, _journey_target(team, "P0"))
    had = team.state["warriors"][1]["crystals"]
    team.play(1, _journey_target(team, "W0")).play(1, {"answer": "yes"})
    given = team.state["warriors"][1]["crystals"] - had
    alliance = team.diagram(
        "alliance",
        "Alliance mode with two players. In round 1, W0 walked onto the potion P0, which healed "
        f"him (never above 40) and is gone; then W1 targeted W0 and accepted his offer: W0 shared "
        f"{given} of his crystals. At the end of the round the other potion jumped to a new cell.",
    )
    return [first, monster, fought, elf, alliance]
