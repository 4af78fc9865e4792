"""Reversi with blocks: the kit. Its computer players, judgement and analysis are the Reversi
family's (``games/ai/reversi*``), shared with Othello."""

from games.ai import reversi as players
from games.ai import reversi_expert as expert
from games.ai.reversi_analysis import analysis_value
from games.catalog.kit import Analysis, GameKit, Level, Pools, random_level

from .diagrams import diagrams
from .engine import GAME

# Ratings: ``manage.py rate_levels`` at its default (8 games a pair, seed 0), the clock-bound
# levels at 0.05 s a move (2026-11-27).
KIT = GameKit(
    game=GAME,
    diagrams=diagrams,
    levels=(
        random_level(800, players.random_player),
        Level("greedy", players.greedy_player, players.NOTES["greedy"], 1044),
        Level("strong", players.strong_player, players.NOTES["strong"], 1530, players.strong_with_budget),
        Level("expert", expert.expert_player, expert.NOTE, 1737, expert.expert_with_budget),
    ),
    judge=players.mover_value,
    analysis=Analysis(analysis_value),
    pools=Pools({"size": 8}, ((1, 0), (3, 2), (5, 3), (10, 0), (15, 10))),
)
