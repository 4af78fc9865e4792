"""Turns the server plays by itself, as subscribers of ``MatchStarted``, ``MoveMade`` and
``PlayerLeft`` (``turns``: tasks on the server's loop): the computer player's move, and the
skip of a player who left for good (games that allow it); and each process's clock watcher,
which runs the sweeps it is given."""
