"""The match domain: models, the services that change a match (the only writers), the
selectors that read one, the "match changed" event, presence and replays.

It imports the rules and the computer players' registry, never an entry point (consumer,
views, API, admin, tasks); what happens after a change subscribes to ``events.match_changed``.
"""
