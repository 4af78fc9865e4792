"""The rules layer, pure Python: the ``Game`` interface every game's engine implements
(``base``), the move records they share (``records``), and the seeds' functions at the
addresses ``games.md`` gives them (``games.rules.<slug>``, with the Reversi family's search).
Each game's engine lives in its folder, ``games/catalog/<slug>/engine.py``; the registry of
games is ``games.catalog.registry``.
"""

from .base import Game, IllegalMove, Option, OptionError, Outcome

__all__ = ["Game", "IllegalMove", "Option", "OptionError", "Outcome"]
