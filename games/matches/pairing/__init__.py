"""Quick pairing: the lobby's grid of pools (``pools``, pure data) and the pairs made from
the people waiting in them (``matchmaking``)."""
