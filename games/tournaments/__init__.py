"""Tournaments: round robin and Swiss, over the match domain.

``pairing`` is the pure arithmetic (schedules, Swiss pairing, standings and tie-breaks);
``models`` the tournament, its entrants and pairings; ``services`` every change (create,
join, start, record a result and pair the next round, cancel); ``events`` what they announce
(``RoundStarted``); ``receivers`` the subscriber of ``MatchEnded`` that records a tournament
match when it ends; ``selectors`` the tournament object of the protocol (standings,
crosstable, rounds).
"""
