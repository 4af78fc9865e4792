"""Puzzles proved by each game's exact solver: stored, served near a person's puzzle rating,
checked move by move (issue 51). The games' kits say how puzzles are found and proved
(``games.catalog.puzzles``); nothing here names a game."""
