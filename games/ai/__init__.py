"""Search code shared by a family of games (pure Python, no Django): the Reversi family's
players, evaluation, opening book, endgame and analysis serve both Reversi and Othello
(``games/catalog/reversi`` and ``games/catalog/othello`` say so in their kits). A game's own
computer players live in its folder under ``games/catalog``."""
