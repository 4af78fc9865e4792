"""The match domain: models, the services that change a match (the only writers, with the
move's SQL in ``store``), the selectors that read one, the events that say what happened,
presence, clocks and their sweeps, ratings, replays and the wording of results.

It imports the rules and the computer players' registry, never an entry point (consumer,
views, API, admin, tasks); what happens after a change subscribes to its ``events``
(``games/subscribers.py``).
"""
