"""Challenges: one player invites another by name to a match that waits for them (``models``,
``services``: make, accept, decline; ``selectors``; ``events``)."""
