"""How to play: a rules page per game, with small boards drawn by the game's own renderer.

``GET /games/<slug>/rules/`` is the page; ``?panel=1`` answers only its fragment (the match
page's "Rules" dialog inserts it). Each diagram is a real position: the game's engine sets
up a match with fixed options and seed and plays the listed moves (the server's forced
moves too, as the platform does), then the position becomes a match-like object the
renderer draws read-only (``static/js/rules.js``). Captions are written from the position,
so they always tell what the board shows.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from typing import Any

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_safe

from games.ai.analysis import has_board
from games.rules import GAMES, Game

# The made-up players of the diagrams (a renderer may name them).
NAMES = ("Ann", "Ben", "Cy", "Dee")

Step = tuple[int, dict[str, Any]]  # (seat, move)


@dataclass(frozen=True)
class Diagram:
    """One drawn position: ``match`` is what the renderer reads, ``legal`` whether the
    moves of the seat to move are marked (the board stays read-only); ``size`` "small"
    draws it smaller (a board with few cells)."""

    name: str
    caption: str
    match: dict[str, Any]
    legal: bool = False
    size: str = ""

    def as_dict(self) -> dict[str, Any]:
        """The diagram as the page's JSON carries it to ``static/js/rules.js``."""
        return {"name": self.name, "caption": self.caption, "match": self.match, "legal": self.legal}


@dataclass
class Position:
    """A match replayed from its options and moves: the state, the ply, the last move."""

    slug: str
    options: dict[str, Any]
    state: dict[str, Any]
    ply: int = 0
    last_move: dict[str, Any] | None = None

    @property
    def game(self) -> Game:
        return GAMES[self.slug]

    def play(self, seat: int, move: dict[str, Any]) -> Position:
        """Play ``move`` for ``seat`` (the engine refuses an illegal one), then any moves the
        server would force (a pass); returns self to chain."""
        self._apply(seat, move, forced=False)
        while (forced := self.game.forced(self.state)) is not None:
            self._apply(*forced, forced=True)
        return self

    def _apply(self, seat: int, move: dict[str, Any], *, forced: bool) -> None:
        self.state = self.game.play(self.state, seat, move)
        self.ply += 1
        self.last_move = {"ply": self.ply, "seat": seat, "move": move, "forced": forced}

    def turn(self) -> int | None:
        """The one seat to move, or None."""
        seats = self.game.to_move(self.state)
        return seats[0] if len(seats) == 1 else None

    def diagram(
        self, name: str, caption: str, *, you: int | None = None, legal: bool = False, size: str = ""
    ) -> Diagram:
        """This position as a match object (protocol.md) seen by ``you`` (None: a spectator);
        with ``legal`` the moves of the seat to move are marked."""
        game, state = self.game, self.state
        to_move = game.to_move(state)
        if legal and you is None:
            you = to_move[0]
        outcome = game.outcome(state)
        result = None
        if outcome is not None:
            result = {**outcome.as_dict(), "message": game.result_message(outcome)}
        seats = game.seat_count(self.options)
        players = [
            {
                "seat": seat,
                "username": NAMES[seat],
                "connected": True,
                "computer": None,
                "label": game.seat_names[seat],
            }
            for seat in range(seats)
        ]
        match = {
            "id": f"rules-{self.slug}-{name}",
            "game": self.slug,
            "name": game.name,
            "options": self.options,
            "status": "active" if outcome is None else "finished",
            "players": players,
            "ply": self.ply,
            "to_move": to_move,
            "turn": self.turn(),
            "you": you,
            "board": game.view(state, you),
            "legal_moves": game.legal_moves(state, you) if legal and you in to_move else [],
            "last_move": self.last_move,
            "result": result,
        }
        # Only plain JSON goes to the page.
        return Diagram(name, caption, json.loads(json.dumps(match)), legal, size)


def start(slug: str, options: dict[str, Any] | None = None, seed: int = 0) -> Position:
    """A new match of ``slug`` with these options (cleaned by the engine) and seed."""
    game = GAMES[slug]
    cleaned = game.clean_options(options or {})
    return Position(slug, cleaned, game.setup(cleaned, seed))


# -- the diagrams of each game ------------------------------------------------------------
def _reversi_cells(moves: str) -> list[Step]:
    """``"D2 C2"`` -> alternate Black (0) and White (1) moves."""
    return [(i % 2, {"cell": cell}) for i, cell in enumerate(moves.split())]


def reversi_diagrams() -> list[Diagram]:
    """Blocks and the moves they leave, a move flipping two lines, a forced pass."""
    blocks = "B5 E2"
    pos = start("reversi", {"size": 6, "blocks": blocks})
    first = pos.diagram(
        "start",
        f"A 6 × 6 board with two blocked cells ({blocks.replace(' ', ' and ')}). "
        "Black (X) moves first; the dots mark the four cells where Black can flip a disc.",
        legal=True,
    )
    for seat, move in _reversi_cells("D2 C2 B2"):
        pos.play(seat, move)
    flipped = " and ".join(pos.state["flipped"])
    second = pos.diagram(
        "flip",
        f"Black played B2 (ringed) and flipped {flipped} (outlined): "
        "one line ends at D2, the other, diagonal, at D4.",
    )
    small = start("reversi", {"size": 4})
    for seat, move in _reversi_cells("D2 D3 B4 D1"):
        small.play(seat, move)
    assert small.last_move and small.last_move["move"] == {"pass": True}
    third = small.diagram(
        "pass",
        "A 4 × 4 game after D2, D3, B4 and D1: Black has no valid move, so Black passes "
        "and White moves again (White's moves are marked).",
        legal=True,
        size="small",
    )
    return [first, second, third]


def othello_diagrams() -> list[Diagram]:
    """The start with Black's moves, then a first move and its flip."""
    pos = start("othello")
    first = pos.diagram(
        "start",
        "The start: White on D4 and E5, Black on E4 and D5. Black moves first; "
        "the dots mark Black's four possible moves.",
        legal=True,
    )
    pos.play(0, {"cell": "D3"})
    second = pos.diagram(
        "flip",
        f"Black played D3: the white disc on {pos.state['flipped'][0]}, now closed in between "
        "D3 and D5, turned black. White's possible replies are marked.",
        legal=True,
    )
    return [first, second]


def _shown_column(pos: Position) -> int:
    """The last move's column as the page shows it (numbered from 1; moves count from 0)."""
    assert pos.last_move is not None
    return pos.last_move["move"]["column"] + 1


def connect_four_diagrams() -> list[Diagram]:
    """A diagonal win, then pop-out: the pops offered and a pop that ties."""
    pos = start("connect_four")
    for i, column in enumerate([0, 2, 3, 2, 3, 3, 3, 1, 2, 4, 1]):
        pos.play(i % 2, {"action": "drop", "column": column})
    win = pos.diagram(
        "win",
        f"Red dropped a disc into column {_shown_column(pos)}: it fell to the lowest free cell and made four "
        "red discs in a diagonal line, so Red wins.",
    )
    pop = start("connect_four", {"rows": 5, "columns": 5, "pop_out": True})
    moves = [
        ("drop", 2), ("drop", 1), ("drop", 3), ("drop", 3), ("drop", 4), ("drop", 0), ("drop", 1),
        ("drop", 1), ("pop", 4), ("drop", 2), ("drop", 4), ("drop", 4), ("drop", 1),
    ]  # fmt: skip
    for i, (action, column) in enumerate(moves):
        pop.play(i % 2, {"action": action, "column": column})
    pops = [m["column"] for m in pop.game.legal_moves(pop.state, 1) if m["action"] == "pop"]
    before = pop.diagram(
        "pop_offer",
        "Pop-out on a 5 × 5 board, Yellow to move: Yellow may drop a disc, or pop out a "
        f"yellow disc from the bottom of column {' or '.join(str(c + 1) for c in pops)} "
        "(only your own colour can be popped).",
        legal=True,
        size="small",
    )
    pop.play(1, {"action": "pop", "column": 1})
    after = pop.diagram(
        "pop_tie",
        f"Yellow popped column {_shown_column(pop)}: the discs above slid down one cell and made "
        "four in a row for both colours at once, so the game is a draw.",
        size="small",
    )
    return [win, before, after]


def reversi_1d_diagrams() -> list[Diagram]:
    """The original example: White to move, a move that flips, one that does not."""

    def example() -> Position:
        pos = start("reversi_1d")
        for i, position in enumerate([3, 2, 4, 12, 9]):
            pos.play(i % 2, {"position": position})
        return pos

    before = example().diagram(
        "before",
        "White (O) to move. Any empty slot is a legal move (marked).",
        legal=True,
    )
    after = example().play(1, {"position": 5})
    flipped = " and ".join(map(str, after.state["flipped"]))
    flip = after.diagram(
        "flip",
        f"White placed at 5: the black pieces at {flipped} sit between it and the white piece "
        "at 2, so they turn white.",
    )
    none = example().play(1, {"position": 6})
    assert none.state["flipped"] == []
    no_flip = none.diagram(
        "no_flip",
        "Had White placed at 6 instead, nothing would flip: the slots on both sides of it "
        "(5 and 7) are empty.",
    )
    return [before, flip, no_flip]


# The worked example of the original assignment: P scores 64, Q scores 96.
ALPHA_EXAMPLE = (
    {"letters": "MZNHUVIOEPTWFJCBXKALSDQGYR", "indices": [1, 3, 2, 8, 10, 12, 9, 7, 4, 22]},
    {"letters": "YFTUCSQOMGKPXNDWHIVJRABZEL", "indices": [21, 24, 25, 3, 4, 1, 8, 9, 10, 17]},
)


def alpha_battle_diagrams() -> list[Diagram]:
    """The original worked example, played out."""
    pos = start("alpha_battle")
    pos.play(0, ALPHA_EXAMPLE[0]).play(1, ALPHA_EXAMPLE[1])
    score = pos.game.outcome(pos.state).score
    first = pos.game.view(pos.state, None)["rounds"][0]
    return [
        pos.diagram(
            "battle",
            f"A whole battle between {NAMES[0]} (P) and {NAMES[1]} (Q). Struck letters are crossed "
            "out; the 16 left duel in order. "
            f"Round 1: {first['letters'][0]} ({first['ascii'][0]}) against {first['letters'][1]} "
            f"({first['ascii'][1]}) gives {NAMES[first['winner']]} {first['points']} points. "
            f"Final score {score['P']} to {score['Q']}.",
        )
    ]


def _journey_target(pos: Position, label: str) -> dict[str, Any]:
    """The move that targets the thing called ``label`` (``"M0"``)."""
    grid = pos.game.view(pos.state, None)["grid"]
    cell = next([x, y] for x, row in enumerate(grid) for y, name in enumerate(row) if name == label)
    return {"target": cell}


def journey_diagrams() -> list[Diagram]:
    """A classic game: the start, a monster's question, the fight won, an elf's help; then
    an alliance round with a potion and shared crystals."""
    pos = start("journey", {"mode": "classic", "monsters": 2, "elves": 2, "seed": 1})
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
    team = start(
        "journey", {"mode": "alliance", "players": 2, "monsters": 2, "elves": 2, "potions": 2, "seed": 3}
    )
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


BUILDERS: dict[str, Callable[[], list[Diagram]]] = {
    "reversi": reversi_diagrams,
    "othello": othello_diagrams,
    "connect_four": connect_four_diagrams,
    "reversi_1d": reversi_1d_diagrams,
    "alpha_battle": alpha_battle_diagrams,
    "journey": journey_diagrams,
}


@cache
def diagrams(slug: str) -> tuple[Diagram, ...]:
    """The example positions of a game (computed once: they never change)."""
    return tuple(BUILDERS[slug]())


# -- the view -----------------------------------------------------------------------------
@require_safe
def game_rules(request: HttpRequest, slug: str) -> HttpResponse:
    """How to play ``slug``; with ``?panel=1`` only the fragment (for the match page)."""
    game = GAMES.get(slug)
    if game is None:
        raise Http404("No such game.")
    drawn = diagrams(slug)
    context = {
        "game": game,
        "slug": slug,
        "figures": {d.name: d for d in drawn},
        "diagram_data": [d.as_dict() for d in drawn],
        "games": GAMES.values(),
        "panel": request.GET.get("panel") == "1",
        "has_board": has_board(slug),
    }
    template = "games/rules/fragment.html" if context["panel"] else "games/rules.html"
    return render(request, template, context)
