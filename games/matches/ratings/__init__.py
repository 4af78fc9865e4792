"""Ratings: Glicko-2 (``glicko2``, the arithmetic) and ``standings``: the players' and the
computer levels' ratings, rating a finished match, the leaderboard."""
