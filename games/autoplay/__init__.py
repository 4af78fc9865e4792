"""Turns the server plays by itself, as subscribers of ``match_changed``: the computer
player's move, and the skip of a player who left for good (games that allow it)."""
