"""Reversi with blocks: the kit. Its computer players, judgement and analysis are the Reversi
family's (``games/ai/reversi*``), shared with Othello (whose kit uses ``family_levels``)."""

from games.ai import reversi as players
from games.ai import reversi_expert as expert
from games.ai.reversi_analysis import analysis_value
from games.catalog.kit import Analysis, GameKit, Level, Pools, random_level
from games.rules.words import gettext_noop

from .diagrams import diagrams
from .engine import GAME


def family_levels(greedy: int, strong: int, expert_rating: int) -> tuple[Level, ...]:
    """The Reversi family's four levels, with a game's shipped ratings of the three above random."""
    return (
        random_level(800, players.random_player),
        Level(gettext_noop("greedy"), players.greedy_player, players.NOTES["greedy"], greedy),
        Level(
            gettext_noop("strong"),
            players.strong_player,
            players.NOTES["strong"],
            strong,
            players.strong_with_budget,
        ),
        Level(
            gettext_noop("expert"),
            expert.expert_player,
            expert.NOTE,
            expert_rating,
            expert.expert_with_budget,
        ),
    )


# Ratings: ``manage.py rate_levels`` at its default (8 games a pair, seed 0), the clock-bound
# levels at 0.05 s a move (2026-12-02, with the endgame's C core: ``expert`` 8/8 against
# ``strong``, 7/8 before it).
KIT = GameKit(
    game=GAME,
    diagrams=diagrams,
    levels=family_levels(995, 1530, 1864),
    judge=analysis_value,
    analysis=Analysis(analysis_value),
    pools=Pools({"size": 8}, ((1, 0), (3, 2), (5, 3), (10, 0), (15, 10))),
)
