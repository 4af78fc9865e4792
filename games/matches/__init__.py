"""The match domain: a match, and the ideas around it.

The match itself is the modules here: ``models``; ``services``, the only writers (with the
move's SQL in ``store``, ``lifecycle``, ``endings``, ``guards``, ``rematches``); ``selectors``
and ``abilities`` (what a seat may do now), which read one; ``events``, which say what
happened; ``clocks``, ``presence``, ``sweeps``, ``quotas``, ``replays``, ``records``,
``move_list``, ``archive`` and the words of results (``wording``, ``result_panel``).

Around it, one folder an idea: ``talking`` (the chat), ``offers`` (draws and takebacks),
``pairing`` (the quick-pairing pools), ``study`` (a finished match analysed by the computer),
``challenges`` (a match waiting for the one person challenged by name)
and ``ratings`` (Glicko-2, standings, the leaderboard). ``tests/architecture/test_imports.py``
says what may import what: the ideas use the match and its ratings, never each other.

It imports the rules and the games' catalog, never an entry point (consumer, views, API,
admin, tasks); what happens after a change subscribes to its ``events``
(``games/subscribers.py``).
"""
