"""The site's engine of The Journey (slug ``journey``), built from the world and turn
rules of :mod:`games.rules.journey` and the console texts of :mod:`games.rules.journey_text`.

>>> state = GAME.setup(GAME.clean_options({"mode": "classic", "seed": 7}), seed=0)
>>> GAME.to_move(state), GAME.legal_moves(state, 0)
([0], [{'target': 'any cell but your own'}])
"""

from __future__ import annotations

import copy
import random
from typing import Any

from games.rules import journey_text as text
from games.rules.base import Game, IllegalMove, Move, Option, Outcome, Seat, State
from games.rules.journey import (
    ANSWERS,
    MAX_WARRIORS,
    SIZE,
    grid,
    living_warriors,
    monsters_left,
    new_state,
    play_move,
)
from games.rules.words import gettext_noop

TARGET_DESCRIPTION: Move = {"target": "any cell but your own"}


class Journey(Game):
    """The co-operative engine: seat i plays warrior Wi; nobody wins alone.

    The Outcome's ``winner`` is always None (the table wins or loses together); ``reason``
    is ``"victory"`` or ``"defeat"`` and ``score`` holds ``monsters_left`` and
    ``warriors_alive``.
    """

    slug = "journey"
    name = gettext_noop("The Journey")  # said in the reader's language
    description = gettext_noop(
        "Co-operative: 1-4 warriors cross the forest of Kafustrok to wipe out its monsters."
    )
    seats = (1, MAX_WARRIORS)
    seat_names = tuple(f"W{i}" for i in range(MAX_WARRIORS))
    cooperative = True
    options = {
        "mode": Option(
            "choice",
            "alliance",
            label=gettext_noop("Mode"),
            choices=(gettext_noop("classic"), gettext_noop("alliance")),
            help=gettext_noop(
                "Classic: one warrior on their own, no potions. Alliance: 1 to 4 warriors, "
                "healing potions, and allies who share their magic crystals."
            ),
        ),
        "players": Option(
            "int",
            2,
            label=gettext_noop("Players"),
            min=1,
            max=MAX_WARRIORS,
            help=gettext_noop("Alliance only: how many warriors."),
        ),
        "monsters": Option(
            "int",
            None,
            label=gettext_noop("Monsters"),
            min=1,
            max=9,
            help=gettext_noop("Leave empty for 2 or 3 at random."),
        ),
        "elves": Option(
            "int",
            None,
            label=gettext_noop("Elves"),
            min=1,
            max=9,
            help=gettext_noop("Leave empty for 2 or 3 at random."),
        ),
        "potions": Option(
            "int",
            None,
            label=gettext_noop("Potions"),
            min=1,
            max=9,
            help=gettext_noop("Alliance only. Leave empty for 2 or 3 at random."),
        ),
        "seed": Option(
            "int",
            None,
            label=gettext_noop("Seed"),
            help=gettext_noop(
                "Leave empty for a new world. The same whole number always builds the same world."
            ),
        ),
    }

    def check_options(self, options: dict[str, Any]) -> None:
        # A form sends every field: in classic mode the alliance-only ones are ignored.
        if options.get("mode") == "classic":
            options["players"] = 1
            options["potions"] = None

    def seat_count(self, options: dict[str, Any]) -> int:
        if options.get("mode") == "classic":
            return 1
        return options.get("players") or 2

    def setup(self, options: dict[str, Any], seed: int) -> State:
        """A new world; the ``seed`` option, when set, replaces the platform's seed."""
        chosen = options.get("seed")
        return new_state(options, seed if chosen is None else chosen)

    def to_move(self, state: State) -> list[Seat]:
        return [] if state["result"] is not None else [state["turn"]]

    def legal_moves(self, state: State, seat: Seat) -> list[Move]:
        """A description, not a list of cells: ``[{"target": "any cell but your own"}]``, or
        the two answers while a question is open."""
        if seat not in self.to_move(state):
            return []
        if state["question"] is not None:
            return [{"answer": a} for a in ANSWERS]
        return [dict(TARGET_DESCRIPTION)]

    def random_move(self, state: State, seat: Seat, rng: random.Random) -> Move:
        """A random concrete legal move: a random answer, or a random cell but your own."""
        if seat not in self.to_move(state):
            raise IllegalMove(gettext_noop("It is not your turn."))
        if state["question"] is not None:
            return {"answer": rng.choice(ANSWERS)}
        own = tuple(state["warriors"][seat]["pos"])
        cells = [[x, y] for x in range(SIZE) for y in range(SIZE) if (x, y) != own]
        return {"target": rng.choice(cells)}

    def skip_move(self, state: State, seat: Seat) -> Move | None:
        """The move the platform plays for a player who left for good: ``{"skip": true}``
        ends the turn doing nothing (answering no to an open question)."""
        return {"skip": True} if seat in self.to_move(state) else None

    def play(self, state: State, seat: Seat, move: Move) -> State:
        return play_move(state, seat, move)

    def outcome(self, state: State) -> Outcome | None:
        if state["result"] is None:
            return None
        score = {"monsters_left": monsters_left(state), "warriors_alive": len(living_warriors(state))}
        # Co-operative: everybody wins or loses together.
        winners = tuple(range(len(state["warriors"]))) if state["result"] == "victory" else ()
        return Outcome(None, state["result"], score, winners=winners, draw=False)

    def result_message(self, outcome: Outcome) -> str:
        return text.VICTORY if outcome.reason == "victory" else text.DEFEAT

    def view(self, state: State, seat: Seat | None) -> dict[str, Any]:
        """Everything a table may see; a power or amount only once revealed; no generator."""
        revealed = set(state["revealed"])

        def public(label: str, entry: dict[str, Any], secret: str) -> dict[str, Any]:
            out = {"name": label, "pos": entry["pos"] and list(entry["pos"])}
            if label in revealed:
                out[secret] = entry[secret]
            return out

        question = state["question"]
        result = state["result"]
        return {
            "mode": state["mode"],
            "size": SIZE,
            "round": state["round"],
            "turn": state["turn"],
            "grid": grid(state),
            "warriors": [
                {
                    "name": f"W{i}",
                    "seat": i,
                    "pos": w["pos"] and list(w["pos"]),
                    "health": w["health"],
                    "crystals": w["crystals"],
                    "alive": w["pos"] is not None,
                }
                for i, w in enumerate(state["warriors"])
            ],
            "monsters": [
                {**public(f"M{i}", m, "power"), "alive": m["pos"] is not None}
                for i, m in enumerate(state["monsters"])
            ],
            "elves": [public(f"E{i}", e, "power") for i, e in enumerate(state["elves"])],
            "potions": [
                {**public(f"P{i}", p, "amount"), "taken": p["pos"] is None}
                for i, p in enumerate(state["potions"])
            ],
            "question": question
            and {
                **copy.deepcopy(question),
                "options": [{"answer": "yes", "label": "1. Yes"}, {"answer": "no", "label": "2. No"}],
            },
            "printed": list(state["printed"]),
            "log": list(state["log"]),
            "previous_log": list(state["previous_log"]),
            "last": copy.deepcopy(state["last"]),
            "monsters_left": monsters_left(state),
            "warriors_alive": len(living_warriors(state)),
            "result": result,
            "message": {"victory": text.VICTORY, "defeat": text.DEFEAT}.get(result),
        }

    def player_label(self, seat: Seat) -> str:
        return f"W{seat}"

    def move_label(self, state: State, seat: Seat, move: Move) -> str:
        if not isinstance(move, dict):
            return "?"
        if move.get("skip") is True:
            return "skip"
        if "answer" in move:
            return str(move["answer"]).capitalize()
        cell = move.get("target")
        if isinstance(cell, list | tuple) and len(cell) == 2:
            return f"({cell[0]},{cell[1]})"
        return "?"

    def transcript(self, options: dict[str, Any], states: list[State], moves: list[tuple[Seat, Move]]) -> str:
        """The original console session: the welcome line, a board print at the start of
        every round, each turn's prompts, inputs, dialogue and messages, the final line."""
        lines = [text.WELCOME]
        shown_round = None
        for i, (seat, move) in enumerate(moves):
            before = states[i]
            if before["question"] is None and before["round"] != shown_round:
                lines += text.board_lines(grid(before))
                shown_round = before["round"]
            after = states[i + 1] if i + 1 < len(states) else play_move(before, seat, move)
            lines += after["printed"]
        final = states[len(moves)]
        if final["result"] is None and final["question"] is None:
            if final["round"] != shown_round:
                lines += text.board_lines(grid(final))
            warrior = final["warriors"][final["turn"]]
            lines += text.prompt_lines(f"W{final['turn']}", warrior["pos"], warrior["health"])
        return "\n".join(lines) + "\n"


GAME = Journey()
