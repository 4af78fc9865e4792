"""Bible word-frequency reports: background imports from the getBible API (Question 2 of the seed).

``getbible.get_text`` downloads text, ``wordfreq.top_words`` counts it; ``services`` runs an
import (called by the admin and by the task in ``tasks``); the admin shows imports and reports.
"""
