"""The site's engine of Alpha Battle (slug ``alpha_battle``), built from the seed's
functions in :mod:`games.rules.alpha_battle`.

On the site both seats act in the same phase: ``to_move`` is ``[0, 1]``, then the seat
still to commit. A move is ``{"letters": "<26 distinct A-Z>", "indices": [<10 distinct
0..25>]}``; lower-case letters are accepted and stored upper-case (the seed's letters are
``string.ascii_uppercase``), anything else is refused. Because the list of every setup
would hold 26! x 26!/16! moves, ``legal_moves`` returns one *description* instead,
``[{"letters": "26 distinct letters A-Z", "indices": "10 distinct integers 0..25"}]``, for
a seat still to commit (``[]`` otherwise); ``random_move(rng)`` deals a real one. ``view``
hides the opponent's setup until both are in. The ``seed`` option deals both setups as the
seed program does, and the game is decided at once.

>>> state = GAME.setup(GAME.clean_options({"seed": "1"}), seed=0)
>>> GAME.outcome(state).score == alpha_battle(*random_setup(1))
True
"""

from __future__ import annotations

import random
import re
import reprlib
from typing import Any

from games.rules.alpha_battle import (
    LETTERS,
    N_INDICES,
    PLAYERS,
    alpha_battle,
    battle_rounds,
    console_text,
    random_setup,
    remove_letters,
    result_message,
)
from games.rules.base import SAFE_INT, Game, IllegalMove, Move, Option, OptionError, Outcome, Seat, State
from games.rules.words import gettext_noop

SETUP_DESCRIPTION: Move = {"letters": "26 distinct letters A-Z", "indices": "10 distinct integers 0..25"}
SHAPE = gettext_noop(
    'A setup is {"letters": "<the 26 letters A-Z, each once>", "indices": [<10 distinct integers 0..25>]}.'
)


_INTEGER = re.compile(r"[+-]?[0-9]+")


# -- setups ------------------------------------------------------------------------------
def random_move(rng: random.Random) -> Move:
    """A random legal setup, e.g. for the computer player."""
    return {"letters": "".join(rng.sample(LETTERS, 26)), "indices": rng.sample(range(26), N_INDICES)}


def check_setup(move: Any) -> Move:
    """The setup ``move`` normalised (letters upper-case); raise IllegalMove saying why not.

    >>> check_setup({"letters": "zyxwvutsrqponmlkjihgfedcba", "indices": [9, 0, 1, 2, 3, 4, 5, 6, 7, 8]})
    {'letters': 'ZYXWVUTSRQPONMLKJIHGFEDCBA', 'indices': [9, 0, 1, 2, 3, 4, 5, 6, 7, 8]}
    >>> check_setup({"letters": "AB", "indices": []})
    Traceback (most recent call last):
    ...
    games.rules.base.IllegalMove: The letters must be 26, not 2.
    """
    if not isinstance(move, dict) or set(move) != {"letters", "indices"}:
        raise IllegalMove(SHAPE)
    letters, indices = move["letters"], move["indices"]
    if not isinstance(letters, str):
        raise IllegalMove(gettext_noop("The letters must be a string of the 26 letters A-Z."))
    bad = next((c for c in letters if not (c.isascii() and c.isalpha())), None)
    if bad is not None:
        raise IllegalMove(
            gettext_noop("The letters may only be A-Z, not %(character)s."), character=repr(bad)
        )
    letters = letters.upper()
    if len(letters) != 26:
        raise IllegalMove(gettext_noop("The letters must be 26, not %(count)s."), count=len(letters))
    repeated = sorted({c for c in letters if letters.count(c) > 1})
    if repeated:
        missing = "".join(sorted(set(LETTERS) - set(letters)))
        raise IllegalMove(
            gettext_noop("Each letter must appear once: %(repeated)s repeated, %(missing)s missing."),
            repeated="".join(repeated),
            missing=missing,
        )
    if not isinstance(indices, list):
        raise IllegalMove(gettext_noop("The indices must be a list of 10 distinct integers 0..25."))
    for i in indices:
        if isinstance(i, bool) or not isinstance(i, int):
            raise IllegalMove(
                gettext_noop("The indices must be integers, not %(value)s."), value=reprlib.repr(i)
            )
        if not 0 <= i < 26:
            raise IllegalMove(gettext_noop("Index %(index)s is out of range 0..25."), index=i)
    if len(indices) != N_INDICES:
        raise IllegalMove(
            gettext_noop("The indices must be %(needed)s, not %(count)s."),
            needed=N_INDICES,
            count=len(indices),
        )
    repeated_i = sorted({i for i in indices if indices.count(i) > 1})
    if repeated_i:
        raise IllegalMove(
            gettext_noop("The indices must be distinct: %(index)s is repeated."), index=repeated_i[0]
        )
    return {"letters": letters, "indices": list(indices)}


def parse_seed(text: Any) -> int | None:
    """The ``seed`` option: empty (None: no seeded deal) or an integer.

    >>> parse_seed(""), parse_seed(" -7 "), parse_seed(42)
    (None, -7, 42)
    """
    if text is None or (isinstance(text, str) and not text.strip()):
        return None
    # ASCII digits only: int() would also take "1_000" or Arabic-Indic digits.
    if isinstance(text, str) and _INTEGER.fullmatch(text.strip()) and len(text.strip()) <= 20:
        text = int(text.strip())
    if not isinstance(text, int) or isinstance(text, bool):
        raise OptionError(gettext_noop("Seed must be empty or a whole number such as 42."), "seed")
    if abs(text) > SAFE_INT:
        raise OptionError(
            gettext_noop("Seed must be between %(low)s and %(high)s."), "seed", low=-SAFE_INT, high=SAFE_INT
        )
    return text


class AlphaBattle(Game):
    """Both players commit a secret setup; then the 16 rounds are played out and scored.

    State: ``{"seed": int | None, "setups": [setup | None, setup | None]}`` where a setup
    is a normalised move; everything else (reduced strings, rounds, score) is derived.
    """

    slug = "alpha_battle"
    name = gettext_noop("Alpha Battle")  # said in the reader's language
    description = gettext_noop(
        "Shuffle the alphabet and strike 10 of your opponent's letters, then 16 letter duels."
    )
    seats = (2, 2)
    seat_names = (gettext_noop("Player P"), gettext_noop("Player Q"))
    start_option = "seed"  # a chosen deal, not a fresh one: never rated
    # Both setups are secret and the battle is fought the moment the second is in: nothing
    # a player could take back and play again.
    no_takebacks = gettext_noop("A setup, once committed, is final: Alpha Battle has no takebacks.")
    options = {
        "seed": Option(
            "text",
            "",
            label=gettext_noop("Seed"),
            max=30,
            help=gettext_noop(
                "Leave empty and both players set up in secret. A whole number deals both "
                "setups at random from that number (the same number, the same deal) and the battle "
                "is decided at once."
            ),
        ),
    }

    def clean_options(self, raw: dict[str, Any] | None) -> dict[str, Any]:
        raw = dict(raw or {})
        # A JSON client may well send the seed as a number; the option itself is text.
        if isinstance(raw.get("seed"), int) and not isinstance(raw["seed"], bool):
            raw["seed"] = str(raw["seed"])
        return super().clean_options(raw)

    def check_options(self, options: dict[str, Any]) -> None:
        seed = parse_seed(options.get("seed", ""))
        options["seed"] = "" if seed is None else str(seed)

    def setup(self, options: dict[str, Any], seed: int) -> State:
        deal = parse_seed(options.get("seed", ""))
        if deal is None:
            return {"seed": None, "setups": [None, None]}
        p, pi, q, qi = random_setup(deal)
        return {"seed": deal, "setups": [{"letters": p, "indices": pi}, {"letters": q, "indices": qi}]}

    def to_move(self, state: State) -> list[Seat]:
        return [seat for seat, setup in enumerate(state["setups"]) if setup is None]

    def legal_moves(self, state: State, seat: Seat) -> list[Move]:
        return [dict(SETUP_DESCRIPTION)] if seat in self.to_move(state) else []

    def random_move(self, state: State, seat: Seat, rng: random.Random) -> Move:
        return random_move(rng)

    def independent(self, state: State) -> bool:
        # While setting up, neither player sees the other's move: commits may cross.
        return bool(self.to_move(state))

    def public_move(self, state: State, seat: Seat, move: Move, viewer: Seat | None) -> Move:
        # A setup is secret until both are in: others only learn that it was committed.
        return move if viewer == seat or not self.independent(state) else {"committed": True}

    def canonical(self, state: State, seat: Seat, move: Move) -> Move:
        """The setup with its letters upper-case."""
        return check_setup(move)

    def play(self, state: State, seat: Seat, move: Move) -> State:
        if seat not in (0, 1):
            raise IllegalMove(gettext_noop("Only Player P (seat 0) and Player Q (seat 1) set up."))
        if seat not in self.to_move(state):
            raise IllegalMove(gettext_noop("You have already committed your setup."))
        setups = list(state["setups"])
        setups[seat] = check_setup(move)
        return {**state, "setups": setups}

    def outcome(self, state: State) -> Outcome | None:
        p, q = state["setups"]
        if p is None or q is None:
            return None
        score = alpha_battle(p["letters"], p["indices"], q["letters"], q["indices"])
        if score["P"] == score["Q"]:
            return Outcome(None, "equal points", score)
        return Outcome(0 if score["P"] > score["Q"] else 1, "more points", score)

    def view(self, state: State, seat: Seat | None) -> dict[str, Any]:
        """Before both committed: your own setup and who has committed. After: everything,
        with the reduced strings, the indices removed from each string and every round."""
        setups = state["setups"]
        committed = [s is not None for s in setups]
        out: dict[str, Any] = {
            "seed": state["seed"],
            "committed": committed,
            "revealed": all(committed),
            "setups": [None, None],
            "reduced": None,
            "removed": None,
            "rounds": [],
            "score": None,
            "message": None,
        }
        if not all(committed):
            if seat in (0, 1) and setups[seat] is not None:
                out["setups"][seat] = _copy_setup(setups[seat])
            return out
        p, q = setups
        reduced = [remove_letters(p["letters"], q["indices"]), remove_letters(q["letters"], p["indices"])]
        rounds = battle_rounds(*reduced)
        score = rounds[-1]["score"]
        out.update(
            setups=[_copy_setup(p), _copy_setup(q)],
            reduced=reduced,
            removed=[sorted(q["indices"]), sorted(p["indices"])],
            rounds=rounds,
            score=dict(score),
            message=result_message(score),
        )
        return out

    def player_label(self, seat: Seat) -> str:
        return f"Player {PLAYERS[seat]}"

    def move_label(self, state: State, seat: Seat, move: Move) -> str:
        # Move lists are shown during play, so the label never reveals the setup.
        return "setup"

    def transcript(self, options: dict[str, Any], states: list[State], moves: list[tuple[Seat, Move]]) -> str:
        """The seed program's output; empty while a setup is still secret."""
        final = states[-1]
        if self.outcome(final) is None:
            return ""
        p, q = final["setups"]
        return console_text(p["letters"], p["indices"], q["letters"], q["indices"], final["seed"])


def _copy_setup(setup: Move) -> Move:
    return {"letters": setup["letters"], "indices": list(setup["indices"])}


GAME = AlphaBattle()
