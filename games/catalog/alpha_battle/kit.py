"""Alpha Battle: the kit. Both seats commit a secret setup at once, so a move is judged once
the other setup is public (``hindsight``), in letter points; there is nothing to move on an
analysis board, no draw to offer a judgement on, and no quick pairing."""

from games.catalog.kit import Analysis, GameKit, Level, random_level
from games.rules.words import gettext_noop

from . import players
from .diagrams import diagrams
from .engine import GAME

KIT = GameKit(
    game=GAME,
    diagrams=diagrams,
    levels=(
        random_level(800, players.random_move),
        Level(
            gettext_noop("strong"),
            players.strong,
            gettext_noop("Deals and places its letters so that no plan of yours can exploit it."),
            1082,
        ),
    ),
    analysis=Analysis(
        players.analysis_value,
        board=False,
        candidates=players.candidates,
        hindsight=players.hindsight,
        label=players.setup_label,
        waiting=gettext_noop(
            "Alpha Battle is analysed once a setup is public: give one seat's setup in moves."
        ),
        thresholds=players.THRESHOLDS,
    ),
)
